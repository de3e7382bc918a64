import { afterAll, beforeAll, expect, test } from 'bun:test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page, Route } from 'playwright-core';
import sharp from 'sharp';
import type { AdminEventDto, UploadDto } from '../../../src/http/api-types.ts';
import { PHONE } from '../../helpers/browser.ts';
import { ROOT } from '../../helpers/server.ts';
import {
  CAMERAS,
  consent,
  createEvent,
  newGuest,
  openEvent,
  PHONES,
  shot,
  startGuestEnv,
  waitForUploadsDone,
  type GuestEnv,
} from './helpers.ts';

// Nothing held back in silence: of seven files picked on a phone, two similar to a photo the guest already
// uploaded, an exact copy, a text file, a photo over the box's 2 MB limit and one the box fails on are listed
// under 'Nicht hochgeladen', each with its reason, in no success colour; the similar ones beside the photo
// already there, with 'Trotzdem hochladen' for all. Only every file up reads 'Alle … erfolgreich'.

const JOLLA = PHONES[2]!; // 0.8 MB
const NOKIA = PHONES[0]!; // 2.1 MB: over the limit
let env: GuestEnv;
let event: AdminEventDto;
let burst1: string;
let burst2: string;
let note: string;

beforeAll(async () => {
  env = await startGuestEnv({ MOMENTBOX_MAX_UPLOAD_MB: '2' });
  event = await createEvent(env.admin, { code: 'not-uploaded-e2e' });
  const dir = join(ROOT, 'test-results', 'fixtures');
  mkdirSync(dir, { recursive: true });
  // Burst shots: other bytes, a few dHash bits from the first.
  burst1 = join(dir, 'jolla-burst-1.jpg');
  burst2 = join(dir, 'jolla-burst-2.jpg');
  await sharp(JOLLA).rotate().resize(320).jpeg({ quality: 62 }).toFile(burst1);
  await sharp(JOLLA).rotate().resize(380).jpeg({ quality: 74 }).toFile(burst2);
  note = join(dir, 'notiz.txt');
  writeFileSync(note, 'kein Foto');
});
afterAll(async () => env?.stop());

/** Colour-contrast violations inside the upload sheet (axe). */
async function contrastIssues(page: Page): Promise<number> {
  await page.waitForTimeout(300);
  const r = await new AxeBuilder({ page }).include('[data-testid=upload-modal]').withRules(['color-contrast']).analyze();
  if (r.violations.length)
    console.error(JSON.stringify(r.violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary}`))));
  return r.violations.length;
}

const GREEN_BACKGROUND = 'rgb(236, 253, 245)';
const GREEN_TEXT = ['rgb(5, 150, 105)', 'rgb(6, 95, 70)', 'rgb(16, 185, 129)'];

test('every file not uploaded is listed with its reason; similar ones can go up after all', async () => {
  const { context, page } = await newGuest(env, PHONE);
  await openEvent(page, env, event.code);
  await consent(page, 'Mia');
  await page.getByTestId('auto-approve').check();
  await page.getByTestId('upload-input').setInputFiles(JOLLA);
  expect(await waitForUploadsDone(page)).toBe('Alle 1 Uploads erfolgreich');
  await page.getByTestId('upload-close').click();

  // A skipped exact copy alone is no success either: amber, 'Schließen', the copy listed.
  await page.getByTestId('upload-input').setInputFiles(JOLLA);
  expect(await waitForUploadsDone(page)).toBe('0 neue Datei(en) hochgeladen1 Duplikat(e) übersprungen');
  const summary = page.getByTestId('upload-summary');
  expect(await summary.getAttribute('data-tone')).toBe('held');
  expect(await summary.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(GREEN_BACKGROUND);
  expect(await page.getByTestId('upload-close').textContent()).toBe('Schließen');
  expect(await page.getByTestId('upload-not-uploaded').getByTestId('upload-item-status').textContent()).toBe(
    'Diese Datei wurde bereits hochgeladen',
  );
  await page.getByTestId('upload-close').click();

  // The box fails on one photo.
  let failOnce = true;
  await page.route('**/api/event/*/upload', async (route: Route) => {
    if (failOnce && (route.request().postDataBuffer()?.toString('latin1') ?? '').includes('filename="Canon_40D.jpg"')) {
      failOnce = false;
      await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Speicher nicht bereit' }) });
      return;
    }
    await route.continue();
  });
  await page.getByTestId('upload-input').setInputFiles([burst1, burst2, JOLLA, note, NOKIA, CAMERAS[0]!, CAMERAS[1]!]);
  // Sent on in the background: when all are through, the bar stays and says how many did not go up.
  await page.getByTestId('upload-hide').click();
  const pill = page.locator('[data-testid=upload-pill][data-state=error]');
  await pill.waitFor({ timeout: 60_000 });
  expect(await pill.textContent()).toBe('1 von 76 nicht hochgeladen');
  await page.waitForTimeout(5000); // longer than an all-done bar stays
  expect(await pill.isVisible()).toBe(true);
  await shot(page, 'not-uploaded-pill-phone', { fullPage: false });
  await pill.click();
  expect(await waitForUploadsDone(page)).toBe(
    '1 von 7 hochgeladen - Es sind Fehler aufgetreten1 Duplikat(e) übersprungen2 ähnliche(s) Foto(s) nicht hochgeladen',
  );
  expect(await summary.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(GREEN_BACKGROUND);
  expect(await page.getByTestId('upload-close').textContent()).toBe('Schließen');

  const missing = page.getByTestId('upload-not-uploaded');
  expect(await missing.locator('h3').textContent()).toBe('Nicht hochgeladen (6)');
  const reasons: Record<string, string> = {};
  for (const it of await missing.getByTestId('upload-item').all()) {
    const name = (await it.getByTestId('upload-item-name').getAttribute('title'))!;
    const status = it.getByTestId('upload-item-status');
    reasons[name] = (await status.textContent())!;
    expect(GREEN_TEXT).not.toContain(await status.evaluate((el) => getComputedStyle(el).color));
  }
  expect(reasons).toEqual({
    'jolla-burst-1.jpg': 'Ähnliches Foto bereits hochgeladen',
    'jolla-burst-2.jpg': 'Ähnliches Foto bereits hochgeladen',
    'jolla.jpg': 'Diese Datei wurde bereits hochgeladen',
    'notiz.txt': 'Nur JPG, PNG, HEIC, MP4 und MOV Dateien erlaubt',
    'HMD_Nokia_8.3_5G.jpg': 'Datei zu groß (über 2MB)',
    'Canon_40D.jpg': 'Upload fehlgeschlagen. Bitte versuche es erneut. Speicher nicht bereit',
  });
  // The uploaded one is not among them.
  expect(await page.locator('[data-testid=upload-item][data-status=success]').count()).toBe(1);

  // Similar ones: the photo already there beside the new one, both painted.
  const similar = missing.locator('[data-testid=upload-item][data-status=similar]');
  expect(await similar.count()).toBe(2);
  for (const it of await similar.all()) {
    for (const img of [it.getByTestId('upload-similar-thumb'), it.getByTestId('upload-similar-new')]) {
      await img.evaluate((el: HTMLImageElement) => el.decode());
      expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
      expect((await img.boundingBox())!.width).toBeGreaterThan(40);
    }
    const [a, b] = [
      (await it.getByTestId('upload-similar-thumb').boundingBox())!,
      (await it.getByTestId('upload-similar-new').boundingBox())!,
    ];
    expect(Math.abs(a.y - b.y)).toBeLessThan(2); // side by side
  }
  await shot(page, 'not-uploaded-summary-phone');
  expect(await contrastIssues(page)).toBe(0);
  // The same in dark mode: still no success colour, still readable.
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await summary.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(GREEN_BACKGROUND);
  await shot(page, 'not-uploaded-summary-phone-dark');
  expect(await contrastIssues(page)).toBe(0);
  await page.emulateMedia({ colorScheme: 'light' });

  // 'Alle 2 trotzdem hochladen' and 'Erneut versuchen' for the failed one.
  await page.getByTestId('upload-anyway-all').click();
  await missing.locator('[data-testid=upload-item]', { hasText: 'Canon_40D.jpg' }).getByTestId('upload-retry').click();
  expect(await waitForUploadsDone(page)).toBe('4 von 7 hochgeladen - Es sind Fehler aufgetreten1 Duplikat(e) übersprungen');
  expect(await page.locator('[data-testid=upload-item][data-status=success]').count()).toBe(4);
  expect(await missing.locator('h3').textContent()).toBe('Nicht hochgeladen (3)');
  await shot(page, 'not-uploaded-after-phone');
  await page.getByTestId('upload-close').click();
  expect((await env.admin.json<UploadDto[]>(`/api/event/${event.id}/uploads`)).length).toBe(5);
  await context.close();
});
