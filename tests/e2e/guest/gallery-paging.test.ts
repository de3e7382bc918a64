import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import type { AdminEventDto, AlbumDto, UploadDto } from '../../../src/http/api-types.ts';
import { PHONE } from '../../helpers/browser.ts';
import { consent, createEvent, newGuest, openEvent, startGuestEnv, type GuestEnv } from './helpers.ts';

// Issue 15 item 3 in Chromium on a phone: an album of 130 photos arrives page by page (60 at a time), the
// grid asks for the next page as the guest scrolls, the viewer walks past the first page (and wraps around
// to the album's last photo), and a new photo arrives at the top over the live stream.

const PHOTOS = 130;
const PAGE = 60;

let env: GuestEnv;
let tmp = '';
let event: AdminEventDto;
let album: AlbumDto;
/** the album newest first, as the admin sees it */
let uploads: UploadDto[] = [];

/** A small JPEG of its own colour (every one a different file). */
async function photo(i: number): Promise<string> {
  const path = join(tmp, `p${i}.jpg`);
  await sharp({ create: { width: 96, height: 72, channels: 3, background: { r: i % 256, g: (i * 3) % 256, b: 200 } } })
    .jpeg()
    .toFile(path);
  return path;
}

beforeAll(async () => {
  env = await startGuestEnv();
  tmp = mkdtempSync(join(tmpdir(), 'momentbox-gallery-paging-'));
  event = await createEvent(env.admin, { name: 'Große Hochzeit', code: 'grosse-hochzeit' });
  album = await env.admin.createAlbum(event.id, {
    name: 'Alle Fotos',
    start_datetime: '2000-01-01T00:00:00Z',
    end_datetime: '2030-01-01T00:00:00Z',
  });
  for (let i = 0; i < PHOTOS; i++) await env.admin.uploadOk(event.id, await photo(i), { albumId: String(album.id) });
  uploads = await env.admin.json<UploadDto[]>(`/api/event/${event.id}/uploads?albumId=${album.id}`);
}, 120_000);
afterAll(async () => {
  await env?.stop();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

const grid = (page: Page) => page.getByTestId('media-grid');
const loadedCount = async (page: Page) => Number(await grid(page).getAttribute('data-total'));
const counter = (page: Page) => page.getByTestId('viewer-counter');
/** The storage key in a media URL: which upload an image shows. */
const keyOf = (url: string | null | undefined) => /\/media\/([0-9a-f]{32})\//.exec(url ?? '')?.[1];

/** A fresh load of the event page (the guest's cookie kept), with the album chosen. */
async function openAlbum(page: Page) {
  await openEvent(page, env, event.code);
  await page.locator(`[data-testid=album-card][data-album-name="${album.name}"]`).click();
  await page.locator('[data-testid=media-tile]').first().waitFor();
}

describe('a 130-photo album on a phone', () => {
  let page: Page;
  const pageRequests: string[] = [];
  beforeAll(async () => {
    ({ page } = await newGuest(env, PHONE));
    page.on('request', (r) => {
      if (r.url().includes('/uploads?')) pageRequests.push(r.url());
    });
    await openEvent(page, env, event.code);
    await consent(page, 'Lina');
  });

  test('the grid shows the first page, laid out for the whole album, and fetches the rest as the guest scrolls', async () => {
    pageRequests.length = 0;
    await openAlbum(page);
    expect(await loadedCount(page)).toBe(PAGE);
    expect(Number(await grid(page).getAttribute('data-album-total'))).toBe(PHOTOS);
    expect(pageRequests.every((u) => u.includes(`limit=${PAGE}`))).toBe(true);
    // Boxes for the whole album from the start: the page is as tall before the scroll as after it.
    const heightBefore = await page.evaluate(() => document.documentElement.scrollHeight);
    // The newest photos first.
    const firstIds = await page
      .getByTestId('media-tile')
      .evaluateAll((els) => els.slice(0, 3).map((e) => Number(e.getAttribute('data-upload-id'))));
    expect(firstIds).toEqual(uploads.slice(0, 3).map((u) => u.id));

    for (let i = 0; i < 40 && (await loadedCount(page)) < PHOTOS; i++) {
      await page.mouse.wheel(0, 1200);
      await page.waitForTimeout(150);
    }
    expect(await loadedCount(page)).toBe(PHOTOS);
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBe(heightBefore);
    // Every upload once, in the server's order.
    const ids = await page.getByTestId('media-tile').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-upload-id'))));
    expect(ids).toEqual(uploads.map((u) => u.id));
    // Three pages, each once.
    expect(pageRequests.length).toBe(3);
  }, 60_000);

  test('the viewer walks past the first page and wraps around to the album’s last photo', async () => {
    await openAlbum(page);
    expect(await loadedCount(page)).toBe(PAGE);

    // The last tile of the first page, then on: the next page is fetched for the viewer.
    await page.locator(`[data-testid=media-tile][data-upload-id="${uploads[PAGE - 1]!.id}"] .ev-tile__open`).click();
    await page.getByTestId('viewer').waitFor();
    expect(await counter(page).textContent()).toBe(`${PAGE} / ${PHOTOS}`);
    await page.getByTestId('viewer-next').click();
    await page.waitForFunction(
      (want) => document.querySelector('[data-testid=viewer-counter]')?.textContent === want,
      `${PAGE + 1} / ${PHOTOS}`,
    );
    expect(keyOf(await page.getByTestId('viewer-image').getAttribute('src'))).toBe(keyOf(uploads[PAGE]!.preview_path));
    await page.keyboard.press('Escape');

    // From the first photo back: the album's last (oldest) one, whatever was fetched.
    await openAlbum(page);
    await page.getByTestId('media-tile').first().locator('.ev-tile__open').click();
    await page.getByTestId('viewer').waitFor();
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction(
      (want) => document.querySelector('[data-testid=viewer-counter]')?.textContent === want,
      `${PHOTOS} / ${PHOTOS}`,
    );
    expect(keyOf(await page.getByTestId('viewer-image').getAttribute('src'))).toBe(keyOf(uploads.at(-1)!.preview_path));
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.querySelector('[data-testid=viewer-counter]')?.textContent?.startsWith('1 / '));
    await page.keyboard.press('Escape');
  }, 60_000);

  test('a photo uploaded meanwhile arrives at the top over the live stream, the count follows', async () => {
    const fresh = await env.admin.uploadOk(event.id, await photo(PHOTOS + 1), { albumId: String(album.id) });
    await page.waitForFunction(
      (id) => document.querySelector('[data-testid=media-tile]')?.getAttribute('data-upload-id') === String(id),
      fresh.id,
      { timeout: 15_000 },
    );
    await page.waitForFunction(
      (want) => document.querySelector('[data-testid=album-card][aria-current=true] [data-testid=album-count]')?.textContent === want,
      `${PHOTOS + 1} Medien`,
      { timeout: 15_000 },
    );
  }, 30_000);
});
