// Bench part e (issue 15 item 3): what a guest's phone feels on an event of 5,000 photos in 5 albums.
// Chromium (Debian's, through playwright-core) on a phone profile with a 4x CPU slow-down and a 20 Mbit/s
// link opens the event page as a returning guest, then scrolls 500 photos down. Measured in the page
// (Resource Timing, PerformanceObserver): the bytes transferred until the first thumbnail is on screen,
// Largest Contentful Paint, cumulative layout shift, and the longest task while scrolling.
import { linkSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { openDatabase } from '../../src/db/connection.ts';
import { uploads as uploadsTable } from '../../src/db/schema.ts';
import { makePhotoDerivatives } from '../../src/media/images.ts';
import { DERIVED, MediaStore, photoOutputs } from '../../src/storage/media-store.ts';
import { randomHex } from '../../src/lib/ids.ts';
import type { GalleryAlbumDto } from '../../src/http/api-types.ts';
import { launchBrowser } from '../../tests/helpers/browser.ts';
import { FIXTURES } from '../../tests/helpers/server.ts';
import { ApiClient, type BenchPart, type BenchRow, fmt, startServer, timed } from './lib.ts';

const PHOTOS = 5_000;
const ALBUMS = 5;
const SCROLL_PHOTOS = 500;
/** A phone as the issue names it: a 390 px wide screen at 3x (today's iPhones and most Androids), touch. */
const PHONE_PROFILE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  locale: 'de-DE',
  timezoneId: 'Europe/Berlin',
};
const CPU_SLOWDOWN = 4;
const LINK_BITS_PER_S = 20e6;
const LINK_LATENCY_MS = 20;
const AIMS = { firstThumbKb: 250, lcpS: 2.5, cls: 0.1, longTaskMs: 200 };
/** Real phone photos: their thumbnails have the bytes of a real gallery's. */
const BASES = ['HMD_Nokia_8.3_5G.jpg', 'iphone_hdr_YES.jpg', 'jolla.jpg'].map((f) => join(FIXTURES, 'photos', 'phones', f));

interface Seeded {
  url: string;
  code: string;
  /** the returning guest's cookie */
  cookie: { name: string; value: string };
}

/**
 * An event of 5,000 approved photos in 5 albums of 1,000, made the fast way but real: the server creates the
 * event, albums and a guest; the derivatives of three real phone photos are made once by the server's own
 * makePhotoDerivatives and linked into every upload's folder (a tile URL of each upload is its own request);
 * each original is a small real JPEG of its own bytes (its SHA-256 is the row's); the rows go into the
 * server's SQLite in one transaction with the server stopped, then it starts again on the same data.
 */
async function seed(dir: string, track: (p: { stop(): Promise<unknown> }) => void, log: (line: string) => void): Promise<Seeded> {
  const dataDir = join(dir, 'data');
  const first = await startServer({ dataDir });
  track(first);
  const admin = new ApiClient(first.url);
  await admin.login(first.adminPassword);
  const event = await admin.createEvent({ name: 'Hochzeit 5000', code: 'hochzeit-5000' });
  for (let i = 2; i <= ALBUMS; i++) await admin.createAlbum(event.id, { name: `Album ${i}` });
  const albums = await admin.json<GalleryAlbumDto[]>(`/api/event/${event.id}/albums`);
  const guest = new ApiClient(first.url);
  await guest.joinAsGuest(event.code, 'Bench');
  const cookieName = `event_${event.code}`;
  const cookie = { name: cookieName, value: guest.cookies.get(cookieName)! };
  await first.stop({ keepData: true });

  const bases = [];
  for (const [i, file] of BASES.entries()) {
    const out = photoOutputs(join(dir, 'bases', String(i)));
    mkdirSync(join(dir, 'bases', String(i)), { recursive: true });
    const made = await makePhotoDerivatives(
      file,
      { thumbnailPath: out.thumbnail, tilePaths: out.tiles, previewPath: out.preview, jpegCopyPath: out.jpegCopy },
      { sharp },
    );
    const small = await Bun.file(out.tiles.x1).bytes();
    bases.push({ out, small, width: made.width, height: made.height });
  }

  const store = new MediaStore(dataDir);
  mkdirSync(dirname(store.originalPath(event.id, 'x', 'jpg')), { recursive: true });
  const db = openDatabase(store.databasePath);
  const start = Date.parse('2026-06-20T14:00:00Z');
  const rows: (typeof uploadsTable.$inferInsert)[] = [];
  for (let i = 0; i < PHOTOS; i++) {
    const base = bases[i % bases.length]!;
    const key = randomHex(16);
    // A real JPEG of its own bytes: the base's small tile, then a trailer after its end marker (ignored by decoders).
    const original = Buffer.concat([base.small, Buffer.from(`momentbox-bench-${i}-${key}`)]);
    writeFileSync(store.originalPath(event.id, key, 'jpg'), original);
    const derived = store.derivedDir(event.id, key);
    mkdirSync(derived, { recursive: true });
    for (const [name, from] of [
      [DERIVED.thumbnail, base.out.thumbnail],
      [DERIVED.thumbnail1x, base.out.tiles.x1],
      [DERIVED.thumbnail3x, base.out.tiles.x3],
      [DERIVED.photoPreview, base.out.preview],
    ] as const) {
      linkSync(from, join(derived, name));
    }
    const at = new Date(start + i * 7_000).toISOString();
    rows.push({
      eventId: event.id,
      albumId: albums[i % ALBUMS]!.id,
      type: 'photo' as const,
      mimeType: 'image/jpeg',
      storageKey: key,
      originalExt: 'jpg',
      originalName: `IMG_${String(i).padStart(4, '0')}.jpg`,
      sizeBytes: original.length,
      storedBytes: original.length,
      sha256: new Bun.CryptoHasher('sha256').update(original).digest('hex'),
      width: base.width,
      height: base.height,
      takenAt: at,
      approved: true,
      hasThumbnail: true,
      tileThumbnails: true,
      previewFile: DERIVED.photoPreview,
      processingState: 'ready' as const,
      createdAt: at,
    });
  }
  db.transaction((tx) => {
    for (let i = 0; i < rows.length; i += 500)
      tx.insert(uploadsTable)
        .values(rows.slice(i, i + 500))
        .run();
  });
  db.$client.close();

  const server = await startServer({ dataDir });
  track(server);
  log(`seeded ${PHOTOS} photos in ${ALBUMS} albums (${albums.map((a) => a.name).join(', ')})`);
  return { url: server.url, code: event.code, cookie };
}

/** Observers installed before the page's own scripts: every entry from the start is kept. */
const OBSERVE = () => {
  const w = window as unknown as {
    __bench: { lcp: number; shifts: number[]; longTasks: { start: number; duration: number }[]; firstThumb: number | null };
  };
  w.__bench = { lcp: 0, shifts: [], longTasks: [], firstThumb: null };
  const b = w.__bench;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) b.lcp = e.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
      if (!e.hadRecentInput) b.shifts.push(e.value);
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) b.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  // The first grid thumbnail on screen: loaded, in the viewport, and painted (the frame after its load).
  document.addEventListener(
    'load',
    (e) => {
      const img = e.target as HTMLElement;
      if (b.firstThumb !== null || img.tagName !== 'IMG' || !img.closest('[data-testid=media-tile]')) return;
      const r = img.getBoundingClientRect();
      if (r.bottom <= 0 || r.top >= innerHeight) return;
      requestAnimationFrame(() => requestAnimationFrame(() => (b.firstThumb ??= performance.now())));
    },
    true,
  );
};

/**
 * Bytes on the wire by `t` (ms since navigation): whole resources done by then, in-flight ones in
 * proportion; in all and per kind of resource (script, css, fetch, img, ...).
 */
function bytesBy(page: Page, t: number): Promise<{ total: number; byKind: Record<string, { count: number; bytes: number }> }> {
  return page.evaluate((until) => {
    const entries = [
      ...performance.getEntriesByType('navigation'),
      ...performance.getEntriesByType('resource'),
    ] as PerformanceResourceTiming[];
    let total = 0;
    const byKind: Record<string, { count: number; bytes: number }> = {};
    for (const e of entries) {
      if (e.responseStart > until || e.transferSize === 0) continue;
      const span = Math.max(1, e.responseEnd - e.responseStart);
      const bytes = e.transferSize * Math.min(1, (until - e.responseStart) / span);
      total += bytes;
      const kind = (byKind[e.initiatorType] ??= { count: 0, bytes: 0 });
      kind.count++;
      kind.bytes += bytes;
    }
    return { total, byKind };
  }, t);
}

export const galleryPart: BenchPart = {
  key: 'e',
  title: `gallery of ${PHOTOS.toLocaleString('en')} photos on a phone (${CPU_SLOWDOWN}x CPU slow-down, ${LINK_BITS_PER_S / 1e6} Mbit/s)`,
  async run(ctx) {
    const { ms: seedMs, result: seeded } = await timed(() => seed(ctx.dir, ctx.track, ctx.log));
    ctx.log(`seeding took ${fmt(seedMs / 1000, 1)} s`);
    const browser = await launchBrowser();
    ctx.track({ stop: () => browser.close() });
    const context = await browser.newContext(PHONE_PROFILE);
    await context.addCookies([{ ...seeded.cookie, url: seeded.url }]);
    const page = await context.newPage();
    await page.addInitScript(OBSERVE);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const bytesPerSecond = LINK_BITS_PER_S / 8;
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: LINK_LATENCY_MS,
      downloadThroughput: bytesPerSecond,
      uploadThroughput: bytesPerSecond,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });

    await page.goto(`${seeded.url}/event/${seeded.code}`);
    await page.waitForFunction(
      () => (window as unknown as { __bench: { firstThumb: number | null } }).__bench.firstThumb !== null,
      undefined,
      { timeout: 60_000 },
    );
    await page.waitForTimeout(1500); // LCP settles
    const load = await page.evaluate(() => (window as unknown as { __bench: { lcp: number; firstThumb: number } }).__bench);
    const { total: firstThumbBytes, byKind } = await bytesBy(page, load.firstThumb);
    ctx.log(`first thumbnail on screen at ${fmt(load.firstThumb / 1000, 2)} s, LCP ${fmt(load.lcp / 1000, 2)} s`);
    ctx.log(
      `by then: ${Object.entries(byKind)
        .map(([kind, k]) => `${kind} ${k.count} (${fmt(k.bytes / 1024, 0)} KB)`)
        .join(', ')}`,
    );

    // Scroll 500 photos down with the wheel, as a thumb flicks: the grid fetches pages on its way.
    const target = await page.evaluate((n) => {
      const grid = document.querySelector('[data-testid=media-grid]')!;
      const tile = grid.querySelector('[data-testid=media-tile]')!.getBoundingClientRect();
      const columns = Math.round(grid.getBoundingClientRect().width / tile.width);
      return grid.getBoundingClientRect().top + scrollY + Math.ceil((n + 1) / columns) * (tile.height + 8) - innerHeight / 2;
    }, SCROLL_PHOTOS);
    const scrollStart = await page.evaluate(() => performance.now());
    const deadline = Date.now() + 60_000;
    while ((await page.evaluate(() => scrollY)) < target && Date.now() < deadline) {
      await page.mouse.wheel(0, 600);
      await page.waitForTimeout(60);
    }
    await page.waitForTimeout(1000);
    const after = await page.evaluate(() => {
      const b = (window as unknown as { __bench: { shifts: number[]; longTasks: { start: number; duration: number }[] } }).__bench;
      const loaded = Number(document.querySelector('[data-testid=media-grid]')?.getAttribute('data-total'));
      return { shifts: b.shifts, longTasks: b.longTasks, loaded, scrollY, now: performance.now() };
    });
    const scrollTasks = after.longTasks.filter((t) => t.start >= scrollStart);
    const longest = Math.max(0, ...scrollTasks.map((t) => t.duration));
    const cls = after.shifts.reduce((a, b) => a + b, 0);
    const reached = after.scrollY >= target;
    ctx.log(
      `scrolled to ${fmt(after.scrollY, 0)} px (${reached ? `past photo ${SCROLL_PHOTOS}` : 'NOT as far as photo ' + SCROLL_PHOTOS}) in ${fmt((after.now - scrollStart) / 1000, 1)} s; ` +
        `${after.loaded} photos fetched; ${scrollTasks.length} long tasks (> 50 ms) while scrolling`,
    );
    await context.close();

    const rows: BenchRow[] = [
      {
        figure: 'e1. bytes before the first thumbnail shows',
        measured: `${fmt(firstThumbBytes / 1024, 0)} KB`,
        reference: `JS, CSS, API and images`,
        ratio: '',
        aim: `<= ${AIMS.firstThumbKb} KB`,
        met: firstThumbBytes / 1024 <= AIMS.firstThumbKb,
      },
      {
        figure: 'e2. Largest Contentful Paint',
        measured: `${fmt(load.lcp / 1000, 2)} s`,
        reference: '',
        ratio: '',
        aim: `<= ${AIMS.lcpS} s`,
        met: load.lcp / 1000 <= AIMS.lcpS,
      },
      {
        figure: 'e3. cumulative layout shift (load + scroll)',
        measured: fmt(cls, 3),
        reference: '',
        ratio: '',
        aim: `<= ${AIMS.cls}`,
        met: cls <= AIMS.cls,
      },
      {
        figure: `e4. longest task scrolling ${SCROLL_PHOTOS} photos`,
        measured: `${fmt(longest, 0)} ms`,
        reference: `${scrollTasks.length} tasks > 50 ms`,
        ratio: '',
        aim: `<= ${AIMS.longTaskMs} ms`,
        met: reached && longest <= AIMS.longTaskMs,
      },
      { figure: 'e5. seeding 5,000 photos (info)', measured: `${fmt(seedMs / 1000, 1)} s`, reference: '', ratio: '', aim: '', met: null },
    ];
    return rows;
  },
};
