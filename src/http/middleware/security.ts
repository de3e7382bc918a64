import type { MiddlewareHandler } from 'hono';
import type { Env } from '../context.ts';

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
  // The host's settings URL carries the client token: no page of ours tells another site where it came from.
  'Referrer-Policy': 'no-referrer',
};

/** The browser's defences on every answer: pages, JSON, media, streams and errors alike. */
export const securityHeaders: MiddlewareHandler<Env> = async (c, next) => {
  await next();
  try {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.res.headers.set(name, value);
  } catch {
    // Headers of some answers (Response.redirect) are immutable: copy the answer once, then set them.
    c.res = new Response(c.res.body, c.res);
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.res.headers.set(name, value);
  }
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF: a state-changing call that a browser sends on behalf of another site carries that site's Origin
 * (or `Sec-Fetch-Site: cross-site`/`same-site`; SameSite=Lax lets another port of the same host through).
 * Such calls are refused when their only credential would be the guest cookie. Calls with an
 * Authorization or X-API-Key header are exempt: a foreign page cannot add those without a CORS preflight,
 * which this server never grants. Clients that send neither Origin nor Sec-Fetch-Site (curl, photo booths)
 * are not browsers acting for someone else and pass.
 */
export const refuseCrossSiteWrites: MiddlewareHandler<Env> = async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next();
  if (c.req.header('authorization') || c.req.header('x-api-key')) return next();
  const site = c.req.header('sec-fetch-site');
  const origin = c.req.header('origin');
  const foreignSite = site === 'cross-site' || site === 'same-site';
  if (foreignSite || (origin !== undefined && !sameOrigin(origin, c.req.header('host')))) {
    return c.json({ error: 'Diese Anfrage kam von einer fremden Seite und wurde abgelehnt.', code: 'CROSS_SITE_REQUEST' }, 403);
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
