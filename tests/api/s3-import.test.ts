import { afterAll, beforeAll, expect, test } from 'bun:test';
import { S3Client } from 'bun';
import type { BundleEvent, UploadDto } from '../../src/http/api-types.ts';
import { book, mediaFiles, tmpFiles, twoBoxes, uploadsAsSeen } from './event-compare.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { S3_BUCKET, S3_KEY, startS3, type TestS3 } from '../helpers/s3rver.ts';
import { importEvent, pushEvent, s3Settings } from './s3-moves.ts';
import type { TestServer } from '../helpers/server.ts';
import { expectError, expectOk, PHOTOS } from './support.ts';

// 'Event importieren' (issue 29): an event pushed from one box comes back on a fresh one (a second server with an
// empty data dir), from a real S3-compatible store (s3rver): the same uploads, byte for byte, with albums,
// nicknames and hearts; a code this box has asks for another; a broken or partial bundle is refused and leaves nothing.

let s3: TestS3;
let boxA: TestServer;
let boxB: TestServer;
let adminA: ApiClient;
let adminB: ApiClient;
let eventId: number;
let code: string;

const settings = (prefix: string) => s3Settings(s3, prefix, 'geheim-import');
const client = () => new S3Client({ endpoint: s3.endpoint, bucket: S3_BUCKET, region: 'us-east-1', ...S3_KEY });

const pushTo = async (prefix: string) => expect((await pushEvent(adminA, settings(prefix), eventId)).state).toBe('done');
const importOn = (prefix: string, body: Record<string, string>) => importEvent(adminB, settings(prefix), body);

beforeAll(async () => {
  s3 = await startS3();
  ({ boxA, boxB, adminA, adminB } = await twoBoxes());
  const event = await adminA.createEvent({ name: 'Hochzeit Anna & Ben' });
  eventId = event.id;
  code = event.code;
  const party = await adminA.createAlbum(eventId, { name: 'Party' });
  await adminA.uploadOk(eventId, PHOTOS[0]!);
  await adminA.uploadOk(eventId, PHOTOS[1]!, { albumId: String(party.id) });
  // A guest with a nickname uploads, and hearts the admin's photo.
  const guest = new ApiClient(boxA.url);
  await guest.joinAsGuest(code, 'Tante Erna');
  const own = await guest.uploadOk(eventId, PHOTOS[2]!, { albumId: String(party.id), autoApprove: 'true' });
  await expectOk(await guest.fetch(`/api/event/${eventId}/upload/${own.id}/heart`, { method: 'PUT' }));
  await expectOk(
    await guest.fetch(`/api/event/${eventId}/guestbook`, { method: 'POST', json: { text: 'Alles Gute euch beiden!', name: 'Erna' } }),
  );
  const deadline = Date.now() + 90_000;
  while ((await adminA.json<UploadDto[]>(`/api/event/${eventId}/uploads`)).some((u) => u.processing_state !== 'ready')) {
    if (Date.now() > deadline) throw new Error('photos not processed');
    await Bun.sleep(200);
  }
  await pushTo('good');
}, 180_000);
afterAll(async () => {
  await Promise.all([boxA?.stop(), boxB?.stop()]);
  await s3?.stop();
});

test('a broken bundle (one file changed in the bucket) and a partial one (an original gone) are refused and leave nothing', async () => {
  await pushTo('bad');
  const derived = (await client().list({ prefix: `bad/events/${code}/derived/` })).contents!;
  await client().write(derived[0]!.key, 'not the thumbnail');
  await adminB.json('/api/admin/s3', { method: 'PUT', json: settings('bad') });
  const changed = await importOn('bad', { code });
  expect(changed.state).toBe('failed');
  expect(changed.error).toContain('BUNDLE_BROKEN');
  expect(changed.error).toContain('differs from the manifest');

  await pushTo('partial');
  const original = (await client().list({ prefix: 'partial/originals/' })).contents![0]!.key;
  await client().delete(original);
  const partial = await importOn('partial', { code });
  expect(partial.state).toBe('failed');
  expect(partial.error).toContain('BUNDLE_BROKEN');

  // No manifest at all: refused before anything starts.
  await expectError(await adminB.fetch('/api/admin/s3/import', { method: 'POST', json: { code: 'no-such-event' } }), 422, 'BUNDLE_BROKEN');
  expect(await adminB.json('/api/event/events')).toEqual([]);
  expect(mediaFiles(boxB.dataDir)).toEqual([]);
  expect(tmpFiles(boxB.dataDir)).toEqual([]);
});

test('a fresh box imports the event from the bucket: the same uploads, byte for byte, with albums, nicknames, hearts and guestbook', async () => {
  await adminB.json('/api/admin/s3', { method: 'PUT', json: settings('good') });
  const found = await adminB.json<BundleEvent[]>('/api/admin/s3/events');
  expect(found).toEqual([{ code, name: 'Hochzeit Anna & Ben', uploads: 3, exists: false }]);
  const run = await importOn('good', { code });
  expect(run.state).toBe('done');
  expect(run.files_done).toBe(run.files_total);
  const imported = (await adminB.json<{ id: number; code: string; name: string }[]>('/api/event/events')).find((e) => e.code === code)!;
  expect(imported.id).toBe(run.event_id!);
  const before = await uploadsAsSeen(adminA, boxA.url, eventId);
  const after = await uploadsAsSeen(adminB, boxB.url, imported.id);
  expect(after).toEqual(before);
  expect(after.map((u) => u.thumb)).toEqual([200, 200, 200]);
  expect(after.some((u) => u.nickname === 'Tante Erna' && u.hearts === 1)).toBe(true);
  const bookA = await book(adminA, eventId);
  expect(bookA.map((e) => e.text)).toEqual(['Alles Gute euch beiden!']);
  expect(await book(adminB, imported.id)).toEqual(bookA);
});

test('a code this box has already asks for a new one; with it the event comes in a second time', async () => {
  const taken = await expectError(
    await adminB.fetch('/api/admin/s3/import', { method: 'POST', json: { code } }),
    409,
    'CODE_ALREADY_EXISTS',
  );
  expect(taken.code).toBe('CODE_ALREADY_EXISTS');
  expect((await adminB.json<BundleEvent[]>('/api/admin/s3/events'))[0]!.exists).toBe(true);
  const run = await importOn('good', { code, new_code: `${code}-kopie` });
  expect(run.state).toBe('done');
  expect(run.new_code).toBe(`${code}-kopie`);
  const copy = await uploadsAsSeen(adminB, boxB.url, run.event_id!);
  expect(copy).toEqual(await uploadsAsSeen(adminA, boxA.url, eventId));
});
