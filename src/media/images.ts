import { readFile, rm } from 'node:fs/promises';
import exifr from 'exifr';
import { writeAtomically } from './atomic-output.ts';
import { type CaptureTime, captureTimeFromExif } from './capture-time.ts';
import { dHashOf } from './hashing.ts';
import { decodeHeic } from './heic.ts';
import { asImageError, type DecodeLimits, DEFAULT_MAX_INPUT_PIXELS, type ImageInput, openUpright, type SharpFactory } from './sharp-input.ts';
import { freeNow } from './native-memory.ts';
import { SNIFF_BYTES, sniffMediaType } from './sniff.ts';

// Both derivatives are JPEG: at thumbnail size WebP is only ~4% smaller than mozjpeg (measured on the
// iPhone fixture), and iPhones that stopped at iOS 12 (iPhone 6, still seen at family events) cannot show WebP.
export const DERIVATIVE_MIME = 'image/jpeg';
export const DERIVATIVE_EXT = 'jpg';

/**
 * Grid thumbnail: the short side is 480 px. A phone grid of three columns is ~130 CSS px per cell at
 * 3x density (~390 device px), a laptop cell ~240 CSS px at 2x (480): both stay sharp when the cell
 * crops to a square. Panoramas stop at 1440 px on the long side. mozjpeg: ~15% smaller, cheap at this size.
 */
export const THUMBNAIL = { shortSide: 480, maxLongSide: 1440, quality: 75 } as const;
/**
 * The grid's square tiles for the tile's `srcset` beside THUMBNAIL (which serves 2x screens and everything
 * else): 1x for laptops and old phones, 3x for today's phones (a ~190 CSS px phone tile needs ~570 device
 * px). Cropped to the square the tile shows (centred, like the tile's object-fit: cover), so no bytes go to
 * what is cut off. The 3x one at a lower quality: at that density the artefacts are too small to see, and
 * a phone's first screen arrives as fast over a busy venue Wi-Fi.
 */
export const TILE_THUMBNAILS = {
  x1: { side: 240, quality: 75 },
  x3: { side: 720, quality: 55 },
} as const;
/** Viewer preview: fits 2048 px, full screen on phones and laptops. Plain libjpeg: mozjpeg is ~3x slower at this size on a Pi. */
export const PREVIEW = { maxSide: 2048, quality: 82 } as const;
/** Full-size JPEG of a photo most browsers cannot show (HEIC), offered as a download beside the original. */
export const JPEG_COPY = { quality: 90 } as const;

export interface PhotoOptions extends DecodeLimits {
  sharp: SharpFactory;
}

export interface Size {
  width: number;
  height: number;
}

export interface PhotoDerivativePaths {
  thumbnailPath: string;
  /** the grid's 1x and 3x tile thumbnails (TILE_THUMBNAILS) */
  tilePaths: { x1: string; x3: string };
  previewPath: string;
  /** written only for a HEIC original (see JPEG_COPY) */
  jpegCopyPath: string;
}

/**
 * Makes the grid thumbnail and the viewer preview of a photo (and for HEIC a full-size JPEG copy) and its
 * dHash: upright by its EXIF orientation, without any metadata (no EXIF, no GPS leaves the box), each
 * written atomically. The file is read once and decoded once: the pixels at preview size feed the preview,
 * the thumbnails and the hash (sharp instances over one raw image). Returns the upright size of the original,
 * its capture time, its dHash and whether the JPEG copy was made.
 * Throws a MediaError when the photo cannot be decoded, is too large or takes too long.
 */
export async function makePhotoDerivatives(
  inputPath: string,
  out: PhotoDerivativePaths,
  opts: PhotoOptions,
): Promise<Size & { jpegCopy: boolean; dhash: string; takenAt: CaptureTime | null }> {
  const bytes = await readFile(inputPath);
  const [source, takenAt] = await Promise.all([decodablePhoto(bytes, opts), readCaptureTime(bytes)]);
  const original = await uprightSize(source, opts.sharp);
  const tileSide = (side: number) => Math.min(side, original.width, original.height);
  const thumbnails = [
    { path: out.thumbnailPath, ...thumbnailSize(original), fit: 'fill' as const, quality: THUMBNAIL.quality },
    ...(['x1', 'x3'] as const).map((density) => {
      const { side, quality } = TILE_THUMBNAILS[density];
      return { path: out.tilePaths[density], width: tileSide(side), height: tileSide(side), fit: 'cover' as const, quality };
    }),
  ];
  const heic = typeof source !== 'string' && !Buffer.isBuffer(source);
  try {
    if (heic) {
      await writeAtomically(out.jpegCopyPath, (tmp) =>
        openUpright(opts.sharp, source, opts).flatten({ background: '#ffffff' }).jpeg({ quality: JPEG_COPY.quality }).toFile(tmp),
      );
    }
    // The one decode (a 12 MP JPEG is decoded at full size: sharp shrinks on load only from a factor of 3).
    const { data, info } = await openUpright(opts.sharp, source, opts)
      .flatten({ background: '#ffffff' })
      .resize({ width: PREVIEW.maxSide, height: PREVIEW.maxSide, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true })
      .finally(() => freeNow(heic ? source.data : bytes));
    // A new sharp over the same pixels per output: clone() of a raw-input sharp copies its buffer on the
    // server's JS thread (~7 ms and 9 MB per clone at 2048 px), this costs nothing.
    const decoded = () => opts.sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    // All settled before the pixels are freed (a pipeline still running reads them) and before a failure
    // removes the outputs (one still being written would reappear).
    const hashing = dHashOf(decoded());
    const outputs = await Promise.allSettled([
      hashing,
      writeAtomically(out.previewPath, (tmp) => decoded().jpeg({ quality: PREVIEW.quality, progressive: true }).toFile(tmp)),
      ...thumbnails.map(({ path, width, height, fit, quality }) =>
        writeAtomically(path, (tmp) => decoded().resize(width, height, { fit }).jpeg({ quality, mozjpeg: true }).toFile(tmp)),
      ),
    ]);
    freeNow(data);
    const failed = outputs.find((output) => output.status === 'rejected');
    if (failed) throw failed.reason;
    return { ...original, jpegCopy: heic, dhash: await hashing, takenAt };
  } catch (err) {
    await Promise.all([out.previewPath, out.jpegCopyPath, ...thumbnails.map((t) => t.path)].map((path) => rm(path, { force: true })));
    throw asImageError(err);
  }
}

/** The encoded photo for sharp, or for HEIC its upright pixels (sharp's libheif has no HEVC decoder). */
async function decodablePhoto(bytes: Buffer, limits: DecodeLimits): Promise<ImageInput> {
  if (sniffMediaType(bytes.subarray(0, SNIFF_BYTES))?.mime !== 'image/heic') return bytes;
  return decodeHeic(bytes, { maxInputPixels: limits.maxInputPixels ?? DEFAULT_MAX_INPUT_PIXELS });
}

/** Thumbnail size for an upright original: short side 480 (never enlarged), long side at most 1440. */
export function thumbnailSize({ width, height }: Size): Size {
  const scale = Math.min(1, THUMBNAIL.shortSide / Math.min(width, height), THUMBNAIL.maxLongSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

async function uprightSize(input: ImageInput, sharp: SharpFactory): Promise<Size> {
  if (typeof input === 'object' && !Buffer.isBuffer(input)) return { width: input.width, height: input.height };
  try {
    // Reads the header only; autoOrient has width and height swapped for orientations 5-8.
    const { autoOrient } = await sharp(input).metadata();
    return { width: autoOrient.width, height: autoOrient.height };
  } catch (err) {
    throw asImageError(err);
  }
}

const EXIF_DATE_TAGS = ['DateTimeOriginal', 'OffsetTimeOriginal', 'SubSecTimeOriginal', 'CreateDate', 'OffsetTimeDigitized', 'SubSecTimeDigitized'];

/** When a photo (JPEG, PNG or HEIC: its path or its bytes) was taken, from its EXIF; null when it does not say. Reads metadata only. */
export async function readCaptureTime(file: string | Buffer): Promise<CaptureTime | null> {
  // Raw strings (reviveValues: false): exifr would otherwise turn zoneless times into Dates in the server's zone.
  const tags: Record<string, unknown> | undefined = await exifr.parse(file, { pick: EXIF_DATE_TAGS, reviveValues: false }).catch(() => undefined);
  if (!tags) return null;
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const read = (date: unknown, offset: unknown, subSeconds: unknown) => {
    const dateText = text(date);
    return dateText ? captureTimeFromExif(dateText, text(offset), text(subSeconds)) : null;
  };
  // DateTimeOriginal is when the shutter fired; CreateDate (digitized) equals it on phones and stands in for it on scans.
  return read(tags.DateTimeOriginal, tags.OffsetTimeOriginal, tags.SubSecTimeOriginal) ?? read(tags.CreateDate, tags.OffsetTimeDigitized, tags.SubSecTimeDigitized);
}
