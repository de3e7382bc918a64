import type { Metadata } from 'sharp';
import { MediaError } from './media-error.ts';

// A decoder's memory follows from what the file's header says, not from its size: a 16 KB HEIC grid
// unpacks to a 9,728² picture (1.27 GB), a 0.8 MB interlaced 16-bit PNG to 948 MB. So each decode's
// memory is estimated from the header before a byte is decoded; one that would need more than
// DECODE_MEMORY_BYTES is refused, and all decodes (and ffprobe runs) together hold at most that much at
// once: the rest wait their turn. A Pi has 1-2 GB for everything.

const MB = 1024 * 1024;
/** The memory all decodes of the process together may hold at once, and the most one decode may need. */
export const DECODE_MEMORY_BYTES = 256 * MB;
/**
 * What libheif (WebAssembly) holds per pixel while decoding a HEIC: the YUV planes of the tiles, the
 * assembled picture and its RGBA conversion inside the module, and the RGBA copy handed out (measured:
 * 9,728² grid 951 MB, ~10 bytes per pixel). At the limit a 25 MP HEIC (24 MP is the newest iPhones' default).
 */
export const HEIC_BYTES_PER_PIXEL = 10;
/**
 * A picture libvips decodes line by line (baseline JPEG, non-interlaced PNG) holds little of itself:
 * the 2048 px preview pixels and the encoders' buffers dominate.
 */
const STREAMED_DECODE_BYTES = 48 * MB;
/** Stored samples per pixel of a JPEG by its chroma subsampling (libjpeg keeps each as a 2-byte coefficient). */
const JPEG_SAMPLES: Record<string, number> = { '4:2:0': 1.5, '4:2:2': 2, '4:4:0': 2, '4:4:4': 3, '4:4:4:4': 4 };

/** The header facts an estimate needs (sharp's metadata). */
export type PhotoHeader = Partial<
  Pick<Metadata, 'format' | 'width' | 'height' | 'channels' | 'depth' | 'isProgressive' | 'chromaSubsampling'>
>;

/**
 * Bytes a photo's decode holds at its peak, from its header: a progressive JPEG keeps every DCT
 * coefficient of the whole picture until its last scan, an interlaced PNG is decoded whole (Adam7 passes
 * cannot be streamed) at its bit depth, a HEIC whole in libheif; other JPEGs and PNGs are streamed.
 */
export function photoDecodeBytes(header: PhotoHeader): number {
  const pixels = (header.width ?? 0) * (header.height ?? 0);
  const channels = header.channels ?? 4;
  if (header.format === 'heif') return pixels * HEIC_BYTES_PER_PIXEL;
  if (header.format === 'jpeg' && header.isProgressive) {
    const samples = channels === 1 ? 1 : (JPEG_SAMPLES[header.chromaSubsampling ?? ''] ?? channels);
    return STREAMED_DECODE_BYTES + pixels * samples * 2;
  }
  if (header.format === 'png' && header.isProgressive) {
    const bytesPerSample = header.depth === 'ushort' ? 2 : 1;
    return STREAMED_DECODE_BYTES + pixels * channels * bytesPerSample;
  }
  return STREAMED_DECODE_BYTES;
}

export const tooManyPixels = (detail: string) => new MediaError('TOO_LARGE', 'This photo has too many pixels to be processed.', detail);

/**
 * Memory shared by the decodes of one process: each takes its estimate before it starts and gives it back
 * when it ends; one that does not fit waits, in arrival order, so a burst of large photos is worked
 * through one after another instead of all at once.
 */
export class MemoryBudget {
  private used = 0;
  private readonly waiting: { bytes: number; start: () => void }[] = [];

  constructor(readonly capacity: number) {}

  async run<T>(bytes: number, task: () => Promise<T>): Promise<T> {
    const share = Math.min(Math.max(0, bytes), this.capacity);
    if (this.waiting.length > 0 || this.used + share > this.capacity) {
      await new Promise<void>((start) => this.waiting.push({ bytes: share, start }));
    } else {
      this.used += share;
    }
    try {
      return await task();
    } finally {
      this.used -= share;
      this.admitWaiting();
    }
  }

  private admitWaiting() {
    while (this.waiting.length > 0 && this.used + this.waiting[0]!.bytes <= this.capacity) {
      const next = this.waiting.shift()!;
      this.used += next.bytes;
      next.start();
    }
  }

  /** Bytes taken by running decodes (for tests and logs). */
  get inUse(): number {
    return this.used;
  }
}

/** The one budget of this process: photos decoded in requests and jobs, and ffprobe runs. */
export const decodeMemory = new MemoryBudget(DECODE_MEMORY_BYTES);
