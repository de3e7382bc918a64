import { rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { AppError } from '../lib/errors.ts';

export interface WrittenFile {
  path: string;
  size: number;
  sha256: string;
  /** the first bytes, for telling the type by content */
  head: Uint8Array;
}

const HEAD_BYTES = 64;

export interface WriteOptions {
  /** refuse (413 FILE_TOO_LARGE) once more bytes than this arrive */
  maxBytes: number;
  /** called once with the first bytes; throw to refuse the file before the rest is written */
  checkHead?: (head: Uint8Array) => void;
}

export const fileTooLarge = (maxBytes: number) =>
  new AppError(413, 'FILE_TOO_LARGE', `Die Datei ist zu groß. Die maximale Dateigröße beträgt ${Math.floor(maxBytes / 1048576)} MB.`, {
    maxSizeBytes: maxBytes,
  });

/** Writes are gathered to this size: far fewer system calls than one per network packet, while 20 uploads at once stay under ~250 MB of memory. */
const WRITE_BATCH = 256 * 1024;

/**
 * Streams bytes to a new file with back-pressure (each batch is awaited before more is read), hashing
 * (SHA-256) and counting as they pass, so no upload is ever held whole in memory. On any failure the
 * partial file is removed. `hash: false` skips the digest (chunks are hashed once, when assembled).
 */
export async function writeStreamToFile(
  source: AsyncIterable<Uint8Array>,
  path: string,
  opts: WriteOptions & { hash?: boolean },
): Promise<WrittenFile> {
  const hasher = opts.hash === false ? null : new Bun.CryptoHasher('sha256');
  const file = await open(path, 'wx');
  let size = 0;
  let head = new Uint8Array(0);
  let batch: Uint8Array[] = [];
  let batched = 0;
  const flush = async () => {
    if (batched === 0) return;
    const buffers = batch;
    batch = [];
    batched = 0;
    await file.writev(buffers); // one system call, no copy into a joined buffer
  };
  let complete = false;
  try {
    for await (const chunk of source) {
      size += chunk.byteLength;
      if (size > opts.maxBytes) throw fileTooLarge(opts.maxBytes);
      if (head.length < HEAD_BYTES) {
        const merged = new Uint8Array(Math.min(HEAD_BYTES, head.length + chunk.byteLength));
        merged.set(head);
        merged.set(chunk.subarray(0, merged.length - head.length), head.length);
        head = merged;
        if (head.length >= HEAD_BYTES) opts.checkHead?.(head);
      }
      hasher?.update(chunk);
      batch.push(chunk);
      batched += chunk.byteLength;
      if (batched >= WRITE_BATCH) await flush();
    }
    if (head.length < HEAD_BYTES) opts.checkHead?.(head);
    await flush();
    await file.close();
    complete = true;
  } finally {
    // Closed on every path: Bun treats a handle left to the garbage collector as a fatal error.
    if (!complete) {
      await file.close().catch(() => {});
      rmSync(path, { force: true });
    }
  }
  return { path, size, sha256: hasher?.digest('hex') ?? '', head };
}
