// Similar-photo detection: 9x8 difference hashes (16 hex) compared by Hamming distance.
export const SIMILARITY_THRESHOLD = 12;
export const DHASH_RE = /^[0-9a-f]{16}$/;

export function hammingDistance(a: string, b: string): number {
  let x = BigInt('0x' + a) ^ BigInt('0x' + b);
  let bits = 0;
  while (x) {
    bits += Number(x & 1n);
    x >>= 1n;
  }
  return bits;
}
