import { afterAll, beforeAll, expect, test } from 'bun:test';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { S3Client } from 'bun';
import type { GuestbookEntryDto, UploadDto } from '../../src/http/api-types.ts';
import { readZipDirectory } from '../../src/storage/zip-read.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { S3_BUCKET, S3_KEY, startS3, type TestS3 } from '../helpers/s3rver.ts';
import { importEvent, pushEvent, s3Settings } from './s3-moves.ts';
import { FIXTURES, ROOT, type TestServer } from '../helpers/server.ts';
import { attachmentsAsSeen, mediaFiles, tmpFiles, twoBoxes } from './event-compare.ts';
import { expectOk, form, PHOTOS } from './support.ts';

// Guestbook attachments travel with their event (issues 27 and 29): a selfie, a video message and a voice message are
// pushed to a real S3-compatible server (s3rver), listed in the manifest with their SHA-256 and size, and come back
// with their entries on a fresh box and on the same box under a new code (new attachment keys), from the bucket and
// from the admin's export ZIP: each file answers the same SHA-256 through the API and the entry plays. A bundle whose
// attachment is missing or altered is refused and leaves nothing; an entry pushed while it was still being made
// playable is made playable where it is imported.

let s3: TestS3;
let boxA: TestServer;
let boxB: TestServer;
let adminA: ApiClient;
let adminB: ApiClient;
let eventId: number;
let code: string;
let work: string;
const BUN = join(ROOT, 'node_modules', '.bin', 'bun');

const settings = (prefix: string) => s3Settings(s3, prefix, 'geheim-gaestebuch');
const client = () => new S3Client({ endpoint: s3.endpoint, bucket: S3_BUCKET, region: 'us-east-1', ...S3_KEY });
const sha256 = (bytes: Uint8Array | ArrayBuffer) => new Bun.CryptoHasher('sha256').update(bytes).digest('hex');
const pushTo = (prefix: string) => pushEvent(adminA, settings(prefix), eventId);
const importOn = (admin: ApiClient, prefix: string, body: Record<string, string>) => importEvent(admin, settings(prefix), body);

/** `momentbox import ...` on box B's data folder (its server runs, as when the dashboard starts it). */
function importCli(...args: string[]) {
  const run = Bun.spawnSync([BUN, join(ROOT, 'src', 'main.ts'), 'import', ...args, '--data-dir', boxB.dataDir], {
    stdout: 'pipe',
    stderr: 'pipe',
  });
  return { code: run.exitCode, out: run.stdout.toString() + run.stderr.toString() };
}

/** Polls (bounded: 90 s) until no attachment of the event is being processed; its entries then. */
async function whenPlayable(admin: ApiClient, id: number): Promise<GuestbookEntryDto[]> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const entries = await admin.json<GuestbookEntryDto[]>(`/api/event/${id}/guestbook`);
    if (entries.every((e) => e.attachment?.state !== 'processing')) return entries;
    if (Date.now() > deadline) throw new Error(`attachments of event ${id} still processing`);
    await Bun.sleep(250);
  }
}

/** What box B holds: its events, media files and tmp/ (a refused import must change none of them). */
const stateOfB = async () => ({
  events: await adminB.json('/api/event/events'),
  media: mediaFiles(boxB.dataDir),
  tmp: tmpFiles(boxB.dataDir),
});

const attachmentKeysOf = async (admin: ApiClient, id: number) =>
  (await admin.json<GuestbookEntryDto[]>(`/api/event/${id}/guestbook`)).map((e) => e.attachment!.original_url.split('/')[3]!);

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'momentbox-gb-bundle-'));
  s3 = await startS3();
  ({ boxA, boxB, adminA, adminB } = await twoBoxes());
  const event = await adminA.createEvent({ name: 'Hochzeit Greta & Hans' });
  eventId = event.id;
  code = event.code;
  const guest = new ApiClient(boxA.url);
  await guest.joinAsGuest(code, 'Tante Erna');
  for (const [file, text] of [
    [join('photos', 'cameras', 'Canon_40D.jpg'), 'Ein Selfie für euch'],
    [join('videos', 'android-h264.mp4'), 'Unsere Videobotschaft'],
    [join('voice', 'android-recorder.amr'), ''],
  ] as const) {
    const body = form({ text, file: new File([Bun.file(join(FIXTURES, file))], file.split('/').pop()!) });
    await expectOk(await guest.fetch(`/api/event/${eventId}/guestbook/attachment`, { method: 'POST', body }), 201);
  }
  await whenPlayable(adminA, eventId);
  // and a photo: an event's export holds its uploads
  await adminA.uploadOk(eventId, PHOTOS[0]!);
  const deadline = Date.now() + 90_000;
  while ((await adminA.json<UploadDto[]>(`/api/event/${eventId}/uploads`)).some((u) => u.processing_state !== 'ready')) {
    if (Date.now() > deadline) throw new Error('photo not processed');
    await Bun.sleep(200);
  }
  expect((await pushTo('gb')).state).toBe('done');
}, 180_000);
afterAll(async () => {
  await Promise.all([boxA?.stop(), boxB?.stop()]);
  await s3?.stop();
  rmSync(work, { recursive: true, force: true });
});

test("the push sends each attachment's files, listed in the manifest with SHA-256 and size; a second push sends nothing", async () => {
  const seen = await attachmentsAsSeen(adminA, eventId);
  expect(seen.map((e) => [e.attachment!.kind, e.attachment!.state, e.attachment!.playable])).toEqual([
    ['audio', 'ready', 'voice.m4a'],
    ['video', 'ready', 'original.mp4'],
    ['photo', 'ready', 'preview.jpg'],
  ]);
  const manifest = JSON.parse(await client().file(`gb/events/${code}/manifest.json`).text()) as {
    objects: { key: string; sha256: string; size: number }[];
  };
  const attachments = manifest.objects.filter((o) => o.key.startsWith(`events/${code}/guestbook/`));
  const keys = await attachmentKeysOf(adminA, eventId);
  // every file of every attachment's folder on box A, and exactly those
  const onDisk = keys.flatMap((key) =>
    mediaFiles(boxA.dataDir)
      .map(String)
      .filter((f) => f.startsWith(join(String(eventId), 'guestbook', key, '/')))
      .map((f) => `events/${code}/guestbook/${key}/${f.split('/').pop()}`),
  );
  expect(attachments.map((o) => o.key).sort()).toEqual(onDisk.sort());
  const [voiceKey, videoKey, selfieKey] = keys;
  const at = (key: string | undefined, file: string) => `events/${code}/guestbook/${key}/${file}`;
  expect(onDisk).toEqual(
    expect.arrayContaining([
      ...['original.jpg', 'thumb.jpg', 'preview.jpg'].map((f) => at(selfieKey, f)),
      ...['original.mp4', 'thumb.jpg'].map((f) => at(videoKey, f)),
      ...['original.amr', 'voice.m4a'].map((f) => at(voiceKey, f)),
    ]),
  );
  for (const o of attachments) {
    const bytes = await client().file(`gb/${o.key}`).bytes();
    expect([sha256(bytes), bytes.length]).toEqual([o.sha256, o.size]);
  }
  const again = await pushTo('gb');
  expect([again.state, again.files_sent, again.bytes_sent]).toEqual(['done', 0, 0]);
});

test('a bundle whose attachment is altered, or missing, is refused and leaves nothing on the box', async () => {
  const before = await stateOfB();
  const [voiceKey, videoKey] = await attachmentKeysOf(adminA, eventId);
  expect((await pushTo('gb-altered')).state).toBe('done');
  await client().write(`gb-altered/events/${code}/guestbook/${voiceKey}/voice.m4a`, 'keine Sprachnachricht');
  const altered = await importOn(adminB, 'gb-altered', { code });
  expect(altered.state).toBe('failed');
  expect(altered.error).toContain(`events/${code}/guestbook/${voiceKey}/voice.m4a differs from the manifest`);
  expect(await stateOfB()).toEqual(before);

  expect((await pushTo('gb-missing')).state).toBe('done');
  await client().delete(`gb-missing/events/${code}/guestbook/${videoKey}/original.mp4`);
  const missing = await importOn(adminB, 'gb-missing', { code });
  expect(missing.state).toBe('failed');
  expect(missing.error).toContain('BUNDLE_BROKEN');
  expect(missing.error).toContain(`guestbook/${videoKey}/original.mp4 cannot be read`);
  expect(await stateOfB()).toEqual(before);
}, 120_000);

test('a fresh box imports the entries with their attachments: the same bytes through the API, and they play', async () => {
  const run = await importOn(adminB, 'gb', { code });
  expect(run.error).toBeNull();
  const before = await attachmentsAsSeen(adminA, eventId);
  const after = await attachmentsAsSeen(adminB, run.event_id!);
  expect(after).toEqual(before);
  expect(after.every((e) => e.attachment!.state === 'ready' && /^[0-9a-f]{64}$/.test(e.attachment!.url!))).toBe(true);
});

test('the same box imports the event a second time under a new code: new attachment keys, both copies play', async () => {
  const originalKeys = await attachmentKeysOf(adminA, eventId);
  const run = await importOn(adminA, 'gb', { code, new_code: `${code}-kopie` });
  expect(run.error).toBeNull();
  expect(run.new_code).toBe(`${code}-kopie`);
  const original = await attachmentsAsSeen(adminA, eventId);
  expect(await attachmentsAsSeen(adminA, run.event_id!)).toEqual(original);
  const keys = await attachmentKeysOf(adminA, run.event_id!);
  expect(keys).toHaveLength(3);
  expect(keys.some((k) => originalKeys.includes(k))).toBe(false);
  // The copy's entry goes without taking the original's files with it.
  const copyEntry = (await adminA.json<GuestbookEntryDto[]>(`/api/event/${run.event_id}/guestbook`))[0]!;
  await expectOk(await adminA.fetch(`/api/event/${run.event_id}/guestbook/${copyEntry.id}`, { method: 'DELETE' }));
  expect(await attachmentsAsSeen(adminA, eventId)).toEqual(original);
});

test("the admin's export ZIP carries the attachments: imported under a new code they answer the same bytes; altered, refused", async () => {
  const res = await adminA.fetch(`/api/event/${eventId}/export-zip`);
  expect(res.status).toBe(200);
  const zip = join(work, 'export.zip');
  await Bun.write(zip, res);
  expect(Bun.file(zip).size).toBe(Number(res.headers.get('x-archive-size')));

  // Each attachment's original is listed where the keepsake has it (Gästebuch/Originale/), not held a second time.
  const names = [...(await readZipDirectory(zip)).keys()];
  const manifest = JSON.parse(
    await Bun.file(zip)
      .slice(...(({ start, size }) => [start, start + size])((await readZipDirectory(zip)).get(names.at(-1)!)!))
      .text(),
  ) as { objects: { key: string; path?: string }[] };
  const originals = manifest.objects.filter((o) => /\/guestbook\/[0-9a-f]+\/original\./.test(o.key));
  expect(originals).toHaveLength(3);
  for (const o of originals) {
    expect(o.path).toStartWith('Gästebuch/Originale/');
    expect(names).toContain(`Hochzeit Greta & Hans/${o.path}`);
  }
  expect(names.filter((n) => /\/momentbox\/.*\/guestbook\/.*\/original\./.test(n))).toEqual([]);

  const altered = join(work, 'altered.zip');
  await Bun.write(altered, Bun.file(zip));
  const voice = [...(await readZipDirectory(altered)).values()].find((e) => e.name.endsWith('/voice.m4a'))!;
  const fd = openSync(altered, 'r+');
  writeSync(fd, new Uint8Array([0x42, 0x42, 0x42, 0x42]), 0, 4, voice.start + Math.floor(voice.size / 2));
  closeSync(fd);
  const before = await stateOfB();
  const refused = importCli('--zip', altered, '--as', 'greta-hans-zip');
  expect(refused.code).toBe(1);
  expect(refused.out).toContain('voice.m4a differs from the manifest');
  expect(await stateOfB()).toEqual(before);

  const run = importCli('--zip', zip, '--as', 'greta-hans-zip');
  expect(run.out).toContain("Imported as 'greta-hans-zip'.");
  const imported = (await adminB.json<{ id: number; code: string }[]>('/api/event/events')).find((e) => e.code === 'greta-hans-zip')!;
  expect(await attachmentsAsSeen(adminB, imported.id)).toEqual(await attachmentsAsSeen(adminA, eventId));
  expect(tmpFiles(boxB.dataDir)).toEqual([]);
}, 60_000);

test('an entry pushed while its video was still being made playable is queued again where it is imported, and plays', async () => {
  // The bucket's prefix copied to a folder, the video entry set back to how a push during its processing leaves it:
  // 'processing', with its original only (attachmentFiles).
  const dir = join(work, 'processing');
  for (const o of (await client().list({ prefix: 'gb/', maxKeys: 1000 })).contents!) {
    mkdirSync(dirname(join(dir, o.key.slice(3))), { recursive: true });
    await Bun.write(join(dir, o.key.slice(3)), await client().file(o.key).bytes());
  }
  const videoKey = (await attachmentKeysOf(adminA, eventId))[1]!;
  const bundlePath = join(dir, 'events', code, 'event.json');
  const bundle = JSON.parse(await Bun.file(bundlePath).text()) as { guestbook: Record<string, unknown>[] };
  Object.assign(
    bundle.guestbook.find((g) => g.attachmentKey === videoKey)!,
    { attachmentState: 'processing', attachmentPlayable: null },
  );
  const text = new TextEncoder().encode(JSON.stringify(bundle));
  await Bun.write(bundlePath, text);
  rmSync(join(dir, 'events', code, 'guestbook', videoKey, 'thumb.jpg'));
  const manifestPath = join(dir, 'events', code, 'manifest.json');
  const manifest = JSON.parse(await Bun.file(manifestPath).text()) as { objects: { key: string; sha256: string; size: number }[] };
  manifest.objects = manifest.objects
    .filter((o) => o.key !== `events/${code}/guestbook/${videoKey}/thumb.jpg`)
    .map((o) => (o.key.endsWith('/event.json') ? { ...o, sha256: sha256(text), size: text.length } : o));
  await Bun.write(manifestPath, JSON.stringify(manifest));

  const run = importCli('--from', dir, '--event', code, '--as', 'greta-hans-spaet');
  expect(run.out).toContain("Imported as 'greta-hans-spaet'.");
  const imported = (await adminB.json<{ id: number; code: string }[]>('/api/event/events')).find((e) => e.code === 'greta-hans-spaet')!;
  await whenPlayable(adminB, imported.id);
  expect(await attachmentsAsSeen(adminB, imported.id)).toEqual(await attachmentsAsSeen(adminA, eventId));
}, 120_000);
