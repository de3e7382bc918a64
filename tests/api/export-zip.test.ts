import { afterAll, beforeAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from '../helpers/api-client.ts';
import { FIXTURES, startServer, type TestServer } from '../helpers/server.ts';
import { paddedVideo } from '../helpers/padded-video.ts';

// The streaming ZIP export: a top folder per event, a folder per album, originals stored unchanged.

let server: TestServer;
let admin: ApiClient;
let work: string;
beforeAll(async () => {
  server = await startServer();
  admin = new ApiClient(server.url);
  await admin.login(server.adminPassword);
  work = mkdtempSync(join(tmpdir(), 'momentbox-zip-'));
});
afterAll(async () => {
  await server.stop();
  rmSync(work, { recursive: true, force: true });
});

const cameras = (name: string) => join(FIXTURES, 'photos', 'cameras', name);

async function save(res: Response, name: string): Promise<string> {
  const path = join(work, name);
  writeFileSync(path, Buffer.from(await res.arrayBuffer()));
  return path;
}

test('an event with several albums unzips to <event>/<album>/<file>, byte for byte', async () => {
  // Byte for byte: without 'Standortdaten entfernen' (Canon_40D.jpg carries a GPS position).
  const event = await admin.createEvent({ name: 'Hochzeit: Anna/Ben', strip_location: 'false' });
  const tanz = await admin.createAlbum(event.id, { name: 'Tanz & Party' });
  const kirche = await admin.createAlbum(event.id, { name: 'Kirche?' });
  await admin.uploadOk(event.id, cameras('Canon_40D.jpg'), { albumId: String(tanz.id) });
  await admin.uploadOk(event.id, cameras('Nikon_D70.jpg'), { albumId: String(tanz.id) });
  await admin.uploadOk(event.id, cameras('Sony_HDR-HC3.jpg'), { albumId: String(kirche.id) });
  await admin.uploadOk(event.id, join(FIXTURES, 'videos', 'android-h264.mp4'), { albumId: String(kirche.id) });

  const res = await admin.fetch(`/api/event/${event.id}/export-zip`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/zip');
  expect(res.headers.get('content-disposition')).toContain('filename="Momentbox_Hochzeit_ Anna_Ben_export.zip"');
  const length = Number(res.headers.get('x-archive-size'));
  const zip = await save(res, 'event.zip');
  expect(Bun.file(zip).size).toBe(length);

  const test = Bun.spawnSync(['unzip', '-t', zip], { stdout: 'pipe' });
  expect(test.exitCode).toBe(0);
  expect(test.stdout.toString()).toContain('No errors detected');
  const all = Bun.spawnSync(['unzip', '-Z1', zip], { stdout: 'pipe' }).stdout.toString().trim().split('\n').sort();
  // the admin's whole-event export also carries the bundle an import restores the event from (tests/api/zip-import.test.ts)
  expect(all.filter((n) => n.startsWith('Hochzeit_ Anna_Ben/momentbox/events/')).length).toBeGreaterThan(2);
  const list = all.filter((n) => !n.includes('/momentbox/'));
  expect(list).toEqual([
    'Hochzeit_ Anna_Ben/Kirche_/Sony_HDR-HC3.jpg',
    'Hochzeit_ Anna_Ben/Kirche_/android-h264.mp4',
    'Hochzeit_ Anna_Ben/Tanz & Party/Canon_40D.jpg',
    'Hochzeit_ Anna_Ben/Tanz & Party/Nikon_D70.jpg',
  ]);
  // Stored, not recompressed: the extracted file is the original.
  const out = join(work, 'x');
  Bun.spawnSync(['unzip', '-q', '-o', zip, '-d', out]);
  const original = await Bun.file(cameras('Canon_40D.jpg')).arrayBuffer();
  const extracted = await Bun.file(join(out, 'Hochzeit_ Anna_Ben', 'Tanz & Party', 'Canon_40D.jpg')).arrayBuffer();
  expect(Buffer.from(extracted).equals(Buffer.from(original))).toBe(true);
  const verbose = Bun.spawnSync(['unzip', '-v', zip], { stdout: 'pipe' }).stdout.toString();
  expect(verbose).toContain('Stored');
  expect(verbose).not.toContain('Defl');
});

test('the host downloads the same export with the client token; guests cannot', async () => {
  const event = await admin.createEvent({ name: 'Host Export' });
  await admin.uploadOk(event.id, cameras('Pentax_K10D.jpg'));
  await admin.uploadOk(event.id, cameras('Panasonic_DMC-FZ30.jpg'));
  const { client_token } = await admin.json<{ client_token: string }>(`/api/client/generate-token/${event.id}`, { method: 'POST' });
  const host = new ApiClient(server.url);
  const res = await host.fetch(`/api/client/event-export-zip/${client_token}`);
  expect(res.status).toBe(200);
  const zip = await save(res, 'host.zip');
  expect(Bun.spawnSync(['unzip', '-t', zip]).exitCode).toBe(0);
  expect((await host.fetch(`/api/client/event-export-zip/${client_token}x`)).status).toBe(404);
  const guest = new ApiClient(server.url);
  await guest.joinAsGuest(event.code);
  expect((await guest.fetch(`/api/event/${event.id}/export-zip`)).status).toBe(401);
});

test('an event without uploads answers with the spec message instead of an empty archive', async () => {
  const event = await admin.createEvent({ name: 'Empty' });
  const res = await admin.fetch(`/api/event/${event.id}/export-zip`);
  expect(res.status).toBe(404);
  expect(await res.json()).toMatchObject({ error: 'Keine Uploads zum Exportieren vorhanden' });
});

test('two files with the same name in one album both arrive', async () => {
  const event = await admin.createEvent({ name: 'Same Names' });
  const a = await admin.createAlbum(event.id, { name: 'A' });
  const bytes = await Bun.file(cameras('Canon_40D.jpg')).arrayBuffer();
  for (const extra of [1, 2]) {
    const form = new FormData();
    form.append('file', new File([bytes, new Uint8Array([extra])], 'IMG_0001.jpg'));
    form.append('albumId', String(a.id));
    expect((await admin.fetch(`/api/event/${event.id}/upload`, { method: 'POST', body: form })).status).toBe(201);
  }
  const zip = await save(await admin.fetch(`/api/event/${event.id}/export-zip`), 'same.zip');
  const list = Bun.spawnSync(['unzip', '-Z1', zip], { stdout: 'pipe' }).stdout.toString().trim().split('\n').sort();
  expect(list.filter((n) => !n.includes('/momentbox/'))).toEqual(['Same Names/A/IMG_0001 (2).jpg', 'Same Names/A/IMG_0001.jpg']);
});

test('an admin export ticket lets a plain link download the ZIP for a minute, for that event only', async () => {
  const event = await admin.createEvent({ name: 'Ticket' });
  const other = await admin.createEvent({ name: 'Other' });
  await admin.uploadOk(event.id, cameras('Canon_40D.jpg'));
  const { url, expires_at } = await admin.json<{ url: string; expires_at: string }>(`/api/event/${event.id}/export-ticket`, {
    method: 'POST',
  });
  expect(Date.parse(expires_at) - Date.now()).toBeGreaterThan(30_000);
  const anonymous = new ApiClient(server.url);
  const res = await anonymous.fetch(url);
  expect(res.status).toBe(200);
  expect(Bun.spawnSync(['unzip', '-t', await save(res, 'ticket.zip')]).exitCode).toBe(0);
  const ticket = new URL(url, server.url).searchParams.get('ticket');
  expect((await anonymous.fetch(`/api/event/${other.id}/export-zip?ticket=${ticket}`)).status).toBe(401);
  expect((await anonymous.fetch(`/api/event/${event.id}/export-zip?ticket=forged`)).status).toBe(401);
  expect((await anonymous.fetch(`/api/event/${event.id}/export-ticket`, { method: 'POST' })).status).toBe(401);
});

test('a client that reads slowly (the server must wait for it) gets every byte of large videos unchanged', async () => {
  const event = await admin.createEvent({ name: 'Slow Reader', strip_location: 'false' });
  // ~24 MB: far more than the sockets buffer, so the export waits for the reader again and again.
  const videos = await Promise.all(Array.from({ length: 4 }, () => paddedVideo(6 << 20)));
  for (const [i, video] of videos.entries()) {
    const form = new FormData();
    form.append('file', new File([video], `clip-${i}.mp4`));
    expect((await admin.fetch(`/api/event/${event.id}/upload`, { method: 'POST', body: form })).status).toBe(201);
  }
  const zip = join(work, 'slow.zip');
  const curl = Bun.spawn([
    'curl',
    '-sS',
    '--limit-rate',
    '8M',
    '-H',
    `authorization: Bearer ${admin.adminToken}`,
    '-o',
    zip,
    `${server.url}/api/event/${event.id}/export-zip`,
  ]);
  expect(await curl.exited).toBe(0);
  expect(Bun.spawnSync(['unzip', '-t', zip]).exitCode).toBe(0);
  const out = join(work, 'slow');
  Bun.spawnSync(['unzip', '-q', '-o', zip, '-d', out]);
  for (const [i, video] of videos.entries()) {
    const extracted = await Bun.file(join(out, 'Slow Reader', 'Unsortiert', `clip-${i}.mp4`)).arrayBuffer();
    expect(Buffer.from(extracted).equals(Buffer.from(video))).toBe(true);
  }
});
