import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { AdminEventDto, AlbumDto, UploadDto } from '../../../src/http/api-types.ts';
import { ApiClient } from '../../helpers/api-client.ts';
import { controlsUnder, DESKTOP, PHONE } from '../../helpers/browser.ts';
import {
  CAMERAS,
  consent,
  createEvent,
  FIXTURES,
  newGuest,
  openEvent,
  PHONES,
  selectAlbum,
  shot,
  startGuestEnv,
  swipe,
  waitForToast,
  waitForUploadsDone,
  type GuestEnv,
} from './helpers.ts';

// Issue 16, what guests stumbled over, in Chromium at the viewport where it was seen: an upload action in
// reach on a phone, swiping that starts on a video, bulk download as one ZIP, the empty album while uploads
// are closed, the message for a wrong file type, toasts that cover no button, album dates in the desktop
// sidebar, the invalid recovery link, and hidden albums in Admin Mode.

const ORIENTATION = ['landscape_1.jpg', 'landscape_2.jpg', 'landscape_3.jpg', 'portrait_1.jpg'].map((f) =>
  join(FIXTURES, 'photos', 'orientation', f),
);
const PHOTOS = [...CAMERAS, ...PHONES.slice(0, 2), ...ORIENTATION]; // 11 photos: the grid runs far below the first screen
const VIDEO = join(FIXTURES, 'videos', 'android-h264.mp4');

let env: GuestEnv;
let tmp = '';
let open: AdminEventDto;
let album: AlbumDto;
let hidden: AlbumDto;
let uploads: UploadDto[] = [];

beforeAll(async () => {
  env = await startGuestEnv();
  tmp = mkdtempSync(join(tmpdir(), 'momentbox-guest-polish-'));
  open = await createEvent(env.admin, { name: 'Gartenfest', code: 'gartenfest' });
  album = await env.admin.createAlbum(open.id, {
    name: 'Alle Fotos',
    start_datetime: '2000-01-01T00:00:00Z',
    end_datetime: '2030-01-01T00:00:00Z',
  });
  // across midnight: the sidebar must show both dates whole
  await env.admin.createAlbum(open.id, { name: 'Party', start_datetime: '2026-06-20T16:00:00Z', end_datetime: '2026-06-21T00:30:00Z' });
  hidden = await env.admin.createAlbum(open.id, { name: 'Geheim' });
  await env.admin.json(`/api/album/${hidden.id}`, { method: 'PUT', json: { visible: false } });
  await env.admin.uploadOk(open.id, PHONES[2]!, { albumId: String(hidden.id) });
  await env.admin.uploadOk(open.id, VIDEO, { albumId: String(album.id) });
  for (const p of PHOTOS) await env.admin.uploadOk(open.id, p, { albumId: String(album.id) });
  uploads = await env.admin.json<UploadDto[]>(`/api/event/${open.id}/uploads?albumId=${album.id}`);
});
afterAll(async () => {
  await env?.stop();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

const unzipList = (file: string) => Bun.spawnSync(['unzip', '-Z1', file]).stdout.toString().trim().split('\n').filter(Boolean).sort();

describe('phone', () => {
  let page: Page;
  beforeAll(async () => {
    ({ page } = await newGuest(env, PHONE));
    await openEvent(page, env, open.code);
    await consent(page, 'Mara');
    await selectAlbum(page, 'Alle Fotos');
  });

  test('item 1: far down the grid an upload button stays in reach and uploads', async () => {
    await page.getByTestId('media-tile').nth(11).scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const tile = page.getByTestId('upload-tile');
    const fab = page.getByTestId('upload-fab').locator('label');
    // the tile is far above, the button is on the screen
    expect(((await tile.boundingBox())?.y ?? -1) + ((await tile.boundingBox())?.height ?? 0)).toBeLessThan(0);
    const b = (await fab.boundingBox())!;
    expect(b.y + b.height).toBeLessThanOrEqual(844);
    expect(b.x + b.width).toBeLessThanOrEqual(390);
    expect(
      await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('[data-testid=upload-fab]') !== null, {
        x: b.x + b.width / 2,
        y: b.y + b.height / 2,
      }),
    ).toBe(true);
    await shot(page, 'polish-01-fab-phone', { fullPage: false });
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), fab.click()]);
    await chooser.setFiles(join(FIXTURES, 'photos', 'gps', 'DSCN0010.jpg'));
    expect(await waitForUploadsDone(page)).toBe('Alle 1 Uploads erfolgreich');
    await page.getByTestId('upload-close').click();
  });

  test('item 6: a toast in a dialog sits above its buttons; on the page it leaves the upload button free', async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByTestId('menu').click();
    await page.getByTestId('menu-share').click();
    const modal = page.getByTestId('qr-modal');
    await modal.waitFor();
    await modal.getByTestId('event-link-copy').click();
    const toast = page.getByTestId('toast');
    await toast.waitFor();
    await shot(page, 'polish-06-toast-in-dialog-phone');
    expect(await controlsUnder(page, toast, '[data-testid=toast]')).toEqual([]);
    expect(await modal.getByRole('button', { name: 'Schließen' }).last().isVisible()).toBe(true);
    await modal.getByRole('button', { name: 'Schließen' }).last().click();

    await page.getByTestId('menu').click();
    await page.getByTestId('menu-profile').click();
    await page.getByTestId('profile-nickname').fill('Mara K.');
    await page.getByTestId('profile-save').click();
    await waitForToast(page, 'Nickname gespeichert');
    await shot(page, 'polish-06-toast-page-phone', { fullPage: false });
    const t = (await page.getByTestId('toast').boundingBox())!;
    const fab = (await page.getByTestId('upload-fab').locator('label').boundingBox())!;
    expect(t.y + t.height).toBeLessThanOrEqual(fab.y);
  });

  test('item 2: a swipe that starts on a video goes to the next item', async () => {
    const videoIndex = uploads.findIndex((u) => u.type === 'video');
    const ids = await page.getByTestId('media-tile').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-upload-id'))));
    const index = ids.indexOf(uploads[videoIndex]!.id);
    await page.getByTestId('media-tile').nth(index).locator('.ev-tile__open').click();
    const counter = page.getByTestId('viewer-counter');
    const video = page.getByTestId('viewer-video');
    await video.waitFor();
    const before = await counter.textContent();
    const box = (await video.boundingBox())!;
    await swipe(page, { x: box.x + box.width * 0.75, y: box.y + box.height / 2 }, -160);
    await page.waitForFunction((b) => document.querySelector('[data-testid=viewer-counter]')?.textContent !== b, before);
    const [n, total] = before!.split(' / ').map(Number);
    expect(await counter.textContent()).toBe(`${(n! % total!) + 1} / ${total}`);
    await shot(page, 'polish-02-after-video-swipe-phone');
    // and back, again starting on the video
    await swipe(page, { x: 80, y: box.y + box.height / 2 }, 160);
    await video.waitFor();
    expect(await counter.textContent()).toBe(before);
    await page.getByTestId('viewer-close').click();
    await page.getByTestId('viewer').waitFor({ state: 'detached' });
  });

  test('item 3: the album as one streamed ZIP; a viewer download and the ZIP count for "Nur neue"', async () => {
    const downloads: string[] = [];
    page.on('download', (d) => downloads.push(d.url()));
    // one photo saved from the viewer first
    await page.getByTestId('media-tile').first().locator('.ev-tile__open').click();
    const [single] = await Promise.all([page.waitForEvent('download'), page.getByTestId('viewer-download').click()]);
    expect(single.url()).not.toContain('download-zip');
    await page.getByTestId('viewer-close').click();
    const total = await page.getByTestId('media-tile').count();

    await page.getByTestId('download-album').click();
    const modal = page.getByTestId('download-modal');
    expect(await modal.getByTestId('download-new').locator('..').textContent()).toContain(`Nur neue (${total - 1})`);
    await shot(page, 'polish-03-download-modal-phone');
    const [zip] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-start').click()]);
    await waitForToast(page, `${total - 1} Bilder erfolgreich heruntergeladen`);
    expect(zip.url()).toContain(`/api/event/${open.id}/download-zip?ids=`);
    const file = join(tmp, 'new.zip');
    await zip.saveAs(file);
    expect(unzipList(file).length).toBe(total - 1);
    expect(unzipList(file).every((n) => n.startsWith('Gartenfest/Alle Fotos/'))).toBe(true);
    expect(downloads.length).toBe(2); // the viewer's file and one ZIP, never one download per file

    await page.getByTestId('download-album').click();
    expect(await page.getByTestId('download-new').locator('..').textContent()).toContain('Nur neue (0)');
    await page.getByTestId('download-modal').getByRole('button', { name: 'Abbrechen' }).click();
  });

  test('item 3: the server gives only what the guest sees, only where downloads are allowed', async () => {
    const other = new ApiClient(env.url);
    await other.joinAsGuest(open.code, 'Privat');
    const privateUpload = await other.uploadOk(open.id, join(FIXTURES, 'photos', 'orientation', 'portrait_3.jpg'), {
      albumId: String(album.id),
      autoApprove: 'false',
    });
    const cookies = await page.context().cookies();
    const asMara = new ApiClient(env.url);
    for (const c of cookies) asMara.cookies.set(c.name, c.value);
    const visibleId = uploads[0]!.id;
    expect((await asMara.fetch(`/api/event/${open.id}/download-zip?ids=${visibleId}`)).status).toBe(200);
    expect((await asMara.fetch(`/api/event/${open.id}/download-zip?ids=${visibleId},${privateUpload.id}`)).status).toBe(404);
    const hiddenUpload = (await env.admin.json<UploadDto[]>(`/api/event/${open.id}/uploads?albumId=${hidden.id}`))[0]!;
    expect((await asMara.fetch(`/api/event/${open.id}/download-zip?ids=${hiddenUpload.id}`)).status).toBe(404);
    // the owner gets her private upload
    expect((await other.fetch(`/api/event/${open.id}/download-zip?ids=${privateUpload.id}`)).status).toBe(200);

    const noDownloads = await createEvent(env.admin, { name: 'Ohne Download', code: 'ohne-download', allow_download: 'false' });
    const guest = new ApiClient(env.url);
    await guest.joinAsGuest(noDownloads.code);
    const own = await guest.uploadOk(noDownloads.id, CAMERAS[0]!);
    const refused = await guest.fetch(`/api/event/${noDownloads.id}/download-zip?ids=${own.id}`);
    expect(refused.status).toBe(403);
    expect((await refused.json()).code).toBe('DOWNLOADS_DISABLED');
    // the admin exports anyway
    expect((await env.admin.fetch(`/api/event/${noDownloads.id}/download-zip?ids=${own.id}`)).status).toBe(200);
  });

  test('item 5: an HTML file named .mp4 gets only the type message, no advice to retry', async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByTestId('upload-input').setInputFiles(join(FIXTURES, 'videos', 'html-disguised-as.mp4'));
    await waitForUploadsDone(page);
    const item = page.getByTestId('upload-modal').getByText('Nur JPG, PNG, HEIC, MP4 und MOV Dateien erlaubt', { exact: true });
    await item.waitFor();
    expect(await page.getByTestId('upload-modal').textContent()).not.toContain('Bitte versuche es erneut');
    await shot(page, 'polish-05-type-message-phone');
    await page.getByTestId('upload-close').click();
  });

  test('item 4: an empty album of an ended event says uploads are closed', async () => {
    const ended = await createEvent(env.admin, {
      name: 'Vorbei',
      code: 'vorbei-polish',
      event_start_datetime: new Date(Date.now() - 20 * 86_400_000).toISOString(),
      event_duration_days: '7',
    });
    await openEvent(page, env, ended.code);
    await consent(page).catch(() => undefined);
    const empty = page.getByTestId('empty-album');
    await empty.waitFor();
    expect(await empty.textContent()).toBe('Keine Bilder in diesem Album. Das Event nimmt keine Uploads mehr an.');
    expect(await page.textContent('body')).not.toContain('Füge welche hinzu');
    expect(await page.getByTestId('upload-fab').count()).toBe(0);
    await shot(page, 'polish-04-empty-ended-phone');
  });
});

describe('desktop', () => {
  test('item 7: the sidebar shows album dates whole', async () => {
    const { page } = await newGuest(env, DESKTOP);
    await openEvent(page, env, open.code);
    await consent(page);
    const range = page.locator('[data-testid=album-card][data-album-name="Party"] .ev-album__range');
    expect(await range.textContent()).toBe('20.06. 18:00 – 21.06.2026 02:30');
    const fits = await range.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight + 1);
    expect(fits).toBe(true);
    await shot(page, 'polish-07-sidebar-dates-desktop', { fullPage: false });
  });

  test('item 8: a recovery link without the user id shows the spec error, not the landing page', async () => {
    const { page } = await newGuest(env, PHONE);
    await page.goto(`${env.url}/event/${open.code}/recover/`);
    await page.getByText('Ungültiger Wiederherstellungslink.').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/event/${open.code}/recover/`);
    expect(await page.getByText('Zurück zur Startseite').count()).toBe(1);
    await shot(page, 'polish-08-recover-invalid-phone');
  });

  test('item 9: Admin Mode lists hidden albums, marked hidden; guests do not see them', async () => {
    const { context, page } = await newGuest(env, DESKTOP);
    await context.addInitScript(`localStorage.setItem('momentbox_admin_token', ${JSON.stringify(env.admin.adminToken)})`);
    await openEvent(page, env, open.code);
    await page.getByTestId('admin-badge').waitFor();
    const card = page.locator('[data-testid=album-card][data-album-name="Geheim"]');
    await card.waitFor();
    expect(await card.getByTestId('album-hidden').textContent()).toBe('Versteckt');
    await card.click();
    await page.getByTestId('media-tile').first().waitFor();
    await shot(page, 'polish-09-admin-hidden-album-desktop', { fullPage: false });

    const guest = await newGuest(env, DESKTOP);
    await openEvent(guest.page, env, open.code);
    await consent(guest.page);
    await guest.page.locator('[data-testid=album-card][data-album-name="Party"]').waitFor();
    expect(await guest.page.locator('[data-testid=album-card][data-album-name="Geheim"]').count()).toBe(0);
  });
});
