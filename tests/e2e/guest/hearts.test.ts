import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { Page } from 'playwright-core';
import type { UploadDto } from '../../../src/http/api-types.ts';
import { ApiClient } from '../../helpers/api-client.ts';
import { PHONE } from '../../helpers/browser.ts';
import { languageProblems } from '../../helpers/language-screen.ts';
import { albumsOf, CAMERAS, createEvent, newGuest, openEvent, selectAlbum, shot, startGuestEnv, type GuestEnv } from './helpers.ts';

// Hearts on a phone (issue 28 item 1): a guest hearts a photo on its tile, another guest's open page shows the
// count without a reload; a double tap in the viewer hearts too, and 'Beliebteste' orders the grid by hearts.

let env: GuestEnv;
beforeAll(async () => {
  env = await startGuestEnv();
});
afterAll(async () => env?.stop());

/** A phone of a consented guest of its own (a cookie of its own, the same address as every other page here). */
async function guestPhone(code: string, album: string) {
  const { context, page } = await newGuest(env, PHONE);
  const { userId } = await env.admin.json<{ userId: string }>(`/api/event/${code}/consent`, { method: 'POST', json: {} });
  await context.addCookies([{ name: `event_${code}`, value: userId, url: env.url }]);
  await openEvent(page, env, code);
  await selectAlbum(page, album);
  return { context, page };
}

const tile = (page: Page, id: number) => page.locator(`[data-testid=media-tile][data-upload-id="${id}"]`);
const tileCount = (page: Page, id: number) => tile(page, id).getByTestId('tile-heart-count');
const tileOrder = (page: Page) =>
  page.locator('[data-testid=media-tile]').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-upload-id'))));

test('a heart on a tile reaches another open page live; a double tap in the viewer hearts; Beliebteste orders by hearts', async () => {
  const event = await createEvent(env.admin);
  const lena = new ApiClient(env.url);
  await lena.joinAsGuest(event.code, 'Lena');
  const first = await lena.uploadOk(event.id, CAMERAS[0]!, { autoApprove: 'true' });
  const second = await lena.uploadOk(event.id, CAMERAS[1]!, { autoApprove: 'true' });

  const album = (await albumsOf(env.admin, event.id)).find((a) => a.id === first.album_id)!.name;
  const anna = await guestPhone(event.code, album);
  const ben = await guestPhone(event.code, album);
  let benReloaded = false;
  ben.page.on('framenavigated', () => (benReloaded = true));
  await tile(ben.page, first.id).waitFor();

  // Anna hearts the first photo on its tile: filled at once, the count on the tile, inside the tile's box.
  const heart = tile(anna.page, first.id).getByTestId('tile-heart');
  expect(await heart.getAttribute('aria-pressed')).toBe('false');
  await heart.tap();
  await tileCount(anna.page, first.id).waitFor({ timeout: 5000 });
  expect(await heart.getAttribute('aria-pressed')).toBe('true');
  const box = (await tile(anna.page, first.id).boundingBox())!;
  const hb = (await heart.boundingBox())!;
  expect(hb.x >= box.x && hb.y >= box.y && hb.x + hb.width <= box.x + box.width && hb.y + hb.height <= box.y + box.height).toBe(true);
  expect(hb.height).toBeGreaterThanOrEqual(30); // a thumb's target
  expect(await tileCount(anna.page, first.id).textContent()).toBe('1');

  // Ben's page shows it without a reload.
  await tileCount(ben.page, first.id).waitFor({ timeout: 10_000 });
  expect(await tileCount(ben.page, first.id).textContent()).toBe('1');
  expect(await tile(ben.page, first.id).getByTestId('tile-heart').getAttribute('aria-pressed')).toBe('false');
  await shot(ben.page, 'hearts-tile-live-phone');

  // Ben double-taps the second photo in the viewer.
  await tile(ben.page, second.id).locator('.ev-tile__open').tap();
  await ben.page.getByTestId('viewer-image').waitFor();
  const stage = (await ben.page.getByTestId('viewer-stage').boundingBox())!;
  const [x, y] = [stage.x + stage.width / 2, stage.y + stage.height / 2];
  await ben.page.touchscreen.tap(x, y);
  await ben.page.waitForTimeout(80);
  await ben.page.touchscreen.tap(x, y);
  await ben.page.getByTestId('viewer-heart-burst').waitFor({ timeout: 3000 });
  await ben.page.getByTestId('viewer-heart-count').waitFor({ timeout: 5000 });
  expect(await ben.page.getByTestId('viewer-heart-count').textContent()).toBe('1');
  expect(await ben.page.getByTestId('viewer-heart').getAttribute('aria-pressed')).toBe('true');
  // Still the same photo (a tap is not a swipe).
  expect(await ben.page.getByTestId('viewer-counter').textContent()).toBe('1 / 2');
  await shot(ben.page, 'hearts-viewer-double-tap-phone');
  expect(await languageProblems(ben.page, 'de')).toEqual([]);
  // Anna sees Ben's heart on the second photo; she hearts it too from her viewer's button.
  await tileCount(anna.page, second.id).waitFor({ timeout: 10_000 });
  await tile(anna.page, second.id).locator('.ev-tile__open').tap();
  await anna.page.getByTestId('viewer-heart').tap();
  await anna.page.getByTestId('viewer-heart-count').filter({ hasText: '2' }).waitFor({ timeout: 5000 });
  await anna.page.getByTestId('viewer-close').tap();

  // Newest first: second, first. 'Beliebteste': second (2 hearts), first (1).
  await ben.page.getByTestId('viewer-close').tap();
  await tileCount(ben.page, second.id).filter({ hasText: '2' }).waitFor({ timeout: 10_000 });
  const counts = async () =>
    new Map((await env.admin.json<UploadDto[]>(`/api/event/${event.id}/uploads`)).map((u) => [u.id, u.heart_count]));
  expect(await counts()).toEqual(
    new Map([
      [second.id, 2],
      [first.id, 1],
    ]),
  );
  const third = await lena.uploadOk(event.id, CAMERAS[2]!, { autoApprove: 'true' });
  await tile(ben.page, third.id).waitFor({ timeout: 10_000 });
  expect(await tileOrder(ben.page)).toEqual([third.id, second.id, first.id]);
  await ben.page.getByTestId('sort-loved').tap();
  await ben.page.waitForFunction(
    (ids) => [...document.querySelectorAll('[data-testid=media-tile]')].map((e) => Number(e.getAttribute('data-upload-id'))).join() === ids,
    [second.id, first.id, third.id].join(),
    { timeout: 10_000 },
  );
  expect(await ben.page.getByTestId('sort-loved').getAttribute('aria-pressed')).toBe('true');
  // The toggle sits beside the album's buttons, on the screen, and covers none of them.
  const sortBox = (await ben.page.getByTestId('sort-loved').boundingBox())!;
  expect(sortBox.x + sortBox.width).toBeLessThanOrEqual(PHONE.viewport!.width);
  for (const id of ['select-start', 'download-album']) {
    const b = (await ben.page.getByTestId(id).boundingBox())!;
    expect(sortBox.y >= b.y + b.height || sortBox.x >= b.x + b.width || b.x >= sortBox.x + sortBox.width).toBe(true);
  }
  await shot(ben.page, 'hearts-most-loved-phone');
  expect(await languageProblems(ben.page, 'de')).toEqual([]);
  expect(benReloaded).toBe(false);
  // 'Nur Favoriten' in Anna's download: the two she hearted of the album's three, the ZIP's size as the server counts her favourites.
  await tile(anna.page, third.id).waitFor({ timeout: 10_000 });
  await anna.page.getByTestId('download-album').tap();
  const favorites = anna.page.getByTestId('download-favorites');
  await favorites.waitFor({ state: 'attached', timeout: 10_000 });
  expect(await anna.page.locator('label', { has: favorites }).locator('strong').textContent()).toBe('Nur Favoriten (2)');
  await anna.page.locator('label', { has: favorites }).tap();
  const expected = await anna.page.evaluate(
    async (id) => (await (await fetch(`/api/event/${id}/download-zip/size?favorites=mine`)).json()).size_bytes,
    event.id,
  );
  await anna.page.locator(`[data-testid=download-start-size][data-bytes="${expected}"]`).waitFor({ timeout: 10_000 });
  expect(
    await anna.page
      .locator('label', { has: anna.page.getByTestId('download-all') })
      .locator('strong')
      .textContent(),
  ).toBe('Alle (3)');
  await shot(anna.page, 'hearts-download-favorites-phone');
  expect(await languageProblems(anna.page, 'de')).toEqual([]);
  await anna.page.getByTestId('download-modal').getByRole('button', { name: 'Abbrechen' }).tap();
  await anna.context.close();
  await ben.context.close();
}, 120_000);
