import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import QRCode from 'qrcode';
import sharp from 'sharp';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { AdminEventDto } from '../../src/http/api-types.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { PHONE, screenshotPath } from '../helpers/browser.ts';
import { languageProblems } from '../helpers/language-screen.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { coupleDe } from '../../web/src/i18n/couple.de.ts';
import { coupleEn } from '../../web/src/i18n/couple.en.ts';
import { hostDe } from '../../web/src/i18n/host.de.ts';
import { SECTIONS } from '../../web/src/pages/settings/sections.tsx';
import { eventually, PHOTOS, setUp, toastShown, type Harness } from './host/harness.ts';

// The couple's page on the wedding day, on a phone held in one hand (issue 26): it opens on an overview
// (what awaits a decision, the newest uploads, counts, uploads per hour, the wall's link and QR code); every
// section is a tap away without sideways scrolling on a 360 px phone; moderation says in words what a button
// does and who sees an upload, and a tap shows the upload large with the same buttons; the statistics split
// the storage and show the night; the wall's QR code carries the public address, not the browser's 127.0.0.1.

let h: Harness;
let ctx: BrowserContext;
let p: Page;
let event: AdminEventDto;
let token = '';
const ids = { a1: 0, a2: 0, b1: 0 };

const c = coupleDe.couple;
const section = (page: Page, label: string) => page.getByRole('tab', { name: label, exact: true });
const item = (scope: Page | Locator, id: number) => scope.locator(`[data-testid=moderation-item][data-upload-id="${id}"]`);
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/**
 * Reads the QR code as painted: a screenshot of its image, each module sampled at its centre, compared with
 * the modules `qrcode` makes for `url` (the app's encoder, margin 1, level M). 0 when the picture encodes `url`.
 */
async function qrMismatches(img: Locator, url: string): Promise<number> {
  const { data, info } = await sharp(await img.screenshot())
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const cells = modules.size + 2; // the quiet zone of one module on each side
  let wrong = 0;
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      const x = Math.floor(((col + 1.5) / cells) * info.width);
      const y = Math.floor(((row + 1.5) / cells) * info.height);
      const dark = data[y * info.width + x]! < 128;
      if (dark !== Boolean(modules.get(row, col))) wrong++;
    }
  }
  return wrong;
}

beforeAll(async () => {
  h = await setUp();
  event = await h.admin.createEvent({ name: 'Hochzeit Lea & Tom' });
  token = (await h.admin.json<{ client_token: string }>(`/api/client/generate-token/${event.id}`, { method: 'POST' })).client_token;
  // the couple shares by hand: uploads wait for their decision
  await h.visitor.json(`/api/client/event/${token}`, { method: 'PUT', json: { auto_share_uploads: false } });
  const alice = new ApiClient(h.server.url);
  await alice.joinAsGuest(event.code, 'Alice');
  const bob = new ApiClient(h.server.url);
  await bob.joinAsGuest(event.code, 'Bob');
  ids.a1 = (await alice.uploadOk(event.id, PHOTOS[0]!, { autoApprove: 'false' })).id;
  ids.a2 = (await alice.uploadOk(event.id, PHOTOS[1]!, { autoApprove: 'false' })).id;
  ids.b1 = (await bob.uploadOk(event.id, PHOTOS[2]!, { autoApprove: 'true' })).id;
  ctx = await h.browser.newContext({ ...PHONE, locale: 'de-DE', baseURL: h.server.url });
  p = await ctx.newPage();
  p.on('pageerror', (e) => h.errors.push(e.message));
  await p.goto(`/event/${token}/settings`);
  await p.getByRole('heading', { name: 'Hochzeit Lea & Tom' }).waitFor();
});
afterAll(async () => {
  await ctx?.close().catch(() => undefined);
  await h?.close();
});

describe("the couple's page on a German phone (390x844)", () => {
  test('opens on the overview: counts, what awaits a decision, the newest uploads, uploads per hour, the wall', async () => {
    expect(await section(p, c.tabs.home).getAttribute('aria-selected')).toBe('true');
    const home = p.getByTestId('host-home');
    await home.waitFor();
    await eventually(async () => (await p.getByTestId('home-uploads').innerText()).startsWith('3'), 'three uploads counted');
    expect(await p.getByTestId('home-guests').innerText()).toStartWith('2');
    // Alice's two wait, Bob's was shared by himself
    const awaiting = p.getByTestId('home-awaiting');
    await item(awaiting, ids.a1).waitFor();
    expect(await awaiting.locator('[data-testid=moderation-item]').count()).toBe(2);
    expect(await item(awaiting, ids.a1).getByTestId('visibility').innerText()).toBe('Nur für Alice');
    const newest = p.getByTestId('home-newest');
    await item(newest, ids.b1).waitFor();
    expect(await newest.locator('[data-testid=moderation-item]').count()).toBe(3);
    // one bar per hour, together all three uploads
    const bars = p.getByTestId('uploads-chart').locator('rect');
    const counts = await bars.evaluateAll((rects) => rects.map((r) => Number(r.getAttribute('data-count'))));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(3);
    expect((await p.getByTestId('uploads-chart').boundingBox())!.height).toBeGreaterThan(50);
    // the wall's link and QR code; this test box listens on 127.0.0.1 only, so the page says guests cannot reach it
    expect(await p.getByTestId('wall-url').inputValue()).toBe(`${h.server.url}/event/${event.code}/wall`);
    await p.getByTestId('wall-qr').locator('img').waitFor();
    expect(await p.getByTestId('unreachable-warning').innerText()).toContain(hostDe.unreachableTitle);
    expect(await overflow(p)).toBeLessThanOrEqual(0);
    expect(await languageProblems(p, 'de')).toEqual([]);
    await h.shot('70-phone-home', p);
    await p.screenshot({ path: screenshotPath('host', '70-phone-home-full'), fullPage: true });
  });

  test('every section is reachable on a 360 px phone: its button within the screen, no sideways scrolling', async () => {
    await p.setViewportSize({ width: 360, height: 740 });
    try {
      for (const { id } of SECTIONS) {
        const button = section(p, c.tabs[id]);
        const box = (await button.boundingBox())!;
        expect([id, box.x >= 0, box.x + box.width <= 360, box.height > 0]).toEqual([id, true, true, true]);
        await button.click();
        await p.locator(`[role=tabpanel]#panel-${id}`).waitFor();
        await p.waitForTimeout(150); // let the section's first paint settle
        expect([id, await overflow(p)]).toEqual([id, 0]);
        expect(await button.getAttribute('aria-selected')).toBe('true');
      }
      await section(p, c.tabs.home).click();
      await h.shot('71-phone-360-sections', p);
    } finally {
      await p.setViewportSize(PHONE.viewport!);
    }
  });

  test('moderation says in words what each button does and who sees an upload', async () => {
    await section(p, c.tabs.uploads).click();
    const list = p.getByTestId('moderation');
    await item(list, ids.a2).waitFor();
    const pending = item(list, ids.a2);
    expect(await pending.getByTestId('visibility').innerText()).toBe('Nur für Alice');
    expect(await item(list, ids.b1).getByTestId('visibility').innerText()).toBe('Für alle sichtbar');
    // the words are painted, not only read out: visible and inside the card
    for (const word of [c.approve, c.delete]) {
      const label = pending.getByText(word, { exact: true });
      expect(await label.isVisible()).toBe(true);
      const box = (await label.boundingBox())!;
      const card = (await pending.boundingBox())!;
      expect(box.width).toBeGreaterThan(20);
      expect(box.x + box.width).toBeLessThanOrEqual(card.x + card.width);
    }
    expect(await item(list, ids.b1).getByText(c.withdraw, { exact: true }).isVisible()).toBe(true);
    expect(await overflow(p)).toBeLessThanOrEqual(0);
    await h.shot('72-phone-moderation', p);
  });

  test('a tap opens the upload large with the same actions; sharing it there changes who sees it', async () => {
    const list = p.getByTestId('moderation');
    await item(list, ids.a2)
      .getByRole('button', { name: c.openLarge('Alice') })
      .tap();
    const viewer = p.getByTestId('upload-viewer');
    await viewer.waitFor();
    try {
      await checkViewer(viewer);
    } finally {
      // the next tests need the page without the dialog, whatever failed here
      if (await viewer.count()) await p.keyboard.press('Escape');
      await viewer.waitFor({ state: 'detached' });
    }
  });

  async function checkViewer(viewer: Locator) {
    const img = viewer.locator('.hx-viewer__media img');
    await eventually(async () => (await img.evaluate((i) => (i as HTMLImageElement).naturalWidth)) > 0, 'the large image loaded');
    // large: the phone's width less the dialog's margins, not a thumbnail
    expect((await img.boundingBox())!.width).toBeGreaterThan(250);
    expect(await viewer.getByTestId('viewer-visibility').innerText()).toBe('Nur für Alice');
    expect(await viewer.getByText(c.delete, { exact: true }).isVisible()).toBe(true);
    await h.shot('73-phone-large-view', p);
    await viewer.getByRole('button', { name: c.approve }).click();
    await toastShown(p, c.approved);
    await eventually(async () => (await viewer.getByTestId('viewer-visibility').innerText()) === 'Für alle sichtbar', 'shown as shared');
    expect(await viewer.getByText(c.withdraw, { exact: true }).isVisible()).toBe(true);
    expect((await h.visitor.json<{ id: number }[]>(`/api/event/${event.id}/uploads`)).map((u) => u.id)).toContain(ids.a2);
  }

  test('statistics: no BETA badge, originals and derived files apart, uploads per hour, the top albums', async () => {
    await section(p, c.tabs.stats).click();
    await p.getByTestId('stat-originals').waitFor();
    expect(await p.getByRole('tabpanel').innerText()).not.toMatch(/beta/i);
    expect(await section(p, c.tabs.stats).innerText()).toBe(c.tabs.stats);
    const stats = await h.admin.json<{ originals_size_mb: number; derived_size_mb: number }>(`/api/event/${event.id}/statistics`);
    const mb = (n: number) => `${n.toLocaleString('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} MB`;
    expect(await p.getByTestId('stat-originals').innerText()).toContain(mb(stats.originals_size_mb));
    expect(await p.getByTestId('stat-derived').innerText()).toContain(mb(stats.derived_size_mb));
    expect(await p.getByTestId('uploads-chart').locator('rect').count()).toBeGreaterThan(0);
    expect(await p.getByTestId('top-albums').innerText()).toContain('3');
    expect(await overflow(p)).toBeLessThanOrEqual(0);
    expect(await languageProblems(p, 'de')).toEqual([]);
    await h.shot('74-phone-statistics', p);
  });

  test('the header preview stays in sight while the settings are edited', async () => {
    await section(p, c.tabs.general).click();
    await p.getByLabel(c.eventName).fill('Lea & Tom');
    // from the first field to the Save button: at each, the preview's top part is on the screen
    for (const field of [p.getByLabel(c.eventName), p.getByLabel(c.headerStyle), p.getByRole('button', { name: c.saveSettings })]) {
      await field.evaluate((el) => el.scrollIntoView({ block: 'end' }));
      const preview = (await p.getByTestId('header-preview').boundingBox())!;
      expect(preview.y).toBeGreaterThanOrEqual(-1);
      expect(preview.y + 100).toBeLessThanOrEqual(844);
    }
    expect(await p.getByTestId('header-preview').innerText()).toContain('Lea & Tom');
    await h.shot('75-phone-general-sticky-preview', p);
  });
});

describe("the couple's page in English", () => {
  test('overview, moderation, large view and statistics speak English only', async () => {
    const en = await h.browser.newContext({ ...PHONE, locale: 'en-US', baseURL: h.server.url });
    try {
      const page = await en.newPage();
      await page.goto(`/event/${token}/settings`);
      await page.getByTestId('host-home').waitFor();
      await page.getByTestId('home-newest').locator('[data-testid=moderation-item]').first().waitFor();
      await page.getByTestId('uploads-chart').waitFor();
      expect(await languageProblems(page, 'en')).toEqual([]);
      await section(page, coupleEn.couple.tabs.uploads).click();
      const list = page.getByTestId('moderation');
      await item(list, ids.a1).waitFor();
      expect(await item(list, ids.a1).getByTestId('visibility').innerText()).toBe('Only for Alice');
      expect(await item(list, ids.b1).getByTestId('visibility').innerText()).toBe('Visible to everyone');
      await item(list, ids.a1)
        .getByRole('button', { name: coupleEn.couple.openLarge('Alice') })
        .click();
      await page.getByTestId('upload-viewer').waitFor();
      expect(await languageProblems(page, 'en')).toEqual([]);
      await page.keyboard.press('Escape');
      await section(page, coupleEn.couple.tabs.stats).click();
      await page.getByTestId('stat-originals').waitFor();
      expect(await languageProblems(page, 'en')).toEqual([]);
    } finally {
      await en.close();
    }
  });
});

describe('links from the public address', () => {
  let box: TestServer;
  beforeAll(async () => {
    box = await startServer({ args: ['--public-url', 'http://10.42.0.1:8080'] });
  });
  afterAll(async () => {
    await box?.stop();
  });

  test("opened through 127.0.0.1, the wall's QR code as painted carries the public address", async () => {
    const admin = new ApiClient(box.url);
    await admin.login(box.adminPassword);
    const ev = await admin.createEvent({ name: 'Gartenfest' });
    const { client_token } = await admin.json<{ client_token: string }>(`/api/client/generate-token/${ev.id}`, { method: 'POST' });
    const context = await h.browser.newContext({ ...PHONE, locale: 'de-DE', baseURL: box.url });
    try {
      const page = await context.newPage();
      expect(new URL(box.url).hostname).toBe('127.0.0.1');
      await page.goto(`/event/${client_token}/settings`);
      const qr = page.getByTestId('wall-qr').locator('img');
      await qr.waitFor();
      const wall = `http://10.42.0.1:8080/event/${ev.code}/wall`;
      expect(await page.getByTestId('wall-url').inputValue()).toBe(wall);
      expect(await qrMismatches(qr, wall)).toBe(0);
      // the reading can tell addresses apart: the browser's own one does not match the painted code
      expect(await qrMismatches(qr, `${box.url}/event/${ev.code}/wall`)).toBeGreaterThan(20);
      expect(await page.getByTestId('unreachable-warning').count()).toBe(0);
      // the same code in the wall's own section
      await section(page, c.tabs.wall).click();
      await page.getByTestId('wall-qr').locator('img').waitFor();
      expect(await qrMismatches(page.getByTestId('wall-qr').locator('img'), wall)).toBe(0);
    } finally {
      await context.close();
    }
  });
});
