import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { AdminEventDto } from '../../src/http/api-types.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { launchBrowser, screenshotPath } from '../helpers/browser.ts';
import { geometryProblems, measurePicture, type Size } from '../helpers/picture-geometry.ts';
import { FIXTURES, startServer, type TestServer } from '../helpers/server.ts';
import { ensureWebBuilt } from '../api/support.ts';
import { toastShown } from './host/harness.ts';
import { makePanorama, openWall, step, waitProcessed, wallEvent, type WallEvent } from './wall-harness.ts';

// The wall's layouts, chosen in the host's 'Live-Wand' tab and taken by an open wall at once (live stream):
// Einzelbild (with and without Ken Burns), Hochformat-Paare and Collage, each at 1920x1080 and 1080x1920.
// In each, every picture on screen is whole inside its frame (rendered box, aspect ratio, as large as fits),
// and a portrait photo, a 4:3 photo and a portrait video each come up and are checked.

const PHOTOS = join(FIXTURES, 'photos');
/** file, upright size; the three that must come up in every layout are marked. */
const MEDIA: { file: string; upright: Size; must?: string }[] = [
  { file: join(PHOTOS, 'orientation', 'portrait_6.jpg'), upright: { width: 450, height: 600 }, must: 'portrait photo' },
  { file: join(PHOTOS, 'no-exif', 'no_exif.jpg'), upright: { width: 322, height: 466 } },
  { file: join(PHOTOS, 'phones', 'jolla.jpg'), upright: { width: 3264, height: 2448 }, must: '4:3 photo' },
  { file: join(FIXTURES, 'videos', 'portrait-h264.mp4'), upright: { width: 720, height: 1280 }, must: 'portrait video' },
  { file: '', upright: { width: 3264, height: 816 } }, // panorama, made below
  { file: join(PHOTOS, 'gps', 'DSCN0010.jpg'), upright: { width: 640, height: 480 } },
  { file: join(PHOTOS, 'phones', 'HMD_Nokia_8.3_5G.jpg'), upright: { width: 4608, height: 1976 } },
];
const SCREENS: Size[] = [
  { width: 1920, height: 1080 },
  { width: 1080, height: 1920 },
];

let server: TestServer;
let browser: Browser;
let wall: Page;
let event: AdminEventDto;
let hostToken: string;
let setWall: WallEvent['setWall'];
let tmp: string;
const upright = new Map<number, Size>();
const must = new Map<number, string>();
const errors: string[] = [];

/** All cross-fades are over and every shown picture is decoded. */
async function settled(p: Page) {
  await p.waitForFunction(
    () => {
      const faders = [...document.querySelectorAll<HTMLElement>('.wall__layer, .wall__tile > .wall__frame')];
      if (!faders.every((f) => getComputedStyle(f).opacity === (f.classList.contains('is-visible') ? '1' : '0'))) return false;
      const shown = [
        ...document.querySelectorAll('.wall__layer.is-visible .wall__frame[data-upload-id], .wall__tile > .wall__frame.is-visible'),
      ];
      return (
        shown.length > 0 &&
        shown.every((f) => {
          const pic = f.querySelector('.wall__picture:not([hidden])');
          return pic instanceof HTMLImageElement
            ? pic.complete && pic.naturalWidth > 0
            : pic instanceof HTMLVideoElement && pic.readyState >= 2;
        })
      );
    },
    undefined,
    { timeout: 20_000, polling: 100 },
  );
}

/** The frames on screen: selectors of each picture and its frame, and the upload it shows. */
async function framesOnScreen(p: Page): Promise<{ id: number; picture: string; frame: string }[]> {
  return p.evaluate(() => {
    const out: { id: number; picture: string; frame: string }[] = [];
    const tiles = [...document.querySelectorAll('.wall__tile')];
    tiles.forEach((tile, i) => {
      const f = tile.querySelector<HTMLElement>(':scope > .wall__frame.is-visible[data-upload-id]');
      if (!f) return;
      const frame = `.wall__tile:nth-child(${i + 1}) > .wall__frame.is-visible`;
      out.push({ id: Number(f.dataset.uploadId), frame, picture: `${frame} .wall__picture:not([hidden])` });
    });
    const layer = document.querySelector('.wall__layer.is-visible');
    [...(layer?.children ?? [])].forEach((f, i) => {
      const id = (f as HTMLElement).dataset.uploadId;
      if (!id) return;
      const frame = `.wall__layer.is-visible > .wall__frame:nth-child(${i + 1})`;
      out.push({ id: Number(id), frame, picture: `${frame} .wall__picture:not([hidden])` });
    });
    return out;
  });
}

/** Checks every picture on screen at each screen shape; returns the problems and the uploads seen. */
async function checkScreen(p: Page, name: string, motion = 0): Promise<{ problems: string[]; seen: number[] }> {
  const problems: string[] = [];
  const seen: number[] = [];
  for (const screen of SCREENS) {
    await p.setViewportSize(screen);
    await settled(p);
    const at = `${screen.width}x${screen.height}`;
    for (const f of await framesOnScreen(p)) {
      seen.push(f.id);
      const m = await measurePicture(p, f.picture, f.frame);
      problems.push(...geometryProblems(m, upright.get(f.id)!, { motion }).map((x) => `${name} ${at} upload ${f.id}: ${x}`));
    }
    await p.screenshot({ path: screenshotPath('wall-layouts', `${name}-${at}`) });
  }
  await p.setViewportSize(SCREENS[0]!);
  return { problems, seen };
}

/** Steps through the slides (arrow key) until the portrait photo, the 4:3 photo and the portrait video have each been checked. */
async function everyMustComeUp(p: Page, name: string, motion = 0): Promise<string[]> {
  const problems: string[] = [];
  const missing = new Set(must.keys());
  for (let i = 0; i < 14 && missing.size > 0; i++) {
    const r = await checkScreen(p, `${name}-${i}`, motion);
    problems.push(...r.problems);
    for (const id of r.seen) missing.delete(id);
    if (missing.size === 0) break;
    await step(p);
  }
  if (missing.size > 0) problems.push(`${name}: never came up: ${[...missing].map((id) => must.get(id)).join(', ')}`);
  return problems;
}

const layoutIs = (p: Page, layout: string) =>
  p.waitForFunction((l) => document.querySelector<HTMLElement>('[data-testid="wall"]')?.dataset.layout === l, layout, { timeout: 15_000 });

beforeAll(async () => {
  await ensureWebBuilt();
  tmp = mkdtempSync(join(tmpdir(), 'wall-layouts-'));
  MEDIA[4]!.file = (await makePanorama(tmp)).file;
  server = await startServer();
  const made = await wallEvent(server, 'Hochzeit Bild & Rahmen', { wall_seconds_per_slide: 60 });
  ({ event, hostToken, setWall } = made);
  const admin = made.admin;
  for (const m of MEDIA) {
    const { id } = await admin.uploadOk(event.id, m.file);
    upright.set(id, m.upright);
    if (m.must) must.set(id, m.must);
  }
  await waitProcessed(server.url, event.id, MEDIA.length);
  browser = await launchBrowser();
  wall = await openWall(browser, server.url, event.code, SCREENS[0]!, errors);
}, 180_000);

afterAll(async () => {
  await browser?.close().catch(() => undefined);
  await server?.stop();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe('wall layouts, switched live from the Live-Wand tab', () => {
  test('Einzelbild: every picture whole', async () => {
    await layoutIs(wall, 'single');
    expect(await everyMustComeUp(wall, 'single')).toEqual([]);
  }, 180_000);

  test("the host picks 'Hochformat-Paare' in the Live-Wand tab: the open wall switches without a reload; two portrait photos side by side", async () => {
    const host = await browser.newPage({ viewport: { width: 1280, height: 900 }, baseURL: server.url, locale: 'de-DE' });
    await host.goto(`/event/${hostToken}/settings`);
    await host.getByRole('tab', { name: 'Live-Wand' }).click();
    await host.getByLabel(/Hochformat-Paare/).check();
    await host.getByRole('button', { name: 'Speichern' }).click();
    await toastShown(host, 'Live-Wand gespeichert');
    await host.screenshot({ path: screenshotPath('wall-layouts', 'live-wand-tab'), fullPage: true });
    await host.close();
    await layoutIs(wall, 'pairs'); // the wall was not reloaded: the live stream told it
    // Step until a pair is on screen, then check every layout's must-haves.
    for (let i = 0; i < 10 && (await wall.locator('.wall__layer.is-visible[data-count="2"]').count()) === 0; i++) {
      await step(wall);
    }
    const pair = await checkScreen(wall, 'pairs-pair');
    expect(pair.seen.length).toBe(4); // two pictures at each of the two screen shapes
    expect(pair.seen.every((id) => upright.get(id)!.height > upright.get(id)!.width)).toBe(true);
    expect(pair.problems).toEqual([]);
    expect(await everyMustComeUp(wall, 'pairs')).toEqual([]);
  }, 180_000);

  test('Collage: a grid of pictures, each whole in its tile; one tile changes at a time; a new upload enters first', async () => {
    await setWall({ wall_layout: 'collage' });
    await layoutIs(wall, 'collage');
    await wall.waitForFunction(
      () => document.querySelectorAll('.wall__tile > .wall__frame.is-visible[data-upload-id]').length === 6,
      undefined,
      { timeout: 30_000 },
    );
    expect(await wall.locator('.wall__tile').count()).toBe(6); // 7 uploads: 3x2
    const before = (await framesOnScreen(wall)).map((f) => f.id);
    expect(new Set(before).size).toBe(6); // no picture twice
    expect(await everyMustComeUp(wall, 'collage')).toEqual([]);
    // One tile at a time: a step changes exactly one tile.
    const ids = async () => (await framesOnScreen(wall)).map((f) => f.id);
    const a = await ids();
    await step(wall);
    await settled(wall);
    const b = await ids();
    expect(a.filter((id, i) => b[i] !== id).length).toBe(1);
    // However it goes on, no picture is on two tiles at once.
    for (let i = 0; i < 8; i++) {
      await step(wall);
      await settled(wall);
      const now = await ids();
      expect(new Set(now).size).toBe(now.length);
    }
    // A new upload enters within the cut-in time, with its badge, though a tile change is 60 s apart.
    const guest = new ApiClient(server.url);
    await guest.joinAsGuest(event.code, 'Ole');
    const { id } = await guest.uploadOk(event.id, join(PHOTOS, 'gps', 'DSCN0021.jpg'), { autoApprove: 'true' });
    upright.set(id, { width: 640, height: 480 });
    await wall.waitForFunction((id) => !!document.querySelector(`.wall__tile > .wall__frame.is-visible[data-upload-id="${id}"]`), id, {
      timeout: 10_000,
    });
    expect(await wall.locator(`.wall__tile > .wall__frame.is-visible[data-upload-id="${id}"] .wall__badge`).textContent()).toBe('Neu');
    const withNew = await checkScreen(wall, 'collage-new');
    expect(withNew.problems).toEqual([]);
  }, 240_000);

  test('Einzelbild with Ken Burns: the picture zooms by at most 4%; none under prefers-reduced-motion', async () => {
    await setWall({ wall_layout: 'single', wall_ken_burns: true });
    await layoutIs(wall, 'single');
    await wall.waitForFunction(() => document.querySelector('[data-testid="wall"]')?.classList.contains('wall--kenburns'), undefined, {
      timeout: 15_000,
    });
    await step(wall);
    await settled(wall);
    const picture = '.wall__layer.is-visible .wall__picture:not([hidden])';
    expect(
      await wall
        .locator(picture)
        .first()
        .evaluate((e) => getComputedStyle(e).animationName),
    ).toBe('wall-kenburns');
    // Far into the slide: move the animation to its end and measure.
    await wall
      .locator(picture)
      .first()
      .evaluate((e) => e.getAnimations().forEach((a) => (a.currentTime = (a.effect?.getComputedTiming().endTime as number) - 1)));
    const { problems } = await checkScreen(wall, 'kenburns', 0.04);
    expect(problems).toEqual([]);
    const m = await measurePicture(wall, picture);
    expect(Math.max(m.rect.width / m.frame.width, m.rect.height / m.frame.height)).toBeGreaterThan(1.01); // it does move
    await wall.emulateMedia({ reducedMotion: 'reduce' });
    expect(
      await wall
        .locator(picture)
        .first()
        .evaluate((e) => getComputedStyle(e).animationName),
    ).toBe('none');
    await wall.emulateMedia({ reducedMotion: null });
    await setWall({ wall_ken_burns: false });
    expect(errors).toEqual([]);
  }, 120_000);
});
