import { open } from 'node:fs/promises';
import { type BytePatch, patchInPlace } from './location.ts';

/**
 * A file read front to back into a buffer the caller lends. The ZIP export reuses one buffer for a whole
 * archive this way: a fresh buffer per piece (as `Bun.file().stream()` makes) is garbage the GC frees only
 * now and then, tens of MB at download speed.
 */
export interface PieceReader {
  /** Fills `into` from its start with the next bytes of the file; resolves to how many (0 at the end). */
  read(into: Uint8Array): Promise<number>;
  close(): Promise<void>;
}

/** The file at `path` as a PieceReader, with `patches` (same-length overwrites) applied to the bytes read. */
export async function openPieceReader(path: string, patches: readonly BytePatch[] = []): Promise<PieceReader> {
  const file = await open(path, 'r');
  let at = 0;
  return {
    async read(into) {
      const { bytesRead } = await file.read(into, 0, into.byteLength, at);
      patchInPlace(into.subarray(0, bytesRead), at, patches);
      at += bytesRead;
      return bytesRead;
    },
    close: () => file.close(),
  };
}

/** Bytes in memory as a PieceReader (files an export writes itself: event.json, the manifest, the guestbook page). */
export function bytesReader(bytes: Uint8Array): PieceReader {
  let at = 0;
  return {
    async read(into) {
      const n = Math.min(into.byteLength, bytes.length - at);
      into.set(bytes.subarray(at, at + n));
      at += n;
      return n;
    },
    close: async () => {},
  };
}
