import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { BrowserContext, Page } from 'playwright-core';
import { DESKTOP, PHONE } from '../../helpers/browser.ts';
import type { AdminEventDto, AlbumDto } from '../../../src/http/api-types.ts';
import {
  CAMERAS,
  consent,
  createEvent,
  FIXTURES,
  newGuest,
  openEvent,
  shot,
  startGuestEnv,
  swipe,
  waitForToast,
  waitForUploadsDone,
  type GuestEnv,
} from './helpers.ts';
import { join } from 'node:path';

// Two guests of one event: Anna (phone) uploads without sharing, Ben (desktop) sees nothing until Anna
// approves and again nothing after she withdraws. Then the viewer (keys, buttons, swipe), the recovery
// link in a fresh browser, and downloads.

let env: GuestEnv;
let event: AdminEventDto;
let album: AlbumDto;
let anna: { context: BrowserContext; page: Page };
let ben: { context: BrowserContext; page: Page };
let recoveryLink = '';

const PHOTOS = [CAMERAS[0]!, CAMERAS[1]!, CAMERAS[3]!, join(FIXTURES, 'photos', 'phones', 'jolla.jpg')];

beforeAll(async () => {
  env = await startGuestEnv();
  event = await createEvent(env.admin, { name: 'Hochzeit Lena & Tom', code: 'lena-tom', header_style: 'split', primary_color: 'pink' });
  // One album for everything: no dates, so every photo lands in 'Unsortiert'... unless we give one window
  // that holds all fixture dates.
  album = await env.admin.createAlbum(event.id, {
    name: 'Alle Fotos',
    start_datetime: '2000-01-01T00:00:00Z',
    end_datetime: '2030-01-01T00:00:00Z',
  });
  anna = await newGuest(env, PHONE);
  ben = await newGuest(env, DESKTOP);
});
afterAll(async () => env?.stop());

const tiles = (p: Page) => p.getByTestId('media-tile');

describe('two guests', () => {
  test('Anna uploads privately; Ben sees her photo only while it is approved', async () => {
    await openEvent(anna.page, env, event.code);
    recoveryLink = await consent(anna.page, 'Anna');
    // The host's 'Neue Uploads sofort für alle sichtbar' is on by default: the box starts ticked; Anna unticks it.
    expect(await anna.page.getByTestId('auto-approve').isChecked()).toBe(true);
    await anna.page.getByTestId('auto-approve').uncheck();
    await anna.page.getByTestId('upload-input').setInputFiles(PHOTOS);
    expect(await waitForUploadsDone(anna.page)).toBe('Alle 4 Uploads erfolgreich');
    await anna.page.getByTestId('upload-close').click();
    await anna.page.locator('[data-testid=album-card][data-album-name="Alle Fotos"]').click();
    await tiles(anna.page).nth(3).waitFor();
    expect(await anna.page.locator('[data-testid=media-tile][data-own=true][data-approved=false]').count()).toBe(4);
    expect(await anna.page.getByTestId('pending-hint').textContent()).toContain('Du hast 4 Uploads, die nur du siehst.');
    await shot(anna.page, 'event-own-pending-phone');

    await openEvent(ben.page, env, event.code);
    await consent(ben.page, 'Ben');
    await ben.page.locator('[data-testid=album-card][data-album-name="Alle Fotos"]').click();
    await ben.page.getByTestId('empty-album').waitFor();
    expect(await tiles(ben.page).count()).toBe(0);

    // Anna approves her first photo: the toggle is disabled while the call runs, then 'Freigegeben'.
    const first = anna.page.locator('[data-testid=media-tile][data-own=true]').first();
    const id = await first.getAttribute('data-upload-id');
    await first.getByTestId('approve-toggle').click();
    await waitForToast(anna.page, 'Freigegeben');
    expect(await anna.page.locator(`[data-testid=media-tile][data-upload-id="${id}"]`).getAttribute('data-approved')).toBe('true');

    // Ben's open page gets it over the live stream, without a reload.
    const shared = ben.page.locator(`[data-testid=media-tile][data-upload-id="${id}"]`);
    await shared.waitFor({ timeout: 5_000 });
    expect(await tiles(ben.page).count()).toBe(1);
    expect(await shared.getByTestId('shared-by').textContent()).toBe('Geteilt von: Anna');
    expect(await shared.getByTestId('approve-toggle').count()).toBe(0);
    expect(await shared.getByTestId('delete-upload').count()).toBe(0);
    await shot(ben.page, 'event-shared-desktop');

    // Anna withdraws: gone for Ben, again without a reload.
    await anna.page.locator(`[data-testid=media-tile][data-upload-id="${id}"]`).getByTestId('approve-toggle').click();
    await waitForToast(anna.page, 'Freigabe zurückgezogen');
    await ben.page.getByTestId('empty-album').waitFor({ timeout: 5_000 });
    expect(await tiles(ben.page).count()).toBe(0);

    // Anna shares all four at once for the next tests; Ben's page fills up by itself.
    await anna.page.getByTestId('share-all-own').click();
    await anna.page.getByTestId('pending-hint').waitFor({ state: 'detached' });
    expect(await anna.page.locator('[data-testid=media-tile][data-approved=false]').count()).toBe(0);
    await tiles(ben.page).nth(3).waitFor({ timeout: 5_000 });
  });

  test('viewer: counter, wrap-around, arrow keys, Escape, buttons (desktop)', async () => {
    const p = ben.page;
    await p.reload();
    await p.locator('[data-testid=album-card][data-album-name="Alle Fotos"]').click();
    await tiles(p).nth(3).waitFor();
    await tiles(p).first().locator('.ev-tile__open').click();
    const counter = p.getByTestId('viewer-counter');
    await counter.waitFor();
    expect(await counter.textContent()).toBe('1 / 4');
    // The page behind is locked while the viewer is open.
    expect(await p.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    await p.keyboard.press('ArrowRight');
    expect(await counter.textContent()).toBe('2 / 4');
    await p.keyboard.press('ArrowLeft');
    await p.keyboard.press('ArrowLeft');
    expect(await counter.textContent()).toBe('4 / 4');
    await p.getByTestId('viewer-next').click();
    expect(await counter.textContent()).toBe('1 / 4');
    await p.getByTestId('viewer-prev').click();
    expect(await counter.textContent()).toBe('4 / 4');
    await p.waitForFunction(() =>
      (document.querySelector('[data-testid=viewer-image]') as HTMLImageElement | null)?.classList.contains('is-loaded'),
    );
    expect(await p.getByTestId('viewer-download').count()).toBe(1);
    await shot(p, 'viewer-desktop');
    await p.keyboard.press('Escape');
    await p.getByTestId('viewer').waitFor({ state: 'detached' });
    expect(await p.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
  });

  test('viewer: swipe on a phone (50 px threshold, drag preview limited to 100 px)', async () => {
    const p = anna.page;
    await tiles(p).first().locator('.ev-tile__open').click();
    const counter = p.getByTestId('viewer-counter');
    await counter.waitFor();
    expect(await counter.textContent()).toBe('1 / 4');
    const mid = { x: 300, y: 420 };
    // A short drag stays on the photo.
    await swipe(p, mid, -30);
    expect(await counter.textContent()).toBe('1 / 4');
    // While dragging far, the preview moves at most 100 px.
    const cdp = await p.context().newCDPSession(p);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [mid] });
    for (let i = 1; i <= 6; i++)
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: mid.x - i * 40, y: mid.y }] });
    await p.waitForTimeout(100);
    expect(await p.locator('.ev-viewer__media').getAttribute('data-drag')).toBe('-100');
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
    expect(await counter.textContent()).toBe('2 / 4');
    // Right swipe goes back, and back again wraps to the last.
    await swipe(p, { x: 100, y: 420 }, 120);
    expect(await counter.textContent()).toBe('1 / 4');
    await swipe(p, { x: 100, y: 420 }, 120);
    expect(await counter.textContent()).toBe('4 / 4');
    await shot(p, 'viewer-phone');
    await p.getByTestId('viewer-close').click();
    await p.getByTestId('viewer').waitFor({ state: 'detached' });
  });

  test('profile: nickname rules, recovery link with QR and copy', async () => {
    const p = anna.page;
    await p.getByTestId('menu').click();
    await p.getByTestId('menu-profile').click();
    await p.getByTestId('profile-modal').waitFor();
    await p.getByTestId('recovery-qr').locator('img').waitFor();
    expect(await p.getByTestId('recovery-qr').getAttribute('data-size')).toBe('150');
    expect(await p.getByTestId('recovery-link').inputValue()).toBe(recoveryLink);
    expect(await p.getByTestId('profile-modal').textContent()).toContain('ACHTUNG');
    await p.getByTestId('profile-nickname').fill('   ');
    expect(await p.getByTestId('profile-save').isDisabled()).toBe(true);
    await p.getByTestId('profile-nickname').fill('y'.repeat(31));
    expect(await p.getByTestId('profile-modal').getByRole('alert').textContent()).toBe('Maximal 30 Zeichen erlaubt.');
    await p.getByTestId('profile-nickname').fill('  Anna B.  ');
    await shot(p, 'profile-phone');
    await p.getByTestId('recovery-link-copy').click();
    await waitForToast(p, 'Recovery-Link in Zwischenablage kopiert');
    await p.getByTestId('profile-save').click();
    await waitForToast(p, 'Nickname gespeichert');
    await p.getByTestId('profile-modal').waitFor({ state: 'detached' });
    const cookie = (await anna.context.cookies()).find((c) => c.name === `event_${event.code}`)!;
    const nick = await env.admin.json<{ nickname: string }>(`/api/event/${event.code}/user-nickname/${cookie.value}`);
    expect(nick.nickname).toBe('Anna B.');

    // Share: the event QR (200) and its link.
    await p.getByTestId('menu').click();
    await p.getByTestId('menu-share').click();
    await p.getByTestId('qr-modal').waitFor();
    await p.getByTestId('event-qr').locator('img').waitFor();
    expect(await p.getByTestId('event-qr').getAttribute('data-size')).toBe('200');
    expect(await p.getByTestId('event-link').inputValue()).toBe(`${env.url}/event/${event.code}`);
    await p.getByTestId('event-link-copy').click();
    await waitForToast(p, 'Link in Zwischenablage kopiert');
    await shot(p, 'qr-phone');
    await p.keyboard.press('Escape');
    await p.getByTestId('qr-modal').waitFor({ state: 'detached' });
  });

  test('the recovery link restores the session in a fresh browser', async () => {
    // Desktop first, only to look at it; then the phone walks through.
    const look = await newGuest(env, DESKTOP);
    await look.page.goto(recoveryLink);
    await look.page.getByText('Sitzung erfolgreich wiederhergestellt! Du wirst weitergeleitet...').waitFor();
    await shot(look.page, 'recover-success-desktop');
    await look.context.close();

    const fresh = await newGuest(env, PHONE);
    await fresh.page.goto(recoveryLink);
    await fresh.page.getByText('Sitzung erfolgreich wiederhergestellt! Du wirst weitergeleitet...').waitFor();
    await shot(fresh.page, 'recover-success-phone');
    await fresh.page.waitForURL(`**/event/${event.code}`, { timeout: 5000 });
    await fresh.page.locator('.ev').waitFor();
    // No consent question: the session is back, and Anna's uploads are hers again.
    await fresh.page.locator('[data-testid=album-card][data-album-name="Alle Fotos"]').click();
    await fresh.page.locator('[data-testid=media-tile][data-own=true]').nth(3).waitFor();
    expect(await fresh.page.getByTestId('help-modal').count()).toBe(0);
    expect(await fresh.page.getByTestId('approve-toggle').count()).toBe(4);
    await fresh.context.close();

    // An unknown id: no session; the error offers the way home.
    for (const [vp, opts] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const other = await newGuest(env, opts);
      await other.page.goto(`${env.url}/event/${event.code}/recover/${crypto.randomUUID()}`);
      await other.page.getByText('Wiederherstellung fehlgeschlagen: Keine gültige Sitzung gefunden.').waitFor();
      expect(await other.page.getByRole('link', { name: 'Zurück zur Startseite' }).count()).toBe(1);
      await shot(other.page, `recover-error-${vp}`);
      await other.context.close();
    }
    // The server cannot be asked: the request error text.
    const offline = await newGuest(env, PHONE);
    await offline.page.route('**/api/event/*/recover', (route) => route.abort('failed'));
    await offline.page.goto(recoveryLink);
    await offline.page.getByText('Fehler bei der Wiederherstellung der Sitzung. Bitte versuche es erneut.').waitFor();
    await offline.context.close();
  });

  test('downloads: one photo from the viewer, then the album without the ones already downloaded', async () => {
    const p = ben.page;
    await tiles(p).first().locator('.ev-tile__open').click();
    await p.getByTestId('viewer').waitFor();
    const [dl] = await Promise.all([p.waitForEvent('download'), p.getByTestId('viewer-download').click()]);
    const name = dl.suggestedFilename();
    expect(PHOTOS.map((f) => f.split('/').pop())).toContain(name);
    const path = await dl.path();
    expect(Bun.file(path!).size).toBeGreaterThan(1000);
    await p.keyboard.press('Escape');

    // Bulk: the three new ones as one ZIP (issue 16: one download, not one per file); then nothing new.
    await p.getByTestId('download-album').click();
    await p.getByTestId('download-modal').waitFor();
    expect(await p.getByTestId('download-new').locator('..').textContent()).toContain('Nur neue (3)');
    await shot(p, 'download-modal-desktop');
    const got: string[] = [];
    p.on('download', (d) => got.push(d.suggestedFilename()));
    const [zip] = await Promise.all([p.waitForEvent('download'), p.getByTestId('download-start').click()]);
    await waitForToast(p, '3 Bilder erfolgreich heruntergeladen');
    await p.waitForTimeout(500);
    expect(got.length).toBe(1);
    const entries = Bun.spawnSync(['unzip', '-Z1', (await zip.path())!])
      .stdout.toString()
      .trim()
      .split('\n');
    expect(entries.length).toBe(3);
    expect(entries.map((e) => e.split('/').pop())).not.toContain(name);
    await p.getByTestId('download-album').click();
    await p.getByTestId('download-start').click();
    await waitForToast(p, 'Alle verfügbaren Bilder wurden bereits heruntergeladen');
    const record = await p.evaluate((k) => localStorage.getItem(k), `momentbox_downloaded_${event.id}_${album.id}`);
    expect(Object.keys(JSON.parse(record!)).length).toBe(4);
  });

  test('Anna deletes one of her uploads after confirming', async () => {
    const p = anna.page;
    const before = await tiles(p).count();
    await p.locator('[data-testid=media-tile][data-own=true]').first().getByTestId('delete-upload').click();
    await p.getByTestId('delete-modal').waitFor();
    expect(await p.getByTestId('delete-modal').textContent()).toContain('nicht rückgängig');
    await shot(p, 'delete-modal-phone');
    await p.getByTestId('delete-confirm').click();
    await waitForToast(p, 'Upload wurde gelöscht');
    expect(await tiles(p).count()).toBe(before - 1);
  });
});
