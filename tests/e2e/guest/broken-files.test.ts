import { afterAll, beforeAll, expect, test } from 'bun:test';
import { join } from 'node:path';
import type { AdminEventDto, UploadDto } from '../../../src/http/api-types.ts';
import { PHONE } from '../../helpers/browser.ts';
import {
  CAMERAS,
  consent,
  createEvent,
  FIXTURES,
  newGuest,
  openEvent,
  selectAlbum,
  shot,
  startGuestEnv,
  waitForToast,
  waitForUploadsDone,
  type GuestEnv,
} from './helpers.ts';

// A truncated video and a damaged photo are kept by the server but cannot be read: the guest is told so in
// the upload list (not 'Hochgeladen'), their tiles say so (no play icon), and the guest can delete them.

let env: GuestEnv;
let event: AdminEventDto;

beforeAll(async () => {
  env = await startGuestEnv();
  event = await createEvent(env.admin, { name: 'Kaputte Dateien' });
});
afterAll(async () => env?.stop());

const UNREADABLE = 'Datei beschädigt oder nicht lesbar. Sie wurde ohne Vorschau gespeichert; du kannst sie in der Galerie löschen.';

test('broken files are reported as unreadable in the upload list and on their tiles, and the guest deletes them', async () => {
  const { page } = await newGuest(env, PHONE);
  await openEvent(page, env, event.code);
  await consent(page, 'Kim');
  const files = [join(FIXTURES, 'videos', 'truncated.mp4'), join(FIXTURES, 'photos', 'invalid', 'corrupted.jpg'), CAMERAS[0]!];
  await page.getByTestId('upload-input').setInputFiles(files);
  await page.getByTestId('upload-modal').waitFor();
  const summary = await waitForUploadsDone(page);
  expect(summary).not.toBe('Alle 3 Uploads erfolgreich');
  await shot(page, 'upload-broken-files-phone');

  const items = page.getByTestId('upload-item');
  const byName: Record<string, { status: string | null; text: string | null }> = {};
  for (let i = 0; i < (await items.count()); i++) {
    const item = items.nth(i);
    byName[((await item.locator('.ev-upl__name').textContent()) ?? '').trim()] = {
      status: await item.getAttribute('data-status'),
      text: await item.getByTestId('upload-item-status').textContent(),
    };
  }
  expect(byName['truncated.mp4']).toEqual({ status: 'error', text: UNREADABLE });
  expect(byName['corrupted.jpg']).toEqual({ status: 'error', text: UNREADABLE });
  expect(byName['Canon_40D.jpg']).toEqual({ status: 'success', text: 'Hochgeladen' });
  await page.getByTestId('upload-close').click();

  // In the gallery: two tiles say what is wrong, without a play icon; the good photo has its thumbnail.
  await selectAlbum(page, 'Unsortiert');
  const broken = page.getByTestId('tile-unreadable');
  await broken.first().waitFor();
  expect(await broken.count()).toBe(2);
  expect(await broken.first().textContent()).toBe('Datei beschädigt oder nicht lesbar');
  expect(await page.locator('[data-testid=media-tile] .ev-tile__play').count()).toBe(0);
  expect(await page.locator('[data-testid=media-tile] img').count()).toBe(1);
  await shot(page, 'tiles-broken-files-phone');

  // The guest deletes both.
  for (let left = 2; left > 0; left--) {
    await page
      .locator('[data-testid=media-tile]', { has: page.getByTestId('tile-unreadable') })
      .first()
      .getByTestId('delete-upload')
      .click();
    await page.getByTestId('delete-confirm').click();
    await waitForToast(page, 'Upload wurde gelöscht');
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid=tile-unreadable]').length === n, left - 1);
  }
  const remaining = await env.admin.json<UploadDto[]>(`/api/event/${event.id}/uploads`);
  expect(remaining.map((u) => u.original_name)).toEqual(['Canon_40D.jpg']);
}, 180_000);
