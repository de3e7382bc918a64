import { afterAll, beforeAll, expect, test } from 'bun:test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { AdminEventDto, UploadDto } from '../../../src/http/api-types.ts';
import { PHONE } from '../../helpers/browser.ts';
import { ROOT } from '../../helpers/server.ts';
import {
  consent,
  createEvent,
  newGuest,
  openEvent,
  PHONES,
  shot,
  startGuestEnv,
  uploadSummary,
  waitForUploadsDone,
  type GuestEnv,
} from './helpers.ts';

// Similar is not the same: a guest who picks a smaller re-encode of a photo they already uploaded is asked
// ('Ähnliches Foto bereits hochgeladen', with the thumbnail of theirs) and may upload it anyway; another
// guest's similar photo goes up without a question.

const JOLLA = PHONES[2]!;
let env: GuestEnv;
let event: AdminEventDto;
let copyForAnna: string;
let copyForBen: string;

beforeAll(async () => {
  env = await startGuestEnv();
  event = await createEvent(env.admin, { code: 'similar-e2e' });
  const dir = join(ROOT, 'test-results', 'fixtures');
  mkdirSync(dir, { recursive: true });
  // Two different re-encodes (other bytes, so no exact duplicates), both a few dHash bits from the original.
  copyForAnna = join(dir, 'jolla-klein.jpg');
  copyForBen = join(dir, 'jolla-geteilt.jpg');
  await sharp(JOLLA).rotate().resize(300).jpeg({ quality: 60 }).toFile(copyForAnna);
  await sharp(JOLLA).rotate().resize(360).jpeg({ quality: 70 }).toFile(copyForBen);
});
afterAll(async () => env?.stop());

const count = async () => (await env.admin.json<UploadDto[]>(`/api/event/${event.id}/uploads`)).length;

test('the same guest is asked about a similar photo and uploads it anyway; another guest is not asked', async () => {
  const anna = await newGuest(env, PHONE);
  await openEvent(anna.page, env, event.code);
  await consent(anna.page, 'Anna');
  await anna.page.getByTestId('auto-approve').check();
  await anna.page.getByTestId('upload-input').setInputFiles(JOLLA);
  expect(await waitForUploadsDone(anna.page)).toBe('Alle 1 Uploads erfolgreich');
  await anna.page.getByTestId('upload-close').click();
  const [first] = await env.admin.json<UploadDto[]>(`/api/event/${event.id}/uploads`);

  // The re-encode: held back with the question and the thumbnail of the photo already there.
  await anna.page.getByTestId('upload-input').setInputFiles(copyForAnna);
  await anna.page.getByTestId('upload-modal').waitFor();
  const item = anna.page.locator('[data-testid=upload-item]');
  await anna.page.locator('[data-testid=upload-item][data-status=similar]').waitFor({ timeout: 60_000 });
  expect(await item.getByTestId('upload-item-status').textContent()).toBe('Ähnliches Foto bereits hochgeladen');
  const thumb = item.getByTestId('upload-similar-thumb');
  expect(await thumb.getAttribute('src')).toBe(first!.thumbnail_path);
  await anna.page.waitForFunction(
    () => ((document.querySelector('[data-testid=upload-similar-thumb]') as HTMLImageElement | null)?.naturalWidth ?? 0) > 0,
  );
  expect(await uploadSummary(anna.page)).toBe('0 neue Datei(en) hochgeladen1 ähnliche(s) Foto(s) nicht hochgeladen');
  await shot(anna.page, 'upload-similar-phone');
  expect(await count()).toBe(1);

  await item.getByTestId('upload-anyway').click();
  await anna.page.locator('[data-testid=upload-item][data-status=success]').waitFor({ timeout: 60_000 });
  expect(await waitForUploadsDone(anna.page)).toBe('Alle 1 Uploads erfolgreich');
  expect(await count()).toBe(2);
  await anna.context.close();

  // Ben's own re-encode of the same picture is uploaded without a question.
  const ben = await newGuest(env, PHONE);
  await openEvent(ben.page, env, event.code);
  await consent(ben.page, 'Ben');
  await ben.page.getByTestId('upload-input').setInputFiles(copyForBen);
  expect(await waitForUploadsDone(ben.page)).toBe('Alle 1 Uploads erfolgreich');
  expect(await ben.page.locator('[data-testid=upload-item][data-status=success]').count()).toBe(1);
  expect(await count()).toBe(3);
  await ben.context.close();
});
