import { afterAll, beforeAll, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PHONE } from '../../helpers/browser.ts';
import { consent, createEvent, FIXTURES, newGuest, openEvent, shot, startGuestEnv, waitForUploadsDone, type GuestEnv } from './helpers.ts';

// An iPhone HEIC picked on a phone: the upload list accepts it, the tile and the viewer show it upright
// (Chromium cannot show HEIC itself, so what it shows are the server's JPEGs), and the viewer offers the
// original and a JPEG as downloads.

const HEIC = join(FIXTURES, 'photos', 'heic', 'iphone_13_pro_max.HEIC');
let env: GuestEnv;
beforeAll(async () => {
  env = await startGuestEnv();
});
afterAll(async () => env?.stop());

test('a guest uploads a HEIC and sees it upright in the grid and the viewer, and downloads the original and a JPEG', async () => {
  const event = await createEvent(env.admin, { code: 'heic-e2e' });
  const { context, page } = await newGuest(env, PHONE);
  await openEvent(page, env, event.code);
  await consent(page, 'Ida');
  await page.getByTestId('auto-approve').check();

  await page.getByTestId('upload-input').setInputFiles(HEIC);
  await page.getByTestId('upload-modal').waitFor();
  expect(await waitForUploadsDone(page)).toBe('Alle 1 Uploads erfolgreich');
  await page.getByTestId('upload-close').click();

  // The tile turns from the placeholder into the thumbnail once the job queue has made it: a portrait.
  const tileImg = page.locator('[data-testid=media-tile] img');
  await tileImg.waitFor({ timeout: 60_000 });
  await page.waitForFunction(
    () => ((document.querySelector('[data-testid=media-tile] img') as HTMLImageElement | null)?.naturalWidth ?? 0) > 0,
  );
  // The file the tile chose for this 2x screen (naturalWidth of a srcset image is divided by its density).
  const tile = await tileImg.evaluate(async (img: HTMLImageElement) => {
    const file = new Image();
    file.src = img.currentSrc;
    await file.decode();
    return { w: file.naturalWidth, h: file.naturalHeight };
  });
  expect(tile).toEqual({ w: 480, h: 640 });
  await shot(page, 'heic-grid-phone');

  await page.getByTestId('media-tile').first().locator('button.ev-tile__open').click();
  const viewerImg = page.getByTestId('viewer-image');
  await viewerImg.waitFor();
  await page.waitForFunction(
    () => ((document.querySelector('[data-testid=viewer-image]') as HTMLImageElement | null)?.naturalWidth ?? 0) > 0,
  );
  expect(await viewerImg.evaluate((img: HTMLImageElement) => ({ w: img.naturalWidth, h: img.naturalHeight }))).toEqual({
    w: 1536,
    h: 2048,
  });
  await shot(page, 'heic-viewer-phone');

  const [original] = await Promise.all([page.waitForEvent('download'), page.getByTestId('viewer-download').click()]);
  expect(original.suggestedFilename()).toBe('iphone_13_pro_max.HEIC');
  expect(readFileSync((await original.path())!).equals(readFileSync(HEIC))).toBe(true);

  const [jpeg] = await Promise.all([page.waitForEvent('download'), page.getByTestId('viewer-download-jpeg').click()]);
  expect(jpeg.suggestedFilename()).toBe('iphone_13_pro_max.jpg');
  const jpegBytes = readFileSync((await jpeg.path())!);
  expect([...jpegBytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  await context.close();
});
