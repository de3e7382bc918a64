// Albums: list (visibility, order), create (admin any, guest only 'Unsortiert'), update, delete.
import { describe, expect, test } from 'bun:test';
import type { AlbumDto } from '../../src/http/api-types.ts';
import { expectError, expectOk, expectUnchanged, PHOTOS, send, snapshot, useAppServer } from './support.ts';

const srv = useAppServer();

const ALBUM_FIELDS = ['challenge', 'created_at', 'end_datetime', 'event_id', 'id', 'name', 'start_datetime', 'visible'];
/** The album list adds what the viewer sees in each album (GalleryAlbumDto). */
const LISTED_ALBUM_FIELDS = [...ALBUM_FIELDS, 'cover', 'own_count', 'own_private_count', 'upload_count', 'video_count'].sort();
const names = (albums: AlbumDto[]) => albums.map((a) => a.name);
const hide = (id: number) => srv.admin.json<AlbumDto>(`/api/album/${id}`, { method: 'PUT', json: { visible: false } });

describe('GET /api/event/{eventId}/albums', () => {
  test("a new event has the 'Default Album'", async () => {
    const event = await srv.admin.createEvent();
    const albums = await expectOk<AlbumDto[]>(await srv.client().fetch(`/api/event/${event.id}/albums`));
    expect(names(albums)).toEqual(['Default Album']);
    expect(Object.keys(albums[0]!).sort()).toEqual(LISTED_ALBUM_FIELDS);
    expect(albums[0]).toMatchObject({ event_id: event.id, visible: true, start_datetime: null, end_datetime: null });
  });

  test('dated albums by start ascending, then undated ones', async () => {
    const event = await srv.admin.createEvent();
    await srv.admin.createAlbum(event.id, {
      name: 'Party',
      start_datetime: '2025-06-01T20:00:00.000Z',
      end_datetime: '2025-06-02T02:00:00.000Z',
    });
    await srv.admin.createAlbum(event.id, { name: 'Fotobox' });
    await srv.admin.createAlbum(event.id, {
      name: 'Trauung',
      start_datetime: '2025-06-01T14:00:00.000Z',
      end_datetime: '2025-06-01T15:00:00.000Z',
    });
    await srv.admin.createAlbum(event.id, { name: 'Sektempfang', start_datetime: '2025-06-01T15:00:00.000Z', end_datetime: null });
    const albums = await expectOk<AlbumDto[]>(await srv.client().fetch(`/api/event/${event.id}/albums`));
    expect(names(albums)).toEqual(['Trauung', 'Sektempfang', 'Party', 'Default Album', 'Fotobox']);
  });

  test('a visitor and a guest see only visible albums; the admin sees all', async () => {
    const event = await srv.admin.createEvent();
    const hidden = await srv.admin.createAlbum(event.id, { name: 'Versteckt' });
    await hide(hidden.id);
    const guest = srv.client();
    await guest.joinAsGuest(event.code);
    expect(names(await expectOk(await srv.client().fetch(`/api/event/${event.id}/albums`)))).toEqual(['Default Album']);
    expect(names(await expectOk(await guest.fetch(`/api/event/${event.id}/albums`)))).toEqual(['Default Album']);
    const all = await expectOk<AlbumDto[]>(await srv.admin.fetch(`/api/event/${event.id}/albums`));
    expect(names(all)).toEqual(['Default Album', 'Versteckt']);
    expect(all.find((a) => a.name === 'Versteckt')?.visible).toBe(false);
  });

  test('an unknown event is 404; an id that is not a number is 404', async () => {
    await expectError(await srv.client().fetch('/api/event/999999/albums'), 404, 'NOT_FOUND');
    await expectError(await srv.client().fetch('/api/event/abc/albums'), 404, 'NOT_FOUND');
    await expectError(await srv.client().fetch('/api/event/-1/albums'), 404, 'NOT_FOUND');
    await expectError(await srv.client().fetch('/api/event/1.5/albums'), 404, 'NOT_FOUND');
  });
});

describe('POST /api/event/{eventId}/album', () => {
  test('the admin creates any album, with dates and hidden', async () => {
    const event = await srv.admin.createEvent();
    const res = await send(srv.admin, 'POST', `/api/event/${event.id}/album`, {
      name: '  Trauung  ',
      start_datetime: '2025-06-01T14:00:00Z',
      end_datetime: '2025-06-01T17:30:00+02:00',
      visible: false,
    });
    const album = await expectOk<AlbumDto>(res, 201);
    expect(Object.keys(album).sort()).toEqual(ALBUM_FIELDS);
    expect(album).toMatchObject({
      event_id: event.id,
      name: 'Trauung',
      visible: false,
      start_datetime: '2025-06-01T14:00:00.000Z',
      end_datetime: '2025-06-01T15:30:00.000Z', // stored as UTC
    });
  });

  test('the admin cannot create an album whose end is before its start', async () => {
    const event = await srv.admin.createEvent();
    const before = await snapshot(srv.admin, event.id);
    const body = await expectError(
      await send(srv.admin, 'POST', `/api/event/${event.id}/album`, {
        name: 'x',
        start_datetime: '2025-06-02T00:00:00Z',
        end_datetime: '2025-06-01T00:00:00Z',
      }),
      400,
      'VALIDATION_ERROR',
    );
    expect(body.field).toBe('end_datetime');
    await expectUnchanged(srv.admin, before);
  });

  test("a guest creates only 'Unsortiert' without dates; a second call answers the same album", async () => {
    const event = await srv.admin.createEvent();
    const guest = srv.client();
    await guest.joinAsGuest(event.code);
    const first = await expectOk<AlbumDto>(
      await send(guest, 'POST', `/api/event/${event.id}/album`, { name: 'Unsortiert', start_datetime: null, end_datetime: null }),
    );
    expect(first).toMatchObject({ name: 'Unsortiert', visible: true, start_datetime: null, end_datetime: null, event_id: event.id });
    const other = srv.client();
    await other.joinAsGuest(event.code);
    const second = await expectOk<AlbumDto>(await send(other, 'POST', `/api/event/${event.id}/album`, { name: 'Unsortiert' }));
    expect(second.id).toBe(first.id);
    const again = await expectOk<AlbumDto>(await send(guest, 'POST', `/api/event/${event.id}/album`, { name: 'Unsortiert' }));
    expect(again.id).toBe(first.id);
    expect(names(await srv.admin.json(`/api/event/${event.id}/albums`))).toEqual(['Default Album', 'Unsortiert']);
  });

  test("parallel 'Unsortiert' calls of many guests still make one album", async () => {
    const event = await srv.admin.createEvent();
    const guests = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const g = srv.client();
        await g.joinAsGuest(event.code);
        return g;
      }),
    );
    const answers = await Promise.all(
      guests.map(async (g) => expectOk<AlbumDto>(await send(g, 'POST', `/api/event/${event.id}/album`, { name: 'Unsortiert' }))),
    );
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    expect(names(await srv.admin.json(`/api/event/${event.id}/albums`))).toEqual(['Default Album', 'Unsortiert']);
  });

  test('a guest is refused (403) any other album, dates, and the data stays', async () => {
    const event = await srv.admin.createEvent();
    const guest = srv.client();
    await guest.joinAsGuest(event.code);
    const before = await snapshot(srv.admin, event.id);
    for (const body of [
      { name: 'Meine Fotos' },
      { name: 'Unsortiert', start_datetime: '2025-06-01T14:00:00Z' },
      { name: 'Unsortiert', end_datetime: '2025-06-01T14:00:00Z' },
      { name: 'unsortiert' },
      {},
    ]) {
      await expectError(await send(guest, 'POST', `/api/event/${event.id}/album`, body), 403);
    }
    await expectUnchanged(srv.admin, before);
  });

  test('a visitor (no consent) and a guest cookie without consent are refused', async () => {
    const event = await srv.admin.createEvent();
    const before = await snapshot(srv.admin, event.id);
    await expectError(await send(srv.client(), 'POST', `/api/event/${event.id}/album`, { name: 'Unsortiert' }), 403, 'CONSENT_REQUIRED');
    const faker = srv.client();
    faker.cookies.set(`event_${event.code}`, crypto.randomUUID());
    await expectError(await send(faker, 'POST', `/api/event/${event.id}/album`, { name: 'Unsortiert' }), 403, 'CONSENT_REQUIRED');
    await expectUnchanged(srv.admin, before);
  });

  test('a guest of another event cannot create an album here', async () => {
    const event = await srv.admin.createEvent();
    const elsewhere = await srv.admin.createEvent();
    const guest = srv.client();
    const userId = await guest.joinAsGuest(elsewhere.code);
    guest.cookies.set(`event_${event.code}`, userId); // the id has no consent in this event
    const before = await snapshot(srv.admin, event.id);
    await expectError(await send(guest, 'POST', `/api/event/${event.id}/album`, { name: 'Unsortiert' }), 403, 'CONSENT_REQUIRED');
    await expectUnchanged(srv.admin, before);
  });
});

describe('PUT /api/album/{id} (admin)', () => {
  test('rename, set dates, clear dates, toggle visible only', async () => {
    const event = await srv.admin.createEvent();
    const album = await srv.admin.createAlbum(event.id, { name: 'Alt' });
    const renamed = await expectOk<AlbumDto>(await send(srv.admin, 'PUT', `/api/album/${album.id}`, { name: 'Neu' }));
    expect(renamed).toMatchObject({ id: album.id, name: 'Neu', visible: true, start_datetime: null });

    const dated = await expectOk<AlbumDto>(
      await send(srv.admin, 'PUT', `/api/album/${album.id}`, {
        name: 'Neu',
        start_datetime: '2025-06-01T14:00:00Z',
        end_datetime: '2025-06-01T16:00:00Z',
      }),
    );
    expect(dated).toMatchObject({ start_datetime: '2025-06-01T14:00:00.000Z', end_datetime: '2025-06-01T16:00:00.000Z' });

    // The visibility toggle sends only `visible`; name and dates stay.
    const hidden = await expectOk<AlbumDto>(await send(srv.admin, 'PUT', `/api/album/${album.id}`, { visible: false }));
    expect(hidden).toMatchObject({
      name: 'Neu',
      visible: false,
      start_datetime: '2025-06-01T14:00:00.000Z',
      end_datetime: '2025-06-01T16:00:00.000Z',
    });
    expect(names(await expectOk(await srv.client().fetch(`/api/event/${event.id}/albums`)))).toEqual(['Default Album']);
    const shown = await expectOk<AlbumDto>(await send(srv.admin, 'PUT', `/api/album/${album.id}`, { visible: true }));
    expect(shown.visible).toBe(true);

    const cleared = await expectOk<AlbumDto>(
      await send(srv.admin, 'PUT', `/api/album/${album.id}`, { start_datetime: null, end_datetime: '' }),
    );
    expect(cleared).toMatchObject({ name: 'Neu', start_datetime: null, end_datetime: null });
  });

  test('invalid values are refused and the album stays', async () => {
    const event = await srv.admin.createEvent();
    const album = await srv.admin.createAlbum(event.id, {
      name: 'Bleibt',
      start_datetime: '2025-06-01T14:00:00Z',
      end_datetime: '2025-06-01T16:00:00Z',
    });
    const before = await snapshot(srv.admin, event.id);
    for (const body of [
      {}, // nothing to change
      { unknown: 'field' },
      { name: '' },
      { name: '   ' },
      { name: 42 },
      { name: ['a'] },
      { name: 'x'.repeat(101) },
      { visible: 'vielleicht' },
      { visible: [true] },
      { start_datetime: 'gestern' },
      { start_datetime: 1717250400000 },
      { end_datetime: '2025-06-01T13:00:00Z' }, // before the kept start
    ]) {
      await expectError(await send(srv.admin, 'PUT', `/api/album/${album.id}`, body), 400, 'VALIDATION_ERROR');
    }
    await expectUnchanged(srv.admin, before);
  });

  test('an unknown album is 404', async () => {
    await expectError(await send(srv.admin, 'PUT', '/api/album/999999', { name: 'x' }), 404, 'NOT_FOUND');
    await expectError(await send(srv.admin, 'PUT', '/api/album/abc', { name: 'x' }), 404, 'NOT_FOUND');
  });

  test('without admin credentials 401, and the album stays', async () => {
    const event = await srv.admin.createEvent();
    const album = await srv.admin.createAlbum(event.id, { name: 'Bleibt' });
    const guest = srv.client();
    await guest.joinAsGuest(event.code);
    const before = await snapshot(srv.admin, event.id);
    await expectError(await send(srv.client(), 'PUT', `/api/album/${album.id}`, { name: 'x' }), 401, 'UNAUTHORIZED');
    await expectError(await send(guest, 'PUT', `/api/album/${album.id}`, { visible: false }), 401, 'UNAUTHORIZED');
    await expectUnchanged(srv.admin, before);
  });
});

describe('DELETE /api/album/{id} (admin)', () => {
  test('the album goes, and its uploads and their files with it; other albums keep theirs', async () => {
    const event = await srv.admin.createEvent();
    const doomed = await srv.admin.createAlbum(event.id, { name: 'Weg damit' });
    const keep = await srv.admin.createAlbum(event.id, { name: 'Bleibt' });
    const gone = await srv.admin.uploadOk(event.id, PHOTOS[0]!, { albumId: String(doomed.id) });
    const kept = await srv.admin.uploadOk(event.id, PHOTOS[1]!, { albumId: String(keep.id) });
    expect((await srv.client().fetch(gone.upload.file_path)).status).toBe(200);

    expect(await expectOk(await srv.admin.fetch(`/api/album/${doomed.id}`, { method: 'DELETE' }))).toEqual({ success: true });
    expect(names(await srv.admin.json(`/api/event/${event.id}/albums`))).toEqual(['Default Album', 'Bleibt']);
    const uploads = await srv.admin.json<{ id: number }[]>(`/api/event/${event.id}/uploads`);
    expect(uploads.map((u) => u.id)).toEqual([kept.id]);
    expect((await srv.client().fetch(gone.upload.file_path)).status).toBe(404);
    expect((await srv.client().fetch(kept.upload.file_path)).status).toBe(200);
    await expectError(await srv.admin.fetch(`/api/event/${event.id}/uploads?albumId=${doomed.id}`), 404, 'NOT_FOUND');

    // Deleting it again: 404.
    await expectError(await srv.admin.fetch(`/api/album/${doomed.id}`, { method: 'DELETE' }), 404, 'NOT_FOUND');
  });

  test('without admin credentials 401, and the album stays', async () => {
    const event = await srv.admin.createEvent();
    const album = await srv.admin.createAlbum(event.id, { name: 'Bleibt' });
    const before = await snapshot(srv.admin, event.id);
    await expectError(await srv.client().fetch(`/api/album/${album.id}`, { method: 'DELETE' }), 401, 'UNAUTHORIZED');
    await expectUnchanged(srv.admin, before);
  });
});
