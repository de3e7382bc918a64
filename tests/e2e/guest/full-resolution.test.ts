import { afterAll, beforeAll, expect, test } from 'bun:test';
import { join } from 'node:path';
import type { BrowserContextOptions, Page } from 'playwright-core';
import type { AdminEventDto, UploadDto } from '../../../src/http/api-types.ts';
import { ApiClient } from '../../helpers/api-client.ts';
import { PHONE } from '../../helpers/browser.ts';
import { de } from '../../../web/src/i18n/de.ts';
import { FULL_RESOLUTION_DWELL_MS } from '../../../web/src/pages/event/Viewer.tsx';
import {
  albumsOf,
  consent,
  createEvent,
  FIXTURES,
  newGuest,
  openEvent,
  shot,
  startGuestEnv,
  waitForToast,
  type GuestEnv,
} from './helpers.ts';

// Issue 22 item 6: on an iPhone a guest saves a photo by long-pressing it ('Zu Fotos hinzufügen'), which
// saves what the viewer shows. So there, where the event allows downloads, a photo that stays on screen
// is swapped from its ~2000 px preview to the full-resolution JPEG, in the same box. Android keeps the
// preview (it has the download button), and so does an event without downloads.

const IPHONE: BrowserContextOptions = {
  ...PHONE,
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
};
const JPEG = { path: join(FIXTURES, 'photos', 'phones', 'iphone_hdr_YES.jpg'), width: 3264 };
const HEIC = join(FIXTURES, 'photos', 'heic', 'iphone_13_pro_max.HEIC');
/** Long enough for the dwell (1 s), the full JPEG's transfer over loopback and its decode on a busy machine. */
const SWAP_TIMEOUT = 20_000;

let env: GuestEnv;
let withDownloads: AdminEventDto;
let withoutDownloads: AdminEventDto;
let jpeg: UploadDto;
let heic: UploadDto;
let jpegNoDownloads: UploadDto;

/** Uploads as a guest of the event into its first album (the one the page opens), shared at once; waits until its preview (and a HEIC's JPEG copy) is made. */
async function uploadReady(event: AdminEventDto, file: string): Promise<UploadDto> {
  const guest = new ApiClient(env.url);
  await guest.joinAsGuest(event.code, 'Anna');
  const [album] = await albumsOf(env.admin, event.id);
  const { id } = (await guest.uploadOk(event.id, file, { albumId: String(album!.id), autoApprove: 'true' })).upload;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const u = (await env.admin.json<UploadDto[]>(`/api/event/${event.id}/uploads`)).find((x) => x.id === id);
    if (u?.processing_state === 'ready' && u.preview_path) return u;
    if (Date.now() > deadline) throw new Error(`${file} not processed within 60 s`);
    await Bun.sleep(250);
  }
}

beforeAll(async () => {
  env = await startGuestEnv();
  withDownloads = await createEvent(env.admin, { code: 'volle-aufloesung' });
  withoutDownloads = await createEvent(env.admin, { code: 'ohne-download', allow_download: 'false' });
  jpeg = await uploadReady(withDownloads, JPEG.path);
  heic = await uploadReady(withDownloads, HEIC);
  jpegNoDownloads = await uploadReady(withoutDownloads, JPEG.path);
});
afterAll(async () => env?.stop());

interface Shown {
  src: string;
  naturalWidth: number;
  box: { x: number; y: number; width: number; height: number };
}

const shown = (page: Page): Promise<Shown> =>
  page.getByTestId('viewer-image').evaluate((img: HTMLImageElement) => {
    const r = img.getBoundingClientRect();
    return {
      src: new URL(img.currentSrc).pathname + new URL(img.currentSrc).search,
      naturalWidth: img.naturalWidth,
      box: { x: r.x, y: r.y, width: r.width, height: r.height },
    };
  });

const isLoaded = () => (document.querySelector<HTMLImageElement>('[data-testid=viewer-image].is-loaded')?.naturalWidth ?? 0) > 0;

/** Waits for the viewer's picture. */
const previewLoaded = async (page: Page) => void (await page.waitForFunction(isLoaded));

/**
 * The same with the page's timers held on Playwright's clock: frames are drawn (16 ms of its time each) until the
 * picture is up, looked at after each, so its time runs at most one frame past the moment the picture shows.
 */
async function previewLoadedOnClock(page: Page): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(await page.evaluate(isLoaded))) {
    if (Date.now() > deadline) throw new Error('the viewer showed no picture in 30 s');
    await page.clock.runFor(16);
  }
}

/**
 * Opens the event's upload in the viewer and returns what it shows once its preview is on screen; `beforeOpen`
 * runs just before the tile is tapped, `loaded` waits for the picture.
 */
async function openPhoto(
  page: Page,
  event: AdminEventDto,
  u: UploadDto,
  { beforeOpen, loaded = previewLoaded }: { beforeOpen?: () => Promise<void>; loaded?: (page: Page) => Promise<void> } = {},
): Promise<Shown> {
  await openEvent(page, env, event.code);
  await consent(page, 'Mara');
  const tile = page.locator(`[data-testid=media-tile][data-upload-id="${u.id}"]`);
  await tile.locator('img').waitFor({ timeout: 30_000 });
  await beforeOpen?.();
  await tile.locator('button.ev-tile__open').click();
  await loaded(page);
  return shown(page);
}

const fullWidth = (page: Page, width: number) =>
  page.waitForFunction((w) => document.querySelector<HTMLImageElement>('[data-testid=viewer-image]')?.naturalWidth === w, width, {
    timeout: SWAP_TIMEOUT,
  });

test('iPhone: a JPEG shows its preview, then after the dwell its original at full width in the same box', async () => {
  const { context, page } = await newGuest(env, IPHONE);
  const originals: string[] = [];
  page.on('request', (r) => r.url().includes('/original.') && originals.push(r.url()));
  const preview = await openPhoto(page, withDownloads, jpeg);
  expect(preview.src).toContain('/preview');
  expect(preview.naturalWidth).toBeLessThan(JPEG.width);
  await fullWidth(page, JPEG.width);
  const full = await shown(page);
  expect(full.src).toBe(jpeg.file_path);
  expect(full.box).toEqual(preview.box);
  expect(originals.length).toBe(1);
  await shot(page, 'viewer-full-resolution-iphone');
  // The spec's long-press hint for single photos stays.
  await page.getByTestId('viewer-download').click();
  await waitForToast(page, de.mobileSaveHint);
  await context.close();
});

test('iPhone: a HEIC is swapped for its full-size JPEG copy', async () => {
  const { context, page } = await newGuest(env, IPHONE);
  const preview = await openPhoto(page, withDownloads, heic);
  expect(preview.naturalWidth).toBe(1536);
  await fullWidth(page, heic.width!);
  const full = await shown(page);
  expect(full.src).toBe(heic.jpeg_download_path!);
  expect(full.box).toEqual(preview.box);
  await context.close();
});

/** Opens the photo, waits well past the dwell: the preview stays and no original was fetched. */
async function staysPreview(options: BrowserContextOptions, event: AdminEventDto, u: UploadDto): Promise<void> {
  const { context, page } = await newGuest(env, options);
  const originals: string[] = [];
  page.on('request', (r) => r.url().includes('/original.') && originals.push(r.url()));
  const preview = await openPhoto(page, event, u);
  await page.waitForTimeout(3000);
  expect(await shown(page)).toEqual(preview);
  expect(originals).toEqual([]);
  await context.close();
}

test('Android keeps the preview and never fetches the original', () => staysPreview(PHONE, withDownloads, jpeg));

test('iPhone, event without downloads: the preview stays', () => staysPreview(IPHONE, withoutDownloads, jpegNoDownloads));

test('iPhone: paging through quicker than the dwell fetches no full-resolution file', async () => {
  const { context, page } = await newGuest(env, IPHONE);
  const full: string[] = [];
  page.on('request', (r) => (r.url().includes('/original.') || r.url().includes('/full.jpg')) && full.push(r.url()));
  // The page's timers on Playwright's clock, held from the tap: each photo is looked at for just under the dwell,
  // however slow the machine (in real time a busy machine paged slower than the dwell)
  await page.clock.install();
  const look = () => page.clock.runFor(FULL_RESOLUTION_DWELL_MS - 200);
  await openPhoto(page, withDownloads, heic, {
    beforeOpen: async () => page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1),
    loaded: previewLoadedOnClock,
  });
  await look();
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('ArrowRight');
    await previewLoadedOnClock(page);
    await look();
  }
  await page.getByTestId('viewer-close').click();
  await page.clock.runFor(2000);
  await page.waitForTimeout(500); // a request a timer started would be seen by now
  expect(full).toEqual([]);
  await context.close();
});
