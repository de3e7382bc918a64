import { afterAll, beforeAll, expect, test } from 'bun:test';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { DESKTOP, screenshotPath } from '../helpers/browser.ts';
import { loginUi, setUp, type Harness } from './host/harness.ts';

// Issue 26, item 7: the printed cards in Chromium's PDF output, rendered to pictures with poppler's pdftoppm:
// nothing within 5 mm of the paper's edge (home printers clip or frame it), addresses that never break inside a word.

const FORMATS = ['a4', 'card', 'cards4', 'couple'] as const;
const DPI = 100;
const EDGE_PX = Math.ceil((5 / 25.4) * DPI);

let h: Harness;
let eventId: number;
const tmp = mkdtempSync(join(tmpdir(), 'momentbox-print-pdf-'));
beforeAll(async () => {
  // a long public address: the line under the QR code must wrap, only after '/' or '.'
  h = await setUp({ env: { MOMENTBOX_PUBLIC_URL: 'http://fotobox.hochzeit-von-anna-und-benedikt.example' } });
  const event = await h.admin.createEvent({ name: 'Anna & Benedikt', code: 'sommerhochzeit-am-schlosssee-2026' });
  eventId = event.id;
  await h.admin.fetch(`/api/client/generate-token/${event.id}`, { method: 'POST' });
});
afterAll(async () => {
  await h?.close();
  if (!process.env.KEEP_PDF) rmSync(tmp, { recursive: true, force: true });
});

/** Non-white pixels in the 5 mm band along the edges of a rendered page, and the page's size in pixels. */
async function edgeInk(png: string): Promise<{ ink: number; width: number; height: number }> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let ink = 0;
  for (let y = 0; y < info.height; y++)
    for (let x = 0; x < info.width; x++) {
      if (x >= EDGE_PX && x < info.width - EDGE_PX && y >= EDGE_PX && y < info.height - EDGE_PX) continue;
      const i = (y * info.width + x) * info.channels;
      if (data[i]! < 245 || data[i + 1]! < 245 || data[i + 2]! < 245) ink++;
    }
  return { ink, width: info.width, height: info.height };
}

test('every format as PDF: one page, nothing within 5 mm of the edge, the address broken only after / or .', async () => {
  const ctx = await h.browser.newContext({ ...DESKTOP, baseURL: h.server.url });
  const page = await ctx.newPage();
  await loginUi(page, h.server.adminPassword);
  for (const format of FORMATS) {
    await page.goto(`/print/${eventId}?format=${format}`);
    await page.locator('.hx-sheet img[data-qr]').first().waitFor();
    await page.evaluate(() => document.fonts.ready);
    if (format !== 'couple') {
      // each piece between the offered breaks stays on one line
      const pieces = await page
        .locator('.hx-sheet__link-part')
        .evaluateAll((spans) => spans.map((s) => ({ text: s.textContent, lines: s.getClientRects().length })));
      expect(pieces.length).toBeGreaterThan(3);
      expect(pieces.filter((p) => p.lines > 1)).toEqual([]);
    }
    const pdf = join(tmp, `${format}.pdf`);
    writeFileSync(pdf, await page.pdf({ preferCSSPageSize: true, printBackground: true }));
    const prefix = join(tmp, format);
    expect(Bun.spawnSync(['pdftoppm', '-r', String(DPI), '-png', pdf, prefix]).exitCode).toBe(0);
    const pages = readdirSync(tmp).filter((f) => f.startsWith(`${format}-`) && f.endsWith('.png'));
    expect({ format, pages: pages.length }).toEqual({ format, pages: 1 });
    const png = join(tmp, pages[0]!);
    await sharp(png).toFile(screenshotPath('print', `pdf-${format}`));
    const { ink, width, height } = await edgeInk(png);
    const mm = (px: number) => Math.round((px / DPI) * 25.4);
    expect({ format, size: [mm(width), mm(height)] }).toEqual({
      format,
      size: format === 'card' || format === 'couple' ? [105, 148] : [210, 297],
    });
    expect({ format, inkWithin5mm: ink }).toEqual({ format, inkWithin5mm: 0 });
  }
  await ctx.close();
});
