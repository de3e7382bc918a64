import { createWriteStream, rmSync } from 'node:fs';
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

/**
 * Streams bytes to a new file with back-pressure, hashing (SHA-256) and counting as they pass, so no
 * upload is ever held whole in memory. On any failure the partial file is removed.
 */
export async function writeStreamToFile(source: AsyncIterable<Uint8Array>, path: string, opts: WriteOptions): Promise<WrittenFile> {
  const hasher = new Bun.CryptoHasher('sha256');
  const out = createWriteStream(path, { flags: 'wx' });
  const opened = new Promise<void>((resolve, reject) => out.once('open', () => resolve()).once('error', reject));
  let size = 0;
  let head = new Uint8Array(0);
  try {
    await opened;
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
      hasher.update(chunk);
      if (!out.write(chunk)) await new Promise<void>((resolve, reject) => out.once('drain', resolve).once('error', reject));
    }
    if (head.length < HEAD_BYTES) opts.checkHead?.(head);
    await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
  } catch (err) {
    out.destroy();
    rmSync(path, { force: true });
    throw err;
  }
  return { path, size, sha256: hasher.digest('hex'), head };
}
