import type { Context } from 'hono';

/** One kept answer: the JSON bytes and, once a client asked for it, their gzip. */
interface Kept {
  key: string;
  version: string;
  json: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer> | null;
}

/**
 * JSON answers serialised once per change of the data they are made of, for calls that are cheap to ask and
 * dear to answer (the unpaged uploads list: ~1.4 MB and ~50 ms of the server's one thread for 2,000 uploads;
 * a page of 60, asked by every phone that opens an album: made per request, its objects, strings and gzip
 * were most of the server's garbage with 200 phones reading, and the peak of its memory).
 * A kept answer is served while `version` is unchanged, with an ETag for it (If-None-Match: 304, so a wall
 * that reloads its list gets nothing new to parse); answers are kept up to `maxBytes` in all, the least
 * recently used dropped first. gzipJson() leaves an answer with Content-Encoding alone, so the gzip made
 * here once is not made again per request.
 */
export class JsonAnswerCache {
  private readonly entries = new Map<string, Kept>();
  private bytes = 0;
  /** Versions count from 0 again in every run of the server: the ETag names the run too, or a browser that kept an
   * answer from before a restart would be told 304 for a list that has changed since (the wall after a box restart). */
  private readonly run = crypto.randomUUID();

  constructor(private readonly maxBytes: number) {}

  /** The answer for `key` at `version`, made by `make` when it is not kept. */
  respond(c: Context, key: string, version: string, make: () => unknown): Response {
    const old = this.entries.get(key);
    this.drop(key); // kept again below, last: the Map's order is the order of use
    const kept: Kept =
      old?.version === version ? old : { key, version, json: new TextEncoder().encode(JSON.stringify(make())), gzip: null };
    // Weak: the gzip and the plain answer are the same JSON. Hashed: the key may name a guest.
    const etag = `W/"${Bun.hash(`${this.run}|${key}|${version}`).toString(36)}"`;
    const unchanged = c.req.header('If-None-Match')?.includes(etag) ?? false;
    const gzip = !unchanged && /\bgzip\b/i.test(c.req.header('Accept-Encoding') ?? '');
    if (gzip) kept.gzip ??= Bun.gzipSync(kept.json);
    this.keep(key, kept);
    const headers = {
      'Content-Type': 'application/json',
      Vary: 'Accept-Encoding',
      ETag: etag,
      ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
    };
    if (unchanged) return new Response(null, { status: 304, headers });
    return new Response(gzip ? kept.gzip : kept.json, { headers });
  }

  private keep(key: string, kept: Kept) {
    this.entries.set(key, kept);
    this.bytes += size(kept);
    while (this.bytes > this.maxBytes && this.entries.size > 1) this.drop(this.entries.keys().next().value!);
  }

  private drop(key: string) {
    const kept = this.entries.get(key);
    if (!kept) return;
    this.entries.delete(key);
    this.bytes -= size(kept);
  }
}

/** What an entry holds besides its bytes (the key, the Map's slot): counted, so many tiny answers (empty pages of made-up cursors) stay bounded too. */
const ENTRY_OVERHEAD_BYTES = 256;
const size = (k: Kept) => k.json.byteLength + (k.gzip?.byteLength ?? 0) + k.key.length * 2 + ENTRY_OVERHEAD_BYTES;
