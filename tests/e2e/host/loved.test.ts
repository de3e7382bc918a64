import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { AdminEventDto, ExportSizes } from '../../../src/http/api-types.ts';
import { ApiClient } from '../../helpers/api-client.ts';
import { PHONE } from '../../helpers/browser.ts';
import { languageProblems } from '../../helpers/language-screen.ts';
import { coupleDe } from '../../../web/src/i18n/couple.de.ts';
import { formatBytes } from '../../../web/src/host/format.ts';
import { eventually, PHOTOS, setUp, toastShown, type Harness } from './harness.ts';

// Issue 28, the couple's side of hearts: the overview's 'Beliebteste Fotos' (most hearts first, each with its
// count, live as guests give hearts), 'Nur Favoriten' in the ticketed ZIP export (its size stated before it is
// pressed), and 'Fotos mit Herzen öfter zeigen' reaching an open wall. On a German phone (390x844); the wall at
// 1920x1080.

const c = coupleDe.couple;
let h: Harness;
let ctx: BrowserContext;
let p: Page;
let event: AdminEventDto;
let token = '';
const ids: number[] = [];
const fans: ApiClient[] = [];
const tmp = mkdtempSync(join(tmpdir(), 'momentbox-loved-'));

const heart = (fan: ApiClient, id: number) => fan.fetch(`/api/event/${event.id}/upload/${id}/heart`, { method: 'PUT' });
const loved = () => p.getByTestId('home-loved');
const lovedRows = async () =>
  loved()
    .locator('[data-testid=moderation-item]')
    .evaluateAll((items) =>
      items.map((i) => [Number(i.getAttribute('data-upload-id')), i.querySelector('[data-testid=heart-count]')?.textContent?.trim()]),
    );

beforeAll(async () => {
  h = await setUp();
  event = await h.admin.createEvent({ name: 'Hochzeit Mia & Leo' });
  token = (await h.admin.json<{ client_token: string }>(`/api/client/generate-token/${event.id}`, { method: 'POST' })).client_token;
  const uploader = new ApiClient(h.server.url);
  await uploader.joinAsGuest(event.code, 'Ida');
  for (const photo of PHOTOS.slice(0, 3)) ids.push((await uploader.uploadOk(event.id, photo, { autoApprove: 'true' })).id);
  for (const name of ['Anna', 'Ben']) {
    const fan = new ApiClient(h.server.url);
    await fan.joinAsGuest(event.code, name);
    fans.push(fan);
  }
  ctx = await h.browser.newContext({ ...PHONE, locale: 'de-DE', baseURL: h.server.url, acceptDownloads: true });
  p = await ctx.newPage();
  p.on('pageerror', (e) => h.errors.push(e.message));
  await p.goto(`/event/${token}/settings`);
  await loved().waitFor();
});
afterAll(async () => {
  await ctx?.close().catch(() => undefined);
  await h?.close();
  rmSync(tmp, { recursive: true, force: true });
});

describe("the couple's overview: 'Beliebteste Fotos'", () => {
  test('empty at first; hearts given by guests arrive live, most hearts first, each with its count', async () => {
    await loved().getByText(c.mostLovedNone).waitFor();
    await heart(fans[0]!, ids[1]!);
    await eventually(async () => JSON.stringify(await lovedRows()) === JSON.stringify([[ids[1], '1 Herz']]), 'the first heart, live');
    await heart(fans[0]!, ids[0]!);
    await heart(fans[1]!, ids[0]!);
    const expected = [
      [ids[0], '2 Herzen'],
      [ids[1], '1 Herz'],
    ];
    await eventually(async () => JSON.stringify(await lovedRows()) === JSON.stringify(expected), 'two loved, most first', 15_000);
    expect(await loved().getByText(c.mostLovedNone).count()).toBe(0);
    // painted: the count inside its card, inside the screen
    for (const [id] of expected) {
      const card = loved().locator(`[data-testid=moderation-item][data-upload-id="${id}"]`);
      const count = (await card.getByTestId('heart-count').boundingBox())!;
      const box = (await card.boundingBox())!;
      expect(count.width).toBeGreaterThan(20);
      expect(count.x + count.width).toBeLessThanOrEqual(Math.min(box.x + box.width, 390));
    }
    expect(await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(await languageProblems(p, 'de')).toEqual([]);
    await loved().scrollIntoViewIfNeeded();
    await h.shot('80-phone-most-loved', p);
  });
});

describe("the export: 'Nur Favoriten'", () => {
  test('states the size of the uploads with hearts and downloads exactly those through the ticket', async () => {
    await p.getByRole('tab', { name: c.tabs.export, exact: true }).click();
    const sizes = await h.visitor.json<ExportSizes>(`/api/client/event-export-sizes/${token}`);
    expect(sizes.favorites.files).toBe(2);
    const button: Locator = p.getByTestId('export-favorites');
    await eventually(
      async () => (await button.innerText()).trim() === `${c.exportFavorites} (${formatBytes(sizes.favorites.size_bytes, 'de-DE')})`,
      "'Nur Favoriten' with its size",
    );
    await p.getByText(c.exportFavoritesNote).waitFor();
    expect(await languageProblems(p, 'de')).toEqual([]);
    await button.scrollIntoViewIfNeeded();
    await h.shot('81-phone-export-favorites', p);
    const [download] = await Promise.all([p.waitForEvent('download'), button.click()]);
    expect(download.url()).toContain('favorites=loved');
    await toastShown(p, c.exportDone);
    const file = join(tmp, 'favorites.zip');
    await download.saveAs(file);
    const listing = Bun.spawnSync(['unzip', '-Z1', file]).stdout.toString().trim().split('\n');
    expect(listing.filter((n) => n.endsWith('.jpg')).length).toBe(2);
  });
});

describe("the wall: 'Fotos mit Herzen öfter zeigen'", () => {
  test('switched on in the Live-Wand section, it reaches an open wall without a reload', async () => {
    await h.admin.json(`/api/client/event/${token}`, { method: 'PUT', json: { wall_seconds_per_slide: 3 } });
    const wallCtx = await h.browser.newContext({ viewport: { width: 1920, height: 1080 }, locale: 'de-DE', baseURL: h.server.url });
    try {
      const wall = await wallCtx.newPage();
      wall.on('pageerror', (e) => h.errors.push(e.message));
      await wall.goto(`/event/${event.code}/wall`);
      const favor = () => wall.evaluate(() => document.querySelector<HTMLElement>('[data-testid=wall]')?.dataset.favorLoved);
      await eventually(async () => (await favor()) === 'false', 'the wall runs, loved photos not favoured', 20_000);
      await wall.evaluate(() => Object.assign(window, { sameDocument: true }));
      await p.getByRole('tab', { name: c.tabs.wall, exact: true }).click();
      await p.getByLabel(c.wallFavorLoved).check();
      await p.getByRole('button', { name: c.wallSave }).click();
      await toastShown(p, c.wallSaved);
      await eventually(async () => (await favor()) === 'true', 'the wall favours loved photos', 20_000);
      expect(await wall.evaluate(() => 'sameDocument' in window)).toBe(true); // no reload
    } finally {
      await wallCtx.close();
    }
    expect(h.errors).toEqual([]);
  });
});
