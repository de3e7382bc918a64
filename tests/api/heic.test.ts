import { afterAll, beforeAll, expect, test } from 'bun:test';
import exifr from 'exifr';
import sharp from 'sharp';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIXTURES } from '../helpers/server.ts';
import { useAppServer, waitForProcessing } from './support.ts';

// An iPhone HEIC through the real server: accepted by content, processed by the job queue into an upright
// JPEG thumbnail and preview without metadata, its capture time with the phone's offset, the original and a
// JPEG copy as downloads, and the original in the ZIP export.

const HEIC = join(FIXTURES, 'photos', 'heic', 'iphone_13_pro_max.HEIC');
const srv = useAppServer();
let work: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'momentbox-heic-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function bytesOf(res: Response): Promise<Buffer> {
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

test('a guest uploads an iPhone HEIC: upright JPEG tile and preview, capture time, original and JPEG downloads, ZIP', async () => {
  const event = await srv.admin.createEvent();
  const guest = srv.client();
  await guest.joinAsGuest(event.code);
  const uploaded = await guest.uploadOk(event.id, HEIC, { autoApprove: 'true' });
  expect(uploaded.upload).toMatchObject({ type: 'photo', mime_type: 'image/heic', original_name: 'iphone_13_pro_max.HEIC' });

  const ready = await waitForProcessing(guest, event.id, uploaded.id);
  expect(ready.processing_state).toBe('ready');
  // DateTimeOriginal 12:55:41.762 at +01:00
  expect(ready.taken_at).toBe('2022-02-16T11:55:41.762Z');
  expect([ready.width, ready.height]).toEqual([3024, 4032]);

  // Another guest sees the tile and the preview as plain, upright JPEGs without EXIF.
  const other = srv.client();
  await other.joinAsGuest(event.code);
  const seen = (await other.json<(typeof ready)[]>(`/api/event/${event.id}/uploads`)).find((u) => u.id === ready.id)!;
  for (const [path, width, height] of [
    [seen.thumbnail_path!, 480, 640],
    [seen.preview_path!, 1536, 2048],
  ] as const) {
    const res = await other.fetch(path);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(await bytesOf(res)).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height, exif: meta.exif }).toEqual({
      format: 'jpeg',
      width,
      height,
      exif: undefined,
    });
  }

  // The download offers the original byte for byte and a full-size JPEG named after it.
  const original = await other.fetch(seen.download_path);
  expect(original.headers.get('content-disposition')).toContain('filename="iphone_13_pro_max.HEIC"');
  expect((await bytesOf(original)).equals(Buffer.from(await Bun.file(HEIC).arrayBuffer()))).toBe(true);
  expect(seen.jpeg_download_path).not.toBeNull();
  const jpeg = await other.fetch(seen.jpeg_download_path!);
  expect(jpeg.headers.get('content-disposition')).toContain('filename="iphone_13_pro_max.jpg"');
  const jpegMeta = await sharp(await bytesOf(jpeg)).metadata();
  expect({ format: jpegMeta.format, width: jpegMeta.width, height: jpegMeta.height }).toEqual({
    format: 'jpeg',
    width: 3024,
    height: 4032,
  });
  expect(await exifr.parse(Buffer.from(await (await other.fetch(seen.jpeg_download_path!)).arrayBuffer()))).toBeUndefined();

  // The ZIP export carries the original HEIC.
  const zip = join(work, 'event.zip');
  writeFileSync(zip, await bytesOf(await srv.admin.fetch(`/api/event/${event.id}/export-zip`)));
  const list = Bun.spawnSync(['unzip', '-Z1', zip], { stdout: 'pipe' }).stdout.toString();
  expect(list).toContain('iphone_13_pro_max.HEIC');
});

test('a HEIC cut short is kept as failed without stopping the queue', async () => {
  const event = await srv.admin.createEvent();
  const cut = join(work, 'IMG_0002.HEIC');
  writeFileSync(cut, (await Bun.file(HEIC).bytes()).subarray(0, 4096));
  const broken = await srv.admin.uploadOk(event.id, cut);
  expect((await waitForProcessing(srv.admin, event.id, broken.id)).processing_state).toBe('failed');
  const next = await srv.admin.uploadOk(event.id, HEIC);
  expect((await waitForProcessing(srv.admin, event.id, next.id)).processing_state).toBe('ready');
});
