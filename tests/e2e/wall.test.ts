import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { AdminEventDto } from '../../src/http/api-types.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { launchBrowser, screenshotPath } from '../helpers/browser.ts';
import { FIXTURES, startServer, type TestServer } from '../helpers/server.ts';
import { ensureWebBuilt } from '../api/support.ts';
import { PHOTO, PHOTOS, VIDEO } from './host/harness.ts';

// The live wall in Chromium on a 1920x1080 projector: a photo uploaded during the test is on screen within
// 10 s, the QR overlay invites guests, the keyboard works, and 200 slide changes leave the JS heap where it was.

let server: TestServer;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
let event: AdminEventDto;
let booth: ApiClient;
const errors: string[] = [];

/** The upload id on the visible layer, once its image is fully decoded. */
const onScreen = (p: Page) =>
  p.evaluate(() => {
    const layer = document.querySelector<HTMLElement>('.wall__layer.is-visible');
    const img = layer?.querySelector<HTMLImageElement>('img.wall__picture');
    return layer && img && !img.hidden && img.complete && img.naturalWidth > 0 ? Number(layer.dataset.uploadId) : null;
  });
const slides = (p: Page) => p.evaluate(() => Number(document.querySelector<HTMLElement>('[data-testid="wall"]')?.dataset.slides ?? 0));

beforeAll(async () => {
  await ensureWebBuilt();
  server = await startServer();
  const admin = new ApiClient(server.url);
  await admin.login(server.adminPassword);
  event = await admin.createEvent({ name: 'Hochzeit Lea & Tom' });
  const key = await admin.json<{ api_key: string }>('/api/admin/api-keys', { method: 'POST', json: { name: 'wall-booth' } });
  booth = new ApiClient(server.url);
  booth.adminToken = key.api_key;
  for (const photo of PHOTOS.slice(0, 3)) await booth.uploadOk(event.id, photo);
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, locale: 'de-DE', baseURL: server.url });
  page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
});
afterAll(async () => {
  await browser?.close().catch(() => undefined);
  await server?.stop();
  if (server) rmSync(server.dataDir, { recursive: true, force: true }); // kept across the restart below
});

describe('live wall at 1920x1080', () => {
  test('shows the approved photos full screen with the event name and the QR overlay', async () => {
    await page.goto(`/event/${event.code}/wall`);
    await page.waitForFunction(() => document.querySelector('.wall__layer.is-visible img.wall__picture:not([hidden])'), undefined, {
      timeout: 15_000,
    });
    expect(await onScreen(page)).toBeGreaterThan(0);
    await expect(page.getByTestId('wall-event-name').textContent()).resolves.toBe('Hochzeit Lea & Tom');
    const qr = page.getByTestId('wall-qr');
    await qr.getByText('Lade deine Fotos hoch').waitFor();
    expect(await page.getByTestId('wall-address').textContent()).toBe(`${new URL(server.url).host}/event/${event.code}`);
    await qr.locator('img').waitFor();
    const box = (await qr.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(1920);
    expect(box.y + box.height).toBeLessThanOrEqual(1080);
    // The photo fills the screen (contain): the layer covers the viewport.
    const layer = (await page.locator('.wall__layer.is-visible').boundingBox())!;
    expect([layer.width, layer.height]).toEqual([1920, 1080]);
    await page.screenshot({ path: screenshotPath('wall', '1920x1080') });
  });

  test('a photo uploaded now is on screen within 10 s', async () => {
    const fresh = await booth.uploadOk(event.id, PHOTO);
    await page.waitForFunction(
      (id) => {
        const layer = document.querySelector<HTMLElement>('.wall__layer.is-visible');
        const img = layer?.querySelector<HTMLImageElement>('img.wall__picture');
        return layer?.dataset.uploadId === String(id) && img && img.complete && img.naturalWidth > 0;
      },
      fresh.id,
      { timeout: 10_000, polling: 100 },
    );
    await page.screenshot({ path: screenshotPath('wall', 'new-upload') });
  });

  test('space pauses, arrows step', async () => {
    await page.keyboard.press(' ');
    await page.getByTestId('wall-paused').waitFor();
    const before = await slides(page);
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction((n) => Number(document.querySelector<HTMLElement>('[data-testid="wall"]')!.dataset.slides) > n, before, {
      timeout: 5_000,
    });
    await page.keyboard.press(' ');
    await page.getByTestId('wall-paused').waitFor({ state: 'detached' });
  });

  test('after 200 forced slide changes the JS heap has not grown by more than 3 MB', async () => {
    const cdp = await page.context().newCDPSession(page);
    const heap = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      await cdp.send('HeapProfiler.collectGarbage');
      return (await cdp.send('Runtime.getHeapUsage')).usedSize;
    };
    const step = async () => {
      const n = await slides(page);
      await page.keyboard.press('ArrowRight');
      await page.waitForFunction((m) => Number(document.querySelector<HTMLElement>('[data-testid="wall"]')!.dataset.slides) > m, n, {
        timeout: 10_000,
      });
    };
    for (let i = 0; i < 20; i++) await step(); // warm up: every photo decoded once, code paths compiled
    const elements = await page.locator('.wall__stage *').count();
    const before = await heap();
    for (let i = 0; i < 200; i++) await step();
    const after = await heap();
    const grownMb = (after - before) / 1024 / 1024;
    console.log(`wall heap: ${(before / 1024 / 1024).toFixed(1)} MB -> ${(after / 1024 / 1024).toFixed(1)} MB after 200 slides`);
    expect(grownMb).toBeLessThan(3);
    // The same two slide layers and their frames serve every slide.
    expect(await page.locator('.wall__layer').count()).toBe(2);
    expect(await page.locator('.wall__stage *').count()).toBe(elements);
  });

  test('portrait screens keep the QR overlay inside; no script errors', async () => {
    await page.setViewportSize({ width: 1080, height: 1920 });
    const box = (await page.getByTestId('wall-qr').boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(1080);
    expect(box.y + box.height).toBeLessThanOrEqual(1920);
    await page.screenshot({ path: screenshotPath('wall', '1080x1920') });
    expect(errors).toEqual([]);
  });

  test("the host's wall settings: nicknames on, QR overlay off", async () => {
    const admin = new ApiClient(server.url);
    await admin.login(server.adminPassword);
    const { client_token } = await admin.json<{ client_token: string }>(`/api/client/generate-token/${event.id}`, { method: 'POST' });
    await admin.json(`/api/client/event/${client_token}`, { method: 'PUT', json: { wall_show_nicknames: true, wall_show_qr: false } });
    await page.reload();
    await page.getByTestId('wall-event-name').waitFor();
    expect(await page.getByTestId('wall-qr').count()).toBe(0);
    const mia = new ApiClient(server.url);
    await mia.joinAsGuest(event.code, 'Mia');
    const hers = await mia.uploadOk(event.id, join(FIXTURES, 'photos', 'phones', 'jolla.jpg'), { autoApprove: 'true' });
    await page.waitForFunction(
      (id) => document.querySelector<HTMLElement>('.wall__layer.is-visible')?.dataset.uploadId === String(id),
      hers.id,
      { timeout: 10_000 },
    );
    // Her first showing names her in the 'new' badge (the caption: tests/e2e/wall-live.test.ts).
    expect(await page.locator('.wall__layer.is-visible .wall__badge:not([hidden])').textContent()).toBe('Neu von Mia');
    await admin.json(`/api/client/event/${client_token}`, { method: 'PUT', json: { wall_show_nicknames: false, wall_show_qr: true } });
    await page.reload();
    await page.getByTestId('wall-qr').waitFor();
  });

  test('a video plays muted on the wall once its preview is ready', async () => {
    const video = await booth.uploadOk(event.id, VIDEO);
    await page.waitForFunction(
      (id) => {
        const layer = document.querySelector<HTMLElement>('.wall__layer.is-visible');
        const v = layer?.querySelector('video');
        return layer?.dataset.uploadId === String(id) && !!v && !v.hidden && v.muted && !v.paused && v.currentTime > 0;
      },
      video.id,
      { timeout: 30_000, polling: 200 },
    );
  });

  test('in a browser where the admin is signed in the wall still shows only what guests see (no hidden album)', async () => {
    const admin = new ApiClient(server.url);
    const token = await admin.login(server.adminPassword);
    const hidden = await admin.createAlbum(event.id, { name: 'Nur für das Paar' });
    await admin.json(`/api/album/${hidden.id}`, { method: 'PUT', json: { visible: false } });
    const secret = await admin.uploadOk(event.id, join(FIXTURES, 'photos', 'no-exif', 'no_exif.jpg'), { albumId: String(hidden.id) });
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, baseURL: server.url });
    await context.addInitScript((t) => localStorage.setItem('momentbox_admin_token', t), token);
    const signedIn = await context.newPage();
    const withCredential: string[] = [];
    signedIn.on('request', (r) => {
      if (r.url().includes('/api/') && r.headers()['authorization']) withCredential.push(r.url());
    });
    await signedIn.goto(`/event/${event.code}/wall`);
    await signedIn.waitForFunction(
      () => Number(document.querySelector<HTMLElement>('[data-testid="wall"]')?.dataset.slides) > 0,
      undefined,
      { timeout: 15_000 },
    );
    const shown = new Set<number>();
    for (let i = 0; i < 12; i++) {
      const n = await slides(signedIn);
      shown.add(Number(await signedIn.evaluate(() => document.querySelector<HTMLElement>('[data-testid="wall"]')!.dataset.current)));
      await signedIn.keyboard.press('ArrowRight');
      await signedIn.waitForFunction((m) => Number(document.querySelector<HTMLElement>('[data-testid="wall"]')!.dataset.slides) > m, n, {
        timeout: 10_000,
      });
    }
    expect(shown.size).toBeGreaterThan(3); // it went round the event's photos
    expect(shown.has(secret.id)).toBe(false);
    expect(withCredential).toEqual([]);
    await context.close();
  });

  test('after the box restarts, the wall reconnects by itself and shows a photo uploaded afterwards', async () => {
    const port = new URL(server.url).port;
    await server.stop({ keepData: true });
    await page.getByTestId('wall-offline').waitFor({ timeout: 60_000 });
    server = await startServer({ dataDir: server.dataDir, args: ['--port', port] });
    const fresh = await booth.uploadOk(event.id, PHOTOS[3]!);
    await page.waitForFunction(
      (id) => document.querySelector<HTMLElement>('.wall__layer.is-visible')?.dataset.uploadId === String(id),
      fresh.id,
      {
        timeout: 40_000,
        polling: 200,
      },
    );
    await page.getByTestId('wall-offline').waitFor({ state: 'detached' });
  });
});
