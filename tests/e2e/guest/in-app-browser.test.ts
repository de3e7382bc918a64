import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { AdminEventDto } from '../../../src/http/api-types.ts';
import { PHONE } from '../../helpers/browser.ts';
import { consent, createEvent, newGuest, openEvent, shot, startGuestEnv, type GuestEnv } from './helpers.ts';

// A guest who opened the shared link inside Instagram is told, before the upload tile, to open the page in
// Safari/Chrome, with the address to copy; over plain http:// (no navigator.clipboard) the copy still works.
// The same phone in Chrome sees no banner. Which apps count is unit-tested in web/src/upload/in-app-browser.test.ts.

const INSTAGRAM_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A.240905.003; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/130.0.6723.58 Mobile Safari/537.36 Instagram 355.1.0.44.103 Android (34/14; 420dpi; 1080x2205; Google/google; Pixel 8; shiba; shiba; en_US; 658190016)';

let env: GuestEnv;
let event: AdminEventDto;

beforeAll(async () => {
  env = await startGuestEnv();
  event = await createEvent(env.admin, { code: 'inapp-e2e' });
});
afterAll(async () => env?.stop());

test('Instagram webview: banner with address and copy before the upload tile; Chrome: none', async () => {
  const { context, page } = await newGuest(env, { ...PHONE, userAgent: INSTAGRAM_ANDROID });
  // As on the venue's http:// address: not a secure context, no async clipboard; record what execCommand copies.
  await page.addInitScript(() => {
    Object.defineProperty(window, 'isSecureContext', { value: false });
    Object.defineProperty(navigator, 'clipboard', { value: undefined });
    const w = window as unknown as { copied: string[] };
    w.copied = [];
    document.execCommand = (cmd: string) => {
      if (cmd === 'copy')
        w.copied.push(String(document.getSelection() ?? '') || ((document.activeElement as HTMLInputElement | null)?.value ?? ''));
      return cmd === 'copy';
    };
  });
  await openEvent(page, env, event.code);
  await consent(page, 'Insta');

  const banner = page.getByTestId('inapp-banner');
  await banner.waitFor();
  expect(await banner.getAttribute('data-app')).toBe('Instagram');
  expect(await banner.textContent()).toContain('Öffne diese Seite in Safari/Chrome, damit deine Uploads sicher ankommen');
  const address = `${env.url}/event/${event.code}`;
  expect(await page.getByTestId('inapp-link').inputValue()).toBe(address);

  // Painted before the upload tile, and on the phone's screen width.
  const b = (await banner.boundingBox())!;
  const tile = (await page.getByTestId('upload-tile').boundingBox())!;
  expect(b.y + b.height).toBeLessThanOrEqual(tile.y);
  expect(b.x).toBeGreaterThanOrEqual(0);
  expect(b.x + b.width).toBeLessThanOrEqual(390);

  await page.getByTestId('inapp-link-copy').click();
  await page.locator('[data-testid=toast]', { hasText: 'Adresse kopiert' }).waitFor();
  expect(await page.evaluate(() => (window as unknown as { copied: string[] }).copied)).toEqual([address]);
  await banner.scrollIntoViewIfNeeded();
  await shot(page, 'inapp-banner-phone', { fullPage: false });
  await context.close();

  const chrome = await newGuest(env, PHONE);
  await openEvent(chrome.page, env, event.code);
  await consent(chrome.page, 'Chrome');
  await chrome.page.getByTestId('upload-tile').waitFor();
  expect(await chrome.page.getByTestId('inapp-banner').count()).toBe(0);
  await chrome.context.close();
});
