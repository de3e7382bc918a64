// Listing uploads and the duplicate checks (the upload bytes themselves are tested elsewhere).
import { Database } from 'bun:sqlite';
import { describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import type { CheckExactAnswer, CheckSimilarAnswer, UploadDto } from '../../src/http/api-types.ts';
import { defaultAlbumId, expectError, expectOk, PHOTOS, send, useAppServer } from './support.ts';

const srv = useAppServer();

const UPLOAD_FIELDS = [
  'album_id',
  'approved',
  'created_at',
  'download_path',
  'duration_seconds',
  'event_id',
  'file_path',
  'heart_count',
  'height',
  'id',
  'jpeg_download_path',
  'mime_type',
  'nickname',
  'original_name',
  'preview_path',
  'processing_state',
  'size_bytes',
  'taken_at',
  'thumbnail_path',
  'thumbnail_srcset',
  'type',
  'uploader_nickname',
  'user_id',
  'width',
];

const sha256 = async (path: string) => new Bun.CryptoHasher('sha256').update(await Bun.file(path).arrayBuffer()).digest('hex');

describe('GET /api/event/{eventId}/uploads', () => {
  test('newest first, with the spec fields, and ?albumId= filters', async () => {
    const event = await srv.admin.createEvent();
    const album = await srv.admin.createAlbum(event.id, { name: 'Zweites' });
    const guest = srv.client();
    const userId = await guest.joinAsGuest(event.code, 'Lena');
    const first = await guest.uploadOk(event.id, PHOTOS[0]!, { autoApprove: 'true', albumId: await defaultAlbumId(srv.admin, event.id) });
    const second = await guest.uploadOk(event.id, PHOTOS[1]!, { autoApprove: 'true', albumId: String(album.id) });
    const third = await guest.uploadOk(event.id, PHOTOS[2]!, { autoApprove: 'true' });

    const all = await expectOk<UploadDto[]>(await srv.client().fetch(`/api/event/${event.id}/uploads`));
    expect(all.map((u) => u.id)).toEqual([third.id, second.id, first.id]);
    for (const u of all) expect(Object.keys(u).sort()).toEqual(UPLOAD_FIELDS);
    // The user id is the guest's session: only the guest and the admin see it; others see the nickname.
    expect(all[0]).toMatchObject({
      event_id: event.id,
      type: 'photo',
      mime_type: 'image/jpeg',
      approved: true,
      user_id: null,
      uploader_nickname: 'Lena',
      nickname: 'Lena',
    });
    expect((await guest.json<UploadDto[]>(`/api/event/${event.id}/uploads`))[0]!.user_id).toBe(userId);
    expect((await srv.admin.json<UploadDto[]>(`/api/event/${event.id}/uploads`))[0]!.user_id).toBe(userId);

    const inAlbum = await expectOk<UploadDto[]>(await srv.client().fetch(`/api/event/${event.id}/uploads?albumId=${album.id}`));
    expect(inAlbum.map((u) => u.id)).toEqual([second.id]);
  });

  test('an event without uploads answers an empty list', async () => {
    const event = await srv.admin.createEvent();
    expect(await expectOk(await srv.client().fetch(`/api/event/${event.id}/uploads`))).toEqual([]);
  });
});

describe('GET /api/media/check-exact', () => {
  test('finds an exact duplicate in the same event only', async () => {
    const event = await srv.admin.createEvent();
    const other = await srv.admin.createEvent();
    const guest = srv.client();
    await guest.joinAsGuest(event.code);
    const up = await guest.uploadOk(event.id, PHOTOS[0]!);
    const hash = await sha256(PHOTOS[0]!);
    expect(await expectOk<CheckExactAnswer>(await guest.fetch(`/api/media/check-exact?sha256=${hash}&eventId=${event.id}`))).toEqual({
      exists: true,
      duplicate: { id: up.id },
    });
    // Upper-case hex is the same hash.
    expect(
      (await expectOk<CheckExactAnswer>(await guest.fetch(`/api/media/check-exact?sha256=${hash.toUpperCase()}&eventId=${event.id}`)))
        .exists,
    ).toBe(true);
    expect(await expectOk(await srv.admin.fetch(`/api/media/check-exact?sha256=${hash}&eventId=${other.id}`))).toEqual({
      exists: false,
      duplicate: null,
    });
    expect(await expectOk(await guest.fetch(`/api/media/check-exact?sha256=${await sha256(PHOTOS[1]!)}&eventId=${event.id}`))).toEqual({
      exists: false,
      duplicate: null,
    });
  });

  test('bad input: hash or eventId missing or malformed is 400; unknown event 404; visitor 403', async () => {
    const event = await srv.admin.createEvent();
    const hash = 'a'.repeat(64);
    for (const q of [
      `eventId=${event.id}`,
      `sha256=abc&eventId=${event.id}`,
      `sha256=${'g'.repeat(64)}&eventId=${event.id}`,
      `sha256=${hash}`,
      `sha256=${hash}&eventId=abc`,
    ]) {
      await expectError(await srv.admin.fetch(`/api/media/check-exact?${q}`), 400, 'VALIDATION_ERROR');
    }
    await expectError(await srv.admin.fetch(`/api/media/check-exact?sha256=${hash}&eventId=999999`), 404, 'NOT_FOUND');
    await expectError(await srv.client().fetch(`/api/media/check-exact?sha256=${hash}&eventId=${event.id}`), 403, 'CONSENT_REQUIRED');
  });
});

describe('POST /api/media/check-similar', () => {
  test("matches by Hamming distance within the threshold (the spec's 12 at most)", async () => {
    const event = await srv.admin.createEvent();
    const guest = srv.client();
    await guest.joinAsGuest(event.code);
    const up = await guest.uploadOk(event.id, PHOTOS[0]!);
    // The server's hash of the photo, and one 5 bits away from it.
    const db = new Database(join(srv.server.dataDir, 'momentbox.db'), { readonly: true });
    const stored = db.query<{ dhash: string }, [number]>('SELECT dhash FROM uploads WHERE id = ?').get(up.id)!.dhash;
    db.close();
    const phash = (BigInt('0x' + stored) ^ 0b11111n).toString(16).padStart(16, '0');
    const ask = (client: typeof guest, fields: object) =>
      send(client, 'POST', '/api/media/check-similar', { phash, phash_bucket: phash.slice(0, 4), eventId: event.id, ...fields });
    // The threshold is inclusive; without one it is the spec's 12.
    expect(await expectOk<CheckSimilarAnswer>(await ask(guest, { threshold: 4 }))).toEqual({ hasSimilar: false, matches: [] });
    const at = await expectOk<CheckSimilarAnswer>(await ask(guest, { threshold: 5, eventId: String(event.id) }));
    expect(at.matches).toEqual([{ id: up.id, distance: 5, own: true, thumbnail_path: up.upload.thumbnail_path }]);
    expect(await expectOk<CheckSimilarAnswer>(await ask(guest, {}))).toEqual(at);
    // Another guest learns it is not theirs, and gets no thumbnail of it (it may not be shared).
    const other = srv.client();
    await other.joinAsGuest(event.code);
    const theirs = await expectOk<CheckSimilarAnswer>(await ask(other, { threshold: 12 }));
    expect(theirs.matches).toEqual([{ id: up.id, distance: 5, own: false, thumbnail_path: null }]);
  });

  test('bad input is 400; a visitor is 403', async () => {
    const event = await srv.admin.createEvent();
    for (const body of [
      { eventId: event.id },
      { phash: 'xyz', eventId: event.id },
      { phash: 123, eventId: event.id },
      { phash: '0123456789abcdef' },
      { phash: '0123456789abcdef', eventId: 'abc' },
      { phash: '0123456789abcdef', eventId: event.id, threshold: 13 },
      { phash: '0123456789abcdef', eventId: event.id, threshold: 64 },
      { phash: '0123456789abcdef', eventId: event.id, threshold: -1 },
      { phash: '0123456789abcdef', eventId: event.id, threshold: 'zwölf' },
    ]) {
      await expectError(await send(srv.admin, 'POST', '/api/media/check-similar', body), 400, 'VALIDATION_ERROR');
    }
    await expectError(
      await send(srv.client(), 'POST', '/api/media/check-similar', { phash: '0123456789abcdef', eventId: event.id }),
      403,
      'CONSENT_REQUIRED',
    );
  });
});
