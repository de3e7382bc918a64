import { afterAll, beforeAll, expect, test } from 'bun:test';
import { basename } from 'node:path';
import type { Request, Route } from 'playwright-core';
import type { AdminEventDto, UploadDto } from '../../../src/http/api-types.ts';
import { PHONE } from '../../helpers/browser.ts';
import { bigVideo, consent, createEvent, newGuest, openEvent, shot, startGuestEnv, waitForUploadsDone, type GuestEnv } from './helpers.ts';

// A guest on a phone cancels a video halfway, picks it again: it continues from the chunks the box holds
// (asked with the chunk status call), not from 0 %. A chunk then fails on the box (500): the file is listed
// as not uploaded with 'Erneut versuchen', and that too continues where it stopped.

let env: GuestEnv;
let event: AdminEventDto;

beforeAll(async () => {
  env = await startGuestEnv();
  event = await createEvent(env.admin, { code: 'resume-retry-e2e' });
});
afterAll(async () => env?.stop());

const field = (req: Request, name: string) =>
  new RegExp(`name="${name}"\\r\\n\\r\\n([^\\r]+)`).exec(req.postDataBuffer()?.toString('latin1') ?? '')?.[1] ?? null;

test('a cancelled and a failed video continue from the chunks on the box', async () => {
  const video = await bigVideo();
  const { context, page } = await newGuest(env, PHONE);
  await openEvent(page, env, event.code);
  await consent(page, 'Jonas');
  await page.getByTestId('auto-approve').check();

  /** chunk indexes that reached the box */
  const sent: number[] = [];
  const uploadIds = new Set<string>();
  let statusCalls = 0;
  let mode: 'hold-1' | 'fail-next-after-1' | 'pass' = 'hold-1';
  let held: Route | null = null;
  let totalChunks = 0;
  await page.route('**/api/event/*/upload-chunk/status**', async (route: Route) => {
    statusCalls++;
    await route.continue();
  });
  await page.route('**/api/event/*/upload-chunk', async (route: Route) => {
    const req = route.request();
    const i = Number(field(req, 'chunkIndex'));
    totalChunks = Number(field(req, 'totalChunks'));
    uploadIds.add(field(req, 'uploadId') ?? '');
    if (mode === 'hold-1' && i === 1) {
      held = route; // the guest cancels while this one is on its way
      return;
    }
    if (mode === 'fail-next-after-1' && i > 1) {
      mode = 'pass';
      await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Speicher nicht bereit' }) });
      return;
    }
    sent.push(i);
    await route.continue();
  });

  await page.getByTestId('upload-input').setInputFiles(video);
  await page.getByTestId('upload-modal').waitFor();
  while (!held) await page.waitForTimeout(100);
  expect(sent).toEqual([0]);
  await page.getByTestId('upload-cancel').click();
  const item = page.getByTestId('upload-item');
  await page.locator('[data-testid=upload-item][data-status=cancelled]').waitFor();
  await (held as Route).abort().catch(() => undefined);
  expect(totalChunks).toBeGreaterThanOrEqual(3);
  // Listed as not uploaded, with a way to go on; nothing looks like success.
  expect(await page.getByTestId('upload-not-uploaded').isVisible()).toBe(true);
  expect(await page.getByTestId('upload-summary').getAttribute('data-tone')).toBe('error');
  expect(await item.getByTestId('upload-retry').isVisible()).toBe(true);
  await shot(page, 'resume-cancelled-phone');
  await page.getByTestId('upload-close').click();

  // Picked again: the box is asked what it holds, chunk 0 is not sent again; the next chunk fails on the box.
  mode = 'fail-next-after-1';
  const before = statusCalls;
  await page.getByTestId('upload-input').setInputFiles(video);
  await page.locator('[data-testid=upload-item][data-status=error]').waitFor({ timeout: 60_000 });
  expect(statusCalls).toBeGreaterThan(before);
  expect(sent).toEqual([0, 1]);
  expect(await page.getByTestId('upload-summary').getAttribute('data-tone')).toBe('error');
  expect(await item.getByTestId('upload-item-status').textContent()).toContain('Upload fehlgeschlagen');

  // 'Erneut versuchen': from where it stopped, the bar never back at 0 %.
  const progress = item.getByRole('progressbar');
  const stoppedAt = Number(await progress.getAttribute('aria-valuenow'));
  expect(stoppedAt).toBeGreaterThanOrEqual(Math.floor((2 / totalChunks) * 100) - 1);
  await item.getByTestId('upload-retry').click();
  await page.locator('[data-testid=upload-item][data-status=uploading]').waitFor();
  expect(Number(await progress.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(stoppedAt);
  expect(await waitForUploadsDone(page, 120_000)).toBe('Alle 1 Uploads erfolgreich');
  expect(sent).toEqual(Array.from({ length: totalChunks }, (_, i) => i));
  expect(uploadIds.size).toBe(1);
  await page.getByTestId('upload-close').click();

  const all = await env.admin.json<UploadDto[]>(`/api/event/${event.id}/uploads`);
  expect(all.map((u) => [u.original_name, u.size_bytes])).toEqual([[basename(video), Bun.file(video).size]]);
  await context.close();
});
