import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, screenshotPath } from '../../helpers/browser.ts';
import { ApiClient } from '../../helpers/api-client.ts';
import { FIXTURES, ROOT, startServer, type TestServer } from '../../helpers/server.ts';
import { hostDe } from '../../../web/src/i18n/host.de.ts';
import { hostEn } from '../../../web/src/i18n/host.en.ts';

// Shared set-up of the host/admin browser tests: a real server on a free port, Debian's Chromium with a
// desktop viewport, an admin API client for arranging data and checking what guests see.

export const PHOTO = join(FIXTURES, 'photos', 'cameras', 'Canon_40D.jpg');
export const PHOTOS = ['Nikon_D70.jpg', 'Pentax_K10D.jpg', 'Sony_HDR-HC3.jpg', 'Panasonic_DMC-FZ30.jpg'].map((f) =>
  join(FIXTURES, 'photos', 'cameras', f),
);
export const VIDEO = join(FIXTURES, 'videos', 'android-h264.mp4');
export const HOST_IMAGE = join(FIXTURES, 'photos', 'orientation', 'landscape_1.jpg');

export const WIFI = { ssid: 'Gäste;WLAN', password: 'sekt:und,torte' };

/** True when the guest web app's event page exists (built in parallel); page checks of the guest side need it. */
export const guestPageExists = () => existsSync(join(ROOT, 'web', 'src', 'pages', 'event', 'EventPage.tsx'));

export interface Harness {
  server: TestServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  admin: ApiClient;
  /** a client without credentials: what a visitor sees */
  visitor: ApiClient;
  errors: string[];
  shot(name: string, page?: Page): Promise<void>;
  close(): Promise<void>;
}

/** `locale`: the browser's preferred language (the host pages follow it); German unless given. */
export async function setUp(opts: { env?: Record<string, string>; contextInit?: string; locale?: string } = {}): Promise<Harness> {
  const server = await startServer({
    env: { MOMENTBOX_WIFI_SSID: WIFI.ssid, MOMENTBOX_WIFI_PASSWORD: WIFI.password, ...opts.env },
  });
  const browser = await launchBrowser();
  const context = await browser.newContext({
    ...DESKTOP,
    locale: opts.locale ?? DESKTOP.locale,
    baseURL: server.url,
    acceptDownloads: true,
  });
  if (opts.contextInit) await context.addInitScript(opts.contextInit);
  const errors: string[] = [];
  const watch = (p: Page) => {
    p.on('pageerror', (e) => errors.push(`${p.url()}: ${e.message}`));
  };
  context.on('page', watch);
  const page = await context.newPage();
  const admin = new ApiClient(server.url);
  await admin.login(server.adminPassword);
  return {
    server,
    browser,
    context,
    page,
    admin,
    visitor: new ApiClient(server.url),
    errors,
    async shot(name, p = page) {
      await p.bringToFront(); // a background tab does not run its CSS animations
      await p.waitForTimeout(250); // let transitions settle
      await p.screenshot({ path: screenshotPath('host', name), fullPage: false });
    },
    async close() {
      await browser.close().catch(() => undefined);
      await server.stop();
    },
  };
}

/** Logs in through the form, in the language the page shows, and waits for the dashboard. */
export async function loginUi(page: Page, password: string) {
  await page.goto('/admin');
  await page.locator('input[name=password]').waitFor();
  const t = (await page.evaluate(() => document.documentElement.lang)) === 'en' ? hostEn : hostDe;
  await page.getByLabel(t.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: t.signIn }).click();
  await page.waitForURL('**/admin/dashboard');
  await page.getByRole('heading', { name: t.eventManagement }).waitFor();
}

export function card(page: Page, code: string): Locator {
  return page.locator(`article.hx-card[data-event-code="${code}"]`);
}

/** Closes any open dialog (so one failed test does not block the next). */
export async function closeDialogs(page: Page) {
  for (let i = 0; i < 3 && (await page.locator('.hx-overlay').count()) > 0; i++) {
    await page.keyboard.press('Escape');
    await page.waitForTimeout(100);
  }
}

/** Waits until the toast with this exact text is shown. */
export async function toastShown(page: Page, text: string) {
  await page.locator('.hx-toast', { hasText: text }).first().waitFor({ timeout: 10_000 });
}

/** Polls until fn returns true (for checks through the API after a UI action). */
export async function eventually(fn: () => Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await fn()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await Bun.sleep(100);
  }
}

/** A datetime-local value (Berlin, the test context's zone) -> the ISO instant the server should store. */
export function berlinToIso(local: string): string {
  // the tests only use summer dates: Berlin is UTC+2 then
  return new Date(`${local}:00+02:00`).toISOString();
}
