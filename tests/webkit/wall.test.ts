import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { Key } from 'selenium-webdriver';
import type { AdminEventDto } from '../../src/http/api-types.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { geometryProblems, measurePicture, rectsOf, screenshotProblems } from '../helpers/picture-geometry.ts';
import { FIXTURES, startServer, type TestServer } from '../helpers/server.ts';
import { startWebKit, WALL_SIZE, type WebKit, type WebKitSession } from '../helpers/webkit.ts';

// The live wall in WebKit on a 1920x1080 projector: the slides change by themselves, a photo uploaded now
// comes up, and every photo (portrait, 4:3, panorama) is shown whole: the same geometry and screenshot
// checks as the Chromium wall tests (tests/helpers/picture-geometry.ts).

const PHOTOS = [
  { name: 'portrait-photo', file: join(FIXTURES, 'photos', 'orientation', 'portrait_6.jpg'), upright: { width: 450, height: 600 } },
  { name: 'landscape-4x3', file: join(FIXTURES, 'photos', 'phones', 'jolla.jpg'), upright: { width: 3264, height: 2448 } },
  { name: 'panorama', file: '', upright: { width: 3264, height: 816 } },
];
const NEW_PHOTO = { file: join(FIXTURES, 'photos', 'cameras', 'Canon_40D.jpg') };
/** The slide's picture (not its blurred backdrop). */
const PICTURE = '.wall__layer.is-visible :is(img, video):not([hidden]):not([aria-hidden="true"])';
/** Overlays the comparison leaves out. */
const OVERLAYS = '.wall__name, .wall__qr, .wall__caption:not([hidden]), .wall__status span, .wall__hint, .wall__badge:not([hidden])';
const SECONDS_PER_SLIDE = 3;

let server: TestServer;
let webkit: WebKit;
let wall: WebKitSession;
let event: AdminEventDto;
let admin: ApiClient;
let tmp: string;
const ids = new Map<string, number>();

const slides = () => wall.eval<number>('() => Number(document.querySelector("[data-testid=wall]").dataset.slides || 0)');

/** The slide of `id` is fully on screen: faded in, the other layer faded out, its picture decoded. */
const settled = (id: number, timeoutMs: number) =>
  wall.waitUntil(
    `upload ${id} settled on the wall`,
    `(id, selector) => {
      const layer = document.querySelector('.wall__layer.is-visible');
      if (!layer || layer.dataset.uploadId !== String(id) || getComputedStyle(layer).opacity !== '1') return false;
      if (![...document.querySelectorAll('.wall__layer:not(.is-visible)')].every((l) => getComputedStyle(l).opacity === '0')) return false;
      const pic = document.querySelector(selector);
      return pic instanceof HTMLImageElement && pic.complete && pic.naturalWidth > 0;
    }`,
    [id, PICTURE],
    timeoutMs,
  );

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'webkit-wall-'));
  // A panorama (4:1), cut from a real phone photo.
  PHOTOS[2]!.file = join(tmp, 'panorama.jpg');
  await sharp(join(FIXTURES, 'photos', 'phones', 'jolla.jpg'))
    .extract({ left: 0, top: 816, width: 3264, height: 816 })
    .jpeg({ quality: 90 })
    .toFile(PHOTOS[2]!.file);
  server = await startServer();
  admin = new ApiClient(server.url);
  await admin.login(server.adminPassword);
  event = await admin.createEvent({ name: 'Hochzeit Lea & Tom' });
  const { client_token } = await admin.json<{ client_token: string }>(`/api/client/generate-token/${event.id}`, { method: 'POST' });
  await admin.json(`/api/client/event/${client_token}`, { method: 'PUT', json: { wall_seconds_per_slide: SECONDS_PER_SLIDE } });
  for (const p of PHOTOS) ids.set(p.name, (await admin.uploadOk(event.id, p.file)).id);
  webkit = await startWebKit();
  wall = await webkit.session({ name: 'wall', size: WALL_SIZE });
  await wall.goto(`${server.url}/event/${event.code}/wall`);
  await wall.waitUntil('the first slide', '() => Number(document.querySelector("[data-testid=wall]")?.dataset.slides) > 0', [], 20_000);
});
afterAll(async () => {
  await webkit?.stop();
  await server?.stop();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
  expect(webkit?.leftovers() ?? []).toEqual([]);
});

describe('live wall in WebKit at 1920x1080', () => {
  test('the slides change by themselves', async () => {
    const n = await slides();
    const t0 = Date.now();
    // a slide's time starts once its picture is decoded and faded in: slower than the set seconds under load
    await wall.waitUntil(
      'two more slides',
      '(n) => Number(document.querySelector("[data-testid=wall]").dataset.slides) >= n + 2',
      [n],
      60_000,
    );
    console.log(`wall: 2 slides in ${((Date.now() - t0) / 1000).toFixed(1)} s at ${SECONDS_PER_SLIDE} s per slide`);
    expect(await wall.text('[data-testid=wall-event-name]')).toBe('Hochzeit Lea & Tom');
    await wall.screenshot('wall');
  });

  test('space pauses the wall, so each photo can be looked at', async () => {
    await wall.press(Key.SPACE);
    await wall.find('[data-testid=wall-paused]');
  });

  for (const p of PHOTOS) {
    test(`${p.name} is shown whole: inside the screen, its own aspect ratio, as large as fits, pixels match`, async () => {
      const id = ids.get(p.name)!;
      // step with the arrow key until it is up (paused: nothing moves by itself)
      for (
        let i = 0;
        i < 8 && (await wall.eval<string>('() => document.querySelector("[data-testid=wall]").dataset.current')) !== String(id);
        i++
      ) {
        const n = await slides();
        await wall.press(Key.ARROW_RIGHT);
        await wall.waitUntil(
          'the next slide',
          '(n) => Number(document.querySelector("[data-testid=wall]").dataset.slides) > n',
          [n],
          15_000,
        );
      }
      await settled(id, 15_000);
      const measured = await measurePicture(wall, PICTURE);
      const shot = await wall.screenshotPng();
      const src = await wall.eval<string>('(s) => document.querySelector(s).currentSrc', PICTURE);
      const reference = Buffer.from(await (await fetch(new URL(src, server.url))).arrayBuffer());
      const exclude = await rectsOf(wall, OVERLAYS);
      const problems = [
        ...geometryProblems(measured, p.upright),
        ...(await screenshotProblems(shot, measured.rect, reference, { exclude })).map((x) => `screenshot: ${x}`),
      ];
      await wall.screenshot(`wall-${p.name}`);
      expect(problems).toEqual([]);
    });
  }

  test('a photo uploaded now comes up', async () => {
    await wall.press(Key.SPACE);
    await wall.gone('[data-testid=wall-paused]');
    const fresh = await admin.uploadOk(event.id, NEW_PHOTO.file);
    await settled(fresh.id, 20_000);
    await wall.screenshot('wall-new-upload');
    expect(await wall.health()).toEqual({ problems: [], text: [] });
  });
});
