import sharp from 'sharp';
import { asImageError, openUpright } from './sharp-input.ts';

const MAX_EDGE = 1600;

/**
 * Stores the event's host image: any image sharp can decode becomes an upright JPEG of at most 1600 px,
 * without metadata. Throws when the bytes are not an image.
 */
export async function resizeHostImage(input: Uint8Array, outputPath: string): Promise<void> {
  await openUpright(sharp, Buffer.from(input.buffer, input.byteOffset, input.byteLength))
    .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 85, mozjpeg: true })
    .toFile(outputPath)
    .catch((err: unknown) => {
      throw asImageError(err);
    });
}
