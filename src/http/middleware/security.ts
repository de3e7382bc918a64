import type { MiddlewareHandler } from 'hono';
import type { Env } from '../context.ts';
import { AppError } from '../../lib/errors.ts';
import { errorAnswer } from './errors.ts';

/**
 * The one Content-Security-Policy of every answer. The web app is Vite's build: scripts and styles are
 * files of our own origin, React sets inline styles through the CSSOM (which style-src does not block),
 * hash-wasm compiles WebAssembly (needs 'wasm-unsafe-eval'), QR codes and image previews are data:/blob:
 * URLs, and the box never loads anything from another origin (it runs without internet).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
};

/** The host's settings page: its URL carries the client token. */
const SETTINGS_PAGE = /^\/event\/[^/]+\/settings\/?$/;

/**
 * No page of ours tells another site where it came from ('same-origin'); the settings page tells nobody
 * at all. Not 'no-referrer' everywhere: with it, browsers send `Origin: null` on a page's own form posts
 * (the captive portal's button), which the CSRF check below could not tell from a foreign page's.
 */
const referrerPolicy = (path: string) => (SETTINGS_PAGE.test(path) ? 'no-referrer' : 'same-origin');

/** The browser's defences on every answer: pages, JSON, media, streams and errors alike. */
export const securityHeaders: MiddlewareHandler<Env> = async (c, next) => {
  await next();
  const headers = { ...SECURITY_HEADERS, 'Referrer-Policy': referrerPolicy(c.req.path) };
  try {
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  } catch {
    // Headers of some answers (Response.redirect) are immutable: copy the answer once, then set them.
    c.res = new Response(c.res.body, c.res);
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  }
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF: a state-changing call that a browser sends on behalf of another site is refused when its only
 * credential would be the guest cookie. The browser says where a call comes from in `Sec-Fetch-Site`
 * (set by the browser itself, no page can change it): only `same-origin` (and `none`, the user's own
 * action) pass; `same-site` is refused too, as SameSite=Lax lets another port of the same host through.
 * `Origin`, where sent, must name the host the call went to.
 * Calls with an Authorization or X-API-Key header are exempt: a foreign page cannot add those without a
 * CORS preflight, which this server never grants. Clients that send neither header (curl, photo booths)
 * are not browsers acting for someone else and pass.
 */
export const refuseCrossSiteWrites: MiddlewareHandler<Env> = async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next();
  if (c.req.header('authorization') || c.req.header('x-api-key')) return next();
  const site = c.req.header('sec-fetch-site');
  const origin = c.req.header('origin');
  const siteSaysOwn = site === 'same-origin' || site === 'none';
  const siteForeign = site !== undefined && !siteSaysOwn;
  // `Origin: null` comes from sandboxed frames, but also from our own form posts under 'no-referrer':
  // trusted only when Sec-Fetch-Site vouches for it.
  const originForeign = origin !== undefined && (origin === 'null' ? !siteSaysOwn : !sameOrigin(origin, c.req.header('host')));
  if (siteForeign || originForeign) {
    return errorAnswer(c, new AppError(403, 'CROSS_SITE_REQUEST'));
  }
  return next();
};

/** Whether an Origin header names the host the request was sent to (`null` and garbage do not). */
function sameOrigin(origin: string, host: string | undefined): boolean {
  if (!host) return false;
  try {
    return new URL(origin).host.toLowerCase() === host.toLowerCase();
  } catch {
    return false;
  }
}
