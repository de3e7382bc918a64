import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { AdminEventDto } from '../../src/http/api-types.ts';
import { launchBrowser, screenshotPath } from '../helpers/browser.ts';
import { geometryProblems, measurePicture, rectsOf, screenshotProblems, videoFrame, type Size } from '../helpers/picture-geometry.ts';
import { FIXTURES, startServer, type TestServer } from '../helpers/server.ts';
import { ensureWebBuilt } from '../api/support.ts';
import { makePanorama, openWall, step, waitProcessed, wallEvent } from './wall-harness.ts';

// Every picture whole on the wall: a portrait photo (EXIF-rotated), a 4:3 phone photo, a panorama and a
// portrait video, on a 16:9 projector, a portrait TV, 4:3 and 16:10 screens and a small window. Checked
// by the picture's rendered box (inside the screen, the upload's aspect ratio, as large as fits, not a
// small derivative blown up) and by a screenshot compared with the preview (or the video's own frame).

/** What each one should look like on screen: its upright size. */
const MEDIA = [
  { name: 'portrait-photo', file: join(FIXTURES, 'photos', 'orientation', 'portrait_6.jpg'), upright: { width: 450, height: 600 } },
  { name: 'landscape-4x3', file: join(FIXTURES, 'photos', 'phones', 'jolla.jpg'), upright: { width: 3264, height: 2448 } },
  { name: 'panorama', file: '', upright: { width: 3264, height: 816 } },
  { name: 'portrait-video', file: join(FIXTURES, 'videos', 'portrait-h264.mp4'), upright: { width: 720, height: 1280 } },
];
/** Screen shapes: those with a screenshot comparison, then other shapes and a small window (geometry only). */
const SCREENS: (Size & { compare: boolean })[] = [
  { width: 1920, height: 1080, compare: true },
  { width: 1080, height: 1920, compare: true },
  { width: 1440, height: 1080, compare: false }, // 4:3
  { width: 1280, height: 800, compare: false }, // 16:10
  { width: 900, height: 620, compare: false }, // a window
];
/** The slide's picture (not its blurred backdrop). */
const PICTURE = '.wall__layer.is-visible :is(img, video):not([hidden]):not([aria-hidden="true"])';
/** Overlays the comparison leaves out. */
const OVERLAYS = '.wall__name, .wall__qr, .wall__caption:not([hidden]), .wall__status span, .wall__hint, .wall__badge:not([hidden])';

let server: TestServer;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
let event: AdminEventDto;
let tmp: string;
const ids = new Map<string, number>();
const errors: string[] = [];

/** The slide of `id` is fully on screen: faded in, the other layer faded out, its picture decoded. */
async function settled(p: Page, id: number, timeout: number) {
  await p.waitForFunction(
    ({ id, selector }) => {
      const layer = document.querySelector<HTMLElement>('.wall__layer.is-visible');
      if (layer?.dataset.uploadId !== String(id) || getComputedStyle(layer).opacity !== '1') return false;
      if (![...document.querySelectorAll('.wall__layer:not(.is-visible)')].every((l) => getComputedStyle(l).opacity === '0')) return false;
      const pic = document.querySelector(selector);
      return pic instanceof HTMLImageElement
        ? pic.complete && pic.naturalWidth > 0
        : pic instanceof HTMLVideoElement && pic.readyState >= 2;
    },
    { id, selector: PICTURE },
    { timeout, polling: 100 },
  );
}

/** Steps with the arrow key until `id` is on screen (the slide time is 60 s: nothing moves by itself). */
async function bringUp(p: Page, id: number) {
  for (let i = 0; i < 12; i++) {
    if ((await p.evaluate(() => document.querySelector<HTMLElement>('[data-testid="wall"]')?.dataset.current)) === String(id)) break;
    await step(p);
  }
  await settled(p, id, 15_000);
}

beforeAll(async () => {
  await ensureWebBuilt();
  tmp = mkdtempSync(join(tmpdir(), 'wall-geometry-'));
  // A panorama (4:1), cut from a real phone photo.
  MEDIA[2]!.file = (await makePanorama(tmp)).file;
  server = await startServer();
  const { admin, event: created } = await wallEvent(server, 'Hochzeit Ganz & Gar', { wall_seconds_per_slide: 60 });
  event = created;
  for (const m of MEDIA) ids.set(m.name, (await admin.uploadOk(event.id, m.file)).id);
  await waitProcessed(server.url, event.id, MEDIA.length);
  browser = await launchBrowser();
  page = await openWall(browser, server.url, event.code, SCREENS[0]!, errors);
}, 180_000);

afterAll(async () => {
  await browser?.close().catch(() => undefined);
  await server?.stop();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe('the wall shows every picture whole (Einzelbild)', () => {
  for (const m of MEDIA) {
    test(`${m.name}: inside every screen shape, its own aspect ratio, as large as fits, pixels match`, async () => {
      const id = ids.get(m.name)!;
      await page.setViewportSize(SCREENS[0]!);
      await bringUp(page, id);
      const isVideo = m.name.endsWith('video');
      if (isVideo) {
        await page.keyboard.press(' '); // pause: the screenshot and the reference frame are the same frame
        await page.getByTestId('wall-paused').waitFor();
      }
      const problems: string[] = [];
      for (const screen of SCREENS) {
        await page.setViewportSize(screen);
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        const at = `${screen.width}x${screen.height}`;
        const measured = await measurePicture(page, PICTURE);
        problems.push(...geometryProblems(measured, m.upright).map((p) => `${at}: ${p}`));
        if (!screen.compare) continue;
        const shot = await page.screenshot({ path: screenshotPath('wall-geometry', `${m.name}-${at}`) });
        const reference = isVideo
          ? await videoFrame(page, PICTURE)
          : Buffer.from(
              await (
                await fetch(new URL(await page.locator(PICTURE).evaluate((e: HTMLImageElement) => e.currentSrc), server.url))
              ).arrayBuffer(),
            );
        const exclude = await rectsOf(page, OVERLAYS);
        problems.push(...(await screenshotProblems(shot, measured.rect, reference, { exclude })).map((p) => `${at} screenshot: ${p}`));
      }
      if (isVideo) {
        await page.keyboard.press(' ');
        await page.getByTestId('wall-paused').waitFor({ state: 'detached' });
      }
      expect(problems).toEqual([]);
    }, 90_000);
  }

  test('no script errors', () => {
    expect(errors).toEqual([]);
  });
});
