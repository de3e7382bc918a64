import type { MiddlewareHandler } from 'hono';

/** Answers smaller than this are sent as they are (gzip would save a few hundred bytes at best). */
const MIN_BYTES = 1024;

/**
 * gzip for the API's JSON answers, compressed in one call. JSON lists shrink ~10x (a 2,000-photo album list
 * is ~1.4 MB raw, a burden on venue Wi-Fi); media bytes are already compressed and other types pass as they
 * are. hono's compress() piped every answer through a CompressionStream: a zlib stream per answer and the
 * body copied in stream chunks. With 200 phones reading (bench f, ~1,000 JSON answers a second) those buffers
 * held ~80 MB of the server between collections.
 */
export function gzipJson(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    const json = /^application\/json\b/i.test(res.headers.get('Content-Type') ?? '');
    if (!json || c.req.method === 'HEAD' || res.status === 206 || res.headers.has('Content-Encoding') || !res.body) return;
    res.headers.append('Vary', 'Accept-Encoding');
    if (!/\bgzip\b/i.test(c.req.header('Accept-Encoding') ?? '')) return;
    const text = await res.text();
    const headers = new Headers(res.headers);
    if (text.length < MIN_BYTES) {
      c.res = new Response(text, { status: res.status, headers });
      return;
    }
    headers.delete('Content-Length');
    headers.set('Content-Encoding', 'gzip');
    const etag = headers.get('ETag');
    if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
    c.res = new Response(Bun.gzipSync(text), { status: res.status, headers });
  };
}
