// The printable guestbook (issue 27 item 5) as Chromium prints it: reached from the couple's 'Gästebuch' section,
// every shared entry (a long text, a selfie, a phone photo, a video message, a voice message, plain wishes) on A4
// pages, rendered from the PDF with poppler (pdfinfo, pdftotext, pdftoppm): the paper's size, no entry cut by a
// page break, every name there and no withdrawn entry, the same margins left and right (printed on both sides the
// text lies behind the text), nothing of the toolbar; the screen in German and English.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { BrowserContext, Page } from 'playwright-core';
import type { AdminEventDto, GuestbookEntryDto } from '../../../src/http/api-types.ts';
import { ApiClient } from '../../helpers/api-client.ts';
import { DESKTOP, screenshotPath } from '../../helpers/browser.ts';
import { languageProblems } from '../../helpers/language-screen.ts';
import { FIXTURES } from '../../helpers/server.ts';
import { setUp, type Harness } from './harness.ts';

const EVENT_NAME = 'Anna & Ben';
/** 1,000 characters, the most a message may have */
const LONG =
  'Liebe Anna, lieber Ben, was für ein Fest! ' +
  'Wir haben gelacht, getanzt und ein bisschen geweint, als ihr euch das Ja-Wort gegeben habt. '.repeat(12);
const MESSAGE_LONG = LONG.slice(0, 1000);

/** What the guests write: a unique opening (found on the printed page) and a unique signature each. */
interface Wish {
  name: string;
  text: string;
  file?: string;
  /** where the entry begins on paper: its first words, or the recording's label */
  opening: string;
}
const WISHES: Wish[] = [
  { name: 'Tante Hildegard', text: MESSAGE_LONG, opening: 'Liebe Anna, lieber Ben' },
  {
    name: 'Jonas',
    text: 'Selfie von der Tanzfläche! Ihr wart großartig.',
    file: join(FIXTURES, 'photos', 'orientation', 'portrait_6.jpg'),
    opening: 'Selfie von der Tanzfläche',
  },
  {
    name: 'Marie',
    text: 'Unsere Videobotschaft aus der Lounge – schaut sie euch mit Ton an.',
    file: join(FIXTURES, 'videos', 'portrait-h264.mp4'),
    opening: 'Unsere Videobotschaft aus',
  },
  { name: 'Opa Heinz', text: '', file: join(FIXTURES, 'voice', 'android-recorder.amr'), opening: 'Sprachnachricht (0:04)' },
  {
    name: 'Lena',
    text: 'Ein Foto vom Sektempfang für euer Album. '.repeat(4).trim(),
    file: join(FIXTURES, 'photos', 'phones', 'HMD_Nokia_8.3_5G.jpg'),
    opening: 'Ein Foto vom Sektempfang',
  },
  // written wishes of many lengths: without the rule some would be cut where a page ends
  ...['Paul', 'Sophie', 'Clara', 'Matthias', 'Johanna', 'Friedrich', 'Greta', 'Konrad', 'Ida', 'Valentin', 'Frieda', 'Emil'].map(
    (name, i) => ({
      name,
      text: `Wunsch ${name}: ` + 'Möge eure Liebe jeden Tag ein bisschen wachsen, wie ein Garten im Frühling. '.repeat(1 + ((i * 5) % 7)),
      opening: `Wunsch ${name}:`,
    }),
  ),
];
/** withdrawn by the couple: never printed */
const WITHDRAWN = { name: 'Geheimer Gast', text: 'Das hier sollte niemand lesen.' };

let h: Harness;
let event: AdminEventDto;
let token: string;
let written: GuestbookEntryDto[] = [];
const contexts: BrowserContext[] = [];
const tmp = mkdtempSync(join(tmpdir(), 'momentbox-gb-print-'));

beforeAll(async () => {
  h = await setUp({ env: { MOMENTBOX_NEW_GUESTS_PER_ADDRESS: '100000' } });
  event = await h.admin.createEvent({ name: EVENT_NAME, primary_color: '#7C3AED', secondary_color: '#F59E0B' });
  token = (await h.admin.json<{ client_token: string }>(`/api/client/generate-token/${event.id}`, { method: 'POST' })).client_token;
  const writing: { name: string; text: string; file?: string }[] = [...WISHES.slice(0, 3), WITHDRAWN, ...WISHES.slice(3)];
  for (const wish of writing) {
    const guest = new ApiClient(h.server.url);
    await guest.joinAsGuest(event.code, wish.name);
    const file = wish.file;
    const body = new FormData();
    body.append('text', wish.text);
    if (file) body.append('file', new File([Bun.file(file)], file.split('/').pop()!));
    const res = file
      ? await guest.fetch(`/api/event/${event.id}/guestbook/attachment`, { method: 'POST', body })
      : await guest.fetch(`/api/event/${event.id}/guestbook`, { method: 'POST', json: { text: wish.text } });
    if (res.status !== 201) throw new Error(`entry refused: ${res.status} ${await res.text()}`);
    written.push((await res.json()) as GuestbookEntryDto);
  }
  const withdrawn = written.find((e) => e.name === WITHDRAWN.name)!;
  expect((await h.admin.fetch(`/api/client/guestbook/${withdrawn.id}/reject/${token}`, { method: 'PUT' })).status).toBe(200);
  // the video's poster and the voice message's copy (bounded)
  const deadline = Date.now() + 120_000;
  for (;;) {
    written = await h.admin.json<GuestbookEntryDto[]>(`/api/client/guestbook/${token}`);
    if (written.every((e) => e.attachment?.state !== 'processing')) break;
    if (Date.now() > deadline) throw new Error('guestbook attachments still processing after 120 s');
    await Bun.sleep(250);
  }
}, 180_000);
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await h?.close();
  if (!process.env.KEEP_PDF) rmSync(tmp, { recursive: true, force: true });
});

/** The print view opened as the couple does: their page's 'Gästebuch' section, the button, the new tab. */
async function openFromCouplesPage(locale: string, button: string): Promise<Page> {
  const ctx = await h.browser.newContext({ ...DESKTOP, locale, baseURL: h.server.url });
  contexts.push(ctx);
  const page = await ctx.newPage();
  page.on('pageerror', (e) => h.errors.push(e.message));
  await page.goto(`/event/${token}/settings`);
  await page.getByRole('tab', { name: locale.startsWith('en') ? 'Guestbook' : 'Gästebuch' }).click();
  await page.getByRole('link', { name: button }).waitFor();
  await page.screenshot({ path: screenshotPath('host', `guestbook-print-link-${locale}`) });
  const [print] = await Promise.all([ctx.waitForEvent('page'), page.getByRole('link', { name: button }).click()]);
  print.on('pageerror', (e) => h.errors.push(e.message));
  await print.getByTestId('guestbook-print-entry').first().waitFor();
  // every picture decoded before anything is measured or printed
  await print.waitForFunction(() => [...document.images].every((img) => img.complete && img.naturalWidth > 0), undefined, {
    timeout: 30_000,
  });
  await print.evaluate(() => document.fonts.ready);
  return print;
}

/** The words on each page of a PDF (pdftotext), whitespace made single spaces. */
function pageTexts(pdf: string, pages: number): string[] {
  return Array.from({ length: pages }, (_, i) =>
    Bun.spawnSync(['pdftotext', '-f', String(i + 1), '-l', String(i + 1), pdf, '-'])
      .stdout.toString()
      .replace(/\s+/g, ' '),
  );
}

/** Each page's size in points (pdfinfo). */
function pageSizes(pdf: string): [number, number][] {
  const info = Bun.spawnSync(['pdfinfo', '-f', '1', '-l', '999', pdf]).stdout.toString();
  return [...info.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/gm)].map((m) => [Number(m[1]), Number(m[2])]);
}

/** Where the ink is on a rendered page: the first and last inked column and row, in mm from the paper's edges. */
async function inkMargins(png: string, dpi: number) {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let [left, right, top, bottom] = [info.width, -1, info.height, -1];
  for (let y = 0; y < info.height; y++)
    for (let x = 0; x < info.width; x++) {
      const i = (y * info.width + x) * info.channels;
      if (data[i]! >= 235 && data[i + 1]! >= 235 && data[i + 2]! >= 235) continue;
      left = Math.min(left, x);
      right = Math.max(right, x);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
    }
  const mm = (px: number) => (px / dpi) * 25.4;
  return { left: mm(left), right: mm(info.width - 1 - right), top: mm(top), bottom: mm(info.height - 1 - bottom) };
}

test("'Gästebuch drucken' on the couple's page: every shared entry on A4, none cut by a page break, margins alike on both sides", async () => {
  const page = await openFromCouplesPage('de-DE', 'Gästebuch drucken');
  expect(page.url()).toContain(`/print/${event.id}/guestbook?token=`);

  // on screen: the shared entries, oldest first, each with its name and time in German; the withdrawn one left out
  const entries = page.getByTestId('guestbook-print-entry');
  expect(await entries.getByTestId('guestbook-print-name').allTextContents()).toEqual(WISHES.map((w) => w.name));
  const body = await page.locator('body').innerText();
  expect(body).not.toContain(WITHDRAWN.name);
  expect(body).not.toContain(WITHDRAWN.text);
  expect(body).toContain('1 Eintrag ist nicht freigegeben und wird nicht gedruckt.');
  const sheet = page.getByTestId('guestbook-print');
  expect(await sheet.locator('.hx-gbp__title').textContent()).toBe(EVENT_NAME);
  const day = new Intl.DateTimeFormat('de-DE', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Berlin' }).format(
    new Date(event.event_start_datetime),
  );
  expect(await page.getByTestId('guestbook-print-date').textContent()).toBe(day);
  expect(await sheet.getByText('17 Einträge').count()).toBe(1);
  const times = await entries.locator('time').allTextContents();
  expect(times.filter((t) => !/^\d{1,2}\. \p{L}+ \d{4} um \d\d:\d\d$/u.test(t))).toEqual([]);
  expect(await entries.getByTestId('guestbook-print-recording').allTextContents()).toEqual([
    'Videobotschaft (0:03)',
    'Sprachnachricht (0:04)',
  ]);
  // the selfie upright, the photo and the video's poster inline, scaled into their entry
  const pictures = await entries.locator('img').evaluateAll((imgs) =>
    imgs.map((img) => {
      const r = img.getBoundingClientRect();
      const box = img.closest('li')!.getBoundingClientRect();
      return {
        alt: img.getAttribute('alt'),
        portrait: r.height > r.width,
        inside: r.left >= box.left && r.right <= box.right && r.top >= box.top && r.bottom <= box.bottom,
      };
    }),
  );
  expect(pictures).toEqual([
    { alt: 'Foto von Jonas', portrait: true, inside: true },
    { alt: 'Videobotschaft von Marie', portrait: true, inside: true },
    { alt: 'Foto von Lena', portrait: false, inside: true },
  ]);
  expect(await languageProblems(page, 'de', [EVENT_NAME, ...WISHES.flatMap((w) => [w.name, w.text])])).toEqual([]);
  await page.screenshot({ path: screenshotPath('host', 'guestbook-print-screen'), fullPage: true });

  // printed: no toolbar, no notice
  await page.emulateMedia({ media: 'print' });
  expect(await page.getByTestId('guestbook-print-toolbar').isVisible()).toBe(false);
  expect(await page.locator('.hx-print__notice').isVisible()).toBe(false);
  await page.screenshot({ path: screenshotPath('host', 'guestbook-print-media'), fullPage: true });

  const pdf = join(tmp, 'guestbook.pdf');
  writeFileSync(pdf, await page.pdf({ format: 'A4', preferCSSPageSize: true, printBackground: true }));
  const sizes = pageSizes(pdf);
  // A4 on every page: 595 x 842 pt (Chromium writes 595.92 x 842.88)
  expect(sizes.length).toBeGreaterThanOrEqual(3);
  for (const [w, h] of sizes) expect([Math.abs(w - 595.3) < 1, Math.abs(h - 841.9) < 1.2]).toEqual([true, true]);
  const texts = pageTexts(pdf, sizes.length);
  const pagesWith = (s: string) => texts.flatMap((t, i) => (t.includes(s) ? [i + 1] : []));
  // each entry on one page: where it begins (its first words) and where it ends (the signature) on the same page
  const placed = WISHES.map((w) => ({ name: w.name, opening: pagesWith(w.opening), signature: pagesWith(w.name) }));
  // (both found on exactly one page, and the same one)
  for (const p of placed) expect(p).toEqual({ name: p.name, opening: [p.signature[0]!], signature: [p.opening[0]!] });
  // the heading on the first page, every page used (no empty one at the end), the page numbers below
  expect(pagesWith(EVENT_NAME)).toEqual([1]);
  expect(Math.max(...placed.map((p) => p.signature[0]!))).toBe(sizes.length);
  expect(texts.every((t, i) => t.trim().endsWith(String(i + 1)))).toBe(true);
  // nothing of the screen's chrome and nothing withdrawn on paper
  const all = texts.join(' ');
  for (const chrome of ['Zurück', 'Drucken', 'Gedruckt werden', 'nicht freigegeben', WITHDRAWN.name, 'niemand lesen'])
    expect({ chrome, printed: all.includes(chrome) }).toEqual({ chrome, printed: false });

  // the ink: within the page's margins, the same distance from the left and the right edge on every page
  const DPI = 60;
  expect(Bun.spawnSync(['pdftoppm', '-r', String(DPI), '-png', pdf, join(tmp, 'page')]).exitCode).toBe(0);
  const pngs = readdirSync(tmp)
    .filter((f) => f.startsWith('page-') && f.endsWith('.png'))
    .sort()
    .map((f) => join(tmp, f));
  expect(pngs.length).toBe(sizes.length);
  for (const [i, png] of pngs.entries()) {
    await sharp(png).toFile(screenshotPath('host', `guestbook-print-pdf-${i + 1}`));
    const m = await inkMargins(png, DPI);
    expect({ page: i + 1, sides: Math.abs(m.left - m.right) < 1.5, left: m.left > 15, top: m.top > 15, bottom: m.bottom > 6 }).toEqual({
      page: i + 1,
      sides: true,
      left: true,
      top: true,
      bottom: true,
    });
  }
  expect(h.errors).toEqual([]);
}, 120_000);

test('in English: the toolbar and, for an English event, the pages', async () => {
  const host = new ApiClient(h.server.url);
  expect((await host.fetch(`/api/client/event/${token}`, { method: 'PUT', json: { language: 'en' } })).status).toBe(200);
  try {
    const page = await openFromCouplesPage('en-US', 'Print guestbook');
    const body = await page.locator('body').innerText();
    expect(body).toContain('1 entry is not approved and will not be printed.');
    expect(body).toContain('17 entries');
    expect(await page.getByTestId('guestbook-print-entry').getByTestId('guestbook-print-recording').allTextContents()).toEqual([
      'Video message (0:03)',
      'Voice message (0:04)',
    ]);
    const times = await page.getByTestId('guestbook-print-entry').locator('time').allTextContents();
    // the event's English (British, as the app writes dates): '26 November 2026 at 21:04'
    expect(times.filter((t) => !/^\d{1,2} [A-Z][a-z]+ \d{4} at \d\d:\d\d$/.test(t))).toEqual([]);
    expect(await languageProblems(page, 'en', [EVENT_NAME, ...WISHES.flatMap((w) => [w.name, w.text])])).toEqual([]);
    await page.screenshot({ path: screenshotPath('host', 'guestbook-print-screen-en') });
  } finally {
    await host.fetch(`/api/client/event/${token}`, { method: 'PUT', json: { language: 'de' } });
  }
  expect(h.errors).toEqual([]);
}, 60_000);
