import { afterAll, expect, test } from 'bun:test';
import { join } from 'node:path';
import { fixture, makeTempDir } from './test-helpers.ts';
import { readVideoHeader } from './video-header.ts';

const tmp = makeTempDir('video-header');
afterAll(() => tmp.remove());

test('an Android MP4 was recorded 2026-06-20 21:15 UTC (the movie header)', async () => {
  const { takenAt } = await readVideoHeader(fixture('videos/android-h264.mp4'));
  expect(new Date(takenAt!.iso).toISOString()).toBe('2026-06-20T21:15:00.000Z');
});

test("an iPhone MOV's time comes from Apple's creationdate with the phone's offset", async () => {
  expect((await readVideoHeader(fixture('videos/iphone-hevc-rotated.mov'))).takenAt).toEqual({
    iso: '2026-06-20T20:30:00+02:00',
    hasZone: true,
  });
});

test('a video without metadata has no capture time (the service falls back to the upload time)', async () => {
  expect((await readVideoHeader(fixture('videos/no-metadata.mp4'))).takenAt).toBeNull();
});

test('a truncated upload (no movie header) and one whose movie header is cut off are damaged', async () => {
  await expect(readVideoHeader(fixture('videos/truncated.mp4'))).rejects.toMatchObject({ name: 'MediaError', reason: 'CORRUPT' });
  const whole = await Bun.file(fixture('videos/android-h264.mp4')).bytes();
  const cut = join(tmp.dir, 'cut.mp4');
  await Bun.write(cut, whole.subarray(0, whole.length - 100)); // its moov is last
  await expect(readVideoHeader(cut)).rejects.toMatchObject({ name: 'MediaError', reason: 'CORRUPT' });
});

test('a file of 100,000 empty boxes is walked only 4,096 boxes far, and then not judged', async () => {
  const ftyp = (await Bun.file(fixture('videos/android-h264.mp4')).bytes()).subarray(0, 32);
  const bytes = new Uint8Array(32 + 100_000 * 8);
  bytes.set(ftyp);
  for (let at = 32; at < bytes.length; at += 8) bytes.set([0, 0, 0, 8, 0x66, 0x72, 0x65, 0x65], at); // 'free'
  const path = join(tmp.dir, 'empties.mp4');
  await Bun.write(path, bytes);
  // A walk that reached the end would have found no moov and called the file damaged.
  expect((await readVideoHeader(path)).takenAt).toBeNull();
});
