// Request schemas (src/http/schemas/, endpoint() in src/http/openapi.ts): a path parameter that does not
// fit its schema names nothing (404 NOT_FOUND, as an id that does not exist), a bad body or query answers
// 400 VALIDATION_ERROR with the field and the spec's message, and nothing changes.
import { describe, expect, test } from 'bun:test';
import type { ClientTokenAnswer, WifiSettings } from '../../src/http/api-types.ts';
import { expectError, expectOk, PHOTO, send, useAppServer } from './support.ts';

const srv = useAppServer();

describe('path parameters', () => {
  // Each id is of a thing that exists, written so that only the schema can refuse it: `5.0` or `0x5` are
  // the number 5 to a lax reader (Number('5.0')), and the event or album 5 would be found.
  test("an id that is not a plain positive integer names nothing, though Number() would read an existing one: 404 'Nicht gefunden'", async () => {
    const { admin } = srv;
    const event = await admin.createEvent();
    const album = await admin.createAlbum(event.id, { name: 'Tanz' });
    const { client_token: token } = await admin.json<ClientTokenAnswer>(`/api/client/generate-token/${event.id}`, { method: 'POST' });
    const lax = (id: number) => [`${id}.0`, `0x${id.toString(16)}`, `${id}e0`, `+${id}`];
    for (const id of lax(event.id)) {
      await expectError(await admin.fetch(`/api/event/${id}/albums`), 404, 'NOT_FOUND', 'Nicht gefunden');
      await expectError(await admin.fetch(`/api/event/${id}/statistics`), 404, 'NOT_FOUND', 'Nicht gefunden');
      await expectError(await admin.fetch(`/api/event/${id}/live`), 404, 'NOT_FOUND', 'Nicht gefunden');
    }
    for (const id of lax(album.id)) {
      await expectError(await send(admin, 'PUT', `/api/album/${id}`, { name: 'Umbenannt' }), 404, 'NOT_FOUND', 'Nicht gefunden');
      await expectError(
        await send(admin, 'PUT', `/api/client/album/${id}/${token}`, { name: 'Umbenannt' }),
        404,
        'NOT_FOUND',
        'Nicht gefunden',
      );
    }
    // The same calls with the plain id work: the 404s above are the path schema's.
    await expectOk(await admin.fetch(`/api/event/${event.id}/albums`));
    const albums = await admin.json<{ id: number; name: string }[]>(`/api/event/${event.id}/albums`);
    expect(albums.find((a) => a.id === album.id)?.name).toBe('Tanz');
  });
});

describe('bodies and queries', () => {
  test("PUT /api/admin/wifi: the spec's limits answer 400 with the field, and the saved Wi-Fi stays", async () => {
    const { admin } = srv;
    const saved = await admin.json<WifiSettings>('/api/admin/wifi', { method: 'PUT', json: { ssid: 'Festsaal', password: 'torte-2026' } });
    expect(saved).toEqual({ ssid: 'Festsaal', password: 'torte-2026' });
    const refused: [unknown, string, string][] = [
      // 17 characters, 34 bytes: a network name is limited in bytes
      [{ ssid: 'ä'.repeat(17), password: '' }, 'ssid', 'Der WLAN-Name darf höchstens 32 Zeichen haben'],
      [{ ssid: 'Festsaal', password: 'kurz123' }, 'password', 'Ein WLAN-Passwort (WPA) hat mindestens 8 Zeichen'],
      [{ ssid: 'Festsaal', password: 'x'.repeat(64) }, 'password', 'Das WLAN-Passwort darf höchstens 63 Zeichen haben'],
      [{ ssid: 42, password: 'torte-2026' }, 'ssid', 'Der WLAN-Name muss Text sein'],
    ];
    for (const [body, field, message] of refused) {
      const error = await expectError(await send(admin, 'PUT', '/api/admin/wifi', body), 400, 'VALIDATION_ERROR', message);
      expect(error.field).toBe(field);
    }
    expect(await admin.json<WifiSettings>('/api/admin/wifi')).toEqual(saved);
    // 32 bytes exactly, a name with spaces trimmed, and an empty password (an open network) are fine.
    const open = await admin.json<WifiSettings>('/api/admin/wifi', {
      method: 'PUT',
      json: { ssid: `  ${'ä'.repeat(16)}  `, password: '' },
    });
    expect(open).toEqual({ ssid: 'ä'.repeat(16), password: '' });
  });

  test('ZIP downloads: bad ids or albumId answer 400 with the field', async () => {
    const { admin } = srv;
    const event = await admin.createEvent();
    const upload = await admin.uploadOk(event.id, PHOTO);
    for (const ids of ['', 'abc', `${upload.id},0`, Array.from({ length: 501 }, (_, i) => i + 1).join(',')]) {
      const error = await expectError(
        await admin.fetch(`/api/event/${event.id}/download-zip?ids=${ids}`),
        400,
        'VALIDATION_ERROR',
        /^ids: 1 bis 500/,
      );
      expect(error.field).toBe('ids');
    }
    const error = await expectError(
      await admin.fetch(`/api/event/${event.id}/export-zip?albumId=zwei`),
      400,
      'VALIDATION_ERROR',
      'albumId ist ungültig',
    );
    expect(error.field).toBe('albumId');
    const zip = await admin.fetch(`/api/event/${event.id}/download-zip?ids=${upload.id}`);
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    await zip.arrayBuffer();
  });

  test('the portal join still joins with a strange form (event sent as a file) and goes back to the page', async () => {
    const form = new FormData();
    form.append('event', new Blob(['x']), 'event.txt');
    const res = await fetch(`${srv.url}/portal/join`, { method: 'POST', body: form, redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/portal');
  });
});
