import { coupleEn } from '../../web/src/i18n/couple.en.ts';
import { hostEn } from '../../web/src/i18n/host.en.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import type { AdminEventDto, AlbumDto, EventDto } from '../../src/http/api-types.ts';
import {
  berlinToIso,
  card,
  closeDialogs,
  eventually,
  guestPageExists,
  HOST_IMAGE,
  loginUi,
  setUp,
  toastShown,
  type Harness,
} from './host/harness.ts';

// The admin dashboard in Chromium against a real server: login, events, albums modal, code lock, search,
// delete, change password and the 401 rule.

let h: Harness;
beforeAll(async () => {
  h = await setUp({ locale: 'en-GB' }); // the admin's English texts (the German ones: host/languages-admin.test.ts)
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  if (h) await closeDialogs(h.page);
});

const visibleAlbums = (eventId: number) => h.visitor.json<AlbumDto[]>(`/api/event/${eventId}/albums`);
const names = (albums: AlbumDto[]) => albums.map((a) => a.name).join();
const adminEvents = () => h.admin.json<AdminEventDto[]>('/api/event/events');

describe('admin dashboard', () => {
  let eventCode = '';
  let eventId = 0;

  test('without a token the dashboard sends to /admin; a wrong password shows Invalid credentials, the right one signs in', async () => {
    const { page } = h;
    await page.goto('/admin/dashboard');
    await page.waitForURL((u) => u.pathname === '/admin');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await h.shot('01-login');

    await page.getByLabel('Password').fill('definitely-wrong');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid credentials' }).waitFor();
    await h.shot('02-login-invalid');
    expect(await page.evaluate(() => localStorage.getItem('momentbox_admin_token'))).toBeNull();

    await page.getByLabel('Password').fill(h.server.adminPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/admin/dashboard');
    await page.getByRole('heading', { name: 'No events found' }).waitFor();
    for (const name of ['API keys', 'Change Password', 'Logout', 'Create New Event']) {
      expect(await page.getByRole('button', { name }).first().isVisible()).toBe(true);
    }
    await h.shot('03-dashboard-empty');
  });

  test('creating an event: code generated from the name, default colours, host image shown to guests', async () => {
    const { page } = h;
    await page.getByRole('button', { name: 'Create New Event' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create New Event' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Primary colour', { exact: true }).inputValue()).toBe('#3B82F6');
    expect(await dialog.getByLabel('Secondary colour', { exact: true }).inputValue()).toBe('#DBEAFE');
    expect(await dialog.getByLabel('Duration').inputValue()).toBe('14');
    expect(await dialog.getByLabel('Allow users to download images').isChecked()).toBe(true);
    // the same row as on the host's settings page (one component), on by default
    expect(await dialog.getByLabel(hostEn.stripLocation).isChecked()).toBe(true);
    await dialog.getByText(hostEn.stripLocationNote).waitFor();
    const submit = dialog.getByRole('button', { name: 'Create Event' });
    expect(await submit.isDisabled()).toBe(true);

    await dialog.getByLabel('Event name').fill('Hochzeit Anna & Tom');
    const code = await dialog.getByLabel('Event code').inputValue();
    expect(code).toMatch(/^hochzeit-anna-tom-[a-z0-9]{6}$/);
    // typing more keeps following the name with the same suffix
    await dialog.getByLabel('Event name').fill('Hochzeit Anna & Tom 2026');
    const code2 = await dialog.getByLabel('Event code').inputValue();
    expect(code2).toBe(`hochzeit-anna-tom-2026-${code.slice(-6)}`);

    await dialog.locator('input[type=file]').setInputFiles(HOST_IMAGE);
    await dialog.getByTestId('image-preview').locator('img').waitFor();
    await dialog.getByLabel('Primary colour', { exact: true }).fill('#7C3AED');
    await dialog.getByLabel('Duration').selectOption('7');
    await h.shot('04-create-event-form');
    await submit.click();
    await toastShown(page, 'Event created successfully');
    eventCode = code2;

    const ev = await h.visitor.json<EventDto>(`/api/event/${eventCode}`);
    eventId = ev.id;
    expect(ev.name).toBe('Hochzeit Anna & Tom 2026');
    expect(ev.primary_color.toUpperCase()).toBe('#7C3AED');
    expect(ev.secondary_color.toUpperCase()).toBe('#DBEAFE');
    expect(ev.event_duration_days).toBe(7);
    expect(ev.strip_location).toBe(true);
    expect(ev.host_image_url).toBeTruthy();
    const img = await fetch(h.server.url + ev.host_image_url);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toStartWith('image/');

    const c = card(page, eventCode);
    await c.waitFor();
    await c.getByTestId('host-image').waitFor();
    expect(await c.getByText(eventCode).isVisible()).toBe(true);
    expect(await c.getByText('Downloads on').isVisible()).toBe(true);
    expect(await c.getByTestId('event-size').innerText()).toContain('0.00 MB');
    await h.shot('05-dashboard-one-event');

    if (guestPageExists()) {
      const guest = await h.context.newPage();
      await guest.goto(`/event/${eventCode}`);
      await guest.getByText('Hochzeit Anna & Tom 2026').first().waitFor({ timeout: 15_000 });
      await h.shot('06-guest-page', guest);
      await guest.close();
    }
  });

  test('a non-image host image is refused in the form', async () => {
    const { page } = h;
    await card(page, eventCode).getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Event' });
    await dialog.locator('input[type=file]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await dialog.getByText('Please choose an image file.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  test('editing: the code is read-only until unlocked; the new code is what guests use', async () => {
    const { page } = h;
    await card(page, eventCode).getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Event' });
    const codeInput = dialog.getByLabel('Event code');
    expect(await codeInput.getAttribute('readonly')).not.toBeNull();
    // renaming while locked leaves the code alone
    await dialog.getByLabel('Event name').fill('Hochzeit Anna & Tom');
    expect(await codeInput.inputValue()).toBe(eventCode);
    await h.shot('07-edit-event-locked');
    await dialog.getByRole('button', { name: 'Unlock code' }).click();
    expect(await codeInput.getAttribute('readonly')).toBeNull();
    await codeInput.fill('anna-tom');
    await dialog.getByLabel(hostEn.stripLocation).uncheck();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toastShown(page, 'Event updated successfully');
    await card(page, 'anna-tom').waitFor();
    expect((await h.visitor.fetch(`/api/event/${eventCode}`)).status).toBe(404);
    const ev = await h.visitor.json<EventDto>('/api/event/anna-tom');
    expect(ev.name).toBe('Hochzeit Anna & Tom');
    expect(ev.host_image_url).toBeTruthy();
    expect(ev.strip_location).toBe(false);
    eventCode = 'anna-tom';
    // opened again, the form shows what was saved
    await card(page, eventCode).getByRole('button', { name: 'Edit' }).click();
    expect(await dialog.getByLabel(hostEn.stripLocation).isChecked()).toBe(false);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  test('a taken code shows the server message in the form', async () => {
    const other = await h.admin.createEvent({ name: 'Firmenfeier ACME', code: 'acme-2026' });
    const { page } = h;
    await page.reload();
    await card(page, other.code).getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Event' });
    await dialog.getByRole('button', { name: 'Unlock code' }).click();
    await dialog.getByLabel('Event code').fill('anna-tom');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    const alert = dialog.getByRole('alert');
    await alert.waitFor();
    const text = await alert.innerText();
    expect(text.length).toBeGreaterThan(3);
    expect(text).not.toBe('Failed to update event'); // the server's message is shown when it sends one
    await h.shot('08-edit-event-code-taken');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  test("'Gesichtssuche' in the event form: the couple's switch with its explanation, painted in the dialog; on and off reach the event", async () => {
    const ev = await h.admin.createEvent({ name: 'Gesichter', code: 'faces-form' });
    const { page } = h;
    await page.reload();
    const f = coupleEn.faces;
    const open = async () => {
      await card(page, ev.code).getByRole('button', { name: 'Edit' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Event' });
      await dialog.waitFor();
      return dialog;
    };
    let dialog = await open();
    const check = () => dialog.getByRole('checkbox', { name: f.on });
    expect(await check().isChecked()).toBe(false);
    // What it means is right below it: nothing leaves the box, guests opt in, off deletes the face data.
    const note = dialog.getByText(f.offNote, { exact: false });
    await check().scrollIntoViewIfNeeded();
    const [box, shown, checkBox, noteBox] = await Promise.all([
      dialog.boundingBox(),
      note.innerText(),
      check().boundingBox(),
      note.boundingBox(),
    ]);
    expect(shown).toBe(`${f.intro} ${f.offNote}`);
    expect(await check().getAttribute('aria-describedby')).toBe(await note.getAttribute('id'));
    for (const b of [checkBox!, noteBox!]) {
      expect(b.x).toBeGreaterThanOrEqual(box!.x);
      expect(b.x + b.width).toBeLessThanOrEqual(box!.x + box!.width);
      expect(b.height).toBeGreaterThan(0);
    }
    expect(noteBox!.y).toBeGreaterThan(checkBox!.y);
    await check().check();
    await h.shot('08b-edit-event-face-search');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toastShown(page, 'Event updated successfully');
    expect((await h.visitor.json<EventDto>(`/api/event/${ev.code}`)).face_search).toBe(true);
    // opened again it shows what was saved; unchecked and saved, it is off
    dialog = await open();
    expect(await check().isChecked()).toBe(true);
    await check().uncheck();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toastShown(page, 'Event updated successfully');
    expect((await h.visitor.json<EventDto>(`/api/event/${ev.code}`)).face_search).toBe(false);
    // the later tests know the dashboard's two events
    expect((await h.admin.fetch(`/api/event/${ev.id}`, { method: 'DELETE' })).status).toBe(200);
    await page.reload();
    await card(page, 'anna-tom').waitFor();
  });

  test('search filters by name or code, case-insensitive, with a no-match state and Clear search', async () => {
    const { page } = h;
    const search = page.getByLabel('Search events');
    await search.fill('ACME');
    await card(page, 'acme-2026').waitFor();
    expect(await card(page, 'anna-tom').count()).toBe(0);
    await search.fill('HOCHZEIT');
    await card(page, 'anna-tom').waitFor();
    expect(await card(page, 'acme-2026').count()).toBe(0);
    await search.fill('nothing like this');
    await page.getByRole('heading', { name: /No events match/ }).waitFor();
    await h.shot('09-search-no-match');
    await page.getByRole('button', { name: 'Clear search' }).click();
    await card(page, 'acme-2026').waitFor();
    await card(page, 'anna-tom').waitFor();
    expect(await search.inputValue()).toBe('');
  });

  test('sizes over 100 MB are amber', async () => {
    const { page } = h;
    // a real 100 MB event is too slow for a test: the list answer is the server's, with one size raised
    await page.route('**/api/event/events', async (route) => {
      const res = await route.fetch();
      const list = (await res.json()) as AdminEventDto[];
      await route.fulfill({ response: res, json: list.map((e) => (e.code === 'acme-2026' ? { ...e, total_size_mb: 150.5 } : e)) });
    });
    await page.reload();
    const big = card(page, 'acme-2026').getByTestId('event-size');
    await big.getByText('150.50 MB').waitFor();
    expect(await big.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(180, 83, 9)');
    const small = card(page, 'anna-tom').getByTestId('event-size');
    expect(await small.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(107, 114, 128)');
    await page.unroute('**/api/event/events');
    await page.reload();
    await card(page, 'anna-tom').waitFor();
  });

  test('albums modal: create, edit, hide, show and delete, with the guest side following each step', async () => {
    const { page } = h;
    // the album list's buttons and the warning are the album form shared with the couple's page (host dictionary; the admin's browser is English)
    const c = coupleEn.couple;
    await card(page, eventCode).getByRole('button', { name: 'Albums' }).click();
    const dialog = page.getByRole('dialog', { name: /^Albums/ });
    await dialog.waitFor();
    const create = dialog.getByRole('button', { name: 'Create Album' });
    expect(await create.isDisabled()).toBe(true);

    // a current album (now inside its window) and one without dates
    const now = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    const local = (d: Date) =>
      `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
    // the browser runs in Europe/Berlin; build the values from the same instants there
    const berlin = (d: Date) => local(new Date(d.toLocaleString('en-US', { timeZone: 'Europe/Berlin' })));
    await dialog.getByLabel('Album name').fill('Trauung');
    await dialog.getByLabel('Start (optional)').fill(berlin(new Date(now.getTime() - 3600_000)));
    await dialog.getByLabel('End (optional)').fill(berlin(new Date(now.getTime() + 3600_000)));
    await create.click();
    await dialog.locator('[data-album="Trauung"]').waitFor();
    expect(await dialog.locator('[data-album="Trauung"]').getByText(hostEn.albumCurrent, { exact: true }).isVisible()).toBe(true);
    await dialog.getByLabel('Album name').fill('Party');
    await create.click();
    await dialog.locator('[data-album="Party"]').waitFor();
    await h.shot('10-albums-modal');

    // the server adds a default album to every event; ours come in order: dated by start, then undated
    await eventually(async () => /Trauung,.*Party/.test(names(await visibleAlbums(ev()))), 'guests see both albums');
    const trauung = (await visibleAlbums(ev())).find((a) => a.name === 'Trauung')!;
    expect(trauung.start_datetime).toBeTruthy();
    expect(Math.abs(new Date(trauung.start_datetime!).getTime() - (now.getTime() - 3600_000))).toBeLessThan(61_000);

    // edit
    await dialog.getByRole('button', { name: c.editNamed('Party') }).click();
    expect(await dialog.getByLabel('Album name').inputValue()).toBe('Party');
    await dialog.getByLabel('Album name').fill('Party & Tanz');
    await dialog.getByLabel('Start (optional)').fill('2026-06-20T20:00');
    await dialog.getByLabel('End (optional)').fill('2026-06-21T03:00');
    await dialog.getByRole('button', { name: 'Update Album' }).click();
    await dialog.locator('[data-album="Party & Tanz"]').waitFor();
    await eventually(
      async () =>
        (await visibleAlbums(ev())).some((a) => a.name === 'Party & Tanz' && a.start_datetime === berlinToIso('2026-06-20T20:00')),
      'guests see the renamed album',
    );

    // hide, then show
    await dialog.getByRole('button', { name: c.hideNamed('Trauung') }).click();
    await dialog.locator('[data-album="Trauung"]').getByText('Hidden').waitFor();
    await eventually(async () => !(await visibleAlbums(ev())).some((a) => a.name === 'Trauung'), 'the hidden album is gone for guests');
    await h.shot('11-albums-modal-hidden');
    await dialog.getByRole('button', { name: c.showNamed('Trauung') }).click();
    await dialog.locator('[data-album="Trauung"]').getByText('Visible').waitFor();
    await eventually(async () => (await visibleAlbums(ev())).some((a) => a.name === 'Trauung'), 'the album is back for guests');

    // delete, with the warning
    await dialog.getByRole('button', { name: c.deleteNamed('Party & Tanz') }).click();
    await dialog.getByText(c.deleteAlbumWarning).waitFor();
    await h.shot('12-albums-modal-delete');
    await dialog.getByRole('button', { name: 'Delete album' }).click();
    await dialog.locator('[data-album="Party & Tanz"]').waitFor({ state: 'detached' });
    await eventually(async () => !names(await visibleAlbums(ev())).includes('Party'), 'the deleted album is gone');
    expect(names(await visibleAlbums(ev()))).toContain('Trauung');
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  const ev = () => eventId;

  test('deleting an event asks first', async () => {
    const { page } = h;
    await card(page, 'acme-2026').getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Event' });
    await dialog.getByText('This cannot be undone.').waitFor();
    await h.shot('13-delete-event');
    await dialog.getByRole('button', { name: 'Delete event' }).click();
    await card(page, 'acme-2026').waitFor({ state: 'detached' });
    expect((await adminEvents()).map((e) => e.code)).toEqual(['anna-tom']);
  });

  test('change password: validation messages, red error box, logout after 2 s, login with the new password', async () => {
    const { page } = h;
    await page.getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    const submit = dialog.getByRole('button', { name: 'Change Password' });
    await dialog.getByLabel('Current Password').fill(h.server.adminPassword);
    await dialog.getByLabel('New Password', { exact: true }).fill('new-password-1');
    await dialog.getByLabel('Confirm New Password').fill('new-password-2');
    await submit.click();
    await dialog.getByRole('alert').filter({ hasText: 'New passwords do not match' }).waitFor();
    await dialog.getByLabel('New Password', { exact: true }).fill('short');
    await dialog.getByLabel('Confirm New Password').fill('short');
    await submit.click();
    await dialog.getByRole('alert').filter({ hasText: 'New password must be at least 8 characters long' }).waitFor();
    const bg = await dialog.getByRole('alert').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(bg).toBe('rgb(254, 242, 242)'); // the red box
    await h.shot('14-change-password-error');
    await dialog.getByLabel('Current Password').fill('wrong-current-password');
    await dialog.getByLabel('New Password', { exact: true }).fill('new-password-1');
    await dialog.getByLabel('Confirm New Password').fill('new-password-1');
    await submit.click();
    await dialog.getByRole('alert').filter({ hasText: 'Failed to change password' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/dashboard'); // a wrong current password is no logout

    await dialog.getByLabel('Current Password').fill(h.server.adminPassword);
    await submit.click();
    await dialog.getByText('Password changed successfully').waitFor();
    const changedAt = Date.now();
    await h.shot('15-change-password-done');
    await page.waitForURL((u) => u.pathname === '/admin', { timeout: 5000 });
    expect(Date.now() - changedAt).toBeGreaterThanOrEqual(1500);
    expect(await page.evaluate(() => localStorage.getItem('momentbox_admin_token'))).toBeNull();
    // the address changes first; the dashboard (with this dialog) stays until the login page's code has loaded
    await dialog.waitFor({ state: 'detached' });

    await page.getByLabel('Password').fill(h.server.adminPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid credentials' }).waitFor();
    await loginUi(page, 'new-password-1');
    await card(page, 'anna-tom').waitFor();
  });

  test('a 401 from any call clears the token and returns to /admin, saying the session expired', async () => {
    const { page } = h;
    await page.evaluate(() => localStorage.setItem('momentbox_admin_token', 'expired-or-forged-token'));
    await page.goto('/admin/dashboard');
    // The dashboard's calls fail together; the first 401 leads to the login, the others must not navigate again.
    await page.waitForURL((u) => u.pathname === '/admin' && u.searchParams.has('expired'));
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.getByTestId('session-expired').waitFor();
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).searchParams.has('expired')).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('momentbox_admin_token'))).toBeNull();
  });

  test('logout ends the session', async () => {
    const { page } = h;
    await loginUi(page, 'new-password-1');
    const token = await page.evaluate(() => localStorage.getItem('momentbox_admin_token'));
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((u) => u.pathname === '/admin');
    const res = await fetch(`${h.server.url}/api/event/events`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(401);
  });

  test('no script errors on any page', () => {
    expect(h.errors).toEqual([]);
  });
});
