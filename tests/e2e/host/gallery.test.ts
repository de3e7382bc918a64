import { afterAll, beforeAll, expect, test } from 'bun:test';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { S3Client } from 'bun';
import type { BrowserContextOptions, Page } from 'playwright-core';
import type { GalleryPublication } from '../../../src/http/api-types.ts';
import { galleryDe } from '../../../src/i18n/gallery.de.ts';
import { galleryEn } from '../../../src/i18n/gallery.en.ts';
import { backupDe } from '../../../web/src/i18n/backup.de.ts';
import { ApiClient } from '../../helpers/api-client.ts';
import { DESKTOP, PHONE, screenshotPath } from '../../helpers/browser.ts';
import { makeGalleryEvent, type GalleryEvent } from '../../helpers/gallery-event.ts';
import { languageProblems } from '../../helpers/language-screen.ts';
import { S3_BUCKET, S3_KEY, startS3, type TestS3 } from '../../helpers/s3rver.ts';
import { ensureWebBuilt } from '../../api/support.ts';
import { eventually, loginUi, setUp, type Harness } from './harness.ts';

// 'Online-Galerie veröffentlichen' (issue 29) in Chromium: the admin publishes an event's gallery from the
// dashboard (progress, then link and QR code); the bucket's files, copied into a folder, open from file:// (a USB
// stick) and from a static web server on loopback, on a phone and on a laptop: every photo painted, the lightbox
// opens and steps through them, the texts in the browser's language, no request leaves the gallery.

let h: Harness;
let s3: TestS3;
let g: GalleryEvent;
let folder: string;
let work: string;
const SHOTS = 'gallery';

beforeAll(async () => {
  await ensureWebBuilt();
  s3 = await startS3();
  h = await setUp({ locale: 'de-DE' });
  g = await makeGalleryEvent(h.admin, new ApiClient(h.server.url));
  const settings = {
    endpoint: s3.endpoint,
    region: 'us-east-1',
    bucket: S3_BUCKET,
    prefix: 'venue',
    access_key_id: S3_KEY.accessKeyId,
    secret_access_key: 'x',
  };
  await h.admin.json('/api/admin/s3', { method: 'PUT', json: settings });
  work = mkdtempSync(join(tmpdir(), 'momentbox-gallery-e2e-'));
}, 180_000);
afterAll(async () => {
  await h?.close();
  await s3?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

test('the admin publishes the online gallery: a progress bar, then the link and its QR code', async () => {
  const { page } = h;
  await loginUi(page, h.server.adminPassword);
  const part = page.getByTestId(`gallery-${g.event.code}`);
  await part.scrollIntoViewIfNeeded();
  s3.slowWrites(300); // so the progress is seen
  await part.getByRole('button', { name: `${backupDe.galleryPublish}: ${g.event.name}` }).click();
  await part.getByRole('progressbar').waitFor();
  await part.getByText(/Wird veröffentlicht … \d+ von \d+ Dateien/).waitFor();
  await part.screenshot({ path: screenshotPath(SHOTS, 'de-dashboard-publishing') });
  s3.slowWrites(0);
  const link = part.getByRole('link', { name: backupDe.galleryLink });
  await link.waitFor({ timeout: 60_000 });
  const url = (await link.getAttribute('href'))!;
  const [published] = (await h.admin.json<GalleryPublication[]>('/api/admin/s3/galleries')).filter((p) => p.event_id === g.event.id);
  expect(published).toMatchObject({ state: 'done', secret_link: true, url });
  expect(url).toMatch(/\/venue\/gallery\/[0-9a-f]{32}\/index\.html$/);
  // The QR code holds the link and is drawn large enough to scan from a phone's screen.
  const qr = part.getByTestId(`gallery-qr-${g.event.code}`).locator('img');
  await qr.waitFor();
  expect(await qr.getAttribute('data-qr')).toBe(url);
  expect((await qr.boundingBox())!.width).toBeGreaterThanOrEqual(100);
  await part.getByText(backupDe.galleryHint).waitFor();
  await page.waitForTimeout(200);
  await part.screenshot({ path: screenshotPath(SHOTS, 'de-dashboard-published') });
  expect(await languageProblems(page, 'de', [g.event.name])).toEqual([]);

  // The bucket's files of the gallery, copied into a folder as onto a USB stick.
  folder = join(work, 'stick');
  const prefix = new URL(url).pathname.replace(`/${S3_BUCKET}/`, '').replace(/index\.html$/, '');
  const c = new S3Client({ endpoint: s3.endpoint, bucket: S3_BUCKET, region: 'us-east-1', ...S3_KEY });
  for (const o of (await c.list({ prefix, maxKeys: 1000 })).contents ?? []) {
    const path = join(folder, o.key.slice(prefix.length));
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, await c.file(o.key).bytes());
  }
});

/** Every picture of the grid painted (each scrolled to: they load lazily), as many as a visitor may see. */
async function expectAllPainted(page: Page) {
  const tiles = page.locator('a.tile img');
  expect(await tiles.count()).toBe(g.shown.length);
  for (let i = 0; i < g.shown.length; i++) {
    const img = tiles.nth(i);
    await img.scrollIntoViewIfNeeded();
    await eventually(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), `tile ${i} painted`);
    const box = (await img.boundingBox())!;
    expect(box.width).toBeGreaterThan(80);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** The lightbox opens on a tile, fills the screen with the preview, steps on, offers the download, closes with Escape. */
async function expectLightbox(page: Page, t: typeof galleryDe, viewport: { width: number; height: number }, shot: string) {
  await page.locator('a.tile').first().click();
  const box = page.getByRole('dialog');
  await box.waitFor();
  const img = box.locator('.lb-img');
  await eventually(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), 'the preview painted');
  const shown = (await img.boundingBox())!;
  // Centred, whole and as large as it can be: the screen's width or height, or its own size when smaller (never blown up).
  const natural = await img.evaluate((el: HTMLImageElement) => ({ width: el.naturalWidth, height: el.naturalHeight }));
  const scale = Math.min(1, viewport.width / natural.width, viewport.height / natural.height);
  expect(shown.width).toBeCloseTo(natural.width * scale, 0);
  expect(shown.height).toBeCloseTo(natural.height * scale, 0);
  expect(shown.x + shown.width / 2).toBeCloseTo(viewport.width / 2, 0);
  expect(shown.y + shown.height / 2).toBeCloseTo(viewport.height / 2, 0);
  await box.getByText(t.position.replace('{n}', '1').replace('{total}', String(g.shown.length))).waitFor();
  const download = box.getByRole('link', { name: t.download });
  expect(await download.getAttribute('href')).toMatch(/^media\/[0-9a-f]+\/original\.jpg$/);
  await page.waitForTimeout(150);
  await page.screenshot({ path: screenshotPath(SHOTS, shot) });
  const first = await img.getAttribute('src');
  await box.getByRole('button', { name: t.next }).click();
  await box.getByText(t.position.replace('{n}', '2').replace('{total}', String(g.shown.length))).waitFor();
  expect(await img.getAttribute('src')).not.toBe(first);
  await eventually(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), 'the next preview painted');
  await page.keyboard.press('Escape');
  await box.waitFor({ state: 'hidden' });
  // The video: its poster in the grid, playable in the lightbox.
  await page.locator('a.tile[data-kind=video]').click();
  const video = box.locator('.lb-video');
  await video.waitFor();
  await eventually(() => video.evaluate((el: HTMLVideoElement) => el.readyState >= 1 && el.videoWidth > 0), 'the video loaded');
  await page.keyboard.press('Escape');
  await box.waitFor({ state: 'hidden' });
}

async function openGallery(url: string, options: BrowserContextOptions, name: string, lang: 'de' | 'en') {
  const context = await h.browser.newContext(options);
  const requests: string[] = [];
  const errors: string[] = [];
  try {
    const page = await context.newPage();
    page.on('request', (r) => requests.push(r.url()));
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(url);
    const t = lang === 'de' ? galleryDe : galleryEn;
    await page.getByRole('heading', { level: 1, name: g.event.name }).waitFor();
    // Albums as sections, in the browser's language; the hidden album is not there.
    for (const album of ['Trauung', 'Party']) await page.getByRole('heading', { level: 2, name: new RegExp(album) }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe(lang);
    const text = await page.locator('body').innerText();
    expect(text).toContain(t.intro);
    expect(text).toContain(t.photosMany.replace('{n}', String(g.shown.length)));
    expect(text).not.toContain(g.hiddenAlbumName);
    const other = lang === 'de' ? galleryEn : galleryDe;
    for (const s of [other.intro, other.footer]) expect(text).not.toContain(s);
    expect(await languageProblems(page, lang, [g.event.name, 'Trauung', 'Party'])).toEqual([]);
    // The event's colour in the header.
    expect(await page.locator('header').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(124, 58, 237)');
    await page.screenshot({ path: screenshotPath(SHOTS, `${name}-grid`) });
    await expectAllPainted(page);
    await expectLightbox(page, t, options.viewport!, `${name}-lightbox`);
    const origin = new URL(url).origin;
    const foreign = requests.filter(
      (r) => !(url.startsWith('file:') ? r.startsWith('file:') || r.startsWith('data:') : r.startsWith(origin)),
    );
    expect(foreign).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}

test('from a folder (file://), on a phone and on a laptop: every photo, the lightbox', async () => {
  const url = `file://${join(folder, 'index.html')}`;
  await openGallery(url, PHONE, 'file-phone-de', 'de');
  await openGallery(url, { ...DESKTOP, viewport: { width: 1440, height: 900 } }, 'file-desktop-de', 'de');
});

test('from a static web server, in English: every photo, the lightbox', async () => {
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch(req) {
      const path = decodeURIComponent(new URL(req.url).pathname);
      if (path.includes('..')) return new Response('no', { status: 400 });
      const file = Bun.file(join(folder, path === '/' ? 'index.html' : path));
      return file.exists().then((there) => (there ? new Response(file) : new Response('not found', { status: 404 })));
    },
  });
  try {
    const url = `http://127.0.0.1:${server.port}/index.html`;
    await openGallery(url, { ...PHONE, locale: 'en-US' }, 'http-phone-en', 'en');
    await openGallery(url, { ...DESKTOP, locale: 'en-GB' }, 'http-desktop-en', 'en');
  } finally {
    await server.stop(true);
  }
});
