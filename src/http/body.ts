import { parseBody } from 'hono/utils/body';
import { AppError, badRequest } from '../lib/errors.ts';
import type { Ctx } from './context.ts';

// Request bodies: how much of one is read, and how long the server waits for it. One rule for every route:
// a route reads its body only through here (JSON and forms, buffered) or through multipart.ts (uploads,
// streamed to disk), and the limit is that of what the route parses, whatever the Content-Type says. A
// route that parses nothing reads nothing.

/** The most a route reads of a body it buffers, by what it parses. */
export const BODY_LIMITS = {
  /** a JSON object: settings, ids, a password */
  json: 1024 * 1024,
  /** a form of text fields only (the captive portal's button) */
  fields: 64 * 1024,
  /** the event form with its host image (at most 20 MB) */
  formWithImage: 25 * 1024 * 1024,
  /** a selfie for the face search (issue 30): a phone camera's photo, held in memory for the request only, never stored */
  selfie: 25 * 1024 * 1024,
} as const;
export type BodyKind = keyof typeof BODY_LIMITS;

/**
 * The slowest body the box waits for, averaged over each idle period: far below a phone at the edge of venue
 * Wi-Fi (2 Mbit/s is 250 KB/s), far above a phone that trickles a byte now and then to hold its request open.
 */
export const MIN_BODY_BYTES_PER_SECOND = 1024;

/**
 * Fails a body (`onFail`) when fewer than MIN_BODY_BYTES_PER_SECOND arrived over one period of `idleMs`: none
 * at all (a phone that locked its screen or left the Wi-Fi), or a trickle (a byte now and then, which a timer
 * restarted by every byte would let hold the request open forever). One timer per body, not a check per read:
 * a timer per read cost more than the parsing of a 190 KB piece.
 */
export function bodyWatch(idleMs: number, onFail: (reason: 'idle' | 'slow') => void) {
  const minBytes = (MIN_BODY_BYTES_PER_SECOND * idleMs) / 1000;
  let bytes = 0;
  const timer = setInterval(() => {
    if (bytes < minBytes) onFail(bytes === 0 ? 'idle' : 'slow');
    bytes = 0;
  }, idleMs);
  return {
    moved(n: number) {
      bytes += n;
    },
    stop() {
      clearInterval(timer);
    },
  };
}

const tooLarge = (limit: number) => new AppError(413, 'PAYLOAD_TOO_LARGE', 'default', { maxSizeBytes: limit });
const timedOut = () => new AppError(408, 'REQUEST_TIMEOUT');

/**
 * The whole body, at most BODY_LIMITS[kind] bytes (413 when it declares or sends more) and within the body
 * time-outs (408). A refused body is not read on: the connection is closed after the answer.
 */
export async function readBody(c: Ctx, kind: BodyKind): Promise<Uint8Array<ArrayBuffer>> {
  const limit = BODY_LIMITS[kind];
  const refuse = (err: AppError) => {
    c.header('Connection', 'close');
    return err;
  };
  const declared = Number(c.req.header('content-length') ?? NaN);
  if (declared > limit) throw refuse(tooLarge(limit));
  const body = c.req.raw.body;
  if (!body) return new Uint8Array(new ArrayBuffer(0));
  const reader = body.getReader();
  let failure: AppError | null = null;
  const watch = bodyWatch(c.get('deps').config.requestIdleSeconds * 1000, () => {
    failure ??= timedOut();
    reader.cancel().catch(() => {}); // ends the read that waits
  });
  const pieces: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (failure) throw failure;
      if (done) break;
      size += value.byteLength;
      if (size > limit) throw (failure = tooLarge(limit));
      watch.moved(value.byteLength);
      pieces.push(value);
    }
  } catch {
    if (!failure) throw badRequest('requestInterrupted');
    reader.cancel().catch(() => {});
    throw refuse(failure);
  } finally {
    watch.stop();
  }
  return new Uint8Array(Buffer.concat(pieces, size).buffer, 0, size);
}

/** A JSON object body (at most BODY_LIMITS.json), or 400. */
export async function readJson(c: Ctx): Promise<Record<string, unknown>> {
  const bytes = await readBody(c, 'json');
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw badRequest('notJson');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('notJsonObject');
  return body as Record<string, unknown>;
}

/** A form (multipart or urlencoded, by its Content-Type) of at most BODY_LIMITS[kind]; anything else is an empty form. */
export async function readForm(c: Ctx, kind: Exclude<BodyKind, 'json'>): Promise<Record<string, string | File>> {
  const bytes = await readBody(c, kind);
  const request = new Request(c.req.url, { method: 'POST', headers: { 'content-type': c.req.header('content-type') ?? '' }, body: bytes });
  return (await parseBody(request)) as Record<string, string | File>;
}
