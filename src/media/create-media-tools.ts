import sharp from 'sharp';
import type { CaptureTime } from './capture-time.ts';
import { dHash } from './hashing.ts';
import { makePhotoDerivatives, readPhotoInfo } from './images.ts';
import type { MediaTools } from './media-tools.ts';
import { SNIFF_BYTES, sniffMediaType } from './sniff.ts';

/**
 * A capture time as UTC. Times without a zone are wall-clock times of the camera; the box runs in the
 * venue's zone, so they are read in the server's local time (what `new Date` does with such a string).
 */
const toUtc = (t: CaptureTime | null): string | null => (t ? new Date(t.iso).toISOString() : null);

/** The media library behind the MediaTools interface the services use. */
export function createMediaTools(native: { ffmpegPath: string; ffprobePath: string }): MediaTools {
  return {
    sniffBytes: SNIFF_BYTES,
    sniff: sniffMediaType,

    async processPhoto(input, out) {
      const size = await makePhotoDerivatives(input, { thumbnailPath: out.thumbnail, previewPath: out.preview }, { sharp });
      const [info, hash] = await Promise.all([readPhotoInfo(input, { sharp }), dHash(out.preview, sharp)]);
      return { ...size, takenAt: toUtc(info.takenAt), dhash: hash };
    },
    async probeVideo() {
      throw new Error('video processing not wired yet');
    },
    async makeVideoThumbnail() {
      throw new Error('video processing not wired yet');
    },
    async makeVideoPreview() {
      throw new Error(`video processing not wired yet (${native.ffmpegPath})`);
    },
  };
}

/** For `momentbox check`: proves sharp and libvips load and can encode. */
export async function sharpSelfTest(): Promise<string> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#8B5CF6' } }).png().toBuffer();
  const meta = await sharp(png).metadata();
  return `libvips ${sharp.versions.vips}, made an ${meta.width}x${meta.height} test image`;
}
