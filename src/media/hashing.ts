import { DHASH_H, DHASH_W, dhashFromGray } from '../domain/dhash.ts';
import type { Sharp } from 'sharp';
import { asImageError, type DecodeLimits, openUpright, type SharpFactory } from './sharp-input.ts';

/** SHA-256 fed chunk by chunk, e.g. while an upload streams to disk, so the file is never read twice. */
export interface Sha256Stream {
  update(chunk: Uint8Array): void;
  /** bytes seen so far: the real size of an upload, whatever its client declared */
  readonly bytes: number;
  /** lowercase hex; the stream cannot be fed after this */
  digestHex(): string;
}

export function createSha256(): Sha256Stream {
  const hasher = new Bun.CryptoHasher('sha256');
  let bytes = 0;
  let done = false;
  return {
    update(chunk) {
      if (done) throw new Error('SHA-256 already finished');
      hasher.update(chunk);
      bytes += chunk.byteLength;
    },
    get bytes() {
      return bytes;
    },
    digestHex() {
      done = true;
      return hasher.digest('hex');
    },
  };
}

/** SHA-256 of a file on disk, streamed (constant memory whatever the size). */
export async function sha256File(path: string): Promise<string> {
  const sha = createSha256();
  for await (const chunk of Bun.file(path).stream()) sha.update(chunk);
  return sha.digestHex();
}

/**
 * 64-bit difference hash of a photo as 16 lowercase hex: the upright image shrunk to 9x8 grey pixels,
 * one bit per pair of horizontal neighbours (1 when the left one is brighter), rows top to bottom,
 * most significant bit first. Resized, recompressed or re-oriented copies of a photo land a few bits apart.
 */
export async function dHash(input: string | Buffer, sharp: SharpFactory, limits?: DecodeLimits): Promise<string> {
  return dHashOf(openUpright(sharp, input, limits));
}

/** dHash of an image already opened upright (e.g. a sharp over pixels decoded once for every derivative). */
export async function dHashOf(upright: Sharp): Promise<string> {
  const pixels = await upright
    .flatten({ background: '#ffffff' })
    .resize(DHASH_W, DHASH_H, { fit: 'fill' })
    .grayscale()
    .raw()
    .toBuffer()
    .catch((err: unknown) => {
      throw asImageError(err);
    });
  return dhashFromGray(pixels);
}
