import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ApiClient } from '../../helpers/api-client.ts';
import { startAppServer, type AppServer } from '../../helpers/app-server.ts';
import { launchBrowser, PHONE, screenshotPath } from '../../helpers/browser.ts';
import { languageProblems } from '../../helpers/language-screen.ts';
import { defaultAlbumId, ensureWebBuilt } from '../../api/support.ts';
import { CAMERAS, consent, createEvent, shot } from './helpers.ts';

// Einwegkamera on phones (issue 28 item 2): two guests and the wall are open before the reveal. Each guest
// sees only their own photo, the countdown and their shots left; the wall only the countdown. At the moment,
// moved on the server's clock (the in-process server's `clock`), both phones and the wall show the others'
// photos and a celebration without a reload. One phone in German, one in English.

let server: AppServer;
let browser: Browser;
let admin: ApiClient;
beforeAll(async () => {
  await ensureWebBuilt();
  server = await startAppServer();
  admin = new ApiClient(server.url);
  await admin.login(server.adminPassword);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close().catch(() => undefined);
  await server?.stop();
});

/** A consented guest: the API client (for uploads) and a phone with the same cookie, in `lang`. */
async function guestPhone(code: string, lang: 'de' | 'en') {
  const api = new ApiClient(server.url);
  const userId = await api.joinAsGuest(code);
  const context: BrowserContext = await browser.newContext({ ...PHONE, locale: lang === 'de' ? 'de-DE' : 'en-GB' });
  await context.addCookies([{ name: `event_${code}`, value: userId, url: server.url }]);
  // The language chosen on the device (the switcher's choice) wins over the event's German.
  await context.addInitScript((l) => localStorage.setItem('momentbox.language', l), lang);
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('[pageerror]', e.message));
  return { api, context, page };
}

const tileIds = (page: Page) =>
  page.locator('[data-testid=media-tile]').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-upload-id'))).sort());

test('before the reveal each phone sees its own and the countdown, the wall a countdown; at the moment all open live', async () => {
  const start = new Date();
  server.clock.set(start);
  const revealAt = new Date(start.getTime() + 2 * 3600_000);
  const event = await createEvent(admin, { reveal_at: revealAt.toISOString(), shots_per_guest: '24' });
  const anna = await guestPhone(event.code, 'de');
  const ben = await guestPhone(event.code, 'en');
  // Into the album the page opens with (the photos' dates would choose 'Unsortiert').
  const albumId = await defaultAlbumId(admin, event.id);
  const annas = (await anna.api.uploadOk(event.id, CAMERAS[0]!, { autoApprove: 'true', albumId })).id;
  const bens = (await ben.api.uploadOk(event.id, CAMERAS[1]!, { autoApprove: 'true', albumId })).id;

  const wallContext = await browser.newContext({ viewport: { width: 1920, height: 1080 }, locale: 'de-DE', timezoneId: 'Europe/Berlin' });
  const wall = await wallContext.newPage();
  const reloads: string[] = [];
  for (const [name, page] of [
    ['anna', anna.page],
    ['ben', ben.page],
    ['wall', wall],
  ] as const) {
    page.on('framenavigated', (f) => f === page.mainFrame() && reloads.push(name));
  }
  await anna.page.goto(`${server.url}/event/${event.code}`);
  await ben.page.goto(`${server.url}/event/${event.code}`);
  await wall.goto(`${server.url}/event/${event.code}/wall`);
  reloads.length = 0;

  // The guest phones: own photo only, the countdown with the time in the phone's zone, the shots left.
  const time = new Intl.DateTimeFormat('de-DE', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Berlin' }).format(revealAt);
  await anna.page.getByTestId('reveal-countdown').waitFor({ timeout: 15_000 });
  await anna.page.locator(`[data-testid=media-tile][data-upload-id="${annas}"]`).waitFor();
  expect(await tileIds(anna.page)).toEqual([annas]);
  expect(await anna.page.getByTestId('reveal-countdown').innerText()).toContain(`Die Galerie öffnet um ${time}`);
  // the countdown runs: it starts at the box's reveal_in_seconds ('Noch 2:00:00' when read at once) and goes down
  await anna.page
    .getByTestId('reveal-countdown')
    .filter({ hasText: /Noch 1:59:\d\d/ })
    .waitFor({ timeout: 5_000 });
  expect(await anna.page.getByTestId('shots-left').innerText()).toBe('Noch 23 Aufnahmen');
  // The countdown sits above the grid, on the screen without scrolling.
  const banner = (await anna.page.getByTestId('reveal-countdown').boundingBox())!;
  expect(banner.y + banner.height).toBeLessThan(844);
  expect(banner.x).toBeGreaterThanOrEqual(0);
  expect(banner.x + banner.width).toBeLessThanOrEqual(390);

  await ben.page.getByTestId('reveal-countdown').waitFor({ timeout: 15_000 });
  await ben.page.locator(`[data-testid=media-tile][data-upload-id="${bens}"]`).waitFor();
  expect(await tileIds(ben.page)).toEqual([bens]);
  expect(await ben.page.getByTestId('reveal-countdown').innerText()).toContain('The gallery opens at');
  expect(await ben.page.getByTestId('shots-left').innerText()).toBe('23 shots left');

  // The wall: the countdown, no slide.
  await wall.getByTestId('reveal-countdown').waitFor({ timeout: 15_000 });
  expect(await wall.getByTestId('wall').getAttribute('data-slides')).toBe('0');
  expect(await wall.getByTestId('wall-empty').count()).toBe(0);

  await shot(anna.page, 'einwegkamera-before-de-phone');
  await shot(ben.page, 'einwegkamera-before-en-phone');
  await wall.screenshot({ path: screenshotPath('guest', 'einwegkamera-before-wall') });
  expect(await languageProblems(anna.page, 'de')).toEqual([]);
  expect(await languageProblems(ben.page, 'en')).toEqual([]);
  expect(await languageProblems(wall, 'de')).toEqual([]);

  // The moment: the server's clock passes the reveal.
  server.clock.set(new Date(revealAt.getTime() + 1000));
  // Each page celebrates (for a few seconds: its text is read as it shows).
  const celebrations = await Promise.all(
    [anna.page, ben.page, wall].map(async (page) => {
      const celebration = page.getByTestId('reveal-celebration');
      await celebration.waitFor({ timeout: 15_000 });
      return celebration.innerText({ timeout: 2000 });
    }),
  );
  expect(celebrations[0]).toContain('Die Galerie ist offen!');
  expect(celebrations[1]).toContain('The gallery is open!');
  expect(celebrations[2]).toContain('Die Galerie ist offen!');
  await Promise.all([
    anna.page.screenshot({ path: screenshotPath('guest', 'einwegkamera-reveal-de-phone') }),
    wall.screenshot({ path: screenshotPath('guest', 'einwegkamera-reveal-wall') }),
  ]);

  // Both phones show the other's photo without a reload, the countdown is gone; the wall shows photos.
  for (const page of [anna.page, ben.page]) {
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid=media-tile]').length === n, 2, { timeout: 15_000 });
    expect(await tileIds(page)).toEqual([annas, bens].sort());
    await page.getByTestId('reveal-countdown').waitFor({ state: 'detached', timeout: 10_000 });
  }
  await wall.waitForFunction(() => Number(document.querySelector<HTMLElement>('[data-testid="wall"]')?.dataset.slides) > 0, undefined, {
    timeout: 20_000,
  });
  await wall.getByTestId('reveal-countdown').waitFor({ state: 'detached', timeout: 10_000 });
  expect(reloads).toEqual([]);
  await anna.page.getByTestId('reveal-celebration').waitFor({ state: 'detached', timeout: 15_000 });
  await shot(anna.page, 'einwegkamera-after-de-phone');
  expect(await languageProblems(anna.page, 'de')).toEqual([]);

  await Promise.all([anna.context.close(), ben.context.close(), wallContext.close()]);
  server.clock.set(null);
}, 180_000);

test('a phone that gives consent on the page is told its whole number of shots at once, not "none left"', async () => {
  const event = await createEvent(admin, { shots_per_guest: '24' });
  const context = await browser.newContext({ ...PHONE, locale: 'de-DE' });
  const page = await context.newPage();
  await page.goto(`${server.url}/event/${event.code}`);
  await consent(page, 'Clara');
  await page.getByTestId('shots-left').filter({ hasText: 'Noch 24 Aufnahmen' }).waitFor({ timeout: 10_000 });
  await shot(page, 'einwegkamera-after-consent-de-phone');
  await context.close();
}, 60_000);
