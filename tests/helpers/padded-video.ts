import { join } from 'node:path';
import { FIXTURES } from './server.ts';

/**
 * A real MP4 (the android-h264 fixture) padded to `bytes` with one `free` box of random bytes: a large video
 * the box accepts and plays, made in the test instead of checked in. Random, so each one is a new upload.
 */
export async function paddedVideo(bytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const clip = new Uint8Array(await Bun.file(join(FIXTURES, 'videos', 'android-h264.mp4')).arrayBuffer());
  const video = new Uint8Array(bytes);
  video.set(clip);
  const free = new DataView(video.buffer, clip.length);
  free.setUint32(0, video.length - clip.length);
  video.set(new TextEncoder().encode('free'), clip.length + 4);
  for (let at = clip.length + 8; at < video.length; at += 65536)
    crypto.getRandomValues(video.subarray(at, Math.min(at + 65536, video.length)));
  return video;
}
