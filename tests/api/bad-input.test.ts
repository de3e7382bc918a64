// Bad input of every kind: each gets a 4xx with `{ error, code }`, and the data is unchanged afterwards.
import { describe, expect, test } from 'bun:test';
import type { AdminEventDto, AlbumDto, ApiKeyDto, CreatedApiKey } from '../../src/http/api-types.ts';
import { expectError, expectOk, expectUnchanged, form, send, snapshot, uniqueCode, useAppServer } from './support.ts';

const srv = useAppServer();
const SQL = "'; DROP TABLE events; --";
const PATHY = '../../etc/passwd';

/** Every JSON call of the API with a valid path, for the body tests. */
async function jsonCalls() {
  const event = await srv.admin.createEvent();
  const album = await srv.admin.createAlbum(event.id, { name: 'Album' });
  const guest = srv.client();
  await guest.joinAsGuest(event.code);
  const { client_token: token } = await srv.admin.json<{ client_token: string }>(`/api/client/generate-token/${event.id}`, {
    method: 'POST',
  });
  const calls: [string, string][] = [
    ['POST', '/api/admin/login'],
    ['POST', '/api/admin/change-password'],
    ['POST', '/api/admin/api-keys'],
    ['POST', `/api/event/${event.id}/album`],
    ['PUT', `/api/album/${album.id}`],
    ['POST', `/api/event/${event.code}/consent`],
    ['POST', `/api/event/${event.code}/user-nickname`],
    ['POST', `/api/client/event/${token}/album`],
    ['PUT', `/api/client/album/${album.id}/${token}`],
    ['POST', '/api/media/check-similar'],
  ];
  return { event, calls };
}

describe('malformed bodies', () => {
  test('malformed JSON is 400 VALIDATION_ERROR on every JSON call, and nothing changes', async () => {
    const { event, calls } = await jsonCalls();
    const before = await snapshot(srv.admin, event.id);
    for (const [method, path] of calls) {
      for (const body of ['{', '{"name": }', "{'name': 'x'}", 'name=x', '\u0000']) {
        await expectError(await send(srv.admin, method, path, body), 400, 'VALIDATION_ERROR');
      }
    }
    await expectUnchanged(srv.admin, before);
  });

  test('JSON that is not an object (array, string, number, null) is 400 on every JSON call', async () => {
    const { event, calls } = await jsonCalls();
    const before = await snapshot(srv.admin, event.id);
    for (const [method, path] of calls) {
      for (const body of ['[]', '[{"name":"x"}]', '"name"', '42', 'null', 'true']) {
        await expectError(await send(srv.admin, method, path, body), 400, 'VALIDATION_ERROR');
      }
    }
    await expectUnchanged(srv.admin, before);
  });

  test('an empty body is 400, not a 500', async () => {
    const { calls } = await jsonCalls();
    for (const [method, path] of calls) {
      await expectError(await srv.admin.fetch(path, { method, headers: { 'content-type': 'application/json' } }), 400, 'VALIDATION_ERROR');
    }
  });

  test('a broken multipart form for an event is 400 and creates nothing', async () => {
    const count = (await srv.admin.json<AdminEventDto[]>('/api/event/events')).length;
    const res = await srv.admin.fetch('/api/event', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
      body: '--XYZ\r\nContent-Disposition: form-data; name="name"\r\n\r\nHalb',
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    await expectError(res, res.status);
    expect((await srv.admin.json<AdminEventDto[]>('/api/event/events')).length).toBe(count);
  });
});

describe('a 10 MB JSON body', () => {
  const big = JSON.stringify({ name: 'x'.repeat(10 * 1024 * 1024) });

  test('is refused with 413 PAYLOAD_TOO_LARGE (declared length) and the server is fine after', async () => {
    const event = await srv.admin.createEvent();
    const before = await snapshot(srv.admin, event.id);
    const body = await expectError(await send(srv.admin, 'POST', `/api/event/${event.id}/album`, big), 413, 'PAYLOAD_TOO_LARGE');
    expect(typeof body.maxSizeBytes).toBe('number');
    await expectError(await send(srv.admin, 'POST', '/api/admin/api-keys', big), 413, 'PAYLOAD_TOO_LARGE');
    await expectError(await send(srv.client(), 'POST', '/api/admin/login', big), 413, 'PAYLOAD_TOO_LARGE');
    await expectUnchanged(srv.admin, before);
    // Still serving, and the admin session still works.
    expect((await srv.client().fetch('/api/config')).status).toBe(200);
    expect((await srv.admin.createAlbum(event.id, { name: 'Danach' })).name).toBe('Danach');
  });

  test('is refused with 413 when streamed without a declared length', async () => {
    const event = await srv.admin.createEvent();
    const before = await snapshot(srv.admin, event.id);
    const bytes = new TextEncoder().encode(big);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 256 * 1024) controller.enqueue(bytes.subarray(i, i + 256 * 1024));
        controller.close();
      },
    });
    const res = await srv.admin.fetch(`/api/event/${event.id}/album`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
    });
    await expectError(res, 413, 'PAYLOAD_TOO_LARGE');
    await expectUnchanged(srv.admin, before);
    expect((await srv.client().fetch('/api/config')).status).toBe(200);
  });

  test('a 10 MB event form (multipart, no file) is refused and creates nothing', async () => {
    const count = (await srv.admin.json<AdminEventDto[]>('/api/event/events')).length;
    const res = await srv.admin.fetch('/api/event', {
      method: 'POST',
      body: form({ name: 'y'.repeat(10 * 1024 * 1024), code: uniqueCode() }),
    });
    expect([400, 413]).toContain(res.status);
    await expectError(res, res.status);
    expect((await srv.admin.json<AdminEventDto[]>('/api/event/events')).length).toBe(count);
  });
});

describe('wrong types and missing fields', () => {
  test('album: numbers, arrays, objects, booleans as name; missing name', async () => {
    const event = await srv.admin.createEvent();
    const before = await snapshot(srv.admin, event.id);
    for (const name of [42, 0, ['Album'], { name: 'Album' }, true, null]) {
      const body = await expectError(await send(srv.admin, 'POST', `/api/event/${event.id}/album`, { name }), 400, 'VALIDATION_ERROR');
      expect(body.field).toBe('name');
    }
    await expectError(
      await send(srv.admin, 'POST', `/api/event/${event.id}/album`, { start_datetime: '2025-06-01T00:00:00Z' }),
      400,
      'VALIDATION_ERROR',
    );
    for (const start_datetime of [123, ['2025-06-01'], { d: 1 }, true, 'not a date', '2025-13-45T99:99:99Z']) {
      const body = await expectError(
        await send(srv.admin, 'POST', `/api/event/${event.id}/album`, { name: 'x', start_datetime }),
        400,
        'VALIDATION_ERROR',
      );
      expect(body.field).toBe('start_datetime');
    }
    for (const visible of ['yes please', 2, ['true'], { v: true }]) {
      const body = await expectError(
        await send(srv.admin, 'POST', `/api/event/${event.id}/album`, { name: 'x', visible }),
        400,
        'VALIDATION_ERROR',
      );
      expect(body.field).toBe('visible');
    }
    await expectUnchanged(srv.admin, before);
  });

  test('event as JSON: numbers, arrays and objects for text fields are refused; nothing is created', async () => {
    const count = (await srv.admin.json<AdminEventDto[]>('/api/event/events')).length;
    for (const [field, value] of [
      ['name', 42],
      ['name', ['Fest']],
      ['name', { de: 'Fest' }],
      ['code', 2025],
      ['code', ['fest']],
      ['primary_color', 0x3b82f6],
      ['header_style', ['split']],
      ['allow_download', 'sometimes'],
      ['allow_download', { yes: true }],
      ['event_start_datetime', 1717250400000],
      ['event_start_datetime', ['2025-06-01']],
    ] as [string, unknown][]) {
      const body = await expectError(
        await send(srv.admin, 'POST', '/api/event', { name: 'Fest', code: uniqueCode(), [field]: value }),
        400,
        'VALIDATION_ERROR',
      );
      expect(body.field).toBe(field);
    }
    expect((await srv.admin.json<AdminEventDto[]>('/api/event/events')).length).toBe(count);
  });

  test('event duration as a JSON number is fine (it is a number)', async () => {
    const event = await expectOk<AdminEventDto>(
      await send(srv.admin, 'POST', '/api/event', { name: 'Zahl', code: uniqueCode(), event_duration_days: 21 }),
      201,
    );
    expect(event.event_duration_days).toBe(21);
  });

  test('consent and nickname: wrong types for userId and nickname', async () => {
    const event = await srv.admin.createEvent();
    const guest = srv.client();
    const userId = await guest.joinAsGuest(event.code, 'Bleibt');
    for (const bad of [123, [userId], { id: userId }, true]) {
      await expectError(await send(srv.client(), 'POST', `/api/event/${event.code}/consent`, { userId: bad }), 400, 'VALIDATION_ERROR');
      await expectError(
        await send(guest, 'POST', `/api/event/${event.code}/user-nickname`, { userId: bad, nickname: 'x' }),
        400,
        'VALIDATION_ERROR',
      );
    }
    for (const nickname of [123, ['x'], { n: 'x' }, true]) {
      await expectError(await send(guest, 'POST', `/api/event/${event.code}/user-nickname`, { userId, nickname }), 400, 'VALIDATION_ERROR');
    }
    expect(await expectOk(await srv.client().fetch(`/api/event/${event.code}/user-nickname/${userId}`))).toEqual({ nickname: 'Bleibt' });
  });

  test('API key: wrong types for name', async () => {
    const before = await srv.admin.json<ApiKeyDto[]>('/api/admin/api-keys');
    for (const name of [1, ['k'], { k: 1 }, false]) {
      await expectError(await send(srv.admin, 'POST', '/api/admin/api-keys', { name }), 400, 'VALIDATION_ERROR');
    }
    expect(await srv.admin.json('/api/admin/api-keys')).toEqual(before);
  });
});

describe('ids', () => {
  test.each(['abc', '0', '-1', '1.5', '1e3', '0x10', '%20', '999999999999999999999', '1;DROP TABLE events'])(
    'event id %p is 404',
    async (id) => {
      const p = encodeURI(id);
      await expectError(await srv.client().fetch(`/api/event/${p}/albums`), 404, 'NOT_FOUND');
      await expectError(await srv.admin.fetch(`/api/event/${p}/statistics`), 404, 'NOT_FOUND');
      await expectError(await srv.admin.fetch(`/api/event/${p}`, { method: 'DELETE' }), 404, 'NOT_FOUND');
      await expectError(await srv.admin.fetch(`/api/album/${p}`, { method: 'DELETE' }), 404, 'NOT_FOUND');
      await expectError(await srv.admin.fetch(`/api/admin/api-keys/${p}`, { method: 'DELETE' }), 404, 'NOT_FOUND');
    },
  );

  test('unknown but well-formed ids are 404 everywhere', async () => {
    const event = await srv.admin.createEvent();
    const before = await snapshot(srv.admin, event.id);
    const id = 987654;
    for (const [method, path, body] of [
      ['GET', `/api/event/${id}/albums`],
      ['GET', `/api/event/${id}/uploads`],
      ['POST', `/api/event/${id}/album`, 'json'],
      ['PUT', `/api/event/${id}`, 'form'],
      ['DELETE', `/api/event/${id}`],
      ['PUT', `/api/album/${id}`, 'json'],
      ['DELETE', `/api/album/${id}`],
      ['GET', `/api/event/${id}/uploaders`],
      ['GET', `/api/event/${id}/statistics`],
      ['GET', `/api/event/${id}/export`],
      ['POST', `/api/client/generate-token/${id}`],
      ['DELETE', `/api/admin/api-keys/${id}`],
      ['PUT', `/api/event/${event.id}/upload/${id}/approve`],
      ['PUT', `/api/event/${event.id}/upload/${id}/reject`],
      ['DELETE', `/api/event/${event.id}/upload/${id}`],
    ] as [string, string, ('json' | 'form')?][]) {
      const res =
        body === 'json'
          ? await send(srv.admin, method, path, { name: 'x' })
          : await srv.admin.fetch(path, { method, body: body === 'form' ? form({ name: 'x' }) : undefined });
      await expectError(res, 404, 'NOT_FOUND');
    }
    await expectError(await srv.admin.fetch(`/api/event/${event.id}/uploads?albumId=${id}`), 404, 'NOT_FOUND');
    await expectUnchanged(srv.admin, before);
  });

  test('an albumId filter that is not a number is 400', async () => {
    const event = await srv.admin.createEvent();
    for (const albumId of ['abc', '-1', '1.5', "1' OR '1'='1"]) {
      await expectError(
        await srv.client().fetch(`/api/event/${event.id}/uploads?albumId=${encodeURIComponent(albumId)}`),
        400,
        'VALIDATION_ERROR',
      );
    }
  });
});

describe('SQL-looking and path-looking strings', () => {
  test('as event name: stored literally; as code: refused; tables intact', async () => {
    const before = (await srv.admin.json<AdminEventDto[]>('/api/event/events')).length;
    const event = await srv.admin.createEvent({ name: SQL, code: uniqueCode('sql') });
    expect(event.name).toBe(SQL);
    expect((await expectOk(await srv.client().fetch(`/api/event/${event.code}`))).name).toBe(SQL);
    await expectError(
      await srv.admin.fetch('/api/event', { method: 'POST', body: form({ name: 'x', code: SQL }) }),
      400,
      'VALIDATION_ERROR',
    );
    await expectError(
      await srv.admin.fetch('/api/event', { method: 'POST', body: form({ name: 'x', code: PATHY }) }),
      400,
      'VALIDATION_ERROR',
    );
    await expectError(
      await srv.admin.fetch('/api/event', { method: 'POST', body: form({ name: 'x', code: "x' OR '1'='1" }) }),
      400,
      'VALIDATION_ERROR',
    );
    const after = await srv.admin.json<AdminEventDto[]>('/api/event/events');
    expect(after.length).toBe(before + 1);
  });

  test('as album name: stored literally, including a path', async () => {
    const event = await srv.admin.createEvent();
    for (const name of [SQL, PATHY, '..\\..\\windows', '<img src=x onerror=alert(1)>', 'Robert"); DROP TABLE albums;--']) {
      const album = await srv.admin.createAlbum(event.id, { name });
      expect(album.name).toBe(name);
    }
    const names = (await srv.client().json<AlbumDto[]>(`/api/event/${event.id}/albums`)).map((a) => a.name);
    expect(names).toEqual([
      'Default Album',
      SQL,
      PATHY,
      '..\\..\\windows',
      '<img src=x onerror=alert(1)>',
      'Robert"); DROP TABLE albums;--',
    ]);
  });

  test('as API key name: stored literally', async () => {
    const name = `${SQL} ${crypto.randomUUID().slice(0, 4)}`;
    const created = await expectOk<CreatedApiKey>(await send(srv.admin, 'POST', '/api/admin/api-keys', { name }), 201);
    expect(created.name).toBe(name);
    expect((await srv.admin.json<ApiKeyDto[]>('/api/admin/api-keys')).some((k) => k.name === name)).toBe(true);
  });

  test('as event code in paths: just an unknown event', async () => {
    for (const code of [SQL, "x' OR '1'='1", PATHY, '%00', '..%2f..%2fetc%2fpasswd']) {
      const res = await srv.client().fetch(`/api/event/${encodeURIComponent(code)}`);
      await expectError(res, 404, 'NOT_FOUND');
      await expectError(await send(srv.client(), 'POST', `/api/event/${encodeURIComponent(code)}/consent`, {}), 404, 'NOT_FOUND');
      await expectError(await srv.client().fetch(`/api/client/event-settings/${encodeURIComponent(code)}`), 404, 'NOT_FOUND');
    }
    // The events table is still there.
    expect((await srv.admin.fetch('/api/event/events')).status).toBe(200);
  });
});

describe('very long strings', () => {
  test('event name: 120 characters are fine, 121 are refused', async () => {
    expect((await srv.admin.createEvent({ name: 'n'.repeat(120), code: uniqueCode() })).name).toBe('n'.repeat(120));
    const count = (await srv.admin.json<AdminEventDto[]>('/api/event/events')).length;
    await expectError(
      await srv.admin.fetch('/api/event', { method: 'POST', body: form({ name: 'n'.repeat(121), code: uniqueCode() }) }),
      400,
      'VALIDATION_ERROR',
    );
    await expectError(
      await srv.admin.fetch('/api/event', { method: 'POST', body: form({ name: 'n'.repeat(500_000), code: uniqueCode() }) }),
      400,
      'VALIDATION_ERROR',
    );
    expect((await srv.admin.json<AdminEventDto[]>('/api/event/events')).length).toBe(count);
  });

  test('album name: 100 characters are fine, 101 and 500 000 are refused', async () => {
    const event = await srv.admin.createEvent();
    expect((await srv.admin.createAlbum(event.id, { name: 'a'.repeat(100) })).name).toBe('a'.repeat(100));
    const before = await snapshot(srv.admin, event.id);
    await expectError(await send(srv.admin, 'POST', `/api/event/${event.id}/album`, { name: 'a'.repeat(101) }), 400, 'VALIDATION_ERROR');
    await expectError(
      await send(srv.admin, 'POST', `/api/event/${event.id}/album`, { name: 'a'.repeat(500_000) }),
      400,
      'VALIDATION_ERROR',
    );
    await expectUnchanged(srv.admin, before);
  });

  test('API key name over 100 characters is refused', async () => {
    const before = await srv.admin.json<ApiKeyDto[]>('/api/admin/api-keys');
    await expectError(await send(srv.admin, 'POST', '/api/admin/api-keys', { name: 'k'.repeat(101) }), 400, 'VALIDATION_ERROR');
    expect(await srv.admin.json('/api/admin/api-keys')).toEqual(before);
  });

  test('a very long code or token in the path is just not found', async () => {
    await expectError(await srv.client().fetch(`/api/event/${'c'.repeat(5000)}`), 404, 'NOT_FOUND');
    await expectError(await srv.client().fetch(`/api/client/event-settings/${'t'.repeat(5000)}`), 404, 'NOT_FOUND');
  });

  test('a very long password at login is just wrong', async () => {
    await expectError(
      await send(srv.client(), 'POST', '/api/admin/login', { password: 'p'.repeat(200_000) }),
      401,
      'UNAUTHORIZED',
      'Ungültige Anmeldedaten',
    );
  });
});
