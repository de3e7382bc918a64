// The API's error messages in the request's language (issue 25): for each error code that a request can
// provoke, the same refusal in German (no header, `Accept-Language: de`), in English (`Accept-Language: en-US`),
// and with the page's choice in the `momentbox_lang` cookie winning over the header either way. The expected
// texts are the dictionaries' (each case names its variant), and a few are spelled out as the spec has them.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { AdminEventDto, ErrorCode } from '../../src/http/api-types.ts';
import { LANGUAGE_COOKIE, type Language } from '../../src/domain/languages.ts';
import { errorMessage, MESSAGES } from '../../src/i18n/index.ts';
import { ERROR_CODES } from '../../src/lib/errors.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { ApiClient, PHOTO, PHOTOS, expectError } from './support.ts';

/** How a request says its language: the headers it sends and the cookie the page wrote. */
interface Asking {
  name: string;
  expect: Language;
  headers: Record<string, string>;
  cookie?: Language;
}
const ASKINGS: Asking[] = [
  { name: 'no header', expect: 'de', headers: {} },
  { name: 'Accept-Language: de', expect: 'de', headers: { 'accept-language': 'de-DE,de;q=0.9' } },
  { name: 'Accept-Language: en-US', expect: 'en', headers: { 'accept-language': 'en-US,en;q=0.9,de;q=0.5' } },
  { name: 'cookie en over Accept-Language: de', expect: 'en', headers: { 'accept-language': 'de' }, cookie: 'en' },
  { name: 'cookie de over Accept-Language: en-US', expect: 'de', headers: { 'accept-language': 'en-US' }, cookie: 'de' },
  { name: "an unknown cookie ('fr') is ignored", expect: 'en', headers: { 'accept-language': 'en' }, cookie: 'fr' as Language },
];

/** `client.fetch` as a request asking in `a`'s way (the cookie joins the client's own, e.g. the guest's). */
function ask(client: ApiClient, a: Asking, path: string, init: RequestInit & { json?: unknown } = {}) {
  if (a.cookie) client.cookies.set(LANGUAGE_COOKIE, a.cookie);
  else client.cookies.delete(LANGUAGE_COOKIE);
  return client.fetch(path, { ...init, headers: { ...(init.headers as Record<string, string>), ...a.headers } });
}

interface Case {
  code: ErrorCode;
  status: number;
  variant: string;
  /** the request, as often as there are askings (a refusal that stays a refusal) */
  send: (a: Asking) => Promise<Response>;
}

let server: TestServer;
let full: TestServer;
let admin: ApiClient;
const client = () => new ApiClient(server.url);
const multipart = (fields: Record<string, string | Blob>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
};
const fileForm = (name: string, bytes: Uint8Array, type: string) =>
  multipart({ file: new File([bytes as Uint8Array<ArrayBuffer>], name, { type }) });

beforeAll(async () => {
  server = await startServer({ args: ['--max-upload-mb', '1', '--max-partial-uploads', '1'] });
  full = await startServer({ args: ['--min-free-disk-mb', '100000000'] });
  admin = new ApiClient(server.url);
  await admin.login(server.adminPassword);
});
afterAll(async () => {
  await server?.stop();
  await full?.stop();
});

/** Checks one case in every way of asking: the code, and its variant's text in the expected language. */
async function check(c: Case) {
  for (const a of ASKINGS) {
    const body = await expectError(await c.send(a), c.status, c.code);
    expect({ asking: a.name, error: body.error }).toEqual({ asking: a.name, error: errorMessage(a.expect, c.code, c.variant, body) });
  }
  // The variant exists and its two texts differ, so the checks above could tell the languages apart.
  expect(Object.keys(MESSAGES.de[c.code])).toContain(c.variant);
  expect(
    errorMessage('de', c.code, c.variant, {
      field: 'x',
      maxSizeBytes: 1048576,
      maxSessions: 1,
      maxBytes: 1048576,
      seconds: 1,
      kbPerSecond: 1,
    }),
  ).not.toBe(
    errorMessage('en', c.code, c.variant, {
      field: 'x',
      maxSizeBytes: 1048576,
      maxSessions: 1,
      maxBytes: 1048576,
      seconds: 1,
      kbPerSecond: 1,
    }),
  );
}

describe('error messages in the language of the request', () => {
  test("spelled out: the spec's admin login text and an unknown event", async () => {
    const wrong = { method: 'POST', json: { password: 'wrong-password' } };
    const de = await expectError(await ask(client(), ASKINGS[0]!, '/api/admin/login', wrong), 401, 'UNAUTHORIZED');
    const en = await expectError(await ask(client(), ASKINGS[2]!, '/api/admin/login', wrong), 401, 'UNAUTHORIZED');
    expect([de.error, en.error]).toEqual(['Ungültige Anmeldedaten', 'Invalid credentials']);
    const missing = await Promise.all(ASKINGS.slice(2, 5).map(async (a) => (await ask(client(), a, '/api/event/gibt-es-nicht')).json()));
    expect(missing.map((m) => (m as { error: string }).error)).toEqual(['Event not found', 'Event not found', 'Event nicht gefunden']);
  });

  test('one request per code that the API can be made to answer', async () => {
    const event: AdminEventDto = await admin.createEvent();
    const token = (await admin.json<{ client_token: string }>(`/api/client/generate-token/${event.id}`, { method: 'POST' })).client_token;
    const guest = client();
    await guest.joinAsGuest(event.code);
    const noDownloads = await admin.createEvent({ allow_download: 'false' });
    const downloader = client();
    await downloader.joinAsGuest(noDownloads.code);
    const day = 86_400_000;
    const at = (offsetDays: number) => new Date(Date.now() + offsetDays * day).toISOString();
    const windows = {
      EVENT_NOT_STARTED: await admin.createEvent({ event_start_datetime: at(5) }),
      EVENT_ENDED: await admin.createEvent({ event_start_datetime: at(-20), event_duration_days: '14' }),
      EVENT_EXPIRED: await admin.createEvent({ event_start_datetime: at(-400), event_duration_days: '7' }),
    };
    const windowGuests = new Map<string, ApiClient>();
    for (const [code, e] of Object.entries(windows)) {
      const g = client();
      await g.joinAsGuest(e.code);
      windowGuests.set(code, g);
    }
    const key = await admin.json<{ api_key: string; name: string }>('/api/admin/api-keys', { method: 'POST', json: { name: 'Fotobox' } });
    await admin.uploadOk(event.id, PHOTO);
    const photo = new Uint8Array(await Bun.file(PHOTOS[1]!).arrayBuffer());
    // A guest's first unfinished chunked upload holds the one place --max-partial-uploads 1 gives.
    const chunk = (uploadId: string) =>
      multipart({
        chunk: new File([new Uint8Array(1024)], 'blob'),
        chunkIndex: '0',
        totalChunks: '2',
        fileName: 'v.mp4',
        fileSize: '2048',
        uploadId,
      });
    const partial = await guest.fetch(`/api/event/${event.id}/upload-chunk`, { method: 'POST', body: chunk('first-upload-0001') });
    expect(partial.status).toBe(200);

    const cases: Case[] = [
      {
        code: 'VALIDATION_ERROR',
        status: 400,
        variant: 'wallLayoutInvalid',
        send: (a) => ask(client(), a, `/api/client/event/${token}`, { method: 'PUT', json: { wall_layout: 'diagonal' } }),
      },
      {
        code: 'VALIDATION_ERROR',
        status: 400,
        variant: 'nicknameTooLong',
        send: (a) =>
          ask(guest, a, `/api/event/${event.code}/user-nickname`, {
            method: 'POST',
            json: { userId: [...guest.cookies.values()][0], nickname: 'n'.repeat(31) },
          }),
      },
      {
        code: 'VALIDATION_ERROR',
        status: 400,
        variant: 'invalidField',
        send: (a) => ask(admin, a, `/api/event/${event.id}/export-zip?albumId=zwei`),
      },
      {
        code: 'INVALID_PASSWORD',
        status: 400,
        variant: 'default',
        send: (a) =>
          ask(admin, a, '/api/admin/change-password', {
            method: 'POST',
            json: { currentPassword: 'not-it-at-all', newPassword: 'another-password-2' },
          }),
      },
      { code: 'BAD_PATH', status: 400, variant: 'default', send: (a) => ask(client(), a, '/x%01') },
      { code: 'UNAUTHORIZED', status: 401, variant: 'default', send: (a) => ask(client(), a, '/api/event/events') },
      {
        code: 'FORBIDDEN',
        status: 403,
        variant: 'unsortedOnly',
        send: (a) => ask(guest, a, `/api/event/${event.id}/album`, { method: 'POST', json: { name: 'Meins' } }),
      },
      {
        code: 'CONSENT_REQUIRED',
        status: 403,
        variant: 'default',
        send: (a) => ask(client(), a, `/api/event/${event.id}/upload`, { method: 'POST', body: fileForm('a.jpg', photo, 'image/jpeg') }),
      },
      {
        code: 'API_KEY_UPLOAD_ONLY',
        status: 403,
        variant: 'default',
        send: (a) => ask(client(), a, `/api/event/${event.id}/uploads`, { headers: { 'x-api-key': key.api_key } }),
      },
      {
        code: 'DOWNLOADS_DISABLED',
        status: 403,
        variant: 'default',
        send: (a) => ask(downloader, a, `/api/event/${noDownloads.id}/download-zip`),
      },
      {
        code: 'CROSS_SITE_REQUEST',
        status: 403,
        variant: 'default',
        send: (a) =>
          ask(client(), a, `/api/event/${event.code}/consent`, { method: 'POST', json: {}, headers: { 'sec-fetch-site': 'cross-site' } }),
      },
      ...(Object.entries(windows) as [ErrorCode, AdminEventDto][]).map(([code, e]) => ({
        code,
        status: 403,
        variant: 'default',
        send: (a: Asking) =>
          ask(windowGuests.get(code)!, a, `/api/event/${e.id}/upload`, { method: 'POST', body: fileForm('a.jpg', photo, 'image/jpeg') }),
      })),
      { code: 'NOT_FOUND', status: 404, variant: 'event', send: (a) => ask(client(), a, '/api/event/gibt-es-nicht') },
      {
        code: 'NOT_FOUND',
        status: 404,
        variant: 'clientToken',
        send: (a) => ask(client(), a, '/api/client/event-settings/falscher-token'),
      },
      { code: 'NOT_FOUND', status: 404, variant: 'default', send: (a) => ask(client(), a, '/api/keine-solche-adresse') },
      {
        code: 'NAME_ALREADY_EXISTS',
        status: 409,
        variant: 'default',
        send: (a) => ask(admin, a, '/api/admin/api-keys', { method: 'POST', json: { name: 'Fotobox' } }),
      },
      {
        code: 'CODE_ALREADY_EXISTS',
        status: 409,
        variant: 'default',
        send: (a) => ask(admin, a, '/api/event', { method: 'POST', body: multipart({ name: 'Doppelt', code: event.code }) }),
      },
      {
        code: 'DUPLICATE',
        status: 409,
        variant: 'default',
        send: async (a) =>
          ask(admin, a, `/api/event/${event.id}/upload`, {
            method: 'POST',
            body: fileForm('p.jpg', new Uint8Array(await Bun.file(PHOTO).arrayBuffer()), 'image/jpeg'),
          }),
      },
      {
        code: 'FILE_TOO_LARGE',
        status: 413,
        variant: 'default',
        send: (a) =>
          ask(guest, a, `/api/event/${event.id}/upload`, {
            method: 'POST',
            body: fileForm('big.jpg', new Uint8Array(2 * 1048576), 'image/jpeg'),
          }),
      },
      {
        code: 'PAYLOAD_TOO_LARGE',
        status: 413,
        variant: 'default',
        send: (a) => ask(client(), a, `/api/event/${event.code}/consent`, { method: 'POST', json: { userId: 'x'.repeat(2 * 1048576) } }),
      },
      {
        code: 'UNSUPPORTED_MEDIA_TYPE',
        status: 415,
        variant: 'default',
        send: (a) =>
          ask(guest, a, `/api/event/${event.id}/upload`, {
            method: 'POST',
            body: fileForm('notes.txt', new TextEncoder().encode('just text, no photo'), 'text/plain'),
          }),
      },
      {
        code: 'TOO_MANY_PARTIAL_UPLOADS',
        status: 429,
        variant: 'default',
        send: (a) =>
          ask(guest, a, `/api/event/${event.id}/upload-chunk`, { method: 'POST', body: chunk(`another-upload-${a.name.length}x`) }),
      },
    ];
    for (const c of cases) await check(c);

    // The disk-full refusal, from a box whose free-space reserve is more than any disk has.
    const fullAdmin = new ApiClient(full.url);
    await fullAdmin.login(full.adminPassword);
    const fullEvent = await fullAdmin.createEvent();
    await check({
      code: 'INSUFFICIENT_STORAGE',
      status: 507,
      variant: 'default',
      send: (a) => ask(fullAdmin, a, `/api/event/${fullEvent.id}/upload`, { method: 'POST', body: fileForm('p.jpg', photo, 'image/jpeg') }),
    });

    // Last, as they lock this address out: new guests past 60 at once, and sign-ins past 10 failures.
    for (let i = 0; i < 60; i++) await client().fetch(`/api/event/${event.code}/consent`, { method: 'POST', json: {} });
    await check({
      code: 'TOO_MANY_REQUESTS',
      status: 429,
      variant: 'default',
      send: (a) => ask(client(), a, `/api/event/${event.code}/consent`, { method: 'POST', json: {} }),
    });
    for (let i = 0; i < 10; i++) await client().fetch('/api/admin/login', { method: 'POST', json: { password: `wrong-${i}` } });
    await check({
      code: 'TOO_MANY_ATTEMPTS',
      status: 429,
      variant: 'default',
      send: (a) => ask(client(), a, '/api/admin/login', { method: 'POST', json: { password: 'wrong' } }),
    });
  }, 120_000);
});

describe('the dictionaries', () => {
  test('both have every error code with a default, the same variants, and no empty text', () => {
    for (const language of ['de', 'en'] as const) {
      expect(Object.keys(MESSAGES[language]).sort()).toEqual([...ERROR_CODES].sort());
      for (const code of ERROR_CODES) {
        expect(Object.keys(MESSAGES[language][code]).sort()).toEqual(Object.keys(MESSAGES.de[code]).sort());
        for (const variant of Object.keys(MESSAGES.de[code])) {
          const text = errorMessage(language, code, variant, {
            field: 'name',
            maxSizeBytes: 1048576,
            maxSessions: 1,
            maxBytes: 1048576,
            seconds: 30,
            kbPerSecond: 1,
            reason: 'connection refused',
            shotsPerGuest: 24,
          });
          expect(text.trim().length).toBeGreaterThan(0);
          expect(text).not.toMatch(/undefined|NaN/);
        }
      }
    }
  });
});
