import type { Readable } from 'node:stream';

/** How far back "moving" looks, and how many bytes in that time count as an upload that is moving. */
const WINDOW_MS = 2000;
const MOVING_BYTES = 32 * 1024;

/**
 * Whether uploads are really moving: the bytes received over the last two seconds, not the requests that
 * are open. A phone trickling a byte every 20 s keeps a request open for hours but moves nothing, and must
 * not hold the transcodes back (they yield to uploads that move).
 */
export function createProgressMeter(now: () => number = () => performance.now()) {
  // Two buckets of WINDOW_MS / 2: the current one and the one before.
  let bucketStart = now();
  let current = 0;
  let previous = 0;
  const roll = () => {
    const elapsed = now() - bucketStart;
    if (elapsed < WINDOW_MS / 2) return;
    previous = elapsed < WINDOW_MS ? current : 0;
    current = 0;
    bucketStart = now();
  };
  return {
    /** Counts every piece of a request's body as it arrives. */
    watch(stream: Readable): Readable {
      stream.on('data', (piece: Uint8Array) => {
        roll();
        current += piece.byteLength;
      });
      return stream;
    },
    moving(): boolean {
      roll();
      return current + previous >= MOVING_BYTES;
    },
  };
}
