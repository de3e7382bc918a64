import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { PHONE } from '../../helpers/browser.ts';
import type { AdminEventDto, AlbumDto } from '../../../src/http/api-types.ts';
import {
  albumsOf,
  albumUploads,
  CAMERAS,
  consent,
  createEvent,
  createFixtureAlbums,
  newGuest,
  PHONES,
  selectAlbum,
  shot,
  startGuestEnv,
  waitForUploadsDone,
  type GuestEnv,
} from './helpers.ts';

// A guest on a phone: joins by code on the landing page, gives consent with a nickname, uploads the
// fixture photos, sees each land in the album of its capture date ('Unsortiert' for the rest), then
// uploads them again and sees them skipped as duplicates.

let env: GuestEnv;
let event: AdminEventDto;
let albums: Record<string, AlbumDto>;

beforeAll(async () => {
  env = await startGuestEnv();
  event = await createEvent(env.admin, { name: 'Sommerfest', code: 'sommerfest-e2e' });
  albums = await createFixtureAlbums(env.admin, event.id);
});
afterAll(async () => env?.stop());

describe('guest on a phone', () => {
  test('joins by code, consents, uploads into albums by capture date, duplicates are skipped', async () => {
    const { context, page } = await newGuest(env, PHONE);
    // As on the venue LAN over plain http://: no secure context, so no crypto.subtle, no randomUUID,
    // no async clipboard. Hashing (hash-wasm), ids and copying must work without them.
    await context.addInitScript(() => {
      Object.defineProperty(window, 'isSecureContext', { get: () => false });
      Object.defineProperty(Crypto.prototype, 'subtle', { get: () => undefined });
      delete (Crypto.prototype as { randomUUID?: unknown }).randomUUID;
      Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined });
    });

    // Landing: empty code is refused, then the code joins.
    await page.goto(env.url + '/');
    await shot(page, 'landing-phone');
    await page.getByTestId('join').click();
    expect(await page.getByRole('alert').textContent()).toBe('Bitte gib einen Event-Code ein.');
    await page.getByTestId('event-code').fill('  sommerfest-e2e  ');
    await page.getByTestId('join').click();
    await page.waitForURL('**/event/sommerfest-e2e');

    // First visit: the help modal cannot be closed before consent; confirm is disabled until the box is ticked.
    await page.getByTestId('help-modal').waitFor();
    await shot(page, 'event-consent-phone');
    expect(await page.getByTestId('help-modal').getByRole('button', { name: 'Schließen' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    expect(await page.getByTestId('help-modal').isVisible()).toBe(true);
    expect(await page.getByTestId('consent-confirm').isDisabled()).toBe(true);
    await page.getByTestId('consent-nickname').fill('x'.repeat(31));
    expect(await page.getByTestId('help-modal').getByRole('alert').textContent()).toBe('Maximal 30 Zeichen erlaubt.');
    expect(await page.evaluate(() => [window.isSecureContext, typeof crypto.subtle, typeof crypto.randomUUID])).toEqual([
      false,
      'undefined',
      'undefined',
    ]);
    const link = await consent(page, 'Anna');
    const cookies = await context.cookies();
    const cookie = cookies.find((c) => c.name === 'event_sommerfest-e2e');
    expect(cookie).toBeDefined();
    expect(link).toBe(`${env.url}/event/sommerfest-e2e/recover/${cookie!.value}`);
    expect(cookie!.sameSite).toBe('Lax');
    expect(cookie!.path).toBe('/');
    // Ten years are asked for (unit-tested on the cookie string); Chromium caps any cookie at 400 days.
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(399 * 86400_000);
    const nick = await env.admin.json<{ nickname: string }>(`/api/event/sommerfest-e2e/user-nickname/${cookie!.value}`);
    expect(nick.nickname).toBe('Anna');

    // The identified guest gets 'Automatisch freigeben'; switch it on so the photos are shared.
    await page.getByTestId('auto-approve').check();
    await shot(page, 'event-empty-phone');

    await page.getByTestId('upload-input').setInputFiles([...CAMERAS, ...PHONES]);
    await page.getByTestId('upload-modal').waitFor();
    await shot(page, 'upload-progress-phone');
    const summary = await waitForUploadsDone(page);
    expect(summary).toBe('Alle 8 Uploads erfolgreich');
    expect(await page.getByTestId('upload-close').textContent()).toBe('OK');
    // Long names are shortened: 17 characters and an ellipsis.
    const names = await page.locator('.ev-upl__name').allTextContents();
    expect(names).toContain('Panasonic_DMC-FZ3...');
    expect(names).toContain('HMD_Nokia_8.3_5G.jpg');
    await shot(page, 'upload-done-phone');
    await page.getByTestId('upload-close').click();

    // Every photo landed in the album of its capture date; the rest went to a new 'Unsortiert'.
    const all = await albumsOf(env.admin, event.id);
    const unsorted = all.find((a) => a.name === 'Unsortiert');
    expect(unsorted).toBeDefined();
    expect(unsorted!.start_datetime).toBeNull();
    const namesIn = async (a: AlbumDto) => (await albumUploads(env.admin, event.id, a.id)).map((u) => u.original_name).sort();
    expect(await namesIn(albums.spring!)).toEqual(['Canon_40D.jpg', 'Nikon_D70.jpg', 'Pentax_K10D.jpg']);
    expect(await namesIn(albums.summer!)).toEqual(['Panasonic_DMC-FZ30.jpg']);
    expect(await namesIn(albums.phones!)).toEqual(['iphone_hdr_YES.jpg', 'jolla.jpg']);
    expect(await namesIn(unsorted!)).toEqual(['HMD_Nokia_8.3_5G.jpg', 'Sony_HDR-HC3.jpg']);
    for (const u of await albumUploads(env.admin, event.id, albums.spring!.id)) expect(u.approved).toBe(true);

    // The page shows it too: album cards with counts, the grid of the chosen album.
    await page.locator('[data-testid=album-card][data-album-name="Unsortiert"]').waitFor();
    // A chosen card glides to the middle of the slider (after 300 ms).
    await selectAlbum(page, 'Handys 2014–2015');
    await page.waitForTimeout(1100);
    const offCentre = await page.evaluate(() => {
      const track = document.querySelector('.ev-albums__track')!.getBoundingClientRect();
      const card = document.querySelector('[data-album-name="Handys 2014–2015"]')!.getBoundingClientRect();
      return Math.abs(card.left + card.width / 2 - (track.left + track.width / 2));
    });
    expect(offCentre).toBeLessThan(4);
    expect(await page.getByTestId('albums-left').isEnabled()).toBe(true);
    await selectAlbum(page, 'Frühling 2008');
    await page.locator('[data-testid=media-tile] img').first().waitFor();
    expect(await page.getByTestId('media-tile').count()).toBe(3);
    expect(await page.locator('[data-testid=album-card][data-album-name="Frühling 2008"] [data-testid=album-count]').textContent()).toBe(
      '3 Medien',
    );
    expect(await page.locator('[data-testid=album-card][data-album-name="Sommer 2008"] [data-testid=album-count]').textContent()).toBe(
      '1 Medium',
    );
    expect(await page.locator('[data-testid=album-card][data-album-name="Default Album"] [data-testid=album-count]').textContent()).toBe(
      'Keine Medien',
    );
    await page.locator('[data-testid=media-tile] img').nth(2).waitFor();
    await shot(page, 'event-album-phone');

    // Same files again: every one is found before uploading.
    await page.getByTestId('upload-input').setInputFiles([...CAMERAS, ...PHONES]);
    await page.getByTestId('upload-modal').waitFor();
    const again = await waitForUploadsDone(page);
    expect(again).toBe('0 neue Datei(en) hochgeladen8 Duplikat(e) übersprungen');
    expect(await page.locator('[data-testid=upload-item][data-status=duplicate]').count()).toBe(8);
    expect(await page.locator('[data-testid=upload-item-status]').first().textContent()).toBe('Diese Datei wurde bereits hochgeladen');
    await shot(page, 'upload-duplicates-phone');
    await page.getByTestId('upload-close').click();
    let total = 0;
    for (const a of await albumsOf(env.admin, event.id)) total += (await albumUploads(env.admin, event.id, a.id)).length;
    expect(total).toBe(8);
    await context.close();
  });
});
