import { coupleEn } from '../../web/src/i18n/couple.en.ts';
import { hostEn } from '../../web/src/i18n/host.en.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AdminEventDto, AppConfig, StatisticsDto, WifiSettings } from '../../src/http/api-types.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { controlsUnder, DESKTOP } from '../helpers/browser.ts';
import {
  card,
  closeDialogs,
  eventually,
  HOST_IMAGE,
  loginUi,
  PHOTO,
  PHOTOS,
  setUp,
  toastShown,
  WIFI,
  type Harness,
} from './host/harness.ts';

// Issue 16, the host's rough edges, in Chromium at the desktop viewport where they were seen: the event's
// window and status, field errors, the Wi-Fi set in the dashboard, the 4-up card sheet, the confirmation
// before a new client link, activity figures, statistics names, per-album export, albums load error vs.
// empty state, the 'session expired' hint, and toasts that cover no button.

const NO_PICKER = `Object.defineProperty(window, 'showSaveFilePicker', { value: undefined, configurable: true });`;

let h: Harness;
let tmp = '';
beforeAll(async () => {
  h = await setUp({ contextInit: NO_PICKER, locale: 'en-GB' }); // the admin's English texts
  tmp = mkdtempSync(join(tmpdir(), 'momentbox-polish-'));
  await loginUi(h.page, h.server.adminPassword);
});
afterAll(async () => {
  await h?.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});
beforeEach(async () => {
  if (h) await closeDialogs(h.page);
});

const NEXT_YEAR = new Date().getFullYear() + 1;
const events = () => h.admin.json<AdminEventDto[]>('/api/event/events');
const byCode = async (code: string) => (await events()).find((e) => e.code === code)!;
/** The couple's page in a German browser of its own (the admin's context is English); close with p.context().close(). */
async function germanPage() {
  const ctx = await h.browser.newContext({ ...DESKTOP, locale: 'de-DE', baseURL: h.server.url, acceptDownloads: true });
  await ctx.addInitScript(NO_PICKER);
  return ctx.newPage();
}

describe('event window and status (item 10)', () => {
  test('the form shows the upload window, the viewing date and the status while typing, and warns about a past start', async () => {
    const { page } = h;
    await page.getByRole('button', { name: 'Create New Event' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create New Event' });
    await dialog.getByLabel('Event name').fill('Sommerfest Polish');
    await dialog.getByLabel('Event code').fill('sommerfest-polish');

    await dialog.getByLabel('Event start').fill('2020-06-20T18:00');
    await dialog.getByLabel('Duration').selectOption('14');
    const schedule = dialog.getByTestId('event-schedule');
    expect(await schedule.getByTestId('schedule-uploads').textContent()).toBe('20/06/2020, 18:00 – 04/07/2020, 18:00'); // en-GB: the English UI's dates
    // the server's default retention: 30 days after the end
    expect(await schedule.getByTestId('schedule-viewable').textContent()).toBe('03/08/2020, 18:00');
    expect(await schedule.getByTestId('schedule-status').textContent()).toBe('Expired');
    expect(await schedule.getByTestId('schedule-past-warning').textContent()).toContain('already over');
    await h.shot('polish-10-form-past-start');

    await dialog.getByLabel('Event start').fill(`${NEXT_YEAR}-06-20T18:00`);
    await dialog.getByLabel('Duration').selectOption('28');
    expect(await schedule.getByTestId('schedule-uploads').textContent()).toBe(`20/06/${NEXT_YEAR}, 18:00 – 18/07/${NEXT_YEAR}, 18:00`);
    expect(await schedule.getByTestId('schedule-viewable').textContent()).toBe(`17/08/${NEXT_YEAR}, 18:00`);
    expect(await schedule.getByTestId('schedule-status').textContent()).toBe('Upcoming');
    expect(await schedule.getByTestId('schedule-past-warning').count()).toBe(0);
    await h.shot('polish-10-form-future-start');

    await dialog.getByRole('button', { name: 'Create Event' }).click();
    await toastShown(page, 'Event created successfully');
    const c = card(page, 'sommerfest-polish');
    expect(await c.getByTestId('event-status').textContent()).toBe('Upcoming');
    expect(await c.getByTestId('schedule-uploads').textContent()).toBe(`20/06/${NEXT_YEAR}, 18:00 – 18/07/${NEXT_YEAR}, 18:00`);
    expect(await c.getByTestId('schedule-viewable').textContent()).toBe(`17/08/${NEXT_YEAR}, 18:00`);
    await c.scrollIntoViewIfNeeded();
    await h.shot('polish-10-card-window');
  });

  test('a running event reads Running on its card', async () => {
    await h.admin.createEvent({ name: 'Laufend', code: 'laufend-polish' });
    await h.page.reload();
    expect(await card(h.page, 'laufend-polish').getByTestId('event-status').textContent()).toBe('Running');
  });
});

describe('errors beside the field (item 11)', () => {
  test('settings: an invalid colour keeps the spec toast and names the reason beside the colour field', async () => {
    const event = await h.admin.createEvent({ name: 'Farben', code: 'farben-polish' });
    const { client_token } = await h.admin.json<{ client_token: string }>(`/api/client/generate-token/${event.id}`, { method: 'POST' });
    // an English browser: the spec's English toast and the server's English reason
    const ctx = await h.browser.newContext({ ...DESKTOP, locale: 'en-GB', baseURL: h.server.url });
    const p = await ctx.newPage();
    await p.goto(`/event/${client_token}/settings`);
    await p.getByRole('tab', { name: 'General Settings' }).click();
    const field = p.getByLabel('Primary Color', { exact: true });
    await field.fill('#12345');
    await p.getByRole('button', { name: 'Save Settings' }).click();
    await toastShown(p, 'Failed to save settings');
    const reason = p.getByTestId('primary_color-error');
    expect(await reason.textContent()).toContain('must be a hex colour (#RRGGBB)'); // the server's message, in the page's language (en-GB browser)
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await h.shot('polish-11-colour-error', p);
    await ctx.close();
  });

  test('admin albums: an end before the start says so beside the end field, under the spec text', async () => {
    const { page } = h;
    await page.reload();
    await card(page, 'farben-polish').getByRole('button', { name: 'Albums' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Album name').fill('Rückwärts');
    await dialog.getByLabel('Start (optional)').fill('2026-06-21T18:00');
    await dialog.getByLabel('End (optional)').fill('2026-06-20T18:00');
    await dialog.getByRole('button', { name: 'Create Album' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Failed to create album' }).waitFor();
    expect(await dialog.getByTestId('album_end-error').textContent()).toBe('The end must not be before the start');
    await h.shot('polish-11-album-range-error');
  });

  test('change password: a wrong current password is named beside that field', async () => {
    const { page } = h;
    await page.getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await dialog.getByLabel('Current Password').fill('not-the-password');
    await dialog.getByLabel('New Password', { exact: true }).fill('a-new-password');
    await dialog.getByLabel('Confirm New Password').fill('a-new-password');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Failed to change password' }).waitFor();
    expect(await dialog.getByTestId('currentPassword-error').textContent()).toBe('Current password is incorrect');
    await h.shot('polish-11-password-error');
  });
});

describe('venue Wi-Fi in the dashboard (item 12)', () => {
  test('the environment is the default; what the admin saves is printed and kept in the database', async () => {
    const { page } = h;
    await page.getByRole('button', { name: 'Wi-Fi' }).click();
    const dialog = page.getByRole('dialog', { name: 'Venue Wi-Fi' });
    const ssid = dialog.getByLabel('Wi-Fi name (SSID)');
    await ssid.waitFor();
    expect(await ssid.inputValue()).toBe(WIFI.ssid);
    expect(await dialog.getByLabel('Wi-Fi password').inputValue()).toBe(WIFI.password);

    await dialog.getByLabel('Wi-Fi password').fill('kurz');
    await dialog.getByRole('button', { name: 'Save Wi-Fi' }).click();
    await dialog.getByText('has at least 8 characters').waitFor();
    await h.shot('polish-12-wifi-error');

    await ssid.fill('Festsaal Gäste');
    await dialog.getByLabel('Wi-Fi password').fill('torte-2026');
    await h.shot('polish-12-wifi-dialog');
    await dialog.getByRole('button', { name: 'Save Wi-Fi' }).click();
    await toastShown(page, 'Wi-Fi saved');
    expect(await h.admin.json<WifiSettings>('/api/admin/wifi')).toEqual({ ssid: 'Festsaal Gäste', password: 'torte-2026' });
    expect((await h.visitor.json<AppConfig>('/api/config')).wifi).toEqual({ ssid: 'Festsaal Gäste', password: 'torte-2026' });

    const event = await byCode('farben-polish');
    const p = await h.context.newPage();
    await p.goto(`/print/${event.id}?format=card`);
    const sheet = p.getByTestId('print-sheet');
    await sheet.getByText('Festsaal Gäste').waitFor();
    expect(await sheet.getByText('torte-2026').count()).toBe(1);
    await h.shot('polish-12-print-with-saved-wifi', p);

    // an empty name removes the Wi-Fi code, also over the environment's default; the notice names the dashboard
    await h.admin.json('/api/admin/wifi', { method: 'PUT', json: { ssid: '', password: '' } });
    await p.reload();
    const notice = p.locator('.hx-print__notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('in the dashboard under Wi-Fi');
    expect(await notice.textContent()).not.toContain('MOMENTBOX_WIFI');
    expect(await p.locator('.hx-qr--wifi').count()).toBe(0);
    await p.close();
    await h.admin.json('/api/admin/wifi', { method: 'PUT', json: { ssid: 'Festsaal Gäste', password: 'torte-2026' } });
  });
});

describe('printing (item 13)', () => {
  test('four table cards on one A4 sheet with cutting marks, one page in the PDF', async () => {
    const event = await byCode('farben-polish');
    const p = await h.context.newPage();
    await p.goto(`/print/${event.id}`);
    await p.getByRole('radio', { name: '4 table cards on A4' }).click();
    const sheet = p.getByTestId('print-sheet-4up');
    await sheet.waitFor();
    expect(p.url()).toContain('format=cards4');
    const cards = sheet.getByTestId('print-sheet');
    expect(await cards.count()).toBe(4);
    const mm = 96 / 25.4;
    const sheetBox = (await sheet.boundingBox())!;
    expect(Math.round(sheetBox.width / mm)).toBe(210);
    expect(Math.round(sheetBox.height / mm)).toBe(297);
    for (let i = 0; i < 4; i++) {
      const b = (await cards.nth(i).boundingBox())!;
      expect(Math.round(b.width / mm)).toBe(105);
      expect(Math.round(b.height / mm)).toBe(148);
      // each card holds both QR codes
      expect(await cards.nth(i).locator('.hx-qr--event').count()).toBe(1);
      expect(await cards.nth(i).locator('.hx-qr--wifi').count()).toBe(1);
    }
    // the marks run along the two cuts that halve the sheet, inside the 6 mm a home printer may not reach (issue 26)
    const marks = sheet.getByTestId('cut-mark');
    expect(await marks.count()).toBe(2);
    const v = (await marks.nth(0).boundingBox())!;
    const hz = (await marks.nth(1).boundingBox())!;
    expect(Math.round((v.x - sheetBox.x) / mm)).toBe(105);
    expect(Math.round((v.y - sheetBox.y) / mm)).toBe(6);
    expect(Math.round(v.height / mm)).toBe(297 - 12);
    expect(Math.round(((hz.y - sheetBox.y) / mm) * 2)).toBe(297);
    expect(Math.round((hz.x - sheetBox.x) / mm)).toBe(6);
    expect(Math.round(hz.width / mm)).toBe(210 - 12);
    await h.shot('polish-13-four-cards', p);

    await p.emulateMedia({ media: 'print' });
    const pdf = Buffer.from(await p.pdf({ format: 'A4', printBackground: true })).toString('latin1');
    expect(pdf.match(/\/Type\s*\/Page[^s]/g)?.length).toBe(1);
    await p.close();
  });
});

describe('client link (item 14)', () => {
  test('Regenerate asks first; Cancel keeps the link the couple has', async () => {
    const { page } = h;
    const event = await byCode('farben-polish');
    await page.reload();
    const c = card(page, 'farben-polish');
    const before = event.client_token!;
    await c.getByRole('button', { name: /Regenerate/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Regenerate client link' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('stops working');
    await h.shot('polish-14-regenerate-confirm');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await byCode('farben-polish')).client_token).toBe(before);

    await c.getByRole('button', { name: /Regenerate/ }).click();
    await page.getByRole('dialog', { name: 'Regenerate client link' }).getByRole('button', { name: 'Regenerate link' }).click();
    await toastShown(page, 'Client token generated successfully');
    await eventually(async () => (await byCode('farben-polish')).client_token !== before, 'a new client token');
  });
});

describe('activity (item 15)', () => {
  let eventId = 0;
  test('cards show uploads, private uploads and the last upload; the box shows free space and the video queue', async () => {
    const event = await h.admin.createEvent({ name: 'Aktivität', code: 'aktivitaet-polish' });
    eventId = event.id;
    const album = await h.admin.createAlbum(event.id, { name: 'Party' });
    await h.admin.uploadOk(event.id, PHOTOS[0]!, { albumId: String(album.id) });
    const guest = new ApiClient(h.server.url);
    await guest.joinAsGuest(event.code, 'Lena');
    await guest.uploadOk(event.id, PHOTOS[1]!, { albumId: String(album.id), autoApprove: 'false' });
    const newest = (await byCode('aktivitaet-polish')).last_upload_at!;

    const { page } = h;
    await page.reload();
    const c = card(page, 'aktivitaet-polish');
    await c.getByTestId('event-activity').waitFor({ state: 'visible' });
    expect(await c.getByTestId('activity-uploads').textContent()).toContain('2 uploads');
    expect(await c.getByTestId('activity-private').textContent()).toContain('1 private');
    const shown = new Intl.DateTimeFormat('en-GB', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'Europe/Berlin',
    }).format(new Date(newest));
    expect(await c.getByTestId('activity-last').textContent()).toContain(shown);
    expect(await page.getByTestId('box-disk').textContent()).toMatch(/\d+(\.\d)? (GB|MB) free on the box/);
    expect(await page.getByTestId('box-queue').textContent()).toContain('no videos waiting for conversion');
    await c.scrollIntoViewIfNeeded();
    await h.shot('polish-15-card-activity');
  });

  test('albums list their counts, the delete warning says how many go, a taken name is pointed out', async () => {
    const { page } = h;
    await card(page, 'aktivitaet-polish').getByRole('button', { name: 'Albums' }).click();
    const dialog = page.getByRole('dialog');
    const row = dialog.locator('[data-album="Party"]');
    // the album form's own texts are shared with the couple's page (host dictionary; the admin's browser is English)
    const c = coupleEn.couple;
    expect(await row.getByTestId('album-count').textContent()).toBe(c.albumCount(2));
    await dialog.getByLabel('Album name').fill(' party ');
    expect(await dialog.getByTestId('album-name-duplicate').textContent()).toBe(c.duplicateName('Party'));
    await h.shot('polish-15-album-duplicate');
    await dialog.getByLabel('Album name').fill('');
    await row.getByRole('button', { name: c.deleteNamed('Party') }).click();
    expect(await dialog.getByTestId('album-delete-count').textContent()).toBe(c.goingWith(2));
    await h.shot('polish-15-album-delete-count');
    await closeDialogs(page);

    // the settings page lists the same counts
    const { client_token } = await h.admin.json<{ client_token: string }>(`/api/client/generate-token/${eventId}`, { method: 'POST' });
    const p = await germanPage();
    await p.goto(`/event/${client_token}/settings`);
    await p.getByRole('tab', { name: 'Alben' }).click();
    expect(await p.locator('.hx-album-card[data-album="Party"]').getByTestId('album-count').textContent()).toBe('2 Fotos und Videos');
    await p.context().close();
  });
});

describe('statistics (item 16)', () => {
  test('nicknames and the guest handle (never the user id); photo-booth uploads rank under the key name, the admin under Unbekannt', async () => {
    const event = await h.admin.createEvent({ name: 'Statistik', code: 'statistik-polish' });
    const { api_key } = await h.admin.json<{ api_key: string }>('/api/admin/api-keys', {
      method: 'POST',
      json: { name: 'Fotobox Eingang' },
    });
    for (const photo of PHOTOS.slice(0, 3)) {
      const form = new FormData();
      form.append('file', new File([await Bun.file(photo).arrayBuffer()], photo.split('/').pop()!, { type: 'image/jpeg' }));
      const res = await fetch(`${h.server.url}/api/event/${event.id}/upload`, {
        method: 'POST',
        body: form,
        headers: { 'X-API-Key': api_key },
      });
      expect(res.status).toBe(201);
    }
    const guest = new ApiClient(h.server.url);
    const userId = await guest.joinAsGuest(event.code, 'Lena');
    await guest.uploadOk(event.id, PHOTOS[3]!);
    await guest.uploadOk(event.id, PHOTO);
    await h.admin.uploadOk(event.id, HOST_IMAGE);

    const { page } = h;
    await page.reload();
    await card(page, 'statistik-polish').getByRole('button', { name: 'Stats' }).click();
    const table = page.getByRole('table', { name: 'Top Uploader' });
    await table.waitFor();
    const rows = table.locator('tbody tr');
    const text = async (i: number) => (await rows.nth(i).locator('td').allTextContents()).map((t) => t.trim());
    expect(await rows.count()).toBe(3);
    expect(await text(0)).toEqual(['1', 'Fotobox Eingang', hostEn.unknown, '3']);
    // the guest's handle, never their user id (their session)
    const lena = (await h.admin.json<StatisticsDto>(`/api/event/${event.id}/statistics`)).users[0]!;
    expect(await text(1)).toEqual(['2', 'Lena', `#${lena.guest_id}`, '2']);
    expect(await text(2)).toEqual(['3', hostEn.unknown, hostEn.unknown, '1']);
    expect(await table.textContent()).not.toContain(userId);
    await h.shot('polish-16-stats');
  });
});

describe('per-album export (item 17)', () => {
  test('the settings Export tab says to export album by album and does it: one album per ZIP', async () => {
    const event = await byCode('aktivitaet-polish');
    const other = await h.admin.createAlbum(event.id, { name: 'Kirche' });
    await h.admin.uploadOk(event.id, PHOTOS[2]!, { albumId: String(other.id) });
    const { client_token } = await h.admin.json<{ client_token: string }>(`/api/client/generate-token/${event.id}`, { method: 'POST' });
    const p = await germanPage();
    await p.goto(`/event/${client_token}/settings`);
    await p.getByRole('tab', { name: 'Export' }).click();
    await p.getByText('ein Album nach dem anderen').waitFor();
    await h.shot('polish-17-settings-export', p);
    const [download] = await Promise.all([
      p.waitForEvent('download'),
      p.getByRole('button', { name: 'Nur das Album „Kirche“ exportieren' }).click(),
    ]);
    expect(download.url()).toContain(`albumId=${other.id}`);
    expect(download.suggestedFilename()).toBe('Momentbox_Aktivität_Kirche_export.zip');
    const file = join(tmp, 'kirche.zip');
    await download.saveAs(file);
    const listing = Bun.spawnSync(['unzip', '-Z1', file]).stdout.toString().trim().split('\n');
    expect(listing).toEqual(['Aktivität/Kirche/Sony_HDR-HC3.jpg']);
    await toastShown(p, 'Export erfolgreich abgeschlossen');
    await p.context().close();
  });

  test('the dashboard exports one album from the albums dialog', async () => {
    const { page } = h;
    await page.reload();
    await card(page, 'aktivitaet-polish').getByRole('button', { name: 'Albums' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export Party as ZIP' }).click(),
    ]);
    expect(download.url()).toMatch(/export-zip\?ticket=.*&albumId=\d+/);
    const file = join(tmp, 'party.zip');
    await download.saveAs(file);
    const listing = Bun.spawnSync(['unzip', '-Z1', file]).stdout.toString().trim().split('\n').sort();
    expect(listing).toEqual(['Aktivität/Party/Nikon_D70.jpg', 'Aktivität/Party/Pentax_K10D.jpg']);
    await toastShown(page, hostEn.exportDone);
    await h.shot('polish-17-dashboard-album-export');
  });
});

describe('load errors and expired sessions (item 18)', () => {
  test('albums that fail to load show the error, not the empty state', async () => {
    const { page } = h;
    await page.reload();
    await page.route('**/api/event/*/albums', (r) =>
      r.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"x","code":"INTERNAL"}' }),
    );
    await card(page, 'laufend-polish').getByRole('button', { name: 'Albums' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('alert').filter({ hasText: 'Failed to load albums' }).waitFor();
    expect(await dialog.getByText('No albums yet').count()).toBe(0);
    expect(await dialog.getByRole('list', { name: 'Albums' }).count()).toBe(0);
    await h.shot('polish-18-albums-load-error');
    await page.unroute('**/api/event/*/albums');
    await dialog.getByRole('button', { name: 'Retry' }).click();
    await dialog.getByRole('list', { name: 'Albums' }).waitFor();
    expect(await dialog.getByText('Failed to load albums').count()).toBe(0);
  });

  test('after a 401 the login page says the session expired', async () => {
    const { page } = h;
    await closeDialogs(page);
    const token = await page.evaluate(() => localStorage.getItem('momentbox_admin_token'));
    await fetch(`${h.server.url}/api/admin/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    await card(page, 'laufend-polish').getByRole('button', { name: 'Stats' }).click();
    await page.waitForURL((u) => u.pathname === '/admin');
    expect(await page.getByTestId('session-expired').textContent()).toBe('Your session has expired. Please sign in again.');
    await h.shot('polish-18-session-expired');
    await page.getByLabel('Password').fill(h.server.adminPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/admin/dashboard');
  });
});

describe('toasts cover no button (item 6, host side)', () => {
  test('dashboard: a toast leaves Logout and every other control free', async () => {
    const { page } = h;
    await page.reload();
    await page.getByRole('button', { name: 'Wi-Fi' }).click();
    await page.getByRole('dialog', { name: 'Venue Wi-Fi' }).getByRole('button', { name: 'Save Wi-Fi' }).click();
    const toast = page.locator('.hx-toast', { hasText: 'Wi-Fi saved' });
    await toast.waitFor();
    await h.shot('polish-06-dashboard-toast');
    expect(await controlsUnder(page, toast, '.hx-toasts')).toEqual([]);
  });

  test('settings page (German): the save toast leaves Event anzeigen free', async () => {
    const event = await byCode('laufend-polish');
    const { client_token } = await h.admin.json<{ client_token: string }>(`/api/client/generate-token/${event.id}`, { method: 'POST' });
    const p = await germanPage();
    await p.goto(`/event/${client_token}/settings`);
    await p.getByRole('tab', { name: 'Allgemeine Einstellungen' }).click();
    await p.getByRole('button', { name: 'Einstellungen speichern' }).click();
    const toast = p.locator('.hx-toast', { hasText: 'Einstellungen gespeichert' });
    await toast.waitFor();
    await h.shot('polish-06-settings-toast', p);
    expect(await controlsUnder(p, toast, '.hx-toasts')).toEqual([]);
    await p.context().close();
  });
});
