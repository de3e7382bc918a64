// Difference hash (§5) in the browser: the image drawn through a canvas down to 9x8 grey pixels, which
// src/domain/dhash.ts turns into the 16 hex characters exactly as the server does.
import { DHASH_H, DHASH_W, dhashFromGray } from '../../../src/domain/dhash.ts';

/** RGBA bytes to luma (ITU-R BT.601), rounded like an 8-bit grayscale image. */
export function rgbaToGray(rgba: ArrayLike<number>): Uint8Array {
  const out = new Uint8Array(rgba.length / 4);
  for (let i = 0; i < out.length; i++) {
    out[i] = Math.round(0.299 * rgba[i * 4]! + 0.587 * rgba[i * 4 + 1]! + 0.114 * rgba[i * 4 + 2]!);
  }
  return out;
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
