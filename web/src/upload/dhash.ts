// Difference hash (§5): the image scaled to 9x8 grayscale; each row gives 8 bits "left pixel brighter
// than its right neighbour", 64 bits as 16 hex characters, row by row, most significant bit first.
// The bucket is the first 4 hex characters; similar images have a small Hamming distance (threshold 12).

export const DHASH_W = 9;
export const DHASH_H = 8;

export function dhashFromGray(gray: ArrayLike<number>): string {
  if (gray.length < DHASH_W * DHASH_H) throw new Error('need 9x8 pixels');
  let hex = '';
  let nibble = 0;
  let bits = 0;
  for (let y = 0; y < DHASH_H; y++) {
    for (let x = 0; x < DHASH_W - 1; x++) {
      const left = gray[y * DHASH_W + x]!;
      const right = gray[y * DHASH_W + x + 1]!;
      nibble = (nibble << 1) | (left > right ? 1 : 0);
      if (++bits === 4) {
        hex += nibble.toString(16);
        nibble = 0;
        bits = 0;
      }
    }
  }
  return hex;
}

/** RGBA bytes to luma (ITU-R BT.601), rounded like an 8-bit grayscale image. */
export function rgbaToGray(rgba: ArrayLike<number>): Uint8Array {
  const out = new Uint8Array(rgba.length / 4);
  for (let i = 0; i < out.length; i++) {
    out[i] = Math.round(0.299 * rgba[i * 4]! + 0.587 * rgba[i * 4 + 1]! + 0.114 * rgba[i * 4 + 2]!);
  }
  return out;
}

export const dhashBucket = (hash: string) => hash.slice(0, 4);

export function hammingHex(a: string, b: string): number {
  let d = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    let x = parseInt(a[i]!, 16) ^ parseInt(b[i]!, 16);
    while (x) {
      d += x & 1;
      x >>= 1;
    }
  }
  return d;
}

/** The dHash of an image file, drawn through a canvas (works without a secure context). */
export async function dhashOfImage(file: Blob): Promise<string> {
  // Let the browser decode once and shrink in two steps (better than one big jump to 9x8).
  const bitmap = await createImageBitmap(file);
  try {
    const mid = document.createElement('canvas');
    const scale = Math.min(1, 256 / Math.max(bitmap.width, bitmap.height));
    mid.width = Math.max(DHASH_W, Math.round(bitmap.width * scale));
    mid.height = Math.max(DHASH_H, Math.round(bitmap.height * scale));
    const mctx = mid.getContext('2d')!;
    // Transparent pixels count as white, as on the server (sharp flatten on white).
    mctx.fillStyle = '#ffffff';
    mctx.fillRect(0, 0, mid.width, mid.height);
    mctx.imageSmoothingQuality = 'high';
    mctx.drawImage(bitmap, 0, 0, mid.width, mid.height);
    const small = document.createElement('canvas');
    small.width = DHASH_W;
    small.height = DHASH_H;
    const sctx = small.getContext('2d', { willReadFrequently: true })!;
    sctx.imageSmoothingQuality = 'high';
    sctx.drawImage(mid, 0, 0, DHASH_W, DHASH_H);
    return dhashFromGray(rgbaToGray(sctx.getImageData(0, 0, DHASH_W, DHASH_H).data));
  } finally {
    bitmap.close();
  }
}
