import { afterAll, beforeAll, expect, test } from 'bun:test';
import QRCode from 'qrcode';
import type { Page } from 'playwright-core';
import type { AdminEventDto } from '../../src/http/api-types.ts';
import { hostDe } from '../../web/src/i18n/host.de.ts';
import { hostEn } from '../../web/src/i18n/host.en.ts';
import { DESKTOP, PHONE } from '../helpers/browser.ts';
import { languageProblems } from '../helpers/language-screen.ts';
import { card, loginUi, setUp, type Harness } from './host/harness.ts';

// Issue 26, item 1: the couple's settings link as a QR code on the admin's event card and as a printable
// 'Für das Brautpaar' card; what the code holds (read back from the drawn image) opens the couple's page on a phone.

let h: Harness;
let event: AdminEventDto;
let settingsUrl: string;
beforeAll(async () => {
  h = await setUp();
  event = await h.admin.createEvent({ name: 'Anna & Ben', code: 'anna-ben' });
  settingsUrl = (await h.admin.json<{ settings_url: string }>(`/api/client/generate-token/${event.id}`, { method: 'POST' })).settings_url;
});
afterAll(async () => {
  await h?.close();
});

/** The value a drawn QR code holds: the page's SVG must be exactly the code of that value (as the app draws it). */
async function qrValue(page: Page, testId: string): Promise<string> {
  const img = page.getByTestId(testId).locator('img');
  await img.waitFor();
  const value = (await img.getAttribute('data-qr'))!;
  const src = (await img.getAttribute('src'))!;
  const drawn = decodeURIComponent(src.replace(/^data:image\/svg\+xml;charset=utf-8,/, ''));
  const expected = await QRCode.toString(value, {
    type: 'svg',
    margin: 1,
    errorCorrectionLevel: 'M',
    color: { dark: '#111827', light: '#ffffff' },
  });
  expect(drawn).toBe(expected);
  return value;
}

for (const [lang, dict] of [
  ['de', hostDe],
  ['en', hostEn],
] as const) {
  test(`dashboard (${lang}, 1440x900): the event card shows the couple's link as a QR code; it opens the couple's page on a phone`, async () => {
    const ctx = await h.browser.newContext({ ...DESKTOP, locale: lang === 'de' ? 'de-DE' : 'en-GB', baseURL: h.server.url });
    const page = await ctx.newPage();
    await loginUi(page, h.server.adminPassword);
    const qr = card(page, 'anna-ben').getByTestId('couple-qr');
    await qr.scrollIntoViewIfNeeded();
    expect(await qr.getByRole('img', { name: dict.coupleQr }).isVisible()).toBe(true);
    const box = (await qr.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(90); // scannable from the laptop's screen
    const value = await qrValue(page, 'couple-qr');
    expect(value).toBe(settingsUrl);
    await card(page, 'anna-ben').getByRole('link', { name: dict.printCoupleCard }).waitFor();
    await page.screenshot({ path: `test-results/screenshots/host/46-couple-qr-card-${lang}.png` });
    expect(await languageProblems(page, lang)).toEqual([]);

    // scanned on the couple's phone: the couple's page
    const phone = await h.browser.newContext({ ...PHONE, baseURL: h.server.url });
    const p = await phone.newPage();
    await p.goto(value);
    await p.getByText('Anna & Ben').first().waitFor();
    expect(new URL(p.url()).pathname).toBe(new URL(settingsUrl).pathname);
    await phone.close();
    await ctx.close();
  });
}

test("the printable card 'Für das Brautpaar': what it is for, to keep it private, the couple's link as QR", async () => {
  const ctx = await h.browser.newContext({ ...DESKTOP, baseURL: h.server.url });
  const page = await ctx.newPage();
  await loginUi(page, h.server.adminPassword);
  await page.goto(`/print/${event.id}?format=couple`);
  const sheet = page.getByTestId('couple-sheet');
  await sheet.getByRole('heading', { name: hostDe.coupleCardTitle }).waitFor();
  await sheet.getByText(hostDe.coupleCardLead).waitFor();
  await sheet.getByText(hostDe.coupleCardPrivate).waitFor();
  expect(await qrValue(page, 'couple-qr')).toBe(settingsUrl);
  await page.screenshot({ path: 'test-results/screenshots/host/47-couple-print-card.png' });
  expect(await languageProblems(page, 'de')).toEqual([]);
  await ctx.close();
});

test('no script errors', () => {
  expect(h.errors).toEqual([]);
});
