import sharp from 'sharp';

const MAX_EDGE = 1600;

/**
 * Stores the event's host image: any image sharp can decode becomes an upright JPEG of at most 1600 px,
 * without metadata. Throws when the bytes are not an image.
 */
export async function resizeHostImage(input: Uint8Array, outputPath: string): Promise<void> {
  await sharp(input, { limitInputPixels: 100_000_000, failOn: 'error' })
    .rotate()
    .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 85, mozjpeg: true })
    .timeout({ seconds: 30 })
    .toFile(outputPath);
}
