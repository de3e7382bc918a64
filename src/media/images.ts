import { rm } from 'node:fs/promises';
import exifr from 'exifr';
import { moveIntoPlace, writeAside, type WrittenAside } from './atomic-output.ts';
import type { Metadata, Sharp } from 'sharp';
import { Semaphore } from '../lib/semaphore.ts';
import { usableCores } from '../lib/usable-cores.ts';
import { type CaptureTime, captureTimeFromExif } from './capture-time.ts';
import { dHashOf } from './hashing.ts';
import {
  decodeMemory,
  DECODE_MEMORY_BYTES,
  HEIC_BYTES_PER_PIXEL,
  type MemoryBudget,
  photoDecodeBytes,
  type PhotoHeader,
  tooManyPixels,
} from './decode-memory.ts';
import { decodeHeic } from './heic.ts';
import { asImageError, type DecodeLimits, DEFAULT_MAX_INPUT_PIXELS, openUpright, type RawRgba, type SharpFactory } from './sharp-input.ts';
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
/**
 * Viewer preview: fits 2048 px, full screen on phones and laptops. Plain libjpeg: mozjpeg is ~3x slower at
 * this size on a Pi. A large JPEG's preview may be smaller, down to minSide (full HD), when libjpeg can decode
 * it at that scale (see scaledOnLoad): a 12 MP phone photo's preview is 2000-2040 px instead of 2048, 2% fewer
 * pixels per side than before: phones show it at most 1290 px wide, a full-HD laptop at 1920 px; only a
 * high-density laptop screen enlarges it, and it did so with 2048 px too. The scaled decode (libjpeg's scaled
 * IDCT) looks the same: PSNR 42.5 dB against the whole decode with Lanczos (HMD_Nokia_8.3_5G.jpg, 2048 px).
 */
export const PREVIEW = { maxSide: 2048, minSide: 1920, quality: 82 } as const;
/** Full-size JPEG of a photo most browsers cannot show (HEIC), offered as a download beside the original. */
export const JPEG_COPY = { quality: 90 } as const;

export interface PhotoOptions extends DecodeLimits {
  sharp: SharpFactory;
  /** the memory decodes share (default: the process's one budget) */
  memory?: MemoryBudget;
  /** whose turn it is for pixel work (default: the process's, one photo per usable core) */
  work?: Semaphore;
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
 * written atomically. The file is read once and decoded once (its type and EXIF come from its head): the
 * pixels at preview size feed the preview, the thumbnails and the hash (sharp instances over one raw image). Returns the upright size of the original,
 * its capture time, its dHash and whether the JPEG copy was made.
 * Throws a MediaError when the photo cannot be decoded, is too large or takes too long. The decode's memory is
 * estimated from the header first (decode-memory.ts): a photo that would need more than the limit is refused
 * before a byte is decoded, and one that does not fit beside the decodes running now waits for them.
 */
export async function makePhotoDerivatives(
  inputPath: string,
  out: PhotoDerivativePaths,
  opts: PhotoOptions,
): Promise<Size & { jpegCopy: boolean; dhash: string; takenAt: CaptureTime | null }> {
  const mime = sniffMediaType(new Uint8Array(await Bun.file(inputPath).slice(0, SNIFF_BYTES).arrayBuffer()))?.mime;
  const limit = opts.maxDecodeBytes ?? DECODE_MEMORY_BYTES;
  const header = await readHeader(inputPath, opts.sharp);
  const cost = photoDecodeBytes(header);
  if (cost > limit)
    throw tooManyPixels(`${header.format} ${header.width}x${header.height}: needs ~${Math.round(cost / 1048576)} MB to decode`);
  // Read beside the pixel work, not before it: exifr's reads each wait their turn on a busy event loop (~120 ms
  // of a photo's turn under bench part p's 100 readers). It never rejects (null when the photo does not say).
  const takenAt = readCaptureTime(inputPath);
  const made = await (opts.work ?? photoWork()).run(() =>
    (opts.memory ?? decodeMemory).run(cost, () => derivePhoto(inputPath, mime, header, out, { ...opts, maxDecodeBytes: limit })),
  );
  // Made durable and put in place after the turn: on an SD card the fsyncs wait ~0.4 s per photo (bench part p),
  // time in which the next photo's pixels are worked on.
  try {
    await moveIntoPlace(made.files);
  } catch (err) {
    await removeOutputs(out);
    throw asImageError(err);
  }
  return { ...made.size, jpegCopy: made.jpegCopy, dhash: made.dhash, takenAt: await takenAt };
}

let photoTurns: Semaphore | undefined;
/**
 * Photos' pixel work, one per usable core at a time (the cgroup's CPU quota counts, not the machine's cores),
 * in arrival order: sharing a core among all photos at once made every photo late (processor sharing),
 * taking turns keeps each photo's time to its own work plus the queue before it.
 */
const photoWork = () => (photoTurns ??= new Semaphore(usableCores()));

/**
 * The photo's header (size, depth, interlacing, upright size), read without decoding. For a HEIC sharp's libheif reads
 * the container (it cannot decode HEVC), and refuses one of more items than it allows (a grid of
 * hundreds of tiles: a 9,728² picture in a 16 KB file).
 */
async function readHeader(inputPath: string, sharp: SharpFactory): Promise<PhotoHeader & Pick<Metadata, 'autoOrient'>> {
  try {
    return await sharp(inputPath).metadata();
  } catch (err) {
    throw asImageError(err);
  }
}

const removeOutputs = (out: PhotoDerivativePaths) =>
  Promise.all(
    [out.previewPath, out.jpegCopyPath, out.thumbnailPath, out.tilePaths.x1, out.tilePaths.x3].map((path) => rm(path, { force: true })),
  );

/** The pixel work: every derivative written aside (not yet durable nor in place: moveIntoPlace), the size and the dHash. */
async function derivePhoto(
  inputPath: string,
  mime: string | undefined,
  header: Pick<Metadata, 'autoOrient'>,
  out: PhotoDerivativePaths,
  opts: PhotoOptions & { maxDecodeBytes: number },
): Promise<{ size: Size; jpegCopy: boolean; dhash: string; files: WrittenAside[] }> {
  const source = await decodablePhoto(inputPath, mime, opts);
  // autoOrient has width and height swapped for orientations 5-8.
  const { width, height } = typeof source === 'string' ? header.autoOrient : source;
  const original = { width, height };
  const tileSide = (side: number) => Math.min(side, original.width, original.height);
  const grid = thumbnailSize(original);
  const tiles = (['x1', 'x3'] as const).map((density) => {
    const { side, quality } = TILE_THUMBNAILS[density];
    return { path: out.tilePaths[density], side: tileSide(side), quality };
  });
  const heic = typeof source !== 'string';
  try {
    const files: WrittenAside[] = [];
    if (heic) {
      files.push(
        await writeAside(out.jpegCopyPath, (tmp) =>
          openUpright(opts.sharp, source, opts)
            .flatten({ background: '#ffffff' })
            .jpeg({ quality: JPEG_COPY.quality })
            .toFile(tmp)
            .then(() => undefined),
        ),
      );
    }
    // The one decode: a JPEG scaled while it is decoded where that still leaves a preview of PREVIEW.minSide.
    const { data, info } = await openUpright(opts.sharp, heic ? source : scaledOnLoad(source, mime, original, opts), opts)
      .flatten({ background: '#ffffff' })
      .resize({ width: PREVIEW.maxSide, height: PREVIEW.maxSide, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true })
      .finally(() => heic && freeNow(source.data));
    // A new sharp over the same pixels per output: clone() of a raw-input sharp copies its buffer on the
    // server's JS thread (~7 ms and 9 MB per clone at 2048 px), this costs nothing.
    const decoded = () => opts.sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    // The grid thumbnail's pixels also give the hash: shrinking the preview's pixels to 9x8 cost ~30 ms of
    // CPU per 12 MP photo, these ~8 ms, and the hash stays as close to the whole photo's (images.test.ts).
    const gridPixels = decoded().resize(grid.width, grid.height, { fit: 'fill' }).raw().toBuffer({ resolveWithObject: true });
    const fromGrid = () =>
      gridPixels.then((small) =>
        opts.sharp(small.data, { raw: { width: small.info.width, height: small.info.height, channels: small.info.channels } }),
      );
    const hashing = fromGrid().then(dHashOf);
    const toFile = (image: Sharp, tmp: string) => image.toFile(tmp).then(() => undefined);
    // All settled before the pixels are freed (a pipeline still running reads them) and before a failure
    // removes the outputs (one still being written would reappear).
    const outputs = await Promise.allSettled([
      hashing,
      // Baseline, not progressive: half the CPU (12 MP: ~85 -> ~40 ms), 0.5-4% more bytes; the viewer shows a
      // spinner until the whole preview has loaded, so a progressive one's early coarse scans were never seen.
      writeAside(out.previewPath, (tmp) => toFile(decoded().jpeg({ quality: PREVIEW.quality }), tmp)),
      writeAside(out.thumbnailPath, async (tmp) => toFile((await fromGrid()).jpeg({ quality: THUMBNAIL.quality, mozjpeg: true }), tmp)),
      ...tiles.map(({ path, side, quality }) =>
        writeAside(path, (tmp) => toFile(decoded().resize(side, side, { fit: 'cover' }).jpeg({ quality, mozjpeg: true }), tmp)),
      ),
    ]);
    freeNow(data);
    await gridPixels.then((small) => freeNow(small.data)).catch(() => undefined);
    for (const output of outputs.slice(1)) if (output.status === 'fulfilled') files.push(output.value as WrittenAside);
    const failed = outputs.find((output) => output.status === 'rejected');
    if (failed) {
      await Promise.all(files.map((file) => rm(file.tempPath, { force: true })));
      throw failed.reason;
    }
    return { size: original, jpegCopy: heic, dhash: await hashing, files };
  } catch (err) {
    await removeOutputs(out);
    throw asImageError(err);
  }
}

/** The photo's path for sharp, or for HEIC its upright pixels (sharp's libheif has no HEVC decoder). */
async function decodablePhoto(
  inputPath: string,
  mime: string | undefined,
  limits: DecodeLimits & { maxDecodeBytes: number },
): Promise<string | RawRgba> {
  if (mime !== 'image/heic') return inputPath;
  const maxInputPixels = Math.min(
    limits.maxInputPixels ?? DEFAULT_MAX_INPUT_PIXELS,
    Math.floor(limits.maxDecodeBytes / HEIC_BYTES_PER_PIXEL),
  );
  return decodeHeic(inputPath, { maxInputPixels });
}

/**
 * The path sharp decodes a photo from: for a JPEG at least twice PREVIEW.minSide on its long side, with
 * libvips' load option that has libjpeg decode it at 1/2, 1/4 or 1/8 of its size (the largest that
 * leaves PREVIEW.minSide). sharp itself does that only from a factor of 3, so a 12 MP phone photo
 * (4000-4080 px) was decoded whole for its 2048 px preview; scaled on load it costs ~11% less CPU and
 * ~55 MB less memory at the peak of 2 photos at once (measured in-process, 12 MP). A photo over the pixel
 * limit is opened whole, so that sharp's limit refuses it as before (scaled, it would pass).
 */
function scaledOnLoad(inputPath: string, mime: string | undefined, original: Size, limits: DecodeLimits): string {
  const shrink = jpegShrinkOnLoad(original);
  const withinLimit = original.width * original.height <= (limits.maxInputPixels ?? DEFAULT_MAX_INPUT_PIXELS);
  if (shrink === 1 || !withinLimit || mime !== 'image/jpeg') return inputPath;
  // libvips reads options from a trailing [...]; the store's paths end in the file's extension.
  return `${inputPath}[shrink=${shrink}]`;
}

/** 1, 2, 4 or 8: the largest scale-down libjpeg can decode a photo of this size at and still leave PREVIEW.minSide. */
export function jpegShrinkOnLoad({ width, height }: Size): number {
  return [8, 4, 2].find((shrink) => Math.max(width, height) / shrink >= PREVIEW.minSide) ?? 1;
}

/** Thumbnail size for an upright original: short side 480 (never enlarged), long side at most 1440. */
export function thumbnailSize({ width, height }: Size): Size {
  const scale = Math.min(1, THUMBNAIL.shortSide / Math.min(width, height), THUMBNAIL.maxLongSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

const EXIF_DATE_TAGS = [
  'DateTimeOriginal',
  'OffsetTimeOriginal',
  'SubSecTimeOriginal',
  'CreateDate',
  'OffsetTimeDigitized',
  'SubSecTimeDigitized',
];

/** When a photo (JPEG, PNG or HEIC: its path or its bytes) was taken, from its EXIF; null when it does not say. Reads metadata only. */
export async function readCaptureTime(file: string | Buffer): Promise<CaptureTime | null> {
  // Raw strings (reviveValues: false): exifr would otherwise turn zoneless times into Dates in the server's zone.
  const tags: Record<string, unknown> | undefined = await exifr
    .parse(file, { pick: EXIF_DATE_TAGS, reviveValues: false })
    .catch(() => undefined);
  if (!tags) return null;
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const read = (date: unknown, offset: unknown, subSeconds: unknown) => {
    const dateText = text(date);
    return dateText ? captureTimeFromExif(dateText, text(offset), text(subSeconds)) : null;
  };
  // DateTimeOriginal is when the shutter fired; CreateDate (digitized) equals it on phones and stands in for it on scans.
  return (
    read(tags.DateTimeOriginal, tags.OffsetTimeOriginal, tags.SubSecTimeOriginal) ??
    read(tags.CreateDate, tags.OffsetTimeDigitized, tags.SubSecTimeDigitized)
  );
}
