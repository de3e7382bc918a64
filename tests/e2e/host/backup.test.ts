import { afterAll, beforeAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AdminEventDto, EventPush } from '../../../src/http/api-types.ts';
import { backupDe as hostDe } from '../../../web/src/i18n/backup.de.ts';
import { backupEn as hostEn } from '../../../web/src/i18n/backup.en.ts';
import { DESKTOP, screenshotPath } from '../../helpers/browser.ts';
import { languageProblems } from '../../helpers/language-screen.ts';
import { S3_BUCKET, S3_KEY, startS3, type TestS3 } from '../../helpers/s3rver.ts';
import { daysFromNow, ensureWebBuilt } from '../../api/support.ts';
import { eventually, loginUi, PHOTOS, setUp, type Harness } from './harness.ts';

// 'Nach dem Event sichern' in the admin dashboard (issue 29), in Chromium against a real server and a real
// S3-compatible store (s3rver): the settings form, 'Verbindung testen', an event's push with its progress bar
// and its result, in German and in English.

let h: Harness;
let s3: TestS3;
let event: AdminEventDto;
const SECRET = 'geheim-e2e-5a9b';

beforeAll(async () => {
  await ensureWebBuilt();
  s3 = await startS3();
  h = await setUp({ locale: 'de-DE' });
  event = await h.admin.createEvent({ name: 'Hochzeit Anna & Ben', event_start_datetime: daysFromNow(-20), event_duration_days: '14' });
  for (const photo of PHOTOS) await h.admin.uploadOk(event.id, photo);
}, 120_000);
afterAll(async () => {
  await h?.close();
  await s3?.stop();
});

const section = () => h.page.getByTestId('backup-section');
const shot = async (name: string) => {
  await section().scrollIntoViewIfNeeded();
  await h.page.waitForTimeout(200);
  await section().screenshot({ path: screenshotPath('host-backup', name) });
};

test('the admin enters the S3 storage, tests it, and pushes an event: progress bar, then when and how much', async () => {
  const { page } = h;
  await loginUi(page, h.server.adminPassword);
  const form = section().getByRole('form', { name: hostDe.backupTitle });
  await form.getByLabel(hostDe.s3Endpoint).fill(s3.endpoint);
  await form.getByLabel(hostDe.s3Region, { exact: true }).fill('us-east-1');
  await form.getByLabel(hostDe.s3Bucket, { exact: true }).fill(S3_BUCKET);
  await form.getByLabel(hostDe.s3Prefix).fill('venue-box');
  await form.getByLabel(hostDe.s3AccessKey).fill('wrong-key');
  await form.getByLabel(hostDe.s3Secret).fill(SECRET);
  await form.getByRole('button', { name: hostDe.s3Test }).click();
  await form.getByRole('alert').filter({ hasText: 'InvalidAccessKeyId' }).waitFor();
  await shot('de-test-failed');
  await form.getByLabel(hostDe.s3AccessKey).fill(S3_KEY.accessKeyId);
  await form.getByRole('button', { name: hostDe.s3Test }).click();
  await form.getByRole('status').filter({ hasText: hostDe.s3TestOk }).waitFor();
  await form.getByRole('button', { name: hostDe.s3Save }).click();
  await page.locator('.hx-toast', { hasText: hostDe.s3Saved }).waitFor();
  // After a reload the secret is not in the page, only that one is kept.
  await page.reload();
  await section().getByLabel(hostDe.s3Secret).waitFor();
  expect(await section().getByLabel(hostDe.s3Secret).inputValue()).toBe('');
  expect(await section().getByLabel(hostDe.s3Secret).getAttribute('placeholder')).toBe(hostDe.s3SecretKept);
  expect(await page.content()).not.toContain(SECRET);

  // A slow store, so the progress bar is seen moving.
  s3.slowWrites(400);
  const row = section().getByTestId(`push-${event.code}`);
  await row.getByText(hostDe.pushNever).waitFor();
  await row.getByRole('button', { name: `${hostDe.pushOne}: ${event.name}` }).click();
  const bar = row.getByRole('progressbar');
  await bar.waitFor();
  await eventually(async () => Number(await bar.getAttribute('aria-valuenow')) > 0, 'the bar moves', 30_000);
  const box = await bar.boundingBox();
  expect(box!.width).toBeGreaterThan(100);
  await row.getByText(hostDe.pushRunning).waitFor();
  await shot('de-pushing');
  s3.slowWrites(0);
  await row.getByText(/Gesichert am .*: \d+ Dateien gesendet/).waitFor({ timeout: 60_000 });
  const pushes = await h.admin.json<EventPush[]>('/api/admin/s3/pushes');
  expect(pushes.find((p) => p.event_id === event.id)?.state).toBe('done');
  await shot('de-done');
  expect(await languageProblems(page, 'de', [event.name])).toEqual([]);
});

test('Event importieren: the pushed event is listed, its code is taken here, so it comes in under a new one', async () => {
  const { page } = h;
  const part = page.getByTestId('import-part');
  await part.getByRole('button', { name: hostDe.importList }).click();
  const row = part.getByTestId(`import-${event.code}`);
  await row.getByText(hostDe.importExists, { exact: false }).waitFor();
  await row.getByRole('button', { name: `${hostDe.importOne}: ${event.name}` }).click();
  const newCode = row.getByLabel(hostDe.importNewCode);
  await newCode.waitFor();
  await newCode.fill(`${event.code}-zwei`);
  await row.getByRole('button', { name: `${hostDe.importAs}: ${event.name}` }).click();
  await row.getByText(hostDe.importDone(`${event.code}-zwei`)).waitFor({ timeout: 60_000 });
  // The new event's card is there, with the same uploads.
  await page.locator(`[data-event-code="${event.code}-zwei"]`).first().waitFor();
  const events = await h.admin.json<AdminEventDto[]>('/api/event/events');
  expect(events.find((e) => e.code === `${event.code}-zwei`)?.upload_count).toBe(PHOTOS.length);
  await part.scrollIntoViewIfNeeded();
  await page.waitForTimeout(200);
  await part.screenshot({ path: screenshotPath('host-backup', 'de-imported') });
  expect(await languageProblems(page, 'de', [event.name])).toEqual([]);
});

test('Event importieren from an export ZIP chosen on this computer: a cut ZIP is refused with its reason, a taken code asks for a new one, then the event comes in', async () => {
  const { page } = h;
  const work = mkdtempSync(join(tmpdir(), 'momentbox-zip-import-'));
  try {
    const whole = join(work, 'export.zip');
    await Bun.write(whole, await h.admin.fetch(`/api/event/${event.id}/export-zip`));
    const cut = join(work, 'cut.zip');
    const bytes = await Bun.file(whole).bytes();
    await Bun.write(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const part = page.getByTestId('import-zip');
    await part.scrollIntoViewIfNeeded();
    await part.getByText(hostDe.zipChoose).waitFor();

    // a cut ZIP: its reason, and nothing imported
    await part.locator('input[type=file]').setInputFiles(cut);
    await part.getByRole('alert').filter({ hasText: 'Die ZIP wurde nicht angenommen' }).waitFor({ timeout: 60_000 });
    const before = (await h.admin.json<AdminEventDto[]>('/api/event/events')).length;

    // the whole export: its code is taken on this box, so it comes in under a new one
    await part.locator('input[type=file]').setInputFiles(whole);
    const newCode = part.getByLabel(hostDe.importNewCode);
    await newCode.waitFor({ timeout: 60_000 });
    await newCode.fill(`${event.code}-zip`);
    await part.getByRole('button', { name: hostDe.importAs }).click();
    await part.getByText(hostDe.importDone(`${event.code}-zip`)).waitFor({ timeout: 60_000 });
    await page.locator(`[data-event-code="${event.code}-zip"]`).first().waitFor();
    const events = await h.admin.json<AdminEventDto[]>('/api/event/events');
    expect(events.length).toBe(before + 1);
    expect(events.find((e) => e.code === `${event.code}-zip`)?.upload_count).toBe(PHOTOS.length);
    await part.screenshot({ path: screenshotPath('host-backup', 'de-zip-imported') });
    expect(await languageProblems(page, 'de', [event.name])).toEqual([]);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});

test('the section in English', async () => {
  const context = await h.browser.newContext({ ...DESKTOP, locale: 'en-GB', baseURL: h.server.url });
  try {
    const page = await context.newPage();
    await loginUi(page, h.server.adminPassword);
    const en = page.getByTestId('backup-section');
    await en.getByRole('heading', { name: hostEn.backupTitle }).waitFor();
    await en
      .getByTestId(`push-${event.code}`)
      .getByText(/Backed up on .*: \d+ files sent/)
      .waitFor();
    await en.getByRole('button', { name: hostEn.pushAll }).waitFor();
    await en.scrollIntoViewIfNeeded();
    await en.screenshot({ path: screenshotPath('host-backup', 'en-done') });
    expect(await languageProblems(page, 'en', [event.name])).toEqual([]);
  } finally {
    await context.close();
  }
});
