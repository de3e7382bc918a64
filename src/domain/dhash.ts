// Similar-photo detection: 9x8 difference hashes (16 hex) compared by Hamming distance. The server hashes
// its upright 9x8 grey pixels with sharp, the browser with a canvas; both turn them into bits here.
export const SIMILARITY_THRESHOLD = 12;
export const DHASH_RE = /^[0-9a-f]{16}$/;
export const DHASH_W = 9;
export const DHASH_H = 8;

/**
 * 9x8 grey pixels (row by row) to the hash: one bit per pair of horizontal neighbours, 1 when the left one
 * is brighter, rows top to bottom, most significant bit first, as 16 lowercase hex.
 */
export function dhashFromGray(gray: ArrayLike<number>): string {
  if (gray.length < DHASH_W * DHASH_H) throw new Error('need 9x8 pixels');
  let hex = '';
  for (let y = 0; y < DHASH_H; y++) {
    let rowBits = 0;
    for (let x = 0; x < DHASH_W - 1; x++) {
      const at = y * DHASH_W + x;
      rowBits = (rowBits << 1) | (gray[at]! > gray[at + 1]! ? 1 : 0);
    }
    hex += rowBits.toString(16).padStart(2, '0');
  }
  return hex;
}

/** The bucket the web app sends along (spec): the first 4 hex characters. Only a hint, see findSimilar. */
export const dhashBucket = (hash: string) => hash.slice(0, 4);

export function hammingDistance(a: string, b: string): number {
  return popcount32(halfOf(a, 0) ^ halfOf(b, 0)) + popcount32(halfOf(a, 8) ^ halfOf(b, 8));
}

/** 32 bits of a 16-hex hash (`at` 0: the first, 8: the second): plain numbers, no BigInt per comparison. */
const halfOf = (hash: string, at: number) => Number.parseInt(hash.slice(at, at + 8), 16) | 0;

function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}
