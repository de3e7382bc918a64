import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import type { GuestbookEntryDto } from '../../src/http/api-types.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { launchBrowser, screenshotPath } from '../helpers/browser.ts';
import { languageProblems } from '../helpers/language-screen.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { ensureWebBuilt, form } from '../api/support.ts';
import { PHOTO, PHOTOS } from './host/harness.ts';
import { waitProcessed, wallEvent, type WallEvent } from './wall-harness.ts';

// Issue 27 item 4: guestbook entries as cards between the photos on the wall, at the host's rate, in the
// event's colours; a new shared entry comes up without a reload, a withdrawn one leaves the screen; the
// collage gives a card a tile. At the projector's 1920x1080: the card painted, its text inside the screen,
// nothing cut off or under the event's name or the QR code, the text's contrast with the card at least 4.5:1.

const SCREEN = { width: 1920, height: 1080 };
let server: TestServer;
let browser: Browser;
let wall: Page;
let ev: WallEvent;
let guest: ApiClient;
const errors: string[] = [];

const write = (text: string, name: string) =>
  guest.json<GuestbookEntryDto>(`/api/event/${ev.event.id}/guestbook`, { method: 'POST', json: { text, name } });
const entries = () => guest.json<GuestbookEntryDto[]>(`/api/event/${ev.event.id}/guestbook`);
const current = () => wall.evaluate(() => document.querySelector<HTMLElement>('[data-testid=wall]')?.dataset.current ?? '');
/** Waits until the wall's current slide (or the tile that changed last) is this entry's card. */
const cardUp = (id: number, timeout = 25_000) =>
  wall.waitForFunction((want) => document.querySelector<HTMLElement>('[data-testid=wall]')?.dataset.current === want, `entry:${id}`, {
    timeout,
    polling: 100,
  });

type CardWindow = Window & { shownCard?: (id: number) => HTMLElement | undefined };

/** Put into the wall page (an init script: the page's CSP allows no eval): the frame showing this entry's card, faded in fully. */
function installShownCard() {
  (window as CardWindow).shownCard = (entryId) =>
    [...document.querySelectorAll<HTMLElement>(`.wall__frame[data-entry-id="${entryId}"]`)].find((f) => {
      // a slide's layer fades, or a collage tile's frame
      const fading = f.parentElement!.classList.contains('wall__tile') ? f : f.parentElement!;
      return fading.classList.contains('is-visible') && Number(getComputedStyle(fading).opacity) > 0.99;
    });
}

/** Waits until the entry's card is up and its cross-fade is over (slow on a busy machine). */
async function cardShown(id: number) {
  await wall.waitForFunction((entryId) => (window as CardWindow).shownCard!(entryId) !== undefined, id, { timeout: 15_000, polling: 100 });
}

/** The painted card of an entry: its box, its text's box, whether anything overflows, the text's contrast with the card. */
async function measureCard(id: number) {
  return wall.evaluate((entryId) => {
    const frame = (window as CardWindow).shownCard!(entryId);
    if (!frame) return null;
    const card = frame.querySelector<HTMLElement>('.wall__card')!;
    const text = card.querySelector<HTMLElement>('.wall__card-text')!;
    const name = card.querySelector<HTMLElement>('.wall__card-name')!;
    const box = (el: Element) => {
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, right: r.right, bottom: r.bottom, width: r.width, height: r.height };
    };
    const rgb = (c: string) =>
      c
        .match(/\d+(\.\d+)?/g)!
        .slice(0, 3)
        .map(Number);
    const luminance = (c: number[]) => {
      const [r, g, b] = c.map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const [l1, l2] = [luminance(rgb(getComputedStyle(text).color)), luminance(rgb(getComputedStyle(card).backgroundColor))];
    return {
      card: box(card),
      text: box(text),
      name: box(name),
      nameText: name.textContent,
      textContent: text.textContent,
      fontPx: parseFloat(getComputedStyle(text).fontSize),
      overflows: card.scrollHeight > card.clientHeight + 1 || card.scrollWidth > card.clientWidth + 1,
      contrast: (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05),
      // the words under the event's name or the QR overlay
      covered: [text, name, card.querySelector('.wall__card-label')!].some((words) =>
        ['[data-testid=wall-qr]', '[data-testid=wall-event-name]'].some((sel) => {
          const over = document.querySelector(sel)?.getBoundingClientRect();
          const w = words.getBoundingClientRect();
          return !!over && over.left < w.right && w.left < over.right && over.top < w.bottom && w.top < over.bottom;
        }),
      ),
      screen: { width: window.innerWidth, height: window.innerHeight },
    };
  }, id);
}

function expectReadable(m: Awaited<ReturnType<typeof measureCard>>, minFontPx: number) {
  expect(m).not.toBeNull();
  const { card, text, name, screen } = m!;
  for (const b of [card, text, name]) {
    expect(b.width).toBeGreaterThan(0);
    expect([b.x >= 0, b.y >= 0, b.right <= screen.width, b.bottom <= screen.height]).toEqual([true, true, true, true]);
  }
  // the words inside the card, not cut
  for (const b of [text, name])
    expect([b.x >= card.x, b.y >= card.y, b.right <= card.right, b.bottom <= card.bottom]).toEqual([true, true, true, true]);
  expect(m!.overflows).toBe(false);
  expect(m!.covered).toBe(false);
  expect(m!.contrast).toBeGreaterThanOrEqual(4.5);
  expect(m!.fontPx).toBeGreaterThanOrEqual(minFontPx);
}

beforeAll(async () => {
  await ensureWebBuilt();
  server = await startServer();
  ev = await wallEvent(server, 'Hochzeit Ella & Jan', { wall_seconds_per_slide: 5, wall_guestbook_every: 2 });
  await ev.admin.json(`/api/event/${ev.event.id}`, { method: 'PUT', json: { primary_color: '#7c3aed', secondary_color: '#fde68a' } });
  for (const photo of PHOTOS) await ev.admin.uploadOk(ev.event.id, photo);
  await waitProcessed(server.url, ev.event.id, PHOTOS.length);
  guest = new ApiClient(server.url);
  await guest.joinAsGuest(ev.event.code, 'Oma Ruth');
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close().catch(() => undefined);
  await server?.stop();
});

describe('guestbook cards on the wall (1920x1080)', () => {
  test('an entry written before the wall opened comes up as a card between the photos, large, readable, in the event colours', async () => {
    const first = await write('Alles Liebe für euch zwei!\nWir freuen uns so mit euch.', 'Oma Ruth');
    const context = await browser.newContext({ viewport: SCREEN, locale: 'de-DE', baseURL: server.url });
    await context.addInitScript(installShownCard);
    wall = await context.newPage();
    wall.on('pageerror', (e) => errors.push(e.message));
    await wall.goto(`/event/${ev.event.code}/wall`);
    await wall.bringToFront(); // a page in the background runs no transitions
    await cardUp(first.id);
    await cardShown(first.id);
    const m = await measureCard(first.id);
    expectReadable(m, 60);
    expect(m!.textContent).toBe('Alles Liebe für euch zwei!\nWir freuen uns so mit euch.');
    expect(m!.nameText).toBe('– Oma Ruth');
    // large: most of the screen
    expect(m!.card.width).toBeGreaterThan(SCREEN.width * 0.6);
    expect(await languageProblems(wall, 'de')).toEqual([]);
    await wall.screenshot({ path: screenshotPath('wall-guestbook', 'card-1920x1080') });
    // between photos: the slide after the card is a photo
    await wall.waitForFunction(
      () => /^\d+$/.test(document.querySelector<HTMLElement>('[data-testid=wall]')?.dataset.current ?? ''),
      undefined,
      {
        timeout: 25_000,
      },
    );
  });

  test('a new entry reaches the open wall without a reload; the longest text fits; a withdrawn one leaves the screen', async () => {
    await wall.evaluate(() => Object.assign(window, { sameDocument: true }));
    const long = await write(
      Array.from({ length: 20 }, (_, i) => `Zeile ${i + 1}: Wir wünschen euch ein langes, glückliches Leben zusammen.`)
        .join(' ')
        .slice(0, 1000),
      'Familie Sonnenschein',
    );
    expect(long.text.length).toBe(1000);
    await cardUp(long.id);
    await cardShown(long.id);
    const m = await measureCard(long.id);
    expectReadable(m, 18);
    await wall.screenshot({ path: screenshotPath('wall-guestbook', 'long-card-1920x1080') });
    // withdrawn by the couple while it is on screen: it goes at once, not at the next change (the card stays 20 s)
    await ev.admin.json(`/api/client/guestbook/${long.id}/reject/${ev.hostToken}`, { method: 'PUT' });
    await wall.waitForFunction(
      (id) => document.querySelector<HTMLElement>('[data-testid=wall]')?.dataset.current !== `entry:${id}`,
      long.id,
      {
        timeout: 8_000,
      },
    );
    // and it does not come back
    for (let i = 0; i < 6; i++) {
      await wall.waitForTimeout(1_000);
      expect(await current()).not.toBe(`entry:${long.id}`);
    }
    expect(await wall.evaluate(() => 'sameDocument' in window)).toBe(true);
  });

  test('an entry with a selfie shows the photo beside its words, once the photo is ready', async () => {
    const res = await guest.fetch(`/api/event/${ev.event.id}/guestbook/attachment`, {
      method: 'POST',
      body: form({ text: 'Ein Selfie von uns beiden!', name: 'Mia', file: new File([Bun.file(PHOTO)], 'selfie.jpg') }),
    });
    expect(res.status).toBe(201);
    const selfie = (await res.json()) as GuestbookEntryDto;
    // the photo is made in the background; the card shows it from its first showing after that
    const deadline = Date.now() + 60_000;
    while ((await entries()).find((e) => e.id === selfie.id)?.attachment?.state !== 'ready') {
      if (Date.now() > deadline) throw new Error('the selfie was not processed');
      await Bun.sleep(300);
    }
    await wall.waitForFunction(
      (id) => document.querySelector<HTMLElement>('[data-testid=wall]')?.dataset.current !== `entry:${id}`,
      selfie.id,
      {
        timeout: 30_000,
      },
    );
    await cardUp(selfie.id, 60_000);
    await cardShown(selfie.id);
    expectReadable(await measureCard(selfie.id), 40);
    const photo = await wall.evaluate((id) => {
      const frame = (window as CardWindow).shownCard!(id)!;
      const img = frame.querySelector<HTMLImageElement>('.wall__card-photo')!;
      const r = img.getBoundingClientRect();
      const card = frame.querySelector('.wall__card')!.getBoundingClientRect();
      return {
        loaded: !img.hidden && img.naturalWidth > 0,
        width: r.width,
        inside: r.left >= card.left && r.right <= card.right && r.bottom <= card.bottom,
      };
    }, selfie.id);
    expect(photo.loaded).toBe(true);
    expect(photo.width).toBeGreaterThan(200);
    expect(photo.inside).toBe(true);
    await wall.screenshot({ path: screenshotPath('wall-guestbook', 'selfie-1920x1080') });
  });

  test('the collage gives a card a tile; its text fits the tile', async () => {
    const entry = await write('Auf die Liebe! 🥂', 'Tante Gerda');
    await ev.setWall({ wall_layout: 'collage' });
    await wall.waitForFunction(() => document.querySelector<HTMLElement>('[data-testid=wall]')?.dataset.layout === 'collage', undefined, {
      timeout: 15_000,
    });
    await wall.waitForFunction((id) => !!document.querySelector(`.wall__tile > .wall__frame.is-visible[data-entry-id="${id}"]`), entry.id, {
      timeout: 30_000,
      polling: 100,
    });
    await cardShown(entry.id);
    const m = await measureCard(entry.id);
    expectReadable(m, 20);
    expect(m!.textContent).toBe('Auf die Liebe! 🥂');
    await wall.screenshot({ path: screenshotPath('wall-guestbook', 'collage-1920x1080') });
    expect(errors).toEqual([]);
  });
});
