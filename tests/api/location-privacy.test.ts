import { afterAll, beforeAll, expect, test } from 'bun:test';
import exifr from 'exifr';
import sharp from 'sharp';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CheckExactAnswer, EventDto, UploadDto } from '../../src/http/api-types.ts';
import { ffmpegPath, ffprobePath } from '../../src/media/test-helpers.ts';
import { readZipStrict } from '../../src/media/zip-check.ts';
import { FIXTURES } from '../helpers/server.ts';
import { type ApiClient, useAppServer, waitForProcessing } from './support.ts';

// 'Standortdaten entfernen' (on by default): a second guest, the download of a whole album and the ZIP
// export get originals without the GPS position, the image data untouched; the uploader gets their own
// file as sent and their phone's SHA-256 duplicate check still finds it; the host can turn it off.

const PHOTO = join(FIXTURES, 'photos', 'gps', 'DSCN0010.jpg'); // Nikon, GPS 43.4674 N 11.8851 E
const srv = useAppServer();
let work: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'momentbox-location-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function bytes(client: ApiClient, path: string): Promise<Buffer> {
  const res = await client.fetch(path);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}
const pixels = (b: Buffer | string) => sharp(b).raw().toBuffer();
const sha256 = (b: Uint8Array) => new Bun.CryptoHasher('sha256').update(b).digest('hex');

function zipEntries(zip: Buffer): Map<string, Buffer> {
  const path = join(work, `export-${crypto.randomUUID()}.zip`);
  const out = join(work, `x-${crypto.randomUUID()}`);
  writeFileSync(path, zip);
  expect(Bun.spawnSync(['unzip', '-q', path, '-d', out]).exitCode).toBe(0);
  const files = Bun.spawnSync(['find', out, '-type', 'f'], { stdout: 'pipe' }).stdout.toString().trim().split('\n');
  return new Map(files.map((f) => [f.split('/').pop()!, readFileSync(f)]));
}

test('a second guest downloads the photo without its position; the uploader keeps theirs and their SHA-256 check works', async () => {
  const event = await srv.admin.createEvent({ allow_download: 'true' });
  expect((await srv.admin.json<EventDto>(`/api/event/${event.code}`)).strip_location).toBe(true);
  const anna = srv.client();
  await anna.joinAsGuest(event.code, 'Anna');
  const ben = srv.client();
  await ben.joinAsGuest(event.code, 'Ben');
  const original = Buffer.from(await Bun.file(PHOTO).arrayBuffer());
  expect((await exifr.gps(original))?.latitude).toBeCloseTo(43.4674, 3);

  const up = await anna.uploadOk(event.id, PHOTO, { autoApprove: 'true' });
  const seen = (await ben.json<UploadDto[]>(`/api/event/${event.id}/uploads`)).find((u) => u.id === up.id)!;

  // Ben: no position, same size, the same pixels, the other EXIF (camera, date) still there.
  const forBen = await bytes(ben, seen.download_path);
  expect(await exifr.gps(forBen)).toBeUndefined();
  expect(forBen.length).toBe(original.length);
  expect((await pixels(forBen)).equals(await pixels(original))).toBe(true);
  expect(await exifr.parse(forBen, ['Make', 'DateTimeOriginal'])).toMatchObject({ Make: 'NIKON' });
  // A range (a browser resuming, a player seeking) is cut from the same location-free bytes.
  const part = await ben.fetch(seen.file_path, { headers: { range: 'bytes=0-4095' } });
  expect(part.status).toBe(206);
  expect(Buffer.from(await part.arrayBuffer()).equals(forBen.subarray(0, 4096))).toBe(true);

  // Anna gets her own file exactly, and the SHA-256 her phone computes of it is found as a duplicate.
  expect((await bytes(anna, up.upload.download_path)).equals(original)).toBe(true);
  const check = await anna.json<CheckExactAnswer>(`/api/media/check-exact?eventId=${event.id}&sha256=${sha256(original)}`);
  expect(check).toMatchObject({ exists: true, duplicate: { id: up.id } });
  expect((await anna.upload(event.id, PHOTO)).status).toBe(409);

  // Derivatives never carried one.
  expect(await exifr.gps(await bytes(ben, seen.preview_path!)).catch(() => undefined)).toBeUndefined();
});

test("a guest's bulk ZIP: another guest's photo comes without its position, the guest's own with it", async () => {
  const event = await srv.admin.createEvent({ allow_download: 'true' });
  const anna = srv.client();
  await anna.joinAsGuest(event.code, 'Anna');
  const ben = srv.client();
  await ben.joinAsGuest(event.code, 'Ben');
  const original = Buffer.from(await Bun.file(PHOTO).arrayBuffer());
  const up = await anna.uploadOk(event.id, PHOTO, { autoApprove: 'true' });

  const photoIn = async (client: ApiClient) => {
    const zip = await bytes(client, `/api/event/${event.id}/download-zip?ids=${up.id}`);
    const entries = await readZipStrict(zip); // every header and descriptor checked, as a phone's unzipper reads it
    expect(entries.map((e) => e.name.split('/').pop())).toEqual(['DSCN0010.jpg']);
    return Buffer.from(entries[0]!.data);
  };
  const forBen = await photoIn(ben);
  expect(await exifr.gps(forBen)).toBeUndefined();
  expect(forBen.length).toBe(original.length);
  expect((await pixels(forBen)).equals(await pixels(original))).toBe(true);
  expect((await photoIn(anna)).equals(original)).toBe(true);
});

test('the ZIP export has no positions by default and keeps them when the host turns the setting off', async () => {
  const event = await srv.admin.createEvent();
  const anna = srv.client();
  await anna.joinAsGuest(event.code);
  await anna.uploadOk(event.id, PHOTO, { autoApprove: 'true' });
  const original = Buffer.from(await Bun.file(PHOTO).arrayBuffer());

  const stripped = zipEntries(await bytes(srv.admin, `/api/event/${event.id}/export-zip`)).get('DSCN0010.jpg')!;
  expect(await exifr.gps(stripped)).toBeUndefined();
  expect((await pixels(stripped)).equals(await pixels(original))).toBe(true);

  const { client_token: token } = await srv.admin.json<{ client_token: string }>(`/api/client/generate-token/${event.id}`, {
    method: 'POST',
  });
  const off = await srv.client().fetch(`/api/client/event/${token}`, { method: 'PUT', json: { strip_location: false } });
  expect(off.status).toBe(200);
  expect(((await off.json()) as EventDto).strip_location).toBe(false);
  const kept = zipEntries(await bytes(srv.admin, `/api/event/${event.id}/export-zip`)).get('DSCN0010.jpg')!;
  expect(kept.equals(original)).toBe(true);
});

test('a video with a location: others get it without the location boxes, every packet of picture and sound untouched', async () => {
  const event = await srv.admin.createEvent({ allow_download: 'true' });
  const withLocation = join(work, 'IMG_0100.MOV');
  // What an iPhone writes: QuickTime metadata keys (mdta) with com.apple.quicktime.location.ISO6709, and a udta ©xyz.
  const make = Bun.spawnSync([
    ffmpegPath,
    '-nostdin',
    '-v',
    'error',
    '-y',
    '-i',
    join(FIXTURES, 'videos', 'iphone-hevc-rotated.mov'),
    '-map',
    '0',
    '-c',
    'copy',
    '-movflags',
    'use_metadata_tags',
    '-metadata',
    'com.apple.quicktime.location.ISO6709=+48.8584+002.2945+035.000/',
    '-f',
    'mov',
    withLocation,
  ]);
  expect(make.exitCode).toBe(0);
  const tags = (file: string) =>
    Bun.spawnSync([ffprobePath, '-v', 'error', '-show_entries', 'format_tags', '-of', 'json', file], { stdout: 'pipe' }).stdout.toString();
  expect(tags(withLocation)).toContain('+48.8584+002.2945');

  const anna = srv.client();
  await anna.joinAsGuest(event.code);
  const up = await anna.uploadOk(event.id, withLocation, { autoApprove: 'true' });
  await waitForProcessing(anna, event.id, up.id);
  const ben = srv.client();
  await ben.joinAsGuest(event.code);
  const forBen = join(work, 'for-ben.mov');
  writeFileSync(forBen, await bytes(ben, up.upload.download_path));
  expect(tags(forBen)).not.toContain('48.8584');
  expect(tags(forBen)).toContain('com.apple.quicktime.creationdate'); // the rest of the metadata stays
  // The coded video and sound are the same packets: the file was not re-encoded.
  const packets = (file: string) =>
    Bun.spawnSync([ffmpegPath, '-v', 'error', '-i', file, '-map', '0', '-c', 'copy', '-f', 'framemd5', '-'], {
      stdout: 'pipe',
    }).stdout.toString();
  expect(packets(forBen)).toBe(packets(withLocation));
});

test('a video with its position in udta ©xyz (as Android phones write it): others get it without, picture and sound untouched', async () => {
  const event = await srv.admin.createEvent({ allow_download: 'true' });
  const withLocation = join(work, 'VID_20260620_211500.mov');
  // The position as an ISO 6709 string in moov/udta/©xyz (this ffmpeg writes ©xyz in its QuickTime muxer only).
  const make = Bun.spawnSync([
    ffmpegPath,
    '-nostdin',
    '-v',
    'error',
    '-y',
    '-i',
    join(FIXTURES, 'videos', 'android-h264.mp4'),
    '-map',
    '0',
    '-c',
    'copy',
    '-metadata',
    'location=+52.5163+013.3777/',
    '-f',
    'mov',
    withLocation,
  ]);
  expect(make.exitCode).toBe(0);
  const raw = (file: string) => readFileSync(file).toString('latin1');
  expect(raw(withLocation)).toContain('\u00a9xyz');
  expect(raw(withLocation)).toContain('+52.5163+013.3777');

  const anna = srv.client();
  await anna.joinAsGuest(event.code);
  const up = await anna.uploadOk(event.id, withLocation, { autoApprove: 'true' });
  const ben = srv.client();
  await ben.joinAsGuest(event.code);
  const forBen = join(work, 'android-for-ben.mp4');
  writeFileSync(forBen, await bytes(ben, up.upload.download_path));
  expect(raw(forBen)).not.toContain('52.5163');
  expect(readFileSync(forBen).length).toBe(readFileSync(withLocation).length);
  const packets = (file: string) =>
    Bun.spawnSync([ffmpegPath, '-v', 'error', '-i', file, '-map', '0', '-c', 'copy', '-f', 'framemd5', '-'], {
      stdout: 'pipe',
    }).stdout.toString();
  expect(packets(forBen)).toBe(packets(withLocation));
});
