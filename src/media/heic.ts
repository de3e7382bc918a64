import { readFile } from 'node:fs/promises';
// libheif compiled to WebAssembly, as JavaScript source with the .wasm inlined (npm `libheif-js`).
import libheifSource from 'libheif-js/libheif-wasm/libheif-bundle.js' with { type: 'text' };
import { MediaError } from './media-error.ts';

// HEIC (HEVC-coded HEIF, what iPhones and Samsung's 'high efficiency' mode write) is decoded by libheif
// compiled to WebAssembly: the bundled sharp's libheif has AV1 only, and a WASM decoder needs no native
// file per architecture, so it runs in the x64 and arm64 binaries alike and offline. libheif applies the
// HEIF transforms (irot/imir), so the pixels it returns are upright; the EXIF orientation of a HEIC must
// not be applied again.
//
// Each decode runs in its own Worker, so the server's thread stays free: decoding there held it for
// ~0.3 s at a stretch (libheif-js parses synchronously, then converts tile by tile) and took 6.1 s for the
// 12 MP fixture under load, against at most 64 ms held and 3.8 s in a worker (measured on the dev box).
// The worker is made from source text (a Blob URL), not a file: a compiled binary loads its code from
// its one entry point, and this way the x64 and arm64 binaries need nothing extra.

/** Decoded HEIC pixels as sharp's raw input: 8-bit RGBA, upright. */
export interface DecodedHeic {
  data: Buffer;
  width: number;
  height: number;
}

type WorkerAnswer =
  { ok: true; width: number; height: number; data: Uint8ClampedArray } | { ok: false; reason: 'CORRUPT' | 'TOO_LARGE'; detail: string };

// The worker: decodes the first top-level image (the primary one of phone photos) after checking its size.
const WORKER_SOURCE = `${libheifSource}
const lib = libheif();
self.onmessage = (event) => {
  const { bytes, maxInputPixels } = event.data;
  let decoder;
  let images = [];
  // display() answers through a callback, possibly later: the images are freed only once it has.
  const done = (message, transfer) => {
    for (const image of images) image.free();
    if (decoder) decoder.decoder.delete();
    postMessage(message, transfer || []);
  };
  try {
    decoder = new lib.HeifDecoder();
    images = decoder.decode(bytes);
    const image = images[0];
    if (!image) return done({ ok: false, reason: 'CORRUPT', detail: 'HEIF file without an image' });
    const width = image.get_width();
    const height = image.get_height();
    if (width * height > maxInputPixels) return done({ ok: false, reason: 'TOO_LARGE', detail: width + 'x' + height });
    image.display({ data: new Uint8ClampedArray(width * height * 4), width, height }, (shown) => {
      if (!shown) done({ ok: false, reason: 'CORRUPT', detail: 'HEIF processing error' });
      else done({ ok: true, width, height, data: shown.data }, [shown.data.buffer]);
    });
  } catch (err) {
    done({ ok: false, reason: 'CORRUPT', detail: String((err && err.message) || err) });
  }
};`;

let workerUrl: string | null = null;

const MESSAGES = {
  CORRUPT: 'This photo is damaged and cannot be shown.',
  TOO_LARGE: 'This photo has too many pixels to be processed.',
} as const;

/**
 * Decodes the primary image of a HEIC file in a worker thread. Checks the pixel count before decoding;
 * throws a MediaError when the file is no decodable HEIC or too large.
 */
export async function decodeHeic(file: string | Uint8Array, opts: { maxInputPixels: number }): Promise<DecodedHeic> {
  // Its own buffer (a copy of bytes already read), handed over to the worker.
  const bytes = typeof file === 'string' ? new Uint8Array(await readFile(file)) : new Uint8Array(file);
  workerUrl ??= URL.createObjectURL(new Blob([WORKER_SOURCE], { type: 'application/javascript' }));
  const worker = new Worker(workerUrl);
  try {
    const answer = await new Promise<WorkerAnswer>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<WorkerAnswer>) => resolve(event.data);
      worker.onerror = (event) => reject(new MediaError('CORRUPT', MESSAGES.CORRUPT, event.message));
      worker.postMessage({ bytes, maxInputPixels: opts.maxInputPixels }, [bytes.buffer]);
    });
    if (!answer.ok) throw new MediaError(answer.reason, MESSAGES[answer.reason], answer.detail);
    return {
      data: Buffer.from(answer.data.buffer, answer.data.byteOffset, answer.data.byteLength),
      width: answer.width,
      height: answer.height,
    };
  } finally {
    worker.terminate();
  }
}
