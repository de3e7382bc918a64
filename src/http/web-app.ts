import { Hono } from 'hono';
import type { Env } from './context.ts';
import { AppError, notFound } from '../lib/errors.ts';
import { errorAnswer } from './middleware/errors.ts';

/** Where the built web app's files come from: web/dist on disk in development, embedded in the binary. */
export interface WebAssets {
  /** The file at a path relative to web/dist (e.g. `index.html`, `assets/x.js`), or null. */
  get(path: string): Blob | null;
}

const CONTENT_TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  ico: 'image/x-icon',
  json: 'application/json',
  webmanifest: 'application/manifest+json',
  woff2: 'font/woff2',
  txt: 'text/plain; charset=utf-8',
  wasm: 'application/wasm',
};

/** Text files the browser gets gzipped when it says it can: the scripts shrink to about a third. */
const COMPRESSIBLE = new Set(['html', 'js', 'css', 'svg', 'json', 'webmanifest', 'txt']);

/**
 * Serves the React app: real files by path; any other path gets index.html, whose router shows the page
 * or redirects unknown paths to `/`. Scripts and styles go out gzipped (a phone on the venue Wi-Fi waits
 * for them before the first photo), each compressed once: the files do not change while the box runs.
 */
export function webAppRoutes(assets: WebAssets) {
  const app = new Hono<Env>();
  const gzipped = new Map<string, Promise<Blob>>();
  const gzipOf = (path: string, file: Blob) => {
    let zipped = gzipped.get(path);
    if (!zipped) gzipped.set(path, (zipped = file.bytes().then((bytes) => new Blob([Bun.gzipSync(bytes, { level: 9 })]))));
    return zipped;
  };
  app.get('*', async (c) => {
    let path = '';
    try {
      path = decodeURIComponent(c.req.path).replace(/^\/+/, '');
    } catch {
      // A malformed escape is no file of ours; the app's router sends the visitor home.
    }
    // Control characters (`/x%00`) are in no address of ours: a plain 400, not a page and not an error.
    if (/[\u0000-\u001f\u007f]/.test(path)) return errorAnswer(c, new AppError(400, 'BAD_PATH'));
    const file = !path.includes('..') && path !== '' ? assets.get(path) : null;
    // A missing script or style must not be answered with index.html (the browser would run HTML as code).
    if (!file && path.startsWith('assets/')) return errorAnswer(c, notFound());
    if (file) {
      const ext = path.split('.').pop() ?? '';
      // Vite puts a content hash into every name under assets/, so those never change.
      const cache = path.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
      const headers: Record<string, string> = { 'Content-Type': CONTENT_TYPES[ext] ?? 'application/octet-stream', 'Cache-Control': cache };
      if (!COMPRESSIBLE.has(ext)) return new Response(file, { headers });
      headers.Vary = 'Accept-Encoding';
      if (!/\bgzip\b/.test(c.req.header('accept-encoding') ?? '')) return new Response(file, { headers });
      return new Response(await gzipOf(path, file), { headers: { ...headers, 'Content-Encoding': 'gzip' } });
    }
    const index = assets.get('index.html');
    if (!index) return c.text('Momentbox: the web app is not built. Run `npm start` (it builds it) or `npm run build`.', 503);
    return new Response(index, { headers: { 'Content-Type': CONTENT_TYPES.html!, 'Cache-Control': 'no-cache' } });
  });
  return app;
}
