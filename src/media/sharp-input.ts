import type sharpModule from 'sharp';
import type { Sharp } from 'sharp';
import { MediaError } from './media-error.ts';

/** sharp itself, passed in by the caller: the compiled binary loads it its own way (see src/native). */
export type SharpFactory = typeof sharpModule;

/** Pixels decoded elsewhere (HEIC, see heic.ts): 8-bit RGBA, already upright. */
export interface RawRgba {
  data: Buffer;
  width: number;
  height: number;
}

/** What sharp opens: a file, an encoded image in memory, or decoded pixels. */
export type ImageInput = string | Buffer | RawRgba;

export interface DecodeLimits {
  /** Refuse images with more pixels than this before decoding them (a "pixel flood" PNG is tiny on disk). Default 100 MP. */
  maxInputPixels?: number;
  /** Refuse images whose decode would hold more memory than this, estimated from the header (decode-memory.ts). Default DECODE_MEMORY_BYTES. */
  maxDecodeBytes?: number;
  /** Give up on one sharp pipeline after this long. Default 30 s, generous for a 100 MP photo on a Raspberry Pi. */
  timeoutSeconds?: number;
}

export const DEFAULT_MAX_INPUT_PIXELS = 100_000_000;
const DEFAULT_TIMEOUT_SECONDS = 30;

/**
 * Opens an image upright (EXIF orientation applied, unmirrored) with the library's limits.
 * failOn 'none': libvips ranks a truncated JPEG as the mildest problem, and every stricter level
 * refuses one, yet a phone photo missing its last rows is still worth showing. Real damage
 * (broken Huffman data, no image at all) still throws.
 */
export function openUpright(sharp: SharpFactory, input: ImageInput, limits: DecodeLimits = {}): Sharp {
  const common = { limitInputPixels: limits.maxInputPixels ?? DEFAULT_MAX_INPUT_PIXELS, failOn: 'none' } as const;
  const decoded = typeof input === 'string' || Buffer.isBuffer(input) ? null : input;
  return (
    decoded
      ? sharp(decoded.data, { ...common, raw: { width: decoded.width, height: decoded.height, channels: 4 } })
      : sharp(input as string | Buffer, common)
  )
    .rotate()
    .timeout({ seconds: limits.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS });
}

/** sharp's errors as MediaErrors; errors that are not about the image (a missing input file) pass unchanged. */
export function asImageError(err: unknown): unknown {
  if (!(err instanceof Error) || err instanceof MediaError) return err;
  const detail = err.message;
  // Not about the image: a missing input, a full disk (the upload answers 507).
  if (/^Input file is missing|No space left on device/.test(detail)) return err;
  if (/exceeds pixel limit|Security limit exceeded/.test(detail))
    return new MediaError('TOO_LARGE', 'This photo has too many pixels to be processed.', detail, { cause: err });
  if (/timeout: \d+% complete/.test(detail))
    return new MediaError('TIMEOUT', 'Processing this photo took too long.', detail, { cause: err });
  if (/unsupported image format|has not been built in/.test(detail))
    return new MediaError('UNSUPPORTED', 'This file is not a photo in a supported format.', detail, { cause: err });
  return new MediaError('CORRUPT', 'This photo is damaged and cannot be shown.', detail, { cause: err });
}
