import { afterAll, beforeAll, expect, test } from 'bun:test';
import { ApiClient } from '../../helpers/api-client.ts';
import { PHONE } from '../../helpers/browser.ts';
import { languageProblems } from '../../helpers/language-screen.ts';
import { consentingGuest, createEvent, shot, startGuestEnv, type GuestEnv } from './helpers.ts';

// The guestbook on a phone (issue 27): reached from the menu and from the album area, a guest signs it, a second
// guest sees the entry appear live (newest first) without a reload, HTML stays text, the writer deletes their own.

let env: GuestEnv;
beforeAll(async () => {
  env = await startGuestEnv();
});
afterAll(async () => env?.stop());

test('a guest signs the guestbook on a phone and a second guest sees it live; both languages', async () => {
  const event = await createEvent(env.admin, { name: 'Anna & Ben' });
  // A photo, so the album area shows (the guestbook's card sits after the albums).
  const photographer = new ApiClient(env.url);
  await photographer.joinAsGuest(event.code, 'Foto');
  await photographer.uploadOk(event.id, `${import.meta.dir}/../../fixtures/photos/cameras/Canon_40D.jpg`, { autoApprove: 'true' });

  const writer = await consentingGuest(env, event.code, 'Lena', PHONE);
  const reader = await consentingGuest(env, event.code, 'Tom', PHONE);

  // The reader opens it from the album area, the writer from the menu.
  await reader.page.getByTestId('album-guestbook').click();
  await reader.page.getByTestId('guestbook-empty').waitFor();
  expect(await reader.page.getByTestId('guestbook-empty').textContent()).toBe('Noch keine Einträge. Schreib den ersten!');
  await writer.page.getByTestId('menu').click();
  await writer.page.getByTestId('menu-guestbook').click();
  await writer.page.getByTestId('guestbook-form').waitFor();
  expect(writer.page.url()).toEndWith('#gaestebuch');
  expect(await writer.page.getByTestId('guestbook-name').inputValue()).toBe('Lena');

  const first = 'Alles Liebe euch beiden!\nEure Lena';
  await writer.page.getByTestId('guestbook-text').fill(first);
  await writer.page.getByTestId('guestbook-sign').click();
  await writer.page.locator('[data-testid=guestbook-entry]', { hasText: 'Alles Liebe' }).waitFor();
  expect(await writer.page.getByTestId('guestbook-text').inputValue()).toBe('');

  let reloaded = false;
  reader.page.on('framenavigated', () => (reloaded = true));
  const entries = reader.page.getByTestId('guestbook-entry');
  await entries.first().waitFor({ timeout: 5000 });
  expect(await entries.first().locator('.gb-card__text').innerText()).toBe(first);
  expect(await entries.first().locator('.gb-card__name').textContent()).toBe('Lena');
  expect(await entries.first().getByTestId('guestbook-delete').count()).toBe(0);

  // HTML in a message is text on every screen; the newest stands first.
  const html = '<b>fett</b><img src=x onerror="document.title=1">';
  await writer.page.getByTestId('guestbook-text').fill(html);
  await writer.page.getByTestId('guestbook-sign').click();
  await reader.page.locator('[data-testid=guestbook-entry]', { hasText: '<b>fett</b>' }).waitFor({ timeout: 5000 });
  expect(await entries.count()).toBe(2);
  expect(await entries.first().locator('.gb-card__text').innerText()).toBe(html);
  expect(await reader.page.locator('.gb-card__text b, .gb-card__text img').count()).toBe(0);
  expect(reloaded).toBe(false);

  // Painted: the cards fill the phone's width and do not overflow it.
  const box = (await entries.first().boundingBox())!;
  expect(box.width).toBeGreaterThan(300);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await languageProblems(reader.page, 'de', ['Anna & Ben', 'Lena', 'Tom', 'Foto', first, html])).toEqual([]);
  await shot(writer.page, 'guestbook-writer-phone');
  await shot(reader.page, 'guestbook-reader-phone');

  // Too long: the server's message beside the form, nothing stored.
  await writer.page.getByTestId('guestbook-text').fill('x'.repeat(1001));
  expect(await writer.page.locator('#gb-left').textContent()).toBe('1 Zeichen zu viel');
  await writer.page.getByTestId('guestbook-sign').click();
  await writer.page.getByTestId('guestbook-error').waitFor();
  expect(await writer.page.getByTestId('guestbook-error').textContent()).toBe(
    'Die Nachricht ist zu lang. Erlaubt sind höchstens 1.000 Zeichen.',
  );
  await shot(writer.page, 'guestbook-too-long-phone');

  // The writer deletes their own (a second tap confirms); it goes on the reader's screen too.
  const own = writer.page.locator('[data-testid=guestbook-entry]', { hasText: '<b>fett</b>' });
  await own.getByTestId('guestbook-delete').click();
  expect(await own.getByTestId('guestbook-delete').textContent()).toBe('Endgültig löschen');
  await own.getByTestId('guestbook-delete').click();
  await reader.page.locator('[data-testid=guestbook-entry]', { hasText: '<b>fett</b>' }).waitFor({ state: 'detached', timeout: 5000 });
  expect(await entries.count()).toBe(1);

  // Back to the photos from the album area.
  await reader.page.getByTestId('album-card').first().click();
  await reader.page.getByTestId('guestbook').waitFor({ state: 'detached' });

  // English: the same section in the other language (once the German toast has gone: toasts keep their words).
  await writer.page.getByTestId('toast').waitFor({ state: 'detached' });
  await writer.page.getByTestId('menu').click();
  await writer.page.getByRole('menuitemradio', { name: 'English' }).click();
  await writer.page.getByText('Sign the guestbook').waitFor();
  expect(await languageProblems(writer.page, 'en', ['Anna & Ben', 'Lena', 'Tom', 'Foto', first, 'x'.repeat(1001)])).toEqual([]);
  await shot(writer.page, 'guestbook-writer-phone-en');

  await writer.context.close();
  await reader.context.close();
}, 120_000);
