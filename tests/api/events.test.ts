// Admin event management: list, create (multipart), host image, update, delete, uploaders, statistics,
// JSON export and client token generation.
import { describe, expect, test } from 'bun:test';
import sharp from 'sharp';
import type { AdminEventDto, AlbumDto, ClientTokenAnswer, ExportDto, StatisticsDto, UploaderDto } from '../../src/http/api-types.ts';
import {
  ADMIN_EVENT_FIELDS,
  defaultAlbumId,
  expectError,
  expectOk,
  form,
  PHOTO,
  PHOTOS,
  send,
  uniqueCode,
  useAppServer,
} from './support.ts';

const srv = useAppServer();
const DAY = 86_400_000;

const createRaw = (fields: Record<string, string | Blob>) => srv.admin.fetch('/api/event', { method: 'POST', body: form(fields) });
const listEvents = () => srv.admin.json<AdminEventDto[]>('/api/event/events');
const jpegBlob = async (path = PHOTO) => new Blob([await Bun.file(path).arrayBuffer()], { type: 'image/jpeg' });

describe('POST /api/event (multipart)', () => {
  test('with only name and code: the spec defaults', async () => {
    const code = uniqueCode();
    const before = Date.now();
    const event = await expectOk<AdminEventDto>(await createRaw({ name: 'Nur Name', code }), 201);
    expect(Object.keys(event).sort()).toEqual(ADMIN_EVENT_FIELDS);
    expect(event).toMatchObject({
      name: 'Nur Name',
      code,
      primary_color: '#3B82F6',
      secondary_color: '#DBEAFE',
      header_style: 'minimalistic',
      allow_download: true,
      event_duration_days: 14,
      host_image_url: null,
      total_size_mb: 0,
      upload_count: 0,
      client_token: null,
      status: 'active',
    });
    const start = Date.parse(event.event_start_datetime);
    expect(start).toBeGreaterThanOrEqual(before - 1000);
    expect(start).toBeLessThanOrEqual(Date.now() + 1000);
    expect(Date.parse(event.event_end_datetime) - start).toBe(14 * DAY);
    // Default retention: 30 days after the end.
    expect(Date.parse(event.event_viewable_until_datetime) - Date.parse(event.event_end_datetime)).toBe(30 * DAY);
    // Every event starts with one album.
    expect((await srv.admin.json<AlbumDto[]>(`/api/event/${event.id}/albums`)).map((a) => a.name)).toEqual(['Default Album']);
  });

  test('all fields as the dashboard sends them', async () => {
    const code = uniqueCode('hochzeit');
    const event = await expectOk<AdminEventDto>(
      await createRaw({
        name: '  Hochzeit Anna & Ben  ',
        code: `  ${code} `,
        primary_color: '#112233',
        secondary_color: 'pink',
        header_style: 'premium',
        allow_download: 'false',
        event_start_datetime: '2030-05-01T12:00:00.000Z',
        event_duration_days: '21',
      }),
      201,
    );
    expect(event).toMatchObject({
      name: 'Hochzeit Anna & Ben',
      code,
      primary_color: '#112233',
      secondary_color: '#EC4899',
      header_style: 'premium',
      allow_download: false,
      event_start_datetime: '2030-05-01T12:00:00.000Z',
      event_end_datetime: '2030-05-22T12:00:00.000Z',
      event_viewable_until_datetime: '2030-06-21T12:00:00.000Z',
      event_duration_days: 21,
      status: 'not_started',
    });
  });

  test.each([
    ['7', 7],
    ['14', 14],
    ['21', 21],
    ['28', 28],
    ['10', 14],
    ['0', 14],
    ['-7', 14],
    ['30', 14],
    ['abc', 14],
    ['', 14],
  ])('event_duration_days %p -> %p days; end = start + duration', async (sent, days) => {
    const event = await expectOk<AdminEventDto>(
      await createRaw({ name: 'Dauer', code: uniqueCode(), event_start_datetime: '2030-01-01T00:00:00.000Z', event_duration_days: sent }),
      201,
    );
    expect(event.event_duration_days).toBe(days);
    expect(Date.parse(event.event_end_datetime) - Date.parse('2030-01-01T00:00:00.000Z')).toBe(days * DAY);
  });

  test('the start is read with its zone and answered in UTC', async () => {
    const event = await expectOk<AdminEventDto>(
      await createRaw({ name: 'Zone', code: uniqueCode(), event_start_datetime: '2030-07-01T18:00:00+02:00' }),
      201,
    );
    expect(event.event_start_datetime).toBe('2030-07-01T16:00:00.000Z');
  });

  test('name and code are required; nothing is created without them', async () => {
    const count = (await listEvents()).length;
    for (const [fields, field] of [
      [{ code: uniqueCode() }, 'name'],
      [{ name: '', code: uniqueCode() }, 'name'],
      [{ name: '   ', code: uniqueCode() }, 'name'],
      [{ name: 'Ohne Code' }, 'code'],
      [{ name: 'Ohne Code', code: '  ' }, 'code'],
    ] as [Record<string, string>, string][]) {
      const body = await expectError(await createRaw(fields), 400, 'VALIDATION_ERROR');
      expect(body.field).toBe(field);
    }
    expect((await listEvents()).length).toBe(count);
  });

  test.each([
    ['uppercase', 'MeinEvent'],
    ['space', 'mein event'],
    ['umlaut', 'köln-2025'],
    ['slash', 'a/b'],
    ['path', '../../etc/passwd'],
    ['leading hyphen', '-party'],
    ['SQL', "'; DROP TABLE events; --"],
    ['too long', 'x'.repeat(65)],
    ['reserved', 'events'],
  ])('a code with %s is refused (400, field code) and nothing is created', async (_why, code) => {
    const count = (await listEvents()).length;
    const body = await expectError(await createRaw({ name: 'Code-Regeln', code }), 400, 'VALIDATION_ERROR');
    expect(body.field).toBe('code');
    expect((await listEvents()).length).toBe(count);
  });

  test('a duplicate code is 409 CODE_ALREADY_EXISTS and the existing event is untouched', async () => {
    const first = await srv.admin.createEvent({ name: 'Erstes' });
    const count = (await listEvents()).length;
    const body = await expectError(await createRaw({ name: 'Zweites', code: first.code }), 409, 'CODE_ALREADY_EXISTS');
    expect(body.field).toBe('code');
    expect((await listEvents()).length).toBe(count);
    expect((await expectOk(await srv.client().fetch(`/api/event/${first.code}`))).name).toBe('Erstes');
  });

  test('invalid colours, header style, allow_download or start are 400 with the field', async () => {
    const count = (await listEvents()).length;
    for (const [field, value] of [
      ['primary_color', 'orange'],
      ['primary_color', '#12345'],
      ['secondary_color', 'constructor'],
      ['header_style', 'fancy'],
      ['allow_download', 'vielleicht'],
      ['event_start_datetime', 'gestern abend'],
    ]) {
      const body = await expectError(await createRaw({ name: 'Ungültig', code: uniqueCode(), [field!]: value! }), 400, 'VALIDATION_ERROR');
      expect(body.field).toBe(field);
    }
    expect((await listEvents()).length).toBe(count);
  });

  test('JSON is accepted as well (integrations)', async () => {
    const code = uniqueCode();
    const event = await expectOk<AdminEventDto>(
      await send(srv.admin, 'POST', '/api/event', { name: 'Als JSON', code, allow_download: false, event_duration_days: 7 }),
      201,
    );
    expect(event).toMatchObject({ name: 'Als JSON', code, allow_download: false, event_duration_days: 7 });
  });
});

describe('host image', () => {
  test('a JPEG is stored and served at host_image_url as image/jpeg, without its metadata', async () => {
    const event = await expectOk<AdminEventDto>(
      await createRaw({ name: 'Mit Bild', code: uniqueCode(), host_image: await jpegBlob(PHOTO) }),
      201,
    );
    expect(event.host_image_url).toMatch(/^\/media\/host\/[0-9a-f]{32}\.jpg$/);
    const res = await srv.client().fetch(event.host_image_url!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta.format).toBe('jpeg');
    expect([meta.width, meta.height]).toEqual([100, 68]); // small images are not enlarged
    expect(meta.exif).toBeUndefined(); // the Canon fixture has GPS data: it must not leave the box
    // Guests see the same URL.
    expect((await expectOk(await srv.client().fetch(`/api/event/${event.code}`))).host_image_url).toBe(event.host_image_url);
  });

  test('a large photo is resized to at most 1600 px and turned upright', async () => {
    const big = await sharp({ create: { width: 2400, height: 3200, channels: 3, background: '#336699' } })
      .jpeg()
      .withMetadata({ orientation: 6 }) // stored portrait, shown landscape
      .toBuffer();
    const event = await expectOk<AdminEventDto>(
      await createRaw({ name: 'Groß', code: uniqueCode(), host_image: new Blob([big], { type: 'image/jpeg' }) }),
      201,
    );
    const meta = await sharp(Buffer.from(await (await srv.client().fetch(event.host_image_url!)).arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([1600, 1200]);
    expect(meta.orientation ?? 1).toBe(1);
  });

  test('a file that is not an image is refused with 400 and no event is created', async () => {
    const count = (await listEvents()).length;
    const code = uniqueCode();
    const text = new Blob(['just some text, not an image'], { type: 'image/jpeg' });
    const body = await expectError(await createRaw({ name: 'Kein Bild', code, host_image: text }), 400, 'VALIDATION_ERROR');
    expect(body.field).toBe('host_image');
    expect((await listEvents()).length).toBe(count);
    await expectError(await srv.client().fetch(`/api/event/${code}`), 404, 'NOT_FOUND');
    // The code is still free.
    await expectOk(await createRaw({ name: 'Jetzt richtig', code }), 201);
  });

  test('a host_image field that is text instead of a file is refused', async () => {
    const count = (await listEvents()).length;
    await expectError(
      await createRaw({ name: 'Text statt Bild', code: uniqueCode(), host_image: 'http://example.com/x.jpg' }),
      400,
      'VALIDATION_ERROR',
    );
    expect((await listEvents()).length).toBe(count);
  });

  test('updating with a new image replaces it; the old URL stops working', async () => {
    const event = await expectOk<AdminEventDto>(
      await createRaw({ name: 'Bildwechsel', code: uniqueCode(), host_image: await jpegBlob(PHOTOS[0]) }),
      201,
    );
    const updated = await expectOk<AdminEventDto>(
      await srv.admin.fetch(`/api/event/${event.id}`, { method: 'PUT', body: form({ host_image: await jpegBlob(PHOTOS[1]) }) }),
    );
    expect(updated.host_image_url).not.toBe(event.host_image_url);
    expect((await srv.client().fetch(updated.host_image_url!)).status).toBe(200);
    expect((await srv.client().fetch(event.host_image_url!)).status).toBe(404);
    // A broken image on update is refused and the current one stays.
    await expectError(
      await srv.admin.fetch(`/api/event/${event.id}`, {
        method: 'PUT',
        body: form({ name: 'Kaputt', host_image: new Blob(['no image']) }),
      }),
      400,
      'VALIDATION_ERROR',
    );
    const after = (await listEvents()).find((e) => e.id === event.id)!;
    expect(after.host_image_url).toBe(updated.host_image_url);
    expect(after.name).toBe('Bildwechsel');
  });
});

describe('PUT /api/event/{id}', () => {
  test('fields are optional; the sent ones change, the rest stays', async () => {
    const event = await srv.admin.createEvent({
      name: 'Vorher',
      event_start_datetime: '2030-01-01T00:00:00.000Z',
      event_duration_days: '7',
    });
    const put = (fields: Record<string, string>) => srv.admin.fetch(`/api/event/${event.id}`, { method: 'PUT', body: form(fields) });

    const renamed = await expectOk<AdminEventDto>(await put({ name: 'Nachher' }));
    expect(renamed).toMatchObject({ name: 'Nachher', code: event.code, event_duration_days: 7, primary_color: '#3B82F6' });

    const styled = await expectOk<AdminEventDto>(
      await put({ primary_color: 'green', secondary_color: '#abc', header_style: 'split', allow_download: 'false' }),
    );
    expect(styled).toMatchObject({
      name: 'Nachher',
      primary_color: '#10B981',
      secondary_color: '#abc',
      header_style: 'split',
      allow_download: false,
    });

    const moved = await expectOk<AdminEventDto>(await put({ event_start_datetime: '2031-02-01T10:00:00.000Z', event_duration_days: '28' }));
    expect(moved).toMatchObject({
      event_start_datetime: '2031-02-01T10:00:00.000Z',
      event_end_datetime: '2031-03-01T10:00:00.000Z',
      event_duration_days: 28,
    });

    const newCode = uniqueCode('neu');
    const recoded = await expectOk<AdminEventDto>(await put({ code: newCode }));
    expect(recoded.code).toBe(newCode);
    await expectError(await srv.client().fetch(`/api/event/${event.code}`), 404, 'NOT_FOUND');
    expect((await expectOk(await srv.client().fetch(`/api/event/${newCode}`))).name).toBe('Nachher');
  });

  test('refused changes leave the event as it was', async () => {
    const other = await srv.admin.createEvent();
    const event = await srv.admin.createEvent({ name: 'Bleibt' });
    const before = (await listEvents()).find((e) => e.id === event.id);
    const put = (fields: Record<string, string>) => srv.admin.fetch(`/api/event/${event.id}`, { method: 'PUT', body: form(fields) });
    await expectError(await put({ code: other.code }), 409, 'CODE_ALREADY_EXISTS');
    await expectError(await put({ name: '' }), 400, 'VALIDATION_ERROR');
    await expectError(await put({ name: 'N'.repeat(121) }), 400, 'VALIDATION_ERROR');
    await expectError(await put({ code: 'Not Valid' }), 400, 'VALIDATION_ERROR');
    await expectError(await put({ name: 'Halb', header_style: 'bogus' }), 400, 'VALIDATION_ERROR');
    expect((await listEvents()).find((e) => e.id === event.id)).toEqual(before);
  });

  test("the printed cards' own line and day (issue 26): set, refused when wrong, cleared when empty", async () => {
    const event = await srv.admin.createEvent({ name: 'Karten' });
    expect(event.print).toEqual({ line: null, date: null });
    const put = (fields: Record<string, string>) => srv.admin.fetch(`/api/event/${event.id}`, { method: 'PUT', body: form(fields) });
    expect((await expectOk<AdminEventDto>(await put({ print_line: '  Wir sagen Ja  ', print_date: '2026-06-20' }))).print).toEqual({
      line: 'Wir sagen Ja',
      date: '2026-06-20',
    });
    await expectError(await put({ print_date: '2026-02-30' }), 400, 'VALIDATION_ERROR');
    await expectError(await put({ print_date: '20.06.2026' }), 400, 'VALIDATION_ERROR');
    await expectError(await put({ print_line: 'x'.repeat(81) }), 400, 'VALIDATION_ERROR');
    expect((await listEvents()).find((e) => e.id === event.id)?.print).toEqual({ line: 'Wir sagen Ja', date: '2026-06-20' });
    expect((await expectOk<AdminEventDto>(await put({ print_line: '', print_date: '' }))).print).toEqual({ line: null, date: null });
  });

  test('an unknown event is 404', async () => {
    await expectError(await srv.admin.fetch('/api/event/999999', { method: 'PUT', body: form({ name: 'x' }) }), 404, 'NOT_FOUND');
  });
});

describe('DELETE /api/event/{id}', () => {
  test('the event goes with its albums, uploads, files and host image', async () => {
    const event = await expectOk<AdminEventDto>(await createRaw({ name: 'Weg', code: uniqueCode(), host_image: await jpegBlob() }), 201);
    const keep = await srv.admin.createEvent({ name: 'Bleibt' });
    const album = await srv.admin.createAlbum(event.id, { name: 'Album' });
    const upload = await srv.admin.uploadOk(event.id, PHOTO, { albumId: String(album.id) });
    const kept = await srv.admin.uploadOk(keep.id, PHOTO, { albumId: await defaultAlbumId(srv.admin, keep.id) });

    expect(await expectOk(await srv.admin.fetch(`/api/event/${event.id}`, { method: 'DELETE' }))).toEqual({ success: true });
    await expectError(await srv.client().fetch(`/api/event/${event.code}`), 404, 'NOT_FOUND');
    await expectError(await srv.client().fetch(`/api/event/${event.id}/albums`), 404, 'NOT_FOUND');
    await expectError(await srv.admin.fetch(`/api/event/${event.id}/uploads`), 404, 'NOT_FOUND');
    await expectError(await srv.admin.fetch(`/api/album/${album.id}`, { method: 'PUT', json: { name: 'x' } }), 404, 'NOT_FOUND');
    expect((await srv.client().fetch(upload.upload.file_path)).status).toBe(404);
    expect((await srv.client().fetch(event.host_image_url!)).status).toBe(404);
    expect((await listEvents()).some((e) => e.id === event.id)).toBe(false);
    // The other event is untouched.
    expect((await srv.client().fetch(kept.upload.file_path)).status).toBe(200);
    // The code is free again.
    await expectOk(await createRaw({ name: 'Neu', code: event.code }), 201);
    // A second delete is 404.
    await expectError(await srv.admin.fetch(`/api/event/${event.id}`, { method: 'DELETE' }), 404, 'NOT_FOUND');
  });
});

describe('GET /api/event/events', () => {
  test('lists events newest first with total_size_mb, upload_count and client_token', async () => {
    const older = await srv.admin.createEvent({ name: 'Aelter' });
    const newer = await srv.admin.createEvent({ name: 'Neuer' });
    const albumId = await defaultAlbumId(srv.admin, newer.id);
    await srv.admin.uploadOk(newer.id, PHOTOS[0]!, { albumId });
    await srv.admin.uploadOk(newer.id, PHOTOS[1]!, { albumId });
    const { client_token } = await srv.admin.json<ClientTokenAnswer>(`/api/client/generate-token/${newer.id}`, { method: 'POST' });
    const list = await expectOk<AdminEventDto[]>(await srv.admin.fetch('/api/event/events'));
    for (const e of list) expect(Object.keys(e).sort()).toEqual(ADMIN_EVENT_FIELDS);
    const ids = list.map((e) => e.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    const n = list.find((e) => e.id === newer.id)!;
    const o = list.find((e) => e.id === older.id)!;
    expect(n.upload_count).toBe(2);
    expect(n.total_size_mb).toBeGreaterThan(0);
    expect(n.total_size_mb).toBeLessThan(1); // two small fixtures and their derivatives
    expect(n.client_token).toBe(client_token);
    expect(o).toMatchObject({ upload_count: 0, total_size_mb: 0, client_token: null });
  });
});

describe('uploaders, statistics and JSON export', () => {
  async function eventWithGuests() {
    const event = await srv.admin.createEvent({ name: 'Statistik' });
    const hidden = await srv.admin.createAlbum(event.id, { name: 'Versteckt' });
    await srv.admin.json(`/api/album/${hidden.id}`, { method: 'PUT', json: { visible: false } });
    const anna = srv.client();
    const annaId = await anna.joinAsGuest(event.code, 'Anna');
    const ben = srv.client();
    const benId = await ben.joinAsGuest(event.code); // no nickname
    const albumId = await defaultAlbumId(srv.admin, event.id);
    const a1 = await anna.uploadOk(event.id, PHOTOS[0]!, { autoApprove: 'true', albumId });
    const a2 = await anna.uploadOk(event.id, PHOTOS[1]!, { albumId });
    const b1 = await ben.uploadOk(event.id, PHOTOS[2]!, { albumId });
    const admin1 = await srv.admin.uploadOk(event.id, PHOTOS[3]!, { albumId: String(hidden.id) });
    return { event, hidden, annaId, benId, a1, a2, b1, admin1 };
  }

  test('GET /api/event/{id}/uploaders: guests with counts, nickname and recovery link', async () => {
    const { event, annaId, benId } = await eventWithGuests();
    const list = await expectOk<UploaderDto[]>(await srv.admin.fetch(`/api/event/${event.id}/uploaders`));
    expect(list).toEqual([
      { user_id: annaId, nickname: 'Anna', upload_count: 2, recovery_link: `${srv.url}/event/${event.code}/recover/${annaId}` },
      { user_id: benId, nickname: null, upload_count: 1, recovery_link: `${srv.url}/event/${event.code}/recover/${benId}` },
    ]);
  });

  test('GET /api/event/{id}/statistics: uploads, albums, total_size_mb and the details', async () => {
    const { event, annaId, benId, hidden } = await eventWithGuests();
    const stats = await expectOk<StatisticsDto>(await srv.admin.fetch(`/api/event/${event.id}/statistics`));
    expect(stats.uploads).toBe(4);
    expect(stats.albums).toBe(2);
    expect(stats.photos).toBe(4);
    expect(stats.videos).toBe(0);
    expect(stats.total_size_mb).toBeGreaterThan(0);
    expect(stats.statistics).toEqual({ total_size_mb: stats.total_size_mb, total_uploads: 4, total_albums: 2 });
    // the admin sees the guests' user ids (the uploaders list gives their recovery links), and their handles
    expect(stats.users).toEqual([
      { guest_id: expect.any(Number), user_id: annaId, nickname: 'Anna', upload_count: 2 },
      { guest_id: expect.any(Number), user_id: benId, nickname: null, upload_count: 1 },
    ]);
    // the admin's upload has no guest: it ranks as 'Unbekannt' (guest, user id and nickname null) after the guests
    expect(stats.top_uploaders).toEqual([...stats.users, { guest_id: null, user_id: null, nickname: null, upload_count: 1 }]);
    const byName = Object.fromEntries(stats.album_stats.map((a) => [a.name, a]));
    expect(byName['Default Album']!.upload_count).toBe(3);
    expect(byName['Versteckt']).toMatchObject({ id: hidden.id, visible: false, upload_count: 1 });
    // The same total as the events list.
    const listed = (await listEvents()).find((e) => e.id === event.id)!;
    expect(listed.total_size_mb).toBe(stats.total_size_mb);
  });

  test('statistics of an empty event', async () => {
    const event = await srv.admin.createEvent();
    const stats = await expectOk<StatisticsDto>(await srv.admin.fetch(`/api/event/${event.id}/statistics`));
    expect(stats).toMatchObject({ uploads: 0, albums: 1, total_size_mb: 0, users: [], top_uploaders: [] });
  });

  test('GET /api/event/{id}/export: the event, albums with their uploads (approved or not), users, totals', async () => {
    const { event, a1, a2, b1, admin1, hidden } = await eventWithGuests();
    const exp = await expectOk<ExportDto>(await srv.admin.fetch(`/api/event/${event.id}/export`));
    expect(Object.keys(exp).sort()).toEqual(['albums', 'event', 'statistics', 'uploads', 'users']);
    expect(exp.event).toMatchObject({ id: event.id, code: event.code, name: 'Statistik' });
    expect(exp.event).not.toHaveProperty('client_token');
    expect(exp.uploads.map((u) => u.id).sort()).toEqual([a1.id, a2.id, b1.id, admin1.id].sort());
    const albums = Object.fromEntries(exp.albums.map((a) => [a.name, a]));
    expect(albums['Default Album']!.uploads.map((u) => u.id).sort()).toEqual([a1.id, a2.id, b1.id].sort());
    expect(albums['Versteckt']).toMatchObject({ id: hidden.id, visible: false });
    expect(albums['Versteckt']!.uploads.map((u) => u.id)).toEqual([admin1.id]);
    for (const u of exp.uploads) {
      expect(u.file_path).toMatch(/^\/media\/[0-9a-f]{32}\/original\.jpg$/);
      expect((await srv.client().fetch(u.file_path)).status).toBe(200);
    }
    expect(exp.users).toHaveLength(2);
    expect(exp.statistics.total_uploads).toBe(4);
    expect(exp.statistics.total_size_mb).toBeGreaterThan(0);
  });

  test('unknown events are 404 on all three', async () => {
    for (const path of ['uploaders', 'statistics', 'export']) {
      await expectError(await srv.admin.fetch(`/api/event/999999/${path}`), 404, 'NOT_FOUND');
      await expectError(await srv.admin.fetch(`/api/event/abc/${path}`), 404, 'NOT_FOUND');
    }
  });
});

describe('POST /api/client/generate-token/{eventId}', () => {
  test('answers a 256-bit token and the settings URL; a second generation invalidates the first', async () => {
    const event = await srv.admin.createEvent();
    const first = await expectOk<ClientTokenAnswer>(await srv.admin.fetch(`/api/client/generate-token/${event.id}`, { method: 'POST' }));
    expect(first.client_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.settings_url).toBe(`${srv.url}/event/${first.client_token}/settings`);
    expect((await srv.client().fetch(`/api/client/event-settings/${first.client_token}`)).status).toBe(200);

    const second = await expectOk<ClientTokenAnswer>(await srv.admin.fetch(`/api/client/generate-token/${event.id}`, { method: 'POST' }));
    expect(second.client_token).not.toBe(first.client_token);
    await expectError(await srv.client().fetch(`/api/client/event-settings/${first.client_token}`), 404, 'NOT_FOUND');
    const settings = await expectOk(await srv.client().fetch(`/api/client/event-settings/${second.client_token}`));
    expect(settings.event.id).toBe(event.id);
  });

  test('unknown event 404; without admin 401', async () => {
    await expectError(await srv.admin.fetch('/api/client/generate-token/999999', { method: 'POST' }), 404, 'NOT_FOUND');
    const event = await srv.admin.createEvent();
    await expectError(await srv.client().fetch(`/api/client/generate-token/${event.id}`, { method: 'POST' }), 401, 'UNAUTHORIZED');
    expect((await listEvents()).find((e) => e.id === event.id)!.client_token).toBeNull();
  });
});
