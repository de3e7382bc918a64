import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from '../helpers/api-client.ts';
import { requestFrom, type RequestFromOptions } from '../helpers/request-from.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { PORTAL_TEXTS } from '../../src/i18n/index.ts';
import type { Language } from '../../src/domain/languages.ts';

// The captive portal per device, over loopback: each device is its own source address (127.0.0.x), as each
// phone on the venue Wi-Fi is. tests/venue/venue-network.test.ts does the same with real DHCP and DNS.

const BOX = 'http://10.42.0.1';
const SUCCESS_HTML = '<HTML><HEAD><TITLE>Success</TITLE></HEAD><BODY>Success</BODY></HTML>';
/** Every connectivity check with the answer the vendor's server gives when the internet is there. */
const ONLINE: [path: string, status: number, body: string][] = [
  ['/hotspot-detect.html', 200, SUCCESS_HTML],
  ['/library/test/success.html', 200, SUCCESS_HTML],
  ['/generate_204', 204, ''],
  ['/gen_204', 204, ''],
  ['/connecttest.txt', 200, 'Microsoft Connect Test'],
  ['/ncsi.txt', 200, 'Microsoft NCSI'],
  ['/success.txt', 200, 'success\n'],
];

const temps: string[] = [];
afterAll(() => temps.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** One HTTP request from a given source address, like a phone with that address would send it. */
const fromDevice = (server: TestServer, device: string, path: string, opts: RequestFromOptions = {}) =>
  requestFrom(device, server.url + path, opts);

const PHONE_A = '127.0.0.2';
const PHONE_B = '127.0.0.3';

async function portalServer(dataDir?: string, extra: string[] = []) {
  return startServer({ dataDir, args: ['--captive-portal', '--public-url', BOX, ...extra] });
}

describe('captive portal per device', () => {
  test('before joining every check and foreign host goes to the portal; after the button only that device gets the online answers', async () => {
    const server = await portalServer();
    try {
      for (const [path] of ONLINE) {
        const res = await fromDevice(server, PHONE_A, path, { host: 'captive.apple.com' });
        expect([path, res.status, res.location]).toEqual([path, 302, `${BOX}/portal`]);
      }
      expect((await fromDevice(server, PHONE_A, '/some/page', { host: 'www.example.org' })).location).toBe(`${BOX}/portal`);

      const joined = await fromDevice(server, PHONE_A, '/portal/join', { method: 'POST', form: '' });
      expect(joined.status).toBe(303);
      for (const [path, status, body] of ONLINE) {
        const res = await fromDevice(server, PHONE_A, path, { host: 'connectivitycheck.gstatic.com' });
        expect([path, res.status, res.body]).toEqual([path, status, body]);
      }
      // The other phone is not joined.
      for (const [path] of ONLINE) expect((await fromDevice(server, PHONE_B, path)).location).toBe(`${BOX}/portal`);
      // The box's own address serves the app normally.
      expect((await fromDevice(server, PHONE_B, '/api/config', { host: '10.42.0.1' })).status).toBe(200);
    } finally {
      await server.stop();
    }
  });

  test('consent on an event page joins the device, and a restart keeps what every device did', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'momentbox-portal-'));
    temps.push(dataDir);
    let server = await portalServer(dataDir);
    const admin = new ApiClient(server.url);
    await admin.login(server.adminPassword);
    const event = await admin.createEvent({ name: 'Anna & Ben' });
    const consent = await fromDevice(server, PHONE_B, `/api/event/${event.code}/consent`, { method: 'POST', host: '10.42.0.1', json: {} });
    expect(consent.status).toBe(200);
    expect((await fromDevice(server, PHONE_B, '/generate_204')).status).toBe(204);
    expect((await fromDevice(server, PHONE_A, '/generate_204')).status).toBe(302);
    await server.stop({ keepData: true });

    server = await portalServer(dataDir);
    try {
      expect((await fromDevice(server, PHONE_B, '/hotspot-detect.html')).body).toBe(SUCCESS_HTML);
      expect((await fromDevice(server, PHONE_A, '/hotspot-detect.html')).location).toBe(`${BOX}/portal`);
    } finally {
      await server.stop();
    }
  });
});

describe('captive portal: recovery joins the device', () => {
  test('a guest restoring their session from the recovery link on a phone that never joined gets that phone online', async () => {
    const server = await portalServer();
    try {
      const admin = new ApiClient(server.url);
      await admin.login(server.adminPassword);
      const event = await admin.createEvent({ name: 'Anna & Ben' });
      const consent = await fromDevice(server, PHONE_A, `/api/event/${event.code}/consent`, {
        method: 'POST',
        host: '10.42.0.1',
        json: {},
      });
      const { userId } = JSON.parse(consent.body) as { userId: string };
      // The same guest on a second phone (PHONE_B has never joined): the recovery link restores the session...
      expect((await fromDevice(server, PHONE_B, '/generate_204')).status).toBe(302);
      const recovered = await fromDevice(server, PHONE_B, `/api/event/${event.code}/recover`, {
        method: 'POST',
        host: '10.42.0.1',
        json: { userId },
      });
      expect(recovered.status).toBe(200);
      expect(JSON.parse(recovered.body)).toMatchObject({ hasConsent: true, userId });
      // ...and joins that phone, so it stays on the Wi-Fi.
      expect((await fromDevice(server, PHONE_B, '/generate_204')).status).toBe(204);
      // An unknown id restores nothing and joins nothing.
      const PHONE_C = '127.0.0.4';
      const unknown = await fromDevice(server, PHONE_C, `/api/event/${event.code}/recover`, {
        method: 'POST',
        host: '10.42.0.1',
        json: { userId: crypto.randomUUID() },
      });
      expect(JSON.parse(unknown.body)).toMatchObject({ hasConsent: false });
      expect((await fromDevice(server, PHONE_C, '/generate_204')).status).toBe(302);
    } finally {
      await server.stop();
    }
  });
});

describe('the portal page', () => {
  test('shows the default event, its colours, one button and the address to type, without script and in a few KB', async () => {
    let server = await portalServer();
    const admin = new ApiClient(server.url);
    await admin.login(server.adminPassword);
    const event = await admin.createEvent({ name: 'Hochzeit Anna & Ben', primary_color: '#112233', secondary_color: 'pink' });
    await server.stop({ keepData: true });
    server = await portalServer(server.dataDir, ['--default-event', event.code]);
    try {
      const page = await fromDevice(server, PHONE_A, '/portal');
      expect(page.status).toBe(200);
      expect(page.body.length).toBeLessThan(4096);
      expect(page.body).toContain('<html lang="de">');
      expect(page.body).toContain('Hochzeit Anna &amp; Ben');
      expect(page.body).not.toMatch(/<script|\sstyle=|<style|on(click|load|submit)=/i);
      expect(page.body).not.toMatch(/type="file"|\/api\//);
      expect(page.body.match(/<button/g)).toHaveLength(1);
      expect(page.body).toContain('>Jetzt verbinden</button>');
      expect(page.body.replaceAll('<wbr>', '')).toContain(`${BOX}/event/${event.code}`);
      expect(page.body).toContain(`fotos.box/${event.code}`);
      expect(page.body).toContain('Tippe oben auf Fertig und öffne Safari');
      expect(page.body).toContain('Android');
      const css = await fromDevice(server, PHONE_A, `/portal/style.css?event=${event.code}`);
      expect(css.body.toLowerCase()).toContain('--p:#112233;--s:#ec4899;--on-p:#ffffff');

      await fromDevice(server, PHONE_A, '/portal/join', { method: 'POST', form: `event=${event.code}` });
      const after = await fromDevice(server, PHONE_A, `/portal?event=${event.code}`);
      expect(after.body).toContain('Verbunden!');
      expect(after.body).not.toContain('<button');
      expect(after.body.replaceAll('<wbr>', '')).toContain(`${BOX}/event/${event.code}`);
    } finally {
      await server.stop();
    }
  });

  test("in the phone's language (its sheet's Accept-Language), else the event's; never a text of the other language", async () => {
    let server = await portalServer();
    const admin = new ApiClient(server.url);
    await admin.login(server.adminPassword);
    const german = await admin.createEvent({ name: 'Hochzeit' });
    const english = await admin.createEvent({ name: 'Wedding', language: 'en' });
    await server.stop({ keepData: true });
    server = await portalServer(server.dataDir, ['--default-event', german.code]);
    /** The page as a phone asking in `accept` sees it: in `lang`, with each of its texts, none of the other's. */
    const expectPage = (body: string, lang: Language, keys: (keyof (typeof PORTAL_TEXTS)['de'])[]) => {
      const other = PORTAL_TEXTS[lang === 'de' ? 'en' : 'de'];
      expect(body).toContain(`<html lang="${lang}">`);
      for (const key of keys) expect({ key, shown: body.includes(PORTAL_TEXTS[lang][key]) }).toEqual({ key, shown: true });
      expect(Object.values(other).filter((text) => body.includes(text))).toEqual([]);
    };
    const onEvent = ['welcome', 'titleSuffix', 'join', 'openInBrowser', 'orShort', 'iphone', 'android', 'noUploadHere'] as const;
    const ask = (path: string, accept: string, device = PHONE_A) =>
      fromDevice(server, device, path, { headers: { 'accept-language': accept } });
    try {
      expectPage((await ask('/portal', 'en-US,en;q=0.9')).body, 'en', [...onEvent]);
      expectPage((await ask('/portal', 'de-DE,de;q=0.9,en;q=0.8')).body, 'de', [...onEvent]);
      // A French phone: the event's language.
      expectPage((await ask('/portal', 'fr-FR,fr;q=0.9')).body, 'de', [...onEvent]);
      expectPage((await ask(`/portal?event=${english.code}`, 'fr-FR')).body, 'en', [...onEvent]);
      // The phone's language wins over the event's: an English phone at the German event, a German one at the English.
      expectPage((await ask(`/portal?event=${english.code}`, 'de-AT')).body, 'de', [...onEvent]);
      await fromDevice(server, PHONE_B, '/portal/join', { method: 'POST', form: `event=${german.code}` });
      expectPage((await ask('/portal', 'en-GB', PHONE_B)).body, 'en', ['joined', 'openInBrowser']);
      expectPage((await ask('/portal', 'de', PHONE_B)).body, 'de', ['joined', 'openInBrowser']);
    } finally {
      await server.stop();
    }
    // Without a default event: the list, and the empty box, in the phone's language.
    const box = await portalServer();
    try {
      expectPage((await fromDevice(box, PHONE_A, '/portal', { headers: { 'accept-language': 'en' } })).body, 'en', ['noEvent']);
      const boxAdmin = new ApiClient(box.url);
      await boxAdmin.login(box.adminPassword);
      await boxAdmin.createEvent({ name: 'Eins' });
      await boxAdmin.createEvent({ name: 'Zwei' });
      expectPage((await fromDevice(box, PHONE_A, '/portal', { headers: { 'accept-language': 'en' } })).body, 'en', ['chooseEvent']);
      expectPage((await fromDevice(box, PHONE_A, '/portal')).body, 'de', ['chooseEvent']);
    } finally {
      await box.stop();
    }
  });

  test('without a default event it lists the running events to choose from', async () => {
    const server = await portalServer();
    try {
      const admin = new ApiClient(server.url);
      await admin.login(server.adminPassword);
      const empty = await fromDevice(server, PHONE_A, '/portal');
      expect(empty.body).toContain('Gerade läuft hier keine Veranstaltung.');
      const first = await admin.createEvent({ name: 'Sommerfest' });
      const second = await admin.createEvent({ name: 'Taufe Mia' });
      await admin.createEvent({ name: 'Nächstes Jahr', event_start_datetime: new Date(Date.now() + 30 * 86_400_000).toISOString() });
      const list = await fromDevice(server, PHONE_A, '/portal');
      expect(list.body).toContain('Zu welcher Veranstaltung gehörst du?');
      expect(list.body).toContain(`href="/portal?event=${second.code}">Taufe Mia</a>`);
      expect(list.body).toContain(`href="/portal?event=${first.code}">Sommerfest</a>`);
      expect(list.body).not.toContain('Nächstes Jahr');
      const chosen = await fromDevice(server, PHONE_A, `/portal?event=${first.code}`);
      expect(chosen.body.replaceAll('<wbr>', '')).toContain(`${BOX}/event/${first.code}`);
    } finally {
      await server.stop();
    }
  });

  test('the short name leads to the event at the box address', async () => {
    const server = await portalServer();
    try {
      const admin = new ApiClient(server.url);
      await admin.login(server.adminPassword);
      const event = await admin.createEvent({ name: 'Kurz' });
      expect((await fromDevice(server, PHONE_A, `/${event.code}`, { host: 'fotos.box' })).location).toBe(`${BOX}/event/${event.code}`);
      expect((await fromDevice(server, PHONE_A, '/admin', { host: 'fotos.box' })).location).toBe(`${BOX}/admin`);
    } finally {
      await server.stop();
    }
  });
});

describe('addresses guests can reach', () => {
  test("config says when links point at a loopback address; the admin gets the box's own LAN addresses as link bases", async () => {
    const local = await startServer();
    try {
      const config = await (await fetch(`${local.url}/api/config`)).json();
      expect(config).toMatchObject({ publicUrl: local.url, publicUrlReachable: false, shortName: null });
      expect((await fetch(`${local.url}/api/admin/addresses`)).status).toBe(401);
      const admin = new ApiClient(local.url);
      await admin.login(local.adminPassword);
      const addresses = await admin.json<{ interface: string; address: string; url: string }[]>('/api/admin/addresses');
      const port = new URL(local.url).port;
      const lan = Object.values(networkInterfaces())
        .flatMap((list) => list ?? [])
        .filter((a) => a.family === 'IPv4' && !a.internal);
      for (const a of lan) expect(addresses.map((x) => x.url)).toContain(`http://${a.address}:${port}`);
      expect(addresses.some((a) => a.address.startsWith('127.') || a.address === '::1' || a.address.startsWith('fe80:'))).toBe(false);
    } finally {
      await local.stop();
    }
    const venue = await portalServer();
    try {
      expect(await (await fetch(`${venue.url}/api/config`)).json()).toMatchObject({
        publicUrl: BOX,
        publicUrlReachable: true,
        shortName: 'fotos.box',
      });
    } finally {
      await venue.stop();
    }
  });
});
