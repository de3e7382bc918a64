import { join } from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { expect } from 'bun:test';
import type { AdminEventDto, AlbumDto, UploadDto } from '../../../src/http/api-types.ts';
import { ApiClient } from '../../helpers/api-client.ts';
import { launchBrowser, screenshotPath } from '../../helpers/browser.ts';
import { cbrVideo } from '../../helpers/cbr-video.ts';
import { ROOT, startServer, type TestServer } from '../../helpers/server.ts';

// Shared pieces of the guest end-to-end tests: one real server on a temp data dir per file, an admin
// client to set events up, Debian's Chromium, and helpers for what a guest does on the page.

/** The test media in the repository. */
export const FIXTURES = join(ROOT, 'tests', 'fixtures');
export const CAMERAS = ['Canon_40D.jpg', 'Nikon_D70.jpg', 'Panasonic_DMC-FZ30.jpg', 'Pentax_K10D.jpg', 'Sony_HDR-HC3.jpg'].map((f) =>
  join(FIXTURES, 'photos', 'cameras', f),
);
export const PHONES = ['HMD_Nokia_8.3_5G.jpg', 'iphone_hdr_YES.jpg', 'jolla.jpg'].map((f) => join(FIXTURES, 'photos', 'phones', f));

export interface GuestEnv {
  server: TestServer;
  admin: ApiClient;
  browser: Browser;
  url: string;
  stop(): Promise<void>;
}

export async function startGuestEnv(env: Record<string, string> = {}): Promise<GuestEnv> {
  const server = await startServer({ env });
  const admin = new ApiClient(server.url);
  await admin.login(server.adminPassword);
  const browser = await launchBrowser();
  return {
    server,
    admin,
    browser,
    url: server.url,
    async stop() {
      await browser.close().catch(() => undefined);
      await server.stop();
    },
  };
}

export async function createEvent(admin: ApiClient, fields: Record<string, string> = {}): Promise<AdminEventDto> {
  return admin.createEvent({ allow_download: 'true', primary_color: '#8B5CF6', secondary_color: '#EC4899', ...fields });
}

/** Albums whose windows hold the fixture photos' capture dates (read as Europe/Berlin local times). */
export async function createFixtureAlbums(admin: ApiClient, eventId: number): Promise<Record<string, AlbumDto>> {
  const spring = await admin.createAlbum(eventId, {
    name: 'Frühling 2008',
    start_datetime: '2008-03-01T00:00:00Z',
    end_datetime: '2008-05-31T21:59:59Z',
  });
  const summer = await admin.createAlbum(eventId, {
    name: 'Sommer 2008',
    start_datetime: '2008-05-31T22:00:00Z',
    end_datetime: '2008-08-31T21:59:59Z',
  });
  const phones = await admin.createAlbum(eventId, {
    name: 'Handys 2014–2015',
    start_datetime: '2014-01-01T00:00:00Z',
    end_datetime: '2015-12-31T22:59:59Z',
  });
  return { spring, summer, phones };
}

export async function newGuest(env: GuestEnv, options: BrowserContextOptions): Promise<{ context: BrowserContext; page: Page }> {
  const context = await env.browser.newContext({ ...options, acceptDownloads: true });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('[pageerror]', e.message));
  return { context, page };
}

export async function openEvent(page: Page, env: GuestEnv, code: string): Promise<void> {
  await page.goto(`${env.url}/event/${code}`);
  await page.waitForSelector('.ev, [data-testid=event-not-found]');
}

/** The first-visit consent: nickname, terms, confirm; returns the recovery link the modal shows. */
export async function consent(page: Page, nickname?: string): Promise<string> {
  const help = page.getByTestId('help-modal');
  await help.waitFor();
  if (nickname) await page.getByTestId('consent-nickname').fill(nickname);
  await page.getByTestId('consent-terms').check();
  await page.getByTestId('consent-confirm').click();
  await page.getByTestId('recovery-modal').waitFor();
  const link = await page.getByTestId('recovery-link').inputValue();
  await page.getByTestId('recovery-done').click();
  await page.getByTestId('recovery-modal').waitFor({ state: 'detached' });
  return link;
}

/** A guest on their own device who opened the event and gave consent under this nickname. */
export async function consentingGuest(
  env: GuestEnv,
  code: string,
  nickname: string,
  options: BrowserContextOptions,
): Promise<{ context: BrowserContext; page: Page }> {
  const guest = await newGuest(env, options);
  await openEvent(guest.page, env, code);
  await consent(guest.page, nickname);
  return guest;
}

export async function selectAlbum(page: Page, name: string): Promise<void> {
  await page.locator(`[data-testid=album-card][data-album-name="${name}"]`).click();
  await expect(await page.getByTestId('album-title').textContent()).toBe(name);
}

export async function toastText(page: Page, timeout = 10_000): Promise<string> {
  const t = page.getByTestId('toast');
  await t.waitFor({ timeout });
  return (await t.textContent()) ?? '';
}

/** Waits until a toast with exactly this text shows. */
export async function waitForToast(page: Page, text: string, timeout = 15_000): Promise<void> {
  await page.locator('[data-testid=toast]', { hasText: text }).waitFor({ timeout });
}

export async function uploadSummary(page: Page): Promise<string> {
  return ((await page.getByTestId('upload-summary').textContent()) ?? '').trim();
}

/** Waits until every item of the upload modal is finished and returns the summary. */
export async function waitForUploadsDone(page: Page, timeout = 120_000): Promise<string> {
  await page.getByTestId('upload-close').waitFor({ timeout });
  return uploadSummary(page);
}

/** A screenshot under test-results/screenshots/guest/; full page unless a modal or the viewer is open. */
export async function shot(page: Page, name: string, opts: { fullPage?: boolean } = {}): Promise<void> {
  await page.waitForTimeout(350);
  const overlay = (await page.locator('.g-modal, .ev-viewer').count()) > 0;
  await page.screenshot({ path: screenshotPath('guest', name), fullPage: opts.fullPage ?? !overlay, animations: 'disabled' });
}

/** Uploads of an album as the admin sees them. */
export async function albumUploads(admin: ApiClient, eventId: number, albumId: number): Promise<UploadDto[]> {
  return admin.json<UploadDto[]>(`/api/event/${eventId}/uploads?albumId=${albumId}`);
}

export async function albumsOf(admin: ApiClient, eventId: number): Promise<AlbumDto[]> {
  return admin.json<AlbumDto[]>(`/api/event/${eventId}/albums`);
}

/** A video of over 30 MiB, so a desktop sends it in two chunks (20 MB + 10 MB). */
export const bigVideo = () => cbrVideo({ megabytes: 33 });

/** A swipe with real touch events (Chromium's input pipeline makes pointer events from them). */
export async function swipe(
  page: Page,
  from: { x: number; y: number },
  dx: number,
  opts: { steps?: number; holdMs?: number } = {},
): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const steps = opts.steps ?? 8;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from.x, y: from.y }] });
  for (let i = 1; i <= steps; i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: from.x + (dx * i) / steps, y: from.y }] });
  }
  if (opts.holdMs) await page.waitForTimeout(opts.holdMs);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}
