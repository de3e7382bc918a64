import { afterAll, beforeAll, expect, test } from 'bun:test';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import type { UploadDto } from '../../src/http/api-types.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { FIXTURES, startServer, type TestServer } from '../helpers/server.ts';

// The iPhone HEVC MOV cannot play in Chromium as it is; the server's H.264 preview must.

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function playable(src: string): Promise<{ ok: boolean; width: number; height: number; advanced: boolean; error: string | null }> {
  const page = await browser.newPage();
  await page.goto(server.url + '/api/config');
  const result = await page.evaluate(async (url) => {
    const video = document.createElement('video');
    video.muted = true;
    video.src = url;
    document.body.append(video);
    const loaded = await new Promise<string | null>((resolve) => {
      video.onloadeddata = () => resolve(null);
      video.onerror = () => resolve(`media error ${video.error?.code}`);
      setTimeout(() => resolve('time-out'), 15_000);
    });
    if (loaded) return { ok: false, width: 0, height: 0, advanced: false, error: loaded };
    await video.play();
    // Playing means the time moves on: waited for (10 s at most) rather than read after a fixed 700 ms, which a
    // busy machine (files side by side in npm test) can miss.
    const started = performance.now();
    while (video.currentTime <= 0.2 && performance.now() - started < 10_000) await new Promise((r) => setTimeout(r, 100));
    return { ok: true, width: video.videoWidth, height: video.videoHeight, advanced: video.currentTime > 0.2, error: null };
  }, server.url + src);
  await page.close();
  return result;
}

test('Chromium plays the H.264 preview of the iPhone HEVC video, and not the original', async () => {
  const admin = new ApiClient(server.url);
  await admin.login(server.adminPassword);
  const event = await admin.createEvent();
  const up = await admin.uploadOk(event.id, join(FIXTURES, 'videos', 'iphone-hevc-rotated.mov'));
  let row: UploadDto | undefined;
  for (let i = 0; i < 480 && row?.processing_state !== 'ready'; i++) {
    await Bun.sleep(250);
    row = (await admin.json<UploadDto[]>(`/api/event/${event.id}/uploads`)).find((u) => u.id === up.id);
  }
  expect(row?.processing_state).toBe('ready');
  const preview = await playable(row!.preview_path!);
  expect(preview.error).toBeNull();
  expect(preview.ok).toBe(true);
  expect(preview.advanced).toBe(true);
  expect(preview.width).toBe(1280);
  expect(preview.height).toBe(720);
  const original = await playable(row!.file_path);
  expect(original.ok && original.width > 0).toBe(false);
});
