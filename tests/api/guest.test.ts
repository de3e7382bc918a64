// Guest side: config, event by code, consent and nickname (guest-side spec §5-§7, docs/api.md).
import { describe, expect, test } from 'bun:test';
import { networkInterfaces } from 'node:os';
import { ApiClient } from '../helpers/api-client.ts';
import { startServer } from '../helpers/server.ts';
import { EVENT_FIELDS, expectError, expectOk, send, snapshot, useAppServer } from './support.ts';

const srv = useAppServer({
  args: ['--max-upload-mb', '123'],
  env: { MOMENTBOX_WIFI_SSID: 'Hochzeit WLAN', MOMENTBOX_WIFI_PASSWORD: 'sekret 123' },
});

describe('GET /api/config', () => {
  test('answers the configured upload limit, the public URL, the Wi-Fi and the version to anyone', async () => {
    const body = await expectOk(await srv.client().fetch('/api/config'));
    expect(body).toEqual({
      maxUploadSizeMB: 123,
      publicUrl: srv.url,
      wifi: { ssid: 'Hochzeit WLAN', password: 'sekret 123' },
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      // the test server runs on 127.0.0.1: no guest's phone can open its links
      publicUrlReachable: false,
      shortName: null,
      retentionDays: 30,
    });
  });

  test('the public URL follows the Host header when none is configured and it names the box itself', async () => {
    const port = new URL(srv.url).port;
    const body = await expectOk(await srv.client().fetch('/api/config', { headers: { host: `localhost:${port}` } }));
    expect(body.publicUrl).toBe(`http://localhost:${port}`);
    expect(body.publicUrlReachable).toBe(false); // loopback: no phone can open it
  });
});

describe('links from a box that listens on every interface', () => {
  test("opened through 127.0.0.1, the links carry the box's LAN address, which phones can open", async () => {
    const lan = Object.values(networkInterfaces())
      .flatMap((list) => list ?? [])
      .find((a) => a.family === 'IPv4' && !a.internal)?.address;
    if (!lan) return; // a machine without a network: nothing to prefer over loopback
    const server = await startServer({ args: ['--host', '0.0.0.0'] });
    try {
      const port = new URL(server.url).port;
      const body = await expectOk(await new ApiClient(server.url).fetch('/api/config'));
      expect(body).toMatchObject({ publicUrl: `http://${lan}:${port}`, publicUrlReachable: true });
    } finally {
      await server.stop();
    }
  });
});

describe('GET /api/event/{code}', () => {
  test('a visitor reads the event with exactly the spec field names', async () => {
    const created = await srv.admin.createEvent({
      name: 'Sommerfest',
      primary_color: 'purple',
      header_style: 'split',
      allow_download: 'false',
    });
    const event = await expectOk(await srv.client().fetch(`/api/event/${created.code}`));
    expect(Object.keys(event).sort()).toEqual(EVENT_FIELDS);
    expect(event).toMatchObject({
      id: created.id,
      code: created.code,
      name: 'Sommerfest',
      primary_color: '#8B5CF6', // the named token as hex
      secondary_color: '#DBEAFE',
      header_style: 'split',
      host_image_url: null,
      allow_download: false,
      event_duration_days: 14,
      status: 'active',
    });
    // Guests never see the host's token or the admin totals.
    expect(event).not.toHaveProperty('client_token');
    expect(event).not.toHaveProperty('total_size_mb');
  });

  test('an unknown code is 404 NOT_FOUND with the error shape', async () => {
    await expectError(await srv.client().fetch('/api/event/no-such-event'), 404, 'NOT_FOUND');
  });

  test('a code with extra characters does not find the event', async () => {
    const created = await srv.admin.createEvent();
    await expectError(await srv.client().fetch(`/api/event/${created.code}x`), 404, 'NOT_FOUND');
    await expectError(await srv.client().fetch(`/api/event/${created.code.slice(0, -1)}`), 404, 'NOT_FOUND');
  });

  test('status follows the event window: not_started, ended, expired', async () => {
    const future = await srv.admin.createEvent({ event_start_datetime: new Date(Date.now() + 86_400_000).toISOString() });
    const ended = await srv.admin.createEvent({
      event_start_datetime: new Date(Date.now() - 8 * 86_400_000).toISOString(),
      event_duration_days: '7',
    });
    const expired = await srv.admin.createEvent({
      event_start_datetime: new Date(Date.now() - 40 * 86_400_000).toISOString(),
      event_duration_days: '7',
    });
    const status = async (code: string) => (await expectOk(await srv.client().fetch(`/api/event/${code}`))).status;
    expect(await status(future.code)).toBe('not_started');
    expect(await status(ended.code)).toBe('ended');
    expect(await status(expired.code)).toBe('expired');
  });
});

describe('consent', () => {
  test('POST consent creates a user id and sets the HttpOnly cookie event_{code} for 10 years, path /, SameSite Lax', async () => {
    const event = await srv.admin.createEvent();
    const guest = srv.client();
    const res = await send(guest, 'POST', `/api/event/${event.code}/consent`, {});
    const body = await expectOk(res);
    expect(body).toEqual({ hasConsent: true, userId: expect.stringMatching(/^[0-9a-f-]{36}$/) });

    const cookies = res.headers.getSetCookie();
    expect(cookies).toHaveLength(1);
    const parts = cookies[0]!.split(';').map((p) => p.trim());
    expect(parts[0]).toBe(`event_${event.code}=${body.userId}`);
    const attrs = new Map(parts.slice(1).map((p) => [p.split('=')[0]!.toLowerCase(), p.split('=').slice(1).join('=')]));
    const maxAge = Number(attrs.get('max-age'));
    const tenYears = 10 * 365 * 86_400;
    expect(Math.abs(maxAge - tenYears)).toBeLessThanOrEqual(3 * 86_400); // ~10 years, leap days aside
    expect(attrs.get('path')).toBe('/');
    expect(attrs.get('samesite')?.toLowerCase()).toBe('lax');
    // The guest's whole identity: no script may read it (the web app asks GET /me).
    expect(attrs.has('httponly')).toBe(true);

    const check = await expectOk(await srv.client().fetch(`/api/event/${event.code}/consent/${body.userId}`));
    expect(check).toEqual({ hasConsent: true });
  });

  test('a given userId (recovery, second device) is kept', async () => {
    const event = await srv.admin.createEvent();
    const userId = crypto.randomUUID();
    const guest = srv.client();
    expect(await expectOk(await send(guest, 'POST', `/api/event/${event.code}/consent`, { userId }))).toEqual({ hasConsent: true, userId });
    expect(guest.cookies.get(`event_${event.code}`)).toBe(userId);
    // Giving consent again is harmless.
    expect(await expectOk(await send(guest, 'POST', `/api/event/${event.code}/consent`, { userId }))).toEqual({ hasConsent: true, userId });
  });

  test('consent is per event: the same id has no consent in another event', async () => {
    const a = await srv.admin.createEvent();
    const b = await srv.admin.createEvent();
    const userId = await srv.client().joinAsGuest(a.code);
    expect(await expectOk(await srv.client().fetch(`/api/event/${b.code}/consent/${userId}`))).toEqual({ hasConsent: false });
  });

  test('check for an unknown or malformed user id answers false', async () => {
    const event = await srv.admin.createEvent();
    expect(await expectOk(await srv.client().fetch(`/api/event/${event.code}/consent/${crypto.randomUUID()}`))).toEqual({
      hasConsent: false,
    });
    expect(await expectOk(await srv.client().fetch(`/api/event/${event.code}/consent/not-a-uuid`))).toEqual({ hasConsent: false });
  });

  test('a userId that is not a UUID is refused with 400 and sets no cookie', async () => {
    const event = await srv.admin.createEvent();
    for (const userId of ['abc', 42, { id: 1 }, ['x'], "'; DROP TABLE guests; --", '../../etc/passwd']) {
      const res = await send(srv.client(), 'POST', `/api/event/${event.code}/consent`, { userId });
      expect(res.headers.getSetCookie()).toHaveLength(0);
      await expectError(res, 400, 'VALIDATION_ERROR');
    }
  });

  test('consent for an unknown event is 404 and sets no cookie', async () => {
    const res = await send(srv.client(), 'POST', '/api/event/no-such-event/consent', {});
    expect(res.headers.getSetCookie()).toHaveLength(0);
    await expectError(res, 404, 'NOT_FOUND');
    await expectError(await srv.client().fetch(`/api/event/no-such-event/consent/${crypto.randomUUID()}`), 404, 'NOT_FOUND');
  });
});

describe('nickname', () => {
  const nick = (code: string) => `/api/event/${code}/user-nickname`;

  test('the guest saves a nickname, trimmed, and anyone reads it', async () => {
    const event = await srv.admin.createEvent();
    const guest = srv.client();
    const userId = await guest.joinAsGuest(event.code);
    expect(await expectOk(await send(guest, 'POST', nick(event.code), { userId, nickname: '  Tante Erna  ' }))).toEqual({
      nickname: 'Tante Erna',
    });
    expect(await expectOk(await srv.client().fetch(`${nick(event.code)}/${userId}`))).toEqual({ nickname: 'Tante Erna' });
    // Changing it replaces it.
    expect(await expectOk(await send(guest, 'POST', nick(event.code), { userId, nickname: 'Erna' }))).toEqual({ nickname: 'Erna' });
    expect(await expectOk(await srv.client().fetch(`${nick(event.code)}/${userId}`))).toEqual({ nickname: 'Erna' });
  });

  test('30 characters are allowed (counted as characters, not bytes); 31 are refused with the spec message', async () => {
    const event = await srv.admin.createEvent();
    const guest = srv.client();
    const userId = await guest.joinAsGuest(event.code);
    const thirty = 'ä'.repeat(29) + '🎉';
    expect(await expectOk(await send(guest, 'POST', nick(event.code), { userId, nickname: thirty }))).toEqual({ nickname: thirty });
    const body = await expectError(
      await send(guest, 'POST', nick(event.code), { userId, nickname: 'x'.repeat(31) }),
      400,
      'VALIDATION_ERROR',
      'Maximal 30 Zeichen erlaubt.',
    );
    expect(body.field).toBe('nickname');
    // Trimmed before counting: 30 characters plus spaces are fine.
    expect(await expectOk(await send(guest, 'POST', nick(event.code), { userId, nickname: `  ${'y'.repeat(30)}  ` }))).toEqual({
      nickname: 'y'.repeat(30),
    });
    // A very long nickname is refused too and the saved one stays.
    await expectError(
      await send(guest, 'POST', nick(event.code), { userId, nickname: 'z'.repeat(100_000) }),
      400,
      'VALIDATION_ERROR',
      'Maximal 30 Zeichen erlaubt.',
    );
    expect(await expectOk(await srv.client().fetch(`${nick(event.code)}/${userId}`))).toEqual({ nickname: 'y'.repeat(30) });
  });

  test('an empty, blank, missing or non-text nickname is refused and the saved one stays', async () => {
    const event = await srv.admin.createEvent();
    const guest = srv.client();
    const userId = await guest.joinAsGuest(event.code, 'Karl');
    for (const body of [
      { userId, nickname: '' },
      { userId, nickname: '   ' },
      { userId },
      { userId, nickname: 42 },
      { userId, nickname: ['Karl'] },
      { userId, nickname: { n: 'Karl' } },
      { userId, nickname: null },
    ]) {
      await expectError(await send(guest, 'POST', nick(event.code), body), 400, 'VALIDATION_ERROR');
    }
    expect(await expectOk(await srv.client().fetch(`${nick(event.code)}/${userId}`))).toEqual({ nickname: 'Karl' });
  });

  test('only the guest whose id it is may set it: another guest or a visitor gets 403 and the name stays', async () => {
    const event = await srv.admin.createEvent();
    const owner = srv.client();
    const userId = await owner.joinAsGuest(event.code, 'Owner');
    const other = srv.client();
    await other.joinAsGuest(event.code);
    await expectError(await send(other, 'POST', nick(event.code), { userId, nickname: 'Hijacked' }), 403, 'FORBIDDEN');
    await expectError(await send(srv.client(), 'POST', nick(event.code), { userId, nickname: 'Hijacked' }), 403, 'FORBIDDEN');
    // A cookie of another event does not count either.
    const elsewhere = await srv.admin.createEvent();
    const stranger = srv.client();
    await stranger.joinAsGuest(elsewhere.code);
    stranger.cookies.set(`event_${elsewhere.code}`, userId);
    await expectError(await send(stranger, 'POST', nick(event.code), { userId, nickname: 'Hijacked' }), 403, 'FORBIDDEN');
    expect(await expectOk(await srv.client().fetch(`${nick(event.code)}/${userId}`))).toEqual({ nickname: 'Owner' });
  });

  test('a userId that is not a UUID is 400', async () => {
    const event = await srv.admin.createEvent();
    const guest = srv.client();
    await guest.joinAsGuest(event.code);
    await expectError(await send(guest, 'POST', nick(event.code), { userId: 'me', nickname: 'Anna' }), 400, 'VALIDATION_ERROR');
    await expectError(await send(guest, 'POST', nick(event.code), { nickname: 'Anna' }), 400, 'VALIDATION_ERROR');
  });

  test('reading the nickname of an unknown user answers null; an unknown event is 404', async () => {
    const event = await srv.admin.createEvent();
    expect(await expectOk(await srv.client().fetch(`${nick(event.code)}/${crypto.randomUUID()}`))).toEqual({ nickname: null });
    expect(await expectOk(await srv.client().fetch(`${nick(event.code)}/not-a-uuid`))).toEqual({ nickname: null });
    await expectError(await srv.client().fetch(`${nick('no-such-event')}/${crypto.randomUUID()}`), 404, 'NOT_FOUND');
  });

  test('SQL-looking and HTML nicknames are stored literally', async () => {
    const event = await srv.admin.createEvent();
    const guest = srv.client();
    const userId = await guest.joinAsGuest(event.code);
    const before = await snapshot(srv.admin, event.id);
    for (const name of ["'; DROP TABLE events; --", '<script>x</script>', 'Robert"); --']) {
      expect(await expectOk(await send(guest, 'POST', nick(event.code), { userId, nickname: name }))).toEqual({ nickname: name });
      expect(await expectOk(await srv.client().fetch(`${nick(event.code)}/${userId}`))).toEqual({ nickname: name });
    }
    expect(await snapshot(srv.admin, event.id)).toEqual(before);
  });
});
