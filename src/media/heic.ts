import { readFile } from 'node:fs/promises';
import { MediaError } from './media-error.ts';

// HEIC (HEVC-coded HEIF, what iPhones and Samsung's 'high efficiency' mode write) is decoded by libheif
// compiled to WebAssembly (npm `heic-decode` over `libheif-js`): the bundled sharp's libheif has AV1 only,
// and a WASM decoder needs no native file per architecture, so it runs in the x64 and arm64 binaries alike
// and offline (the .wasm is inlined in the JavaScript bundle). libheif applies the HEIF transforms
// (irot/imir), so the pixels it returns are upright; the EXIF orientation of a HEIC must not be applied again.

/** Decoded HEIC pixels as sharp's raw input: 8-bit RGBA, upright. */
export interface DecodedHeic {
  data: Buffer;
  width: number;
  height: number;
}

type HeicDecode = typeof import('heic-decode');

let decoder: Promise<HeicDecode> | null = null;
// Loaded on first use: instantiating the ~1.4 MB WebAssembly module costs start-up time a box without iPhones never needs.
const loadDecoder = () => (decoder ??= import('heic-decode').then((m) => m.default));

/**
 * Decodes the primary image of a HEIC file. Checks the pixel count before decoding; throws a MediaError
 * when the file is no decodable HEIC or too large. Runs on the calling thread (WebAssembly is synchronous),
 * which is why HEIC photos are processed by the one-at-a-time job queue and not in the upload request.
 */
export async function decodeHeic(path: string, opts: { maxInputPixels: number }): Promise<DecodedHeic> {
  const decode = await loadDecoder();
  const buffer = await readFile(path);
  let images: Awaited<ReturnType<HeicDecode['all']>>;
  try {
    images = await decode.all({ buffer });
  } catch (err) {
    throw new MediaError('CORRUPT', 'This photo is damaged and cannot be shown.', String((err as Error).message ?? err), { cause: err });
  }
  try {
    const primary = images[0];
    if (!primary) throw new MediaError('CORRUPT', 'This photo is damaged and cannot be shown.', 'HEIF file without an image');
    if (primary.width * primary.height > opts.maxInputPixels) {
      throw new MediaError('TOO_LARGE', 'This photo has too many pixels to be processed.', `${primary.width}x${primary.height}`);
    }
    const { data, width, height } = await primary.decode().catch((err: unknown) => {
      throw new MediaError('CORRUPT', 'This photo is damaged and cannot be shown.', String((err as Error).message ?? err), { cause: err });
    });
    return { data: Buffer.from(data.buffer, data.byteOffset, data.byteLength), width, height };
  } finally {
    images.dispose();
  }
}
