// Admin session (login, logout, 401s) and API keys.
import { describe, expect, test } from 'bun:test';
import type { ApiKeyDto, CreatedApiKey } from '../../src/http/api-types.ts';
import { expectError, expectOk, PHOTO, send, useAppServer } from './support.ts';

const srv = useAppServer();
const keyName = (prefix = 'Fotobox') => `${prefix} ${crypto.randomUUID().slice(0, 8)}`;

describe('POST /api/admin/login', () => {
  test('the right password gives a bearer token that expires in about a week', async () => {
    const body = await expectOk(await send(srv.client(), 'POST', '/api/admin/login', { password: srv.server.adminPassword }));
    expect(Object.keys(body).sort()).toEqual(['expires_at', 'token']);
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 random bits, base64url
    const days = (Date.parse(body.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.1);
    const res = await srv.client().fetch('/api/event/events', { headers: { authorization: `Bearer ${body.token}` } });
    expect(res.status).toBe(200);
  });

  test("a wrong password is 401 UNAUTHORIZED 'Invalid credentials' (the spec's English), in German 'Ungültige Anmeldedaten'", async () => {
    const wrong = { password: 'wrong-password' };
    await expectError(
      await send(srv.client(), 'POST', '/api/admin/login', wrong, { 'accept-language': 'en-US' }),
      401,
      'UNAUTHORIZED',
      'Invalid credentials',
    );
    await expectError(await send(srv.client(), 'POST', '/api/admin/login', wrong), 401, 'UNAUTHORIZED', 'Ungültige Anmeldedaten');
  });

  test('a missing or non-text password is 401 too, never a 500', async () => {
    await expectError(await send(srv.client(), 'POST', '/api/admin/login', {}), 401, 'UNAUTHORIZED', 'Ungültige Anmeldedaten');
    await expectError(await send(srv.client(), 'POST', '/api/admin/login', { password: 12345678 }), 401, 'UNAUTHORIZED');
    await expectError(await send(srv.client(), 'POST', '/api/admin/login', { password: [srv.server.adminPassword] }), 401, 'UNAUTHORIZED');
  });

  test('each login is its own session: two tokens both work', async () => {
    const a = srv.client();
    const b = srv.client();
    await a.login(srv.server.adminPassword);
    await b.login(srv.server.adminPassword);
    expect(a.adminToken).not.toBe(b.adminToken);
    expect((await a.fetch('/api/admin/api-keys')).status).toBe(200);
    expect((await b.fetch('/api/admin/api-keys')).status).toBe(200);
  });
});

describe('401 without a valid admin token', () => {
  const adminCalls: [string, string][] = [
    ['GET', '/api/event/events'],
    ['GET', '/api/admin/api-keys'],
    ['POST', '/api/admin/logout'],
  ];

  test.each(adminCalls)('%s %s with no token', async (method, path) => {
    await expectError(await srv.client().fetch(path, { method }), 401, 'UNAUTHORIZED');
  });

  test.each(adminCalls)('%s %s with a bogus token', async (method, path) => {
    await expectError(
      await srv.client().fetch(path, { method, headers: { authorization: 'Bearer not-a-real-token' } }),
      401,
      'UNAUTHORIZED',
    );
  });

  test.each(adminCalls)('%s %s with a malformed Authorization header', async (method, path) => {
    await expectError(
      await srv.client().fetch(path, { method, headers: { authorization: 'Basic YWRtaW46YWRtaW4=' } }),
      401,
      'UNAUTHORIZED',
    );
    await expectError(await srv.client().fetch(path, { method, headers: { authorization: 'Bearer' } }), 401, 'UNAUTHORIZED');
  });

  test('a logged-out token is 401 on every later call; other sessions stay', async () => {
    const session = srv.client();
    await session.login(srv.server.adminPassword);
    const other = srv.client();
    await other.login(srv.server.adminPassword);
    expect(await expectOk(await session.fetch('/api/admin/logout', { method: 'POST' }))).toEqual({ success: true });
    await expectError(await session.fetch('/api/event/events'), 401, 'UNAUTHORIZED');
    await expectError(await session.fetch('/api/admin/logout', { method: 'POST' }), 401, 'UNAUTHORIZED');
    expect((await other.fetch('/api/event/events')).status).toBe(200);
  });

  test('a bogus bearer token is 401 even on calls open to visitors (the web app then clears it)', async () => {
    const event = await srv.admin.createEvent();
    await expectError(
      await srv.client().fetch(`/api/event/${event.id}/albums`, { headers: { authorization: 'Bearer expired-token' } }),
      401,
      'UNAUTHORIZED',
    );
  });
});

describe('API keys', () => {
  test('create shows the key once; the list never does', async () => {
    const name = keyName();
    const res = await send(srv.admin, 'POST', '/api/admin/api-keys', { name: `  ${name}  ` });
    const created = await expectOk<CreatedApiKey>(res, 201);
    expect(Object.keys(created).sort()).toEqual(['api_key', 'created_at', 'id', 'last_used_at', 'name']);
    expect(created).toMatchObject({ name, last_used_at: null });
    expect(created.api_key.length).toBeGreaterThanOrEqual(40);
    expect(Date.parse(created.created_at)).not.toBeNaN();

    const list = await expectOk<ApiKeyDto[]>(await srv.admin.fetch('/api/admin/api-keys'));
    const listed = list.find((k) => k.id === created.id)!;
    expect(listed).toEqual({ id: created.id, name, created_at: created.created_at, last_used_at: null });
    for (const k of list) {
      expect(Object.keys(k).sort()).toEqual(['created_at', 'id', 'last_used_at', 'name']);
    }
    expect(JSON.stringify(list)).not.toContain(created.api_key);
  });

  test('using a key (Bearer or X-API-Key) sets last_used_at', async () => {
    const created = await srv.admin.json<CreatedApiKey>('/api/admin/api-keys', { method: 'POST', json: { name: keyName() } });
    const event = await srv.admin.createEvent();
    const booth = srv.client();
    const before = Date.now() - 2000;
    const res = await booth.upload(event.id, PHOTO);
    expect(res.status).toBe(403); // no key yet: a visitor, who must consent first
    const withKey = await booth.fetch(`/api/media/check-exact?sha256=${'0'.repeat(64)}&eventId=${event.id}`, {
      headers: { 'x-api-key': created.api_key },
    });
    expect(withKey.status).toBe(200);
    const listed = (await srv.admin.json<ApiKeyDto[]>('/api/admin/api-keys')).find((k) => k.id === created.id)!;
    expect(listed.last_used_at).not.toBeNull();
    expect(Date.parse(listed.last_used_at!)).toBeGreaterThanOrEqual(before);
    const bearer = await booth.fetch(`/api/media/check-exact?sha256=${'0'.repeat(64)}&eventId=${event.id}`, {
      headers: { authorization: `Bearer ${created.api_key}` },
    });
    expect(bearer.status).toBe(200);
  });

  test('a duplicate name is 409 NAME_ALREADY_EXISTS (also after trimming) and no second key appears', async () => {
    const name = keyName();
    await srv.admin.json('/api/admin/api-keys', { method: 'POST', json: { name } });
    const before = await srv.admin.json<ApiKeyDto[]>('/api/admin/api-keys');
    await expectError(
      await send(srv.admin, 'POST', '/api/admin/api-keys', { name }),
      409,
      'NAME_ALREADY_EXISTS',
      'Ein API-Schlüssel mit diesem Namen existiert bereits',
    );
    await expectError(await send(srv.admin, 'POST', '/api/admin/api-keys', { name: ` ${name} ` }), 409, 'NAME_ALREADY_EXISTS');
    expect(await srv.admin.json('/api/admin/api-keys')).toEqual(before);
  });

  test('an empty, blank, missing, non-text or overlong name is 400 and no key appears', async () => {
    const before = await srv.admin.json<ApiKeyDto[]>('/api/admin/api-keys');
    for (const body of [
      { name: '' },
      { name: '   ' },
      { name: '\t\n' },
      {},
      { name: null },
      { name: 42 },
      { name: ['a'] },
      { name: { a: 1 } },
      { name: 'k'.repeat(101) },
    ]) {
      await expectError(await send(srv.admin, 'POST', '/api/admin/api-keys', body), 400, 'VALIDATION_ERROR');
    }
    expect(await srv.admin.json('/api/admin/api-keys')).toEqual(before);
  });

  test('delete removes the key and it stops working at once; a second delete is 404', async () => {
    const created = await srv.admin.json<CreatedApiKey>('/api/admin/api-keys', { method: 'POST', json: { name: keyName() } });
    const event = await srv.admin.createEvent();
    expect(
      (
        await srv
          .client()
          .fetch(`/api/media/check-exact?sha256=${'0'.repeat(64)}&eventId=${event.id}`, { headers: { 'x-api-key': created.api_key } })
      ).status,
    ).toBe(200);
    expect(await expectOk(await srv.admin.fetch(`/api/admin/api-keys/${created.id}`, { method: 'DELETE' }))).toEqual({ success: true });
    expect((await srv.admin.json<ApiKeyDto[]>('/api/admin/api-keys')).some((k) => k.id === created.id)).toBe(false);
    await expectError(
      await srv
        .client()
        .fetch(`/api/media/check-exact?sha256=${'0'.repeat(64)}&eventId=${event.id}`, { headers: { 'x-api-key': created.api_key } }),
      401,
      'UNAUTHORIZED',
    );
    await expectError(await srv.admin.fetch(`/api/admin/api-keys/${created.id}`, { method: 'DELETE' }), 404, 'NOT_FOUND');
    await expectError(await srv.admin.fetch('/api/admin/api-keys/abc', { method: 'DELETE' }), 404, 'NOT_FOUND');
  });

  test('the name of a deleted key can be used again', async () => {
    const name = keyName();
    const first = await srv.admin.json<CreatedApiKey>('/api/admin/api-keys', { method: 'POST', json: { name } });
    await srv.admin.json(`/api/admin/api-keys/${first.id}`, { method: 'DELETE' });
    const second = await expectOk<CreatedApiKey>(await send(srv.admin, 'POST', '/api/admin/api-keys', { name }), 201);
    expect(second.api_key).not.toBe(first.api_key);
  });

  test('an API key may not manage keys (403), and nobody without a token may (401)', async () => {
    const created = await srv.admin.json<CreatedApiKey>('/api/admin/api-keys', { method: 'POST', json: { name: keyName() } });
    const before = await srv.admin.json<ApiKeyDto[]>('/api/admin/api-keys');
    const key = { authorization: `Bearer ${created.api_key}` };
    await expectError(await srv.client().fetch('/api/admin/api-keys', { headers: key }), 403, 'FORBIDDEN');
    await expectError(await send(srv.client(), 'POST', '/api/admin/api-keys', { name: keyName() }, key), 403, 'FORBIDDEN');
    await expectError(await srv.client().fetch(`/api/admin/api-keys/${created.id}`, { method: 'DELETE', headers: key }), 403, 'FORBIDDEN');
    await expectError(await send(srv.client(), 'POST', '/api/admin/api-keys', { name: keyName() }), 401, 'UNAUTHORIZED');
    await expectError(await srv.client().fetch(`/api/admin/api-keys/${created.id}`, { method: 'DELETE' }), 401, 'UNAUTHORIZED');
    // last_used_at moved (the key was presented), nothing else.
    const after = await srv.admin.json<ApiKeyDto[]>('/api/admin/api-keys');
    expect(after.map((k) => [k.id, k.name])).toEqual(before.map((k) => [k.id, k.name]));
  });
});
