// The guestbook keepsake opened as the couple will open it years later (issue 27 item 5): the export ZIP unpacked,
// `Gästebuch.html` opened from the folder (file://) in Chromium with JavaScript off. Every message is painted with
// its name, the selfie decoded, the video and the voice message load and play; nothing is asked of anyone but the folder.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { ApiClient } from '../../helpers/api-client.ts';
import { DESKTOP, screenshotPath } from '../../helpers/browser.ts';
import { guestbookEvent, HTML_TEXT, TRICKY_TEXT, unpackZip, type GuestbookEvent } from '../../helpers/keepsake-event.ts';
import { setUp, type Harness } from './harness.ts';

let h: Harness;
let gb: GuestbookEvent;
let folder: string;
let pageUrl: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  h = await setUp({ env: { MOMENTBOX_NEW_GUESTS_PER_ADDRESS: '100000' } });
  gb = await guestbookEvent(h.admin, () => new ApiClient(h.server.url));
  const { dir } = await unpackZip(await h.admin.fetch(`/api/client/event-export-zip/${gb.token}`));
  folder = join(dir, readdirSync(dir)[0]!, 'Gästebuch');
  pageUrl = pathToFileURL(join(folder, 'Gästebuch.html')).href;
}, 180_000);
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await h?.close();
  if (folder) rmSync(dirname(dirname(dirname(folder))), { recursive: true, force: true });
});

/** A page in a fresh context, every request it makes recorded. */
async function open(javaScriptEnabled: boolean): Promise<{ page: Page; requests: string[] }> {
  const ctx = await h.browser.newContext({ ...DESKTOP, javaScriptEnabled });
  contexts.push(ctx);
  const page = await ctx.newPage();
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(pageUrl);
  return { page, requests };
}

test('Gästebuch.html from the unpacked folder, JavaScript off: every message, the selfie decoded, video and voice loaded', async () => {
  const { page, requests } = await open(false);
  // JavaScript is really off: a script the page would run does nothing
  expect(await page.evaluate(() => typeof (window as unknown as { momentbox?: unknown }).momentbox)).toBe('undefined');
  const articles = page.locator('article.entry');
  expect(await articles.count()).toBe(gb.entries.length);
  // in order, each with its name and the words as written (line breaks kept), visible on screen
  for (const [i, e] of gb.entries.entries()) {
    const article = articles.nth(i);
    expect(await article.isVisible()).toBe(true);
    expect(await article.locator('.by strong').innerText()).toBe(e.name);
    if (e.text) expect(await article.locator('.text').innerText()).toBe(e.text);
  }
  expect(await articles.nth(0).locator('.text').innerText()).toBe(TRICKY_TEXT);
  // HTML in a message is its text, not markup: no image, no script made of it, the title untouched
  expect(await articles.nth(1).locator('.text').innerText()).toBe(HTML_TEXT);
  expect(await articles.nth(1).locator('img, script, b').count()).toBe(0);
  expect(await page.title()).toBe('Gästebuch · Hochzeit <Anna & Ben>');

  const selfie = page.locator('img.photo');
  await selfie.scrollIntoViewIfNeeded();
  await page.waitForFunction((img) => (img as HTMLImageElement).complete, await selfie.elementHandle());
  expect(await selfie.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // upright (the copy turned by its EXIF orientation), painted at a size one sees
  expect(await selfie.evaluate((img: HTMLImageElement) => img.naturalHeight > img.naturalWidth)).toBe(true);
  expect((await selfie.boundingBox())!.height).toBeGreaterThan(300);

  // the players have their media's metadata: the browser found and read the files
  for (const selector of ['video', 'audio']) {
    const media = page.locator(selector);
    await media.scrollIntoViewIfNeeded();
    await page.waitForFunction((m) => (m as HTMLMediaElement).readyState >= 1, await media.elementHandle(), { timeout: 15_000 });
    expect(await media.evaluate((m: HTMLMediaElement) => [m.error, m.duration > 1])).toEqual([null, true]);
  }
  const poster = await page.locator('video').evaluate((v: HTMLVideoElement) => v.poster);
  expect(poster.startsWith(pathToFileURL(folder).href)).toBe(true);

  // nothing asked of anyone but the folder
  expect(requests.length).toBeGreaterThanOrEqual(4);
  const inFolder = pathToFileURL(folder).href + '/';
  expect(requests.filter((url) => !url.startsWith(inFolder))).toEqual([]);

  await page.screenshot({ path: screenshotPath('host', 'keepsake-page-no-js'), fullPage: true });
});

test('the video and the voice message play from the folder (a second page with JavaScript on to press play)', async () => {
  const { page, requests } = await open(true);
  for (const selector of ['video', 'audio']) {
    const played = await page.locator(selector).evaluate(async (m: HTMLMediaElement) => {
      m.muted = true;
      await m.play();
      const start = performance.now();
      while (m.currentTime < 0.4 && performance.now() - start < 15_000) await new Promise((r) => setTimeout(r, 50));
      m.pause();
      return { time: m.currentTime, error: m.error?.code ?? null, width: m instanceof HTMLVideoElement ? m.videoWidth : null };
    });
    expect(played.error).toBeNull();
    expect(played.time).toBeGreaterThanOrEqual(0.4);
    if (selector === 'video') expect(played.width).toBeGreaterThan(0);
  }
  const inFolder = pathToFileURL(folder).href + '/';
  expect(requests.filter((url) => !url.startsWith(inFolder))).toEqual([]);
});
