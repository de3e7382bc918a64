// The host's settings page calls, authorised only by the client token in the path.
import { describe, expect, test } from 'bun:test';
import type {
  AdminEventDto,
  AlbumDto,
  ClientSettingsDto,
  ClientTokenAnswer,
  EventDto,
  ExportDto,
  StatisticsDto,
} from '../../src/http/api-types.ts';
import { defaultAlbumId, expectError, expectOk, expectUnchanged, form, PHOTO, PHOTOS, send, snapshot, useAppServer } from './support.ts';

const srv = useAppServer();

/** A fresh event with a host token. */
async function hostedEvent(fields: Record<string, string> = {}) {
  const event = await srv.admin.createEvent(fields);
  const { client_token: token } = await srv.admin.json<ClientTokenAnswer>(`/api/client/generate-token/${event.id}`, { method: 'POST' });
  return { event, token, host: srv.client() };
}

describe('GET /api/client/event-settings/{token}', () => {
  test('answers the event and all albums, hidden ones too, in display order', async () => {
    const { event, token, host } = await hostedEvent({ name: 'Gastgeber' });
    const hidden = await srv.admin.createAlbum(event.id, { name: 'Versteckt' });
    await srv.admin.json(`/api/album/${hidden.id}`, { method: 'PUT', json: { visible: false } });
    await srv.admin.createAlbum(event.id, {
      name: 'Trauung',
      start_datetime: '2025-06-01T14:00:00Z',
      end_datetime: '2025-06-01T15:00:00Z',
    });
    const body = await expectOk<ClientSettingsDto>(await host.fetch(`/api/client/event-settings/${token}`));
    expect(Object.keys(body).sort()).toEqual(['albums', 'event', 'face_progress']);
    expect(body.event).toMatchObject({ id: event.id, code: event.code, name: 'Gastgeber' });
    // The host's own token and the admin totals are not repeated in the event.
    expect(body.event).not.toHaveProperty('client_token');
    expect(body.albums.map((a) => [a.name, a.visible])).toEqual([
      ['Trauung', true],
      ['Default Album', true],
      ['Versteckt', false],
    ]);
  });

  test('an unknown or empty-looking token is 404 with the error shape', async () => {
    await expectError(await srv.client().fetch('/api/client/event-settings/not-a-token'), 404, 'NOT_FOUND');
    await expectError(await srv.client().fetch('/api/client/event-settings/%20'), 404, 'NOT_FOUND');
  });

  test('an event without a generated token cannot be reached by a guessed token (null is not a token)', async () => {
    await srv.admin.createEvent();
    await expectError(await srv.client().fetch('/api/client/event-settings/null'), 404, 'NOT_FOUND');
    await expectError(await srv.client().fetch('/api/client/event-settings/undefined'), 404, 'NOT_FOUND');
  });
});

describe('PUT /api/client/event/{token} (multipart)', () => {
  test('changes name, colours, header style and download permission', async () => {
    const { event, token, host } = await hostedEvent();
    const res = await host.fetch(`/api/client/event/${token}`, {
      method: 'PUT',
      body: form({
        name: 'Neuer Name',
        primary_color: '#000000',
        secondary_color: 'yellow',
        header_style: 'premium',
        allow_download: 'false',
      }),
    });
    const updated = await expectOk<EventDto>(res);
    expect(updated).toMatchObject({
      id: event.id,
      name: 'Neuer Name',
      primary_color: '#000000',
      secondary_color: '#F59E0B',
      header_style: 'premium',
      allow_download: false,
    });
    expect(updated).not.toHaveProperty('client_token');
    expect(await expectOk(await srv.client().fetch(`/api/event/${event.code}`))).toMatchObject({
      name: 'Neuer Name',
      allow_download: false,
    });
  });

  test('a host image is stored and served', async () => {
    const { token, host } = await hostedEvent();
    const image = new Blob([await Bun.file(PHOTO).arrayBuffer()], { type: 'image/jpeg' });
    const updated = await expectOk<EventDto>(
      await host.fetch(`/api/client/event/${token}`, { method: 'PUT', body: form({ host_image: image }) }),
    );
    expect(updated.host_image_url).toMatch(/^\/media\/host\/[0-9a-f]{32}\.jpg$/);
    const served = await srv.client().fetch(updated.host_image_url!);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
  });

  test('the code and the event dates cannot be changed by the host (they are in every guest link)', async () => {
    const { event, token, host } = await hostedEvent();
    const updated = await expectOk<EventDto>(
      await host.fetch(`/api/client/event/${token}`, {
        method: 'PUT',
        body: form({ name: 'Ok', code: 'hijacked-code', event_start_datetime: '2020-01-01T00:00:00Z', event_duration_days: '28' }),
      }),
    );
    expect(updated).toMatchObject({
      name: 'Ok',
      code: event.code,
      event_start_datetime: event.event_start_datetime,
      event_duration_days: 14,
    });
    await expectError(await srv.client().fetch('/api/event/hijacked-code'), 404, 'NOT_FOUND');
  });

  test('invalid values are refused and the event stays', async () => {
    const { event, token, host } = await hostedEvent();
    const before = await snapshot(srv.admin, event.id);
    for (const fields of [
      { name: '' },
      { name: '  ' },
      { primary_color: 'rainbow' },
      { header_style: 'huge' },
      { allow_download: 'perhaps' },
      { host_image: new Blob(['%PDF-1.4']) },
    ] as Record<string, string | Blob>[]) {
      await expectError(await host.fetch(`/api/client/event/${token}`, { method: 'PUT', body: form(fields) }), 400, 'VALIDATION_ERROR');
    }
    await expectUnchanged(srv.admin, before);
  });

  test('an unknown token is 404 and changes nothing', async () => {
    const { event } = await hostedEvent();
    const before = await snapshot(srv.admin, event.id);
    await expectError(
      await srv.client().fetch('/api/client/event/wrong-token', { method: 'PUT', body: form({ name: 'x' }) }),
      404,
      'NOT_FOUND',
    );
    await expectUnchanged(srv.admin, before);
  });
});

describe('host albums', () => {
  test('POST creates an album (201) with dates and visibility', async () => {
    const { event, token, host } = await hostedEvent();
    const album = await expectOk<AlbumDto>(
      await send(host, 'POST', `/api/client/event/${token}/album`, {
        name: 'Party',
        start_datetime: '2025-06-01T20:00:00Z',
        end_datetime: '2025-06-02T02:00:00Z',
        visible: false,
      }),
      201,
    );
    expect(album).toMatchObject({
      event_id: event.id,
      name: 'Party',
      visible: false,
      start_datetime: '2025-06-01T20:00:00.000Z',
      end_datetime: '2025-06-02T02:00:00.000Z',
    });
    const plain = await expectOk<AlbumDto>(
      await send(host, 'POST', `/api/client/event/${token}/album`, {
        name: 'Ohne Datum',
        start_datetime: null,
        end_datetime: null,
        visible: true,
      }),
      201,
    );
    expect(plain).toMatchObject({ visible: true, start_datetime: null, end_datetime: null });
  });

  test('POST refuses a missing name or an end before the start, and creates nothing', async () => {
    const { event, token, host } = await hostedEvent();
    const before = await snapshot(srv.admin, event.id);
    for (const body of [
      {},
      { name: '' },
      { name: 7 },
      { name: 'x', start_datetime: '2025-06-02T00:00:00Z', end_datetime: '2025-06-01T00:00:00Z' },
      { name: 'x', visible: 'ja' },
    ]) {
      await expectError(await send(host, 'POST', `/api/client/event/${token}/album`, body), 400, 'VALIDATION_ERROR');
    }
    await expectUnchanged(srv.admin, before);
  });

  test('PUT changes any of name, dates, visible; the toggle sends only visible', async () => {
    const { event, token, host } = await hostedEvent();
    const album = await srv.admin.createAlbum(event.id, {
      name: 'Vorher',
      start_datetime: '2025-06-01T20:00:00Z',
      end_datetime: '2025-06-02T02:00:00Z',
    });
    const renamed = await expectOk<AlbumDto>(await send(host, 'PUT', `/api/client/album/${album.id}/${token}`, { name: 'Nachher' }));
    expect(renamed).toMatchObject({ name: 'Nachher', start_datetime: '2025-06-01T20:00:00.000Z', visible: true });
    const hidden = await expectOk<AlbumDto>(await send(host, 'PUT', `/api/client/album/${album.id}/${token}`, { visible: false }));
    expect(hidden).toMatchObject({ name: 'Nachher', visible: false, end_datetime: '2025-06-02T02:00:00.000Z' });
    const all = await expectOk<AlbumDto>(
      await send(host, 'PUT', `/api/client/album/${album.id}/${token}`, {
        name: 'Alles',
        start_datetime: null,
        end_datetime: null,
        visible: true,
      }),
    );
    expect(all).toMatchObject({ name: 'Alles', start_datetime: null, end_datetime: null, visible: true });
  });

  test('PUT with nothing to change or invalid values is 400 and the album stays', async () => {
    const { event, token, host } = await hostedEvent();
    const album = await srv.admin.createAlbum(event.id, { name: 'Bleibt' });
    const before = await snapshot(srv.admin, event.id);
    for (const body of [{}, { colour: 'red' }, { name: '' }, { visible: 'nope' }, { start_datetime: 'morgen' }]) {
      await expectError(await send(host, 'PUT', `/api/client/album/${album.id}/${token}`, body), 400, 'VALIDATION_ERROR');
    }
    await expectUnchanged(srv.admin, before);
  });

  test('DELETE removes the album and its uploads', async () => {
    const { event, token, host } = await hostedEvent();
    const album = await srv.admin.createAlbum(event.id, { name: 'Weg' });
    const upload = await srv.admin.uploadOk(event.id, PHOTO, { albumId: String(album.id) });
    expect(await expectOk(await host.fetch(`/api/client/album/${album.id}/${token}`, { method: 'DELETE' }))).toEqual({ success: true });
    const settings = await expectOk<ClientSettingsDto>(await host.fetch(`/api/client/event-settings/${token}`));
    expect(settings.albums.map((a) => a.name)).toEqual(['Default Album']);
    expect(await srv.admin.json(`/api/event/${event.id}/uploads`)).toEqual([]);
    expect((await srv.client().fetch(upload.upload.file_path)).status).toBe(404);
  });

  test('an album of another event is 404 for PUT and DELETE, and that album stays', async () => {
    const mine = await hostedEvent();
    const theirs = await hostedEvent();
    const foreign = await srv.admin.createAlbum(theirs.event.id, { name: 'Fremd' });
    const before = await snapshot(srv.admin, theirs.event.id);
    await expectError(
      await send(mine.host, 'PUT', `/api/client/album/${foreign.id}/${mine.token}`, { name: 'Gekapert' }),
      404,
      'NOT_FOUND',
    );
    await expectError(await mine.host.fetch(`/api/client/album/${foreign.id}/${mine.token}`, { method: 'DELETE' }), 404, 'NOT_FOUND');
    await expectUnchanged(srv.admin, before);
  });

  test('unknown album, album id that is not a number, or unknown token: 404', async () => {
    const { event, token, host } = await hostedEvent();
    const album = await srv.admin.createAlbum(event.id, { name: 'Da' });
    const before = await snapshot(srv.admin, event.id);
    await expectError(await send(host, 'PUT', `/api/client/album/999999/${token}`, { name: 'x' }), 404, 'NOT_FOUND');
    await expectError(await send(host, 'PUT', `/api/client/album/abc/${token}`, { name: 'x' }), 404, 'NOT_FOUND');
    await expectError(await send(host, 'PUT', `/api/client/album/${album.id}/wrong-token`, { name: 'x' }), 404, 'NOT_FOUND');
    await expectError(await host.fetch(`/api/client/album/${album.id}/wrong-token`, { method: 'DELETE' }), 404, 'NOT_FOUND');
    await expectError(await send(host, 'POST', '/api/client/event/wrong-token/album', { name: 'x' }), 404, 'NOT_FOUND');
    await expectUnchanged(srv.admin, before);
  });
});

describe('host statistics and export', () => {
  test('statistics and export of the own event, including unapproved uploads', async () => {
    const { event, token, host } = await hostedEvent();
    const guest = srv.client();
    const userId = await guest.joinAsGuest(event.code, 'Mia');
    const albumId = await defaultAlbumId(srv.admin, event.id);
    const pending = await guest.uploadOk(event.id, PHOTOS[0]!, { albumId });
    const shared = await guest.uploadOk(event.id, PHOTOS[1]!, { autoApprove: 'true', albumId });
    expect(pending.approved).toBe(false);

    const stats = await expectOk<StatisticsDto>(await host.fetch(`/api/client/event-statistics/${token}`));
    // the guest by handle and nickname: their user id is their session, only the admin's answers carry it
    expect(stats).toMatchObject({
      uploads: 2,
      albums: 1,
      users: [{ guest_id: expect.any(Number), user_id: null, nickname: 'Mia', upload_count: 2 }],
    });
    expect(stats.total_size_mb).toBeGreaterThan(0);
    const adminStats = await srv.admin.json<StatisticsDto>(`/api/event/${event.id}/statistics`);
    expect(adminStats.users).toEqual([{ ...stats.users[0]!, user_id: userId }]);
    expect({ ...stats, users: [], top_uploaders: [] }).toEqual({ ...adminStats, users: [], top_uploaders: [] });

    const exp = await expectOk<ExportDto>(await host.fetch(`/api/client/event-export/${token}`));
    expect(exp.albums).toHaveLength(1);
    expect(exp.albums[0]!.name).toBe('Default Album');
    expect(exp.albums[0]!.uploads.map((u) => u.id).sort()).toEqual([pending.id, shared.id].sort());
    expect(exp.albums[0]!.uploads.every((u) => typeof u.file_path === 'string')).toBe(true);
    expect(exp.uploads.map((u) => [u.user_id, u.guest_id])).toEqual([
      [null, stats.users[0]!.guest_id],
      [null, stats.users[0]!.guest_id],
    ]);
    const adminExport = await srv.admin.json<ExportDto>(`/api/event/${event.id}/export`);
    expect(adminExport.uploads.map((u) => u.user_id)).toEqual([userId, userId]);
    expect(JSON.stringify(exp)).not.toContain(userId);
  });

  test('statistics: storage of originals and derived files apart, uploads per hour, the top albums', async () => {
    const { event, token, host } = await hostedEvent();
    const guest = srv.client();
    await guest.joinAsGuest(event.code, 'Ole');
    const small = await srv.admin.createAlbum(event.id, { name: 'Sektempfang' });
    const big = await srv.admin.createAlbum(event.id, { name: 'Party' });
    const uploaded = [
      await guest.uploadOk(event.id, PHOTOS[0]!, { albumId: String(big.id) }),
      await guest.uploadOk(event.id, PHOTOS[1]!, { albumId: String(big.id) }),
      await guest.uploadOk(event.id, PHOTOS[2]!, { albumId: String(small.id) }),
    ];
    const stats = await expectOk<StatisticsDto>(await host.fetch(`/api/client/event-statistics/${token}`));
    const originalBytes = uploaded.reduce((sum, u) => sum + u.upload.size_bytes, 0);
    expect(stats.originals_size_mb).toBe(Math.round((originalBytes / 1024 / 1024) * 100) / 100);
    // thumbnails and previews are counted, apart from the originals; both add up to the total
    expect(stats.derived_size_mb).toBeGreaterThan(0);
    expect(Math.abs(stats.originals_size_mb + stats.derived_size_mb - stats.total_size_mb)).toBeLessThanOrEqual(0.011);
    // every upload in its hour, the last hour the newest upload's
    expect(stats.uploads_per_hour.reduce((sum, h) => sum + h.count, 0)).toBe(3);
    const newest = uploaded.map((u) => Date.parse(u.upload.created_at)).sort((a, b) => b - a)[0]!;
    expect(Date.parse(stats.uploads_per_hour.at(-1)!.hour)).toBe(Math.floor(newest / 3_600_000) * 3_600_000);
    // albums that hold uploads, the fullest first (the default album holds none here)
    expect(stats.top_albums.map((a) => [a.name, a.upload_count])).toEqual([
      ['Party', 2],
      ['Sektempfang', 1],
    ]);
    const adminStats = await srv.admin.json<StatisticsDto>(`/api/event/${event.id}/statistics`);
    expect(adminStats.uploads_per_hour).toEqual(stats.uploads_per_hour);
    expect(adminStats.originals_size_mb).toBe(stats.originals_size_mb);
  });

  test('a wrong token is 404 for statistics and export', async () => {
    await expectError(await srv.client().fetch('/api/client/event-statistics/wrong-token'), 404, 'NOT_FOUND');
    await expectError(await srv.client().fetch('/api/client/event-export/wrong-token'), 404, 'NOT_FOUND');
  });

  test('each token reaches only its own event', async () => {
    const a = await hostedEvent({ name: 'A' });
    const b = await hostedEvent({ name: 'B' });
    expect((await expectOk<ClientSettingsDto>(await a.host.fetch(`/api/client/event-settings/${a.token}`))).event.name).toBe('A');
    expect((await expectOk<ClientSettingsDto>(await b.host.fetch(`/api/client/event-settings/${b.token}`))).event.name).toBe('B');
    expect((await expectOk<ExportDto>(await a.host.fetch(`/api/client/event-export/${a.token}`))).event.id).toBe(a.event.id);
    const events = await srv.admin.json<AdminEventDto[]>('/api/event/events');
    expect(events.find((e) => e.id === a.event.id)!.client_token).toBe(a.token);
  });
});
