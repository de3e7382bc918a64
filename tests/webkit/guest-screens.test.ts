import { Database } from 'bun:sqlite';
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import type { AdminEventDto, ClientTokenAnswer } from '../../src/http/api-types.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { FIXTURES, startServer, type TestServer } from '../helpers/server.ts';
import { PHONE_SIZE, startWebKit, type WebKit, type WebKitSession } from '../helpers/webkit.ts';

// The guest screens of issues 27, 28 and 30 on an iPhone (WebKit, 390x844): the guestbook with a selfie (a second
// guest sees the words and the photo arrive), the Einwegkamera's countdown banner, the photo challenges card,
// 'Fotos von mir finden' with the real face worker (one journey: consent card, a real selfie, the results).
// What is painted is checked: inside the phone's width, with a size, and the topmost element at its centre.

let server: TestServer;
let webkit: WebKit;
let admin: ApiClient;
const SELFIE = join(FIXTURES, 'photos', 'cameras', 'Canon_40D.jpg');
const face = (name: string) => join(FIXTURES, 'faces', name);

beforeAll(async () => {
  server = await startServer({ env: { MOMENTBOX_NEW_GUESTS_PER_ADDRESS: '1000' } });
  admin = new ApiClient(server.url);
  await admin.login(server.adminPassword);
  webkit = await startWebKit();
});
afterAll(async () => {
  await webkit?.stop();
  await server?.stop();
  expect(webkit?.leftovers() ?? []).toEqual([]);
});

/** The first-visit consent with a nickname (the recovery link's modal closed). */
async function consent(s: WebKitSession, nickname: string) {
  await s.find('[data-testid=help-modal]', 45_000);
  await s.type('[data-testid=consent-nickname]', nickname);
  await s.click('[data-testid=consent-terms]');
  await s.click('[data-testid=consent-confirm]');
  await s.find('[data-testid=recovery-modal]');
  await s.click('[data-testid=recovery-done]');
  await s.gone('[data-testid=recovery-modal]');
}

async function guest(code: string, name: string) {
  const s = await webkit.session({ name });
  await s.goto(`${server.url}/event/${code}`);
  await consent(s, name);
  return s;
}

/**
 * Where `css` is painted once scrolled into view: its box, whether it lies inside the phone's width with a
 * size, and whether it (or something inside it) is the topmost element at its centre (not covered).
 */
async function painted(s: WebKitSession, css: string) {
  return s.evaluate((sel: string) => {
    const el = document.querySelector(sel) as HTMLElement | null;
    if (!el) return null;
    el.scrollIntoView({ block: 'center' });
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return {
      width: Math.round(r.width),
      height: Math.round(r.height),
      inside: r.left >= 0 && r.right <= innerWidth && r.width > 0 && r.height > 0,
      onTop: !!top && (top === el || el.contains(top)),
    };
  }, css);
}

/** Waits (bounded) until the face worker has looked at every photo of the event (read from the database file). */
async function indexed(eventId: number, uploads: number) {
  const until = Date.now() + 300_000;
  while (Date.now() < until) {
    const db = new Database(join(server.dataDir, 'momentbox.db'), { readonly: true });
    const n = (db.query('select count(*) as n from face_scans where event_id = ?').get(eventId) as { n: number }).n;
    db.close();
    if (n >= uploads) return;
    await Bun.sleep(500);
  }
  throw new Error('the face index did not cover the event in 300 s');
}

async function expectHealthy(s: WebKitSession) {
  expect(await s.health()).toEqual({ problems: [], text: [] });
  expect(await s.eval<number>('() => document.documentElement.scrollWidth - innerWidth')).toBeLessThanOrEqual(0);
}

describe('the new guest screens on an iPhone (WebKit, 390x844)', () => {
  test('guestbook: a text and a selfie written on one phone are painted on another, live', async () => {
    expect(PHONE_SIZE).toEqual({ width: 390, height: 844 });
    const event: AdminEventDto = await admin.createEvent({ name: 'Anna & Ben', code: 'wk-gaestebuch' });
    const reader = await guest(event.code, 'Tom');
    await reader.click('[data-testid=menu]');
    await reader.click('[data-testid=menu-guestbook]');
    await reader.find('[data-testid=guestbook-empty]');

    const writer = await guest(event.code, 'Lena');
    await writer.click('[data-testid=menu]');
    await writer.click('[data-testid=menu-guestbook]');
    await writer.find('[data-testid=guestbook-form]');
    await writer.chooseFiles('[data-testid=guestbook-attach-photo]', [SELFIE]);
    expect(await writer.text('[data-testid=guestbook-attached]')).toContain('Canon_40D.jpg');
    await writer.type('[data-testid=guestbook-text]', 'Alles Liebe von Lena!');
    await writer.click('[data-testid=guestbook-sign]');
    await writer.present('[data-testid=guestbook-attach-photo]', 60_000); // the form is empty again (the input is not seen: its label is)
    await writer.find('[data-testid=guestbook-entry]');
    await expectHealthy(writer);

    // The other phone: the entry arrived without a reload, the photo decoded and painted beside the words.
    await reader.waitUntil(
      'the selfie painted',
      '() => (document.querySelector("[data-testid=guestbook-photo]")?.naturalWidth ?? 0) > 0',
      [],
      30_000,
    );
    expect(await reader.text('[data-testid=guestbook-entry] .gb-card__text')).toBe('Alles Liebe von Lena!');
    expect(await reader.text('[data-testid=guestbook-entry] .gb-card__name')).toBe('Lena');
    const photo = await painted(reader, '[data-testid=guestbook-photo]');
    expect(photo).toMatchObject({ inside: true, onTop: true });
    expect(photo!.width).toBeGreaterThan(250);
    expect(photo!.height).toBeGreaterThan(100);
    expect(await painted(reader, '[data-testid=guestbook-entry] .gb-card__text')).toMatchObject({ inside: true, onTop: true });
    await reader.screenshot('guestbook-selfie-reader');
    await expectHealthy(reader);
    await writer.close();
    await reader.close();
  });

  test('Einwegkamera: the countdown banner is painted at the top, running', async () => {
    const revealAt = new Date(Date.now() + 2 * 3600_000);
    const event = await admin.createEvent({
      name: 'Mia & Jan',
      code: 'wk-einweg',
      reveal_at: revealAt.toISOString(),
      shots_per_guest: '24',
    });
    const phone = await guest(event.code, 'Ida');
    await phone.find('[data-testid=reveal-countdown]');
    expect(await phone.text('[data-testid=reveal-countdown]')).toContain('Die Galerie öffnet um');
    // It runs: 'Noch 1:59:xx' within seconds (it starts at 2:00:00).
    await phone.waitUntil(
      'the countdown running',
      '() => /Noch 1:59:\\d\\d/.test(document.querySelector("[data-testid=reveal-countdown]")?.textContent ?? "")',
      [],
      15_000,
    );
    const banner = await phone.evaluate((sel: string) => {
      window.scrollTo(0, 0);
      const r = document.querySelector(sel)!.getBoundingClientRect();
      const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return {
        inside: r.left >= 0 && r.right <= innerWidth && r.top >= 0 && r.bottom <= innerHeight && r.height > 0,
        onTop: !!top && document.querySelector(sel)!.contains(top),
      };
    }, '[data-testid=reveal-countdown]');
    expect(banner).toEqual({ inside: true, onTop: true });
    await phone.screenshot('einwegkamera-countdown');
    await expectHealthy(phone);
    await phone.close();
  });

  test("photo challenges: the card beside the albums with the guest's own count, painted", async () => {
    const event = await admin.createEvent({ name: 'Mia & Tom', code: 'wk-aufgaben' });
    const { client_token: token } = await admin.json<ClientTokenAnswer>(`/api/client/generate-token/${event.id}`, { method: 'POST' });
    for (const name of ['Das Brautpaar beim Tanzen', 'Die Ringe ganz nah'])
      await admin.json(`/api/client/event/${token}/album`, { method: 'POST', json: { name, challenge: true } });
    const phone = await guest(event.code, 'Ole');
    await phone.find('[data-testid=album-challenges]');
    expect(await phone.text('[data-testid=album-challenges-line]')).toBe('0 von 2 Aufgaben');
    expect(await painted(phone, '[data-testid=album-challenges]')).toMatchObject({ inside: true, onTop: true });
    await phone.screenshot('challenges-card');
    await phone.click('[data-testid=album-challenges]');
    await phone.find('[data-testid=challenges]');
    expect(await phone.eval<number>('() => document.querySelectorAll("[data-testid=challenge]").length')).toBe(2);
    expect(await painted(phone, '[data-testid=challenge]')).toMatchObject({ inside: true, onTop: true });
    await phone.screenshot('challenges-list');
    await expectHealthy(phone);
    await phone.close();
  });

  test('Fotos von mir finden: the consent card, a real selfie through the camera input, and that person’s photos painted', async () => {
    // Gidzenko is on the first two photos, not on the third.
    const photos = ['expedition1-crew-oranges.jpg', 'expedition1-crew-lab.jpg', 'whitson-lab.jpg'];
    const event = await admin.createEvent({ name: 'Anna & Ben', code: 'wk-gesichter', face_search: 'true' });
    const names = new Map<number, string>();
    for (const name of photos) names.set((await admin.uploadOk(event.id, face(name))).id, name);
    await indexed(event.id, photos.length);

    const phone = await guest(event.code, 'Tom');
    await phone.click('[data-testid=menu]');
    await phone.click('[data-testid=menu-faces]');
    await phone.find('[data-testid=face-consent]');
    const consentText = await phone.text('[data-testid=face-consent]');
    for (const words of ['mit den Fotos dieses Events verglichen', 'nur hier auf dieser Box', 'Nichts wird geteilt'])
      expect(consentText).toContain(words);
    expect(await painted(phone, '[data-testid=face-consent]')).toMatchObject({ inside: true, onTop: true });
    await phone.screenshot('faces-consent');

    await phone.chooseFiles('[data-testid=face-selfie]', [face('gidzenko-portrait.jpg')]);
    await phone.find('[data-testid=face-count]', 120_000);
    expect(await phone.text('[data-testid=face-count]')).toBe('2 Fotos von dir');
    const found = await phone.eval<string[]>(
      '() => [...document.querySelectorAll("[data-testid=face-result]")].map((e) => e.getAttribute("data-upload-id"))',
    );
    expect(found.map((id) => names.get(Number(id)))).toEqual(['expedition1-crew-oranges.jpg', 'expedition1-crew-lab.jpg']);
    for (const n of [1, 2]) {
      const tile = `[data-testid=face-result]:nth-child(${n})`;
      expect(await painted(phone, tile)).toMatchObject({ inside: true, onTop: true });
      // its thumbnail decoded and drawn, 'Das bin ich nicht' under it
      await phone.waitUntil(
        `thumbnail ${n} decoded`,
        '(sel) => (document.querySelector(sel + " img")?.naturalWidth ?? 0) > 0 && document.querySelector(sel + " img").getBoundingClientRect().width > 100',
        [tile],
        30_000,
      );
      expect(await phone.text(`${tile} [data-testid=face-not-me]`)).toBe('Das bin ich nicht');
    }
    await phone.eval('() => window.scrollTo(0, 0)');
    await phone.screenshot('faces-results');
    await expectHealthy(phone);
    await phone.close();
  }, 600_000);
});
