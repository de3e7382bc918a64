// Chunked uploads as the web app's chunk engine sends them (POST /api/event/{id}/upload-chunk), for the API
// tests, the binaries' smoke test and the bench: one chunk request, and a whole file sent chunk by chunk.

/** The fields of one chunk, named as in the spec. */
export interface ChunkFields {
  chunkIndex: number;
  totalChunks: number;
  fileName: string;
  fileSize: number;
  uploadId?: string;
  albumId?: number;
  autoApprove?: boolean;
}

/**
 * Where the fields go. 'fields first': before the bytes, as the web app sends them (so the server writes the
 * chunk straight into its place); 'spec order': the chunk first, as the spec lists the fields; 'query
 * string': in the URL.
 */
export type ChunkWay = 'fields first' | 'spec order' | 'query string';

/** The path (with its query for 'query string') and the body of one chunk request. */
export function chunkRequest(
  eventId: number,
  bytes: Uint8Array,
  fields: ChunkFields,
  way: ChunkWay = 'fields first',
): { path: string; body: FormData } {
  const text: Record<string, string> = {};
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) text[k] = String(v);
  const body = new FormData();
  const chunk = () => body.append('chunk', new File([bytes as Uint8Array<ArrayBuffer>], 'blob'));
  if (way === 'spec order') chunk();
  if (way !== 'query string') for (const [k, v] of Object.entries(text)) body.append(k, v);
  if (way !== 'spec order') chunk();
  const query = way === 'query string' ? `?${new URLSearchParams(text)}` : '';
  return { path: `/api/event/${eventId}/upload-chunk${query}`, body };
}

/** A file to upload whose bytes are made or read per chunk (the bench's never sit whole in memory). */
export interface UploadSource {
  name: string;
  size: number;
  slice(start: number, end: number): Uint8Array<ArrayBuffer>;
}

export const bytesSource = (name: string, bytes: Uint8Array<ArrayBuffer>): UploadSource => ({
  name,
  size: bytes.length,
  slice: (start, end) => bytes.slice(start, end),
});

/** Sends a request to the server: an ApiClient's `fetch`, or plain fetch with a base URL and headers. */
export type Send = (path: string, init: RequestInit) => Promise<Response>;

/**
 * Uploads `file` chunk by chunk, one after the other, and returns the last answer; any answer but 200
 * throws. With `bytesPerSecond`, each chunk is followed by a pause so the upload is no faster than that (a
 * phone on the venue's Wi-Fi, not a loopback firehose).
 */
export async function uploadChunked(
  send: Send,
  eventId: number,
  file: UploadSource,
  chunkSize: number,
  opts: {
    uploadId?: string;
    way?: ChunkWay;
    autoApprove?: boolean;
    albumId?: number;
    bytesPerSecond?: number;
    signal?: AbortSignal;
    onChunk?: () => void;
  } = {},
): Promise<any> {
  const totalChunks = Math.ceil(file.size / chunkSize);
  const uploadId = opts.uploadId ?? `test-${crypto.randomUUID()}`;
  let last: any = null;
  for (let i = 0; i < totalChunks; i++) {
    const sent = performance.now();
    const bytes = file.slice(i * chunkSize, Math.min(file.size, (i + 1) * chunkSize));
    const fields = {
      chunkIndex: i,
      totalChunks,
      fileName: file.name,
      fileSize: file.size,
      uploadId,
      albumId: opts.albumId,
      autoApprove: opts.autoApprove ?? true,
    };
    const { path, body } = chunkRequest(eventId, bytes, fields, opts.way);
    const res = await send(path, { method: 'POST', body, signal: opts.signal });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`chunk ${i} of ${file.name} -> ${res.status}: ${text.slice(0, 300)}`);
    last = JSON.parse(text);
    opts.onChunk?.();
    if (opts.bytesPerSecond) await Bun.sleep(Math.max(0, (chunkSize / opts.bytesPerSecond) * 1000 - (performance.now() - sent)));
    opts.signal?.throwIfAborted();
  }
  return last;
}
