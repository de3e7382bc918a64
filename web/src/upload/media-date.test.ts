import { describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { parseExifDate, readMediaDate, videoCreationDate } from './media-date';

const FIX = join(import.meta.dir, '..', '..', '..', 'tests', 'fixtures');

describe('capture dates', () => {
  test('EXIF date without zone is local time; with an offset it is exact', () => {
    expect(parseExifDate('2008:05:30 15:56:01')!.getTime()).toBe(new Date(2008, 4, 30, 15, 56, 1).getTime());
    expect(parseExifDate('2022:08:14 14:12:31', '+02:00')!.toISOString()).toBe('2022-08-14T12:12:31.000Z');
    expect(parseExifDate('0000:00:00 00:00:00')).toBeNull();
    expect(parseExifDate(undefined)).toBeNull();
  });
  test('MP4 movie header creation time', async () => {
    const d = await videoCreationDate(Bun.file(join(FIX, 'videos', 'android-h264.mp4')));
    expect(d?.toISOString()).toBe('2026-06-20T21:15:00.000Z');
    const mov = await videoCreationDate(Bun.file(join(FIX, 'videos', 'iphone-hevc-rotated.mov')));
    expect(mov?.toISOString()).toBe('2026-06-20T18:30:00.000Z');
    expect(await videoCreationDate(Bun.file(join(FIX, 'videos', 'html-disguised-as.mp4')))).toBeNull();
    expect(await videoCreationDate(Bun.file(join(FIX, 'videos', 'truncated.mp4')))).toBeNull();
  });
  test('photos: EXIF through exifr; no EXIF falls back to the last-modified date', async () => {
    const buf = await Bun.file(join(FIX, 'photos', 'cameras', 'Canon_40D.jpg')).arrayBuffer();
    const canon = await readMediaDate(new File([buf], 'Canon_40D.jpg', { type: 'image/jpeg', lastModified: 1 }));
    expect(canon.source).toBe('exif');
    expect(canon.date!.getTime()).toBe(new Date(2008, 4, 30, 15, 56, 1).getTime());
    const none = await Bun.file(join(FIX, 'photos', 'no-exif', 'no_exif.jpg')).arrayBuffer();
    const lm = Date.UTC(2026, 5, 20, 20, 0, 0);
    const r = await readMediaDate(new File([none], 'no_exif.jpg', { type: 'image/jpeg', lastModified: lm }));
    expect(r).toEqual({ date: new Date(lm), source: 'lastModified' });
  });
  test('files over 50 MB skip extraction and use the last-modified date', async () => {
    const big = new File([new Uint8Array(50 * 1024 * 1024 + 1)], 'big.mp4', { type: 'video/mp4', lastModified: 1234567890000 });
    expect(await readMediaDate(big)).toEqual({ date: new Date(1234567890000), source: 'lastModified' });
  });
  test('a time-out (5 s in the app) reports timeout, so the selected album is used', async () => {
    const slow = new File([new Uint8Array(10)], 'x.jpg', { type: 'image/jpeg' });
    // a file whose reads never finish
    (slow as unknown as { slice: () => Blob }).slice = () => ({ arrayBuffer: () => new Promise(() => {}) }) as unknown as Blob;
    expect(await readMediaDate(slow, 30)).toEqual({ date: null, source: 'timeout' });
  });
});

test('EXIF offset is applied (Nokia 8.3: 14:12:31 +03:00)', async () => {
  const buf = await Bun.file(join(FIX, 'photos', 'phones', 'HMD_Nokia_8.3_5G.jpg')).arrayBuffer();
  const r = await readMediaDate(new File([buf], 'n.jpg', { type: 'image/jpeg' }));
  expect(r.date?.toISOString()).toBe('2022-08-14T11:12:31.000Z');
});
