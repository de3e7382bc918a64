import { afterAll, beforeAll, expect, test } from 'bun:test';
import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page, Route } from 'playwright-core';
import type { AdminEventDto, UploadDto } from '../../../src/http/api-types.ts';
import { controlsUnder, PHONE } from '../../helpers/browser.ts';
import {
  bigVideo,
  CAMERAS,
  consent,
  createEvent,
  newGuest,
  openEvent,
  PHONES,
  shot,
  startGuestEnv,
  waitForUploadsDone,
  type GuestEnv,
} from './helpers.ts';

// A guest on a phone sends a video and three photos over a slow link, closes the progress sheet and goes on:
// the bar at the bottom shows files done of all and the percent, stays while they scroll, switch albums and
// open the viewer, says 'pausiert – offline' while the network is gone, opens the sheet again when tapped,
// and lies on no photo and no control: it is a strip of its own along the bottom edge, like the phone's
// toolbar (the page scrolls beneath it and ends above it, the viewer ends above it, the '+' stands clear of
// it). The queue finishes behind it.

let env: GuestEnv;
let event: AdminEventDto;

beforeAll(async () => {
  env = await startGuestEnv();
  event = await createEvent(env.admin, { code: 'background-e2e' });
  await env.admin.createAlbum(event.id, { name: 'Party' });
});
afterAll(async () => env?.stop());

const box = async (l: Locator) => (await l.boundingBox())!;
const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The floating upload button stands clear of the bar; `underToo`: and no control lies beneath the bar. */
async function barCoversNothing(page: Page, underToo = true): Promise<void> {
  const bar = page.getByTestId('upload-bar');
  if (underToo) expect(await controlsUnder(page, bar, '[data-testid=upload-bar]')).toEqual([]);
  const fab = page.getByTestId('upload-fab').locator('label');
  if (await fab.isVisible()) expect(overlap(await box(fab), await box(bar))).toBe(false);
  // a strip along the bottom edge (beside the '+'), not a badge floating over the grid
  const b = await box(bar);
  expect([b.x, Math.round(b.y + b.height)]).toEqual([0, 844]);
  expect(b.width).toBeGreaterThan(390 / 2);
}

test('uploads go on behind a closed sheet; the bar follows the guest and covers nothing', async () => {
  const video = await bigVideo();
  const { context, page } = await newGuest(env, PHONE);
  await openEvent(page, env, event.code);
  await consent(page, 'Lena');
  await page.getByTestId('auto-approve').check();

  // Photos already there, so the grid has rows to scroll and a photo to open.
  await page.getByTestId('upload-input').setInputFiles(CAMERAS);
  expect(await waitForUploadsDone(page)).toBe('Alle 5 Uploads erfolgreich');
  await page.getByTestId('upload-close').click();
  await page.locator('[data-testid=media-tile] img').nth(4).waitFor();

  // A slow link: every chunk waits before it goes.
  let chunkWaitMs = 1500;
  await page.route('**/api/event/*/upload-chunk', async (route: Route) => {
    await new Promise((r) => setTimeout(r, chunkWaitMs));
    await route.continue().catch(() => undefined);
  });
  await page.getByTestId('upload-input').setInputFiles([video, ...PHONES]);
  await page.getByTestId('upload-modal').waitFor();
  // The sheet closes at once, while the first file is still on its way.
  await page.getByTestId('upload-hide').click();
  await page.getByTestId('upload-modal').waitFor({ state: 'detached' });
  const pill = page.getByTestId('upload-pill');
  await pill.waitFor();
  expect(await pill.textContent()).toMatch(/^0 von 4\d+\s%$/);
  // (at the top of the page the grid goes on beneath the bar, as beneath the screen's edge)
  await barCoversNothing(page, false);

  // Tapped, it opens the sheet again; closed again, the bar is back.
  await pill.click();
  await page.getByTestId('upload-modal').waitFor();
  expect(await page.getByTestId('upload-summary').textContent()).toMatch(/von 4 hochgeladen/);
  await page.getByTestId('upload-hide').click();
  await pill.waitFor();

  // Scrolled to the end: the last row of photos ends above the bar.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForTimeout(200);
  const bar = await box(page.getByTestId('upload-bar'));
  for (const tile of await page.getByTestId('media-tile').all()) {
    const t = await box(tile);
    if (t.y < 844) expect(t.y + t.height).toBeLessThanOrEqual(bar.y + 0.5);
  }
  await barCoversNothing(page);
  await shot(page, 'background-upload-pill-phone', { fullPage: false });
  await page.emulateMedia({ colorScheme: 'dark' });
  await shot(page, 'background-upload-pill-phone-dark', { fullPage: false });
  const axe = await new AxeBuilder({ page }).include('[data-testid=upload-bar]').withRules(['color-contrast']).analyze();
  expect(axe.violations.flatMap((v) => v.nodes.map((n) => n.failureSummary))).toEqual([]);
  await page.emulateMedia({ colorScheme: 'light' });

  // Another album and back: the bar stays, the queue goes on.
  await page.evaluate(() => window.scrollTo(0, 0));
  const photos = (await page.getByTestId('album-title').textContent())!;
  await page.locator('[data-testid=album-card][data-album-name="Party"]').click();
  await page.getByTestId('album-title').filter({ hasText: 'Party' }).waitFor();
  await pill.waitFor();
  await page.locator(`[data-testid=album-card][data-album-name="${photos}"]`).click();
  await page.locator('[data-testid=media-tile] img').nth(4).waitFor();

  // The viewer: the bar above it, the viewer's own controls all above the bar.
  await page.locator('[data-testid=media-tile] .ev-tile__open').first().click();
  await page.getByTestId('viewer').waitFor();
  await pill.waitFor();
  const viewer = await box(page.getByTestId('viewer'));
  expect(viewer.y + viewer.height).toBeLessThanOrEqual(bar.y + 0.5);
  for (const control of await page.getByTestId('viewer').locator('button, a[href], img, video').all()) {
    const c = await box(control);
    expect(c.y + c.height).toBeLessThanOrEqual(bar.y + 0.5);
  }
  await barCoversNothing(page, false);
  await shot(page, 'background-upload-viewer-phone', { fullPage: false });
  await page.getByTestId('viewer-close').click();

  // The network goes: the bar says so at once (the browser's word, before any upload request fails:
  // the one on its way is held for 10 s); back, the files finish.
  chunkWaitMs = 10_000;
  await context.setOffline(true);
  await page.locator('[data-testid=upload-pill]', { hasText: 'pausiert – offline' }).waitFor({ timeout: 3000 });
  chunkWaitMs = 1500;
  await shot(page, 'background-upload-offline-phone', { fullPage: false });
  await context.setOffline(false);
  await page.locator('[data-testid=upload-pill][data-state=ok]').waitFor({ timeout: 120_000 });
  expect(await pill.textContent()).toBe('Alle 4 Uploads erfolgreich');
  await pill.click();
  expect(await waitForUploadsDone(page)).toBe('Alle 4 Uploads erfolgreich');
  await page.getByTestId('upload-close').click();
  expect((await env.admin.json<UploadDto[]>(`/api/event/${event.id}/uploads`)).length).toBe(9);
  await context.close();
});
