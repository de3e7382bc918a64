import sharp from 'sharp';
import type { MediaTools } from './media-tools.ts';
import { SNIFF_BYTES, sniffMediaType } from './sniff.ts';

// TEMPORARY wiring while images.ts and video.ts land: loaded lazily so the server starts without them.
export function createMediaTools(native: { ffmpegPath: string; ffprobePath: string }): MediaTools {
  return {
    sniffBytes: SNIFF_BYTES,
    sniff: sniffMediaType,
    async processPhoto() {
      throw new Error('photo processing not wired yet');
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
