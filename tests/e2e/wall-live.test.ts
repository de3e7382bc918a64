import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { AdminEventDto } from '../../src/http/api-types.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { launchBrowser, screenshotPath } from '../helpers/browser.ts';
import { FIXTURES, startServer, type TestServer } from '../helpers/server.ts';
import { ensureWebBuilt } from '../api/support.ts';
import { wallEvent, type WallEvent } from './wall-harness.ts';
import { PHOTOS } from './host/harness.ts';

// New uploads on a wall with a long slide time (60 s): a new photo cuts in within the wall's cut-in time
// (3 s after the current slide appeared), not at the next slide change, and its first showing carries
// 'Neu' ('Neu von Mia' with nicknames on); shown again it carries her nickname only.

/** NEW_UPLOAD_CUT_IN_MS in WallPage.tsx. */
const CUT_IN_MS = 3_000;
/** What the upload, its live message, the preview's load and the fade may take on a busy test machine. */
const DELIVERY_MS = 6_000;

let server: TestServer;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
let event: AdminEventDto;
let setWall: WallEvent['setWall'];
let admin: ApiClient;
const errors: string[] = [];

const wallData = (p: Page) => p.evaluate(() => ({ ...document.querySelector<HTMLElement>('[data-testid="wall"]')!.dataset }));
const visible = (p: Page, id: number, timeout: number) =>
  p.waitForFunction(
    (id) => {
      const layer = document.querySelector<HTMLElement>('.wall__layer.is-visible');
      const img = layer?.querySelector<HTMLImageElement>('img.wall__picture');
      return layer?.dataset.uploadId === String(id) && !!img && img.complete && img.naturalWidth > 0;
    },
    id,
    { timeout, polling: 100 },
  );
/** The cross-fade is over (for a screenshot of the slide alone). */
const faded = (p: Page) =>
  p.waitForFunction(() =>
    [...document.querySelectorAll('.wall__layer')].every(
      (l) => getComputedStyle(l).opacity === (l.classList.contains('is-visible') ? '1' : '0'),
    ),
  );
const badge = (p: Page) => p.locator('.wall__layer.is-visible .wall__badge:not([hidden])');
const caption = (p: Page) => p.locator('.wall__layer.is-visible [data-caption]:not([hidden])');

/** A guest uploads a photo once the current slide has been up longer than the cut-in time; ms until it is on screen. */
async function cutIn(nickname: string, file: string): Promise<{ id: number; ms: number }> {
  const before = await wallData(page);
  await Bun.sleep(CUT_IN_MS + 1_000);
  expect((await wallData(page)).slides).toBe(before.slides); // 60 s per slide: nothing moved by itself
  const guest = new ApiClient(server.url);
  await guest.joinAsGuest(event.code, nickname);
  const started = Date.now();
  const { id } = await guest.uploadOk(event.id, file, { autoApprove: 'true' });
  await visible(page, id, CUT_IN_MS + DELIVERY_MS);
  return { id, ms: Date.now() - started };
}

beforeAll(async () => {
  await ensureWebBuilt();
  server = await startServer();
  const made = await wallEvent(server, 'Hochzeit Lang & Sam', { wall_seconds_per_slide: 60, wall_show_nicknames: false });
  ({ event, setWall, admin } = made);
  for (const photo of PHOTOS.slice(0, 2)) await admin.uploadOk(event.id, photo);
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, locale: 'de-DE', baseURL: server.url });
  page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`/event/${event.code}/wall`);
  await page.waitForFunction(() => Number(document.querySelector<HTMLElement>('[data-testid="wall"]')?.dataset.slides) > 0, undefined, {
    timeout: 20_000,
  });
});
afterAll(async () => {
  await browser?.close().catch(() => undefined);
  await server?.stop();
});

describe('new uploads on the wall (60 s per slide)', () => {
  test("a new photo cuts in within the cut-in time and says 'Neu' (nicknames off)", async () => {
    const { ms } = await cutIn('Mia', join(FIXTURES, 'photos', 'phones', 'jolla.jpg'));
    console.log(`cut-in after ${ms} ms (slide time 60 s)`);
    expect(await badge(page).textContent()).toBe('Neu');
    expect(await caption(page).count()).toBe(0);
    await faded(page);
    await page.screenshot({ path: screenshotPath('wall-live', 'neu') });
  });

  test("with nicknames on: 'Neu von Mia' on its first showing, her nickname alone when it comes round again", async () => {
    await setWall({ wall_show_nicknames: true });
    await page.reload();
    await page.waitForFunction(() => Number(document.querySelector<HTMLElement>('[data-testid="wall"]')?.dataset.slides) > 0, undefined, {
      timeout: 20_000,
    });
    const { id } = await cutIn('Mia', join(FIXTURES, 'photos', 'gps', 'DSCN0010.jpg'));
    expect(await badge(page).textContent()).toBe('Neu von Mia');
    await faded(page);
    await page.screenshot({ path: screenshotPath('wall-live', 'neu-von-mia') });
    // Away and back: no longer new.
    let n = Number((await wallData(page)).slides);
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction((m) => Number(document.querySelector<HTMLElement>('[data-testid="wall"]')!.dataset.slides) > m, n);
    n = Number((await wallData(page)).slides);
    await page.keyboard.press('ArrowLeft');
    await visible(page, id, 10_000);
    expect(await caption(page).textContent()).toBe('Mia');
    expect(await badge(page).count()).toBe(0);
  });

  test('a photo the host deletes leaves the screen at once, not at the next slide change', async () => {
    const id = Number((await wallData(page)).current);
    await admin.json(`/api/event/${event.id}/upload/${id}`, { method: 'DELETE' });
    await page.waitForFunction(
      (id) => document.querySelector<HTMLElement>('.wall__layer.is-visible')?.dataset.uploadId !== String(id),
      id,
      { timeout: 5_000 },
    );
    expect(errors).toEqual([]);
  });
});
