import type { MiddlewareHandler } from 'hono';

/** Bun's server as Hono sees it in `c.env` when served by Bun.serve (absent under `app.request`). */
type BunServer = { timeout?: (request: Request, seconds: number) => void };

/** Answers that may take minutes on venue Wi-Fi: live streams, archives, videos and anything over 1 MB. */
const LONG_ANSWER_TYPES = /^(text\/event-stream|application\/zip|video\/)/;
const LONG_ANSWER_BYTES = 1024 * 1024;

/**
 * Bun's idle timer counts from the start of a request and is not reset by bytes flowing in either
 * direction, so it would cut every upload, download, export or live stream that takes longer than it. The
 * server runs with it off (idleTimeout 0); a short answer switches it on for its connection, so a kept-alive
 * connection of a phone that left is closed after the idle time, while long answers run as long as they
 * take. Request bodies have their own time-outs (body.ts).
 */
export function requestTimer(idleSeconds: number): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const length = Number(c.res.headers.get('content-length') ?? 0);
    const long = LONG_ANSWER_TYPES.test(c.res.headers.get('content-type') ?? '') || length > LONG_ANSWER_BYTES;
    if (!long) (c.env as BunServer | undefined)?.timeout?.(c.req.raw, idleSeconds);
  };
}
