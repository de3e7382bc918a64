import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { Page } from 'playwright-core';
import type { AlbumDto, ClientTokenAnswer, UploadDto } from '../../../src/http/api-types.ts';
import { READY_CHALLENGES } from '../../../src/domain/challenge-prompts.ts';
import { PHONE } from '../../helpers/browser.ts';
import { languageProblems, type Lang } from '../../helpers/language-screen.ts';
import { CAMERAS, createEvent, newGuest, openEvent, shot, startGuestEnv, waitForUploadsDone, type GuestEnv } from './helpers.ts';

// Photo challenges on a phone (issue 28 item 3): the couple picks prompts from the ready list and writes their
// own in their page's section; a guest sees the challenges as a list, picks one, uploads a photo into it (whatever
// its capture date says) and sees it there, and the count of their own done challenges follows; a challenge the
// couple adds shows up on the open page without a reload. German and English screens.

let env: GuestEnv;
beforeAll(async () => {
  env = await startGuestEnv();
});
afterAll(async () => env?.stop());

let made = 0;
async function coupleEvent(lang: Lang) {
  const event = await createEvent(env.admin, { name: 'Mia & Tom', code: `aufgaben-${lang}-${++made}`, language: lang });
  const { client_token: token } = await env.admin.json<ClientTokenAnswer>(`/api/client/generate-token/${event.id}`, { method: 'POST' });
  const addChallenge = (name: string) =>
    env.admin.json<AlbumDto>(`/api/client/event/${token}/album`, { method: 'POST', json: { name, challenge: true } });
  return { event, token, addChallenge };
}

/** A phone of a consented guest (own cookie), on the event page. */
async function guestPhone(code: string, locale = 'de-DE') {
  const { context, page } = await newGuest(env, { ...PHONE, locale });
  const { userId } = await env.admin.json<{ userId: string }>(`/api/event/${code}/consent`, { method: 'POST', json: {} });
  await context.addCookies([{ name: `event_${code}`, value: userId, url: env.url }]);
  await openEvent(page, env, code);
  return { context, page };
}

/** The element lies inside the phone's screen horizontally and has text painted (a width and height). */
async function inScreenWidth(page: Page, selector: string) {
  const boxes = await page.locator(selector).evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return { left: r.left, right: r.right, height: r.height };
    }),
  );
  expect(boxes.length).toBeGreaterThan(0);
  for (const b of boxes) expect(b.left >= 0 && b.right <= 390 && b.height > 0).toBe(true);
}

test("the couple's section: prompts from the ready list and their own words (German and English)", async () => {
  const { event, token } = await coupleEvent('de');
  const { context, page } = await newGuest(env, PHONE);
  await page.goto(`${env.url}/event/${token}/settings`);
  await page.getByRole('tab', { name: 'Foto-Aufgaben' }).click();
  const section = page.getByTestId('challenges-section');
  await section.waitFor();
  // The ready list in the guests' language, all of it while nothing is picked.
  expect(await page.getByTestId('challenge-suggestion').count()).toBe(READY_CHALLENGES.de.length);
  await page.getByRole('button', { name: 'Hinzufügen: Das Brautpaar beim Tanzen' }).click();
  await page.locator('[data-testid=challenge][data-challenge="Das Brautpaar beim Tanzen"]').waitFor();
  await page.getByTestId('challenge-own').fill('Opa Heinz beim Limbo');
  await page.getByRole('button', { name: 'Hinzufügen', exact: true }).click();
  await page.locator('[data-testid=challenge][data-challenge="Opa Heinz beim Limbo"]').waitFor();
  // A picked prompt leaves the suggestions.
  expect(await page.getByTestId('challenge-suggestion').count()).toBe(READY_CHALLENGES.de.length - 1);
  await inScreenWidth(page, '[data-testid=challenge]');
  await shot(page, 'challenges-couple-de-phone');
  expect(await languageProblems(page, 'de')).toEqual([]);
  const albums = await env.admin.json<AlbumDto[]>(`/api/event/${event.id}/albums`);
  expect(albums.filter((a) => a.challenge).map((a) => a.name)).toEqual(['Das Brautpaar beim Tanzen', 'Opa Heinz beim Limbo']);
  // The Albums section lists albums only.
  await page.getByRole('tab', { name: 'Alben' }).click();
  await page.locator('[data-album="Default Album"]').waitFor();
  expect(await page.locator('[data-album="Opa Heinz beim Limbo"]').count()).toBe(0);
  await context.close();

  // English: the couple of an English event, their browser in English.
  const en = await coupleEvent('en');
  const phone = await newGuest(env, { ...PHONE, locale: 'en-GB' });
  await phone.page.goto(`${env.url}/event/${en.token}/settings`);
  await phone.page.getByRole('tab', { name: 'Photo challenges' }).click();
  await phone.page.getByRole('button', { name: 'Add: The couple dancing' }).click();
  await phone.page.locator('[data-testid=challenge][data-challenge="The couple dancing"]').waitFor();
  await shot(phone.page, 'challenges-couple-en-phone');
  expect(await languageProblems(phone.page, 'en')).toEqual([]);
  await phone.context.close();
});

test('a guest picks a challenge, uploads a photo into it, sees it there and their count; a new challenge arrives live', async () => {
  const { event, addChallenge } = await coupleEvent('de');
  await addChallenge('Das Brautpaar beim Tanzen');
  await addChallenge('Ein Selfie mit jemandem, den du heute kennengelernt hast');
  await addChallenge('Opa Heinz beim Limbo');
  const { context, page } = await guestPhone(event.code);
  // a mark on the window that a reload would lose
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

  const card = page.getByTestId('album-challenges');
  await card.waitFor();
  expect(await page.getByTestId('album-challenges-line').textContent()).toBe('0 von 3 Aufgaben');
  await card.tap();
  await page.getByTestId('challenges').waitFor();
  expect(await page.getByTestId('challenge').count()).toBe(3);
  await inScreenWidth(page, '[data-testid=challenge]');
  expect(await page.getByTestId('challenges-done').textContent()).toBe('0 von 3 Aufgaben');
  await shot(page, 'challenges-list-phone');
  expect(await languageProblems(page, 'de')).toEqual([]);

  // Pick one: it shows like an album, named by its prompt; the photo (taken in 2008) goes into it all the same.
  await page.locator('[data-testid=challenge][data-challenge="Das Brautpaar beim Tanzen"]').tap();
  expect(await page.getByTestId('album-title').textContent()).toBe('Das Brautpaar beim Tanzen');
  expect(await page.getByTestId('challenge-label').textContent()).toBe('Foto-Aufgabe');
  await page.getByTestId('upload-input').setInputFiles([CAMERAS[0]!]);
  expect(await waitForUploadsDone(page)).toBe('Alle 1 Uploads erfolgreich');
  await page.getByTestId('upload-close').click();
  const tiles = page.locator('[data-testid=media-tile]');
  await tiles.first().waitFor({ timeout: 15_000 });
  expect(await tiles.count()).toBe(1);
  const challenge = (await env.admin.json<AlbumDto[]>(`/api/event/${event.id}/albums`)).find(
    (a) => a.name === 'Das Brautpaar beim Tanzen',
  )!;
  const inIt = await env.admin.json<UploadDto[]>(`/api/event/${event.id}/uploads?albumId=${challenge.id}`);
  expect(inIt.map((u) => u.original_name)).toEqual(['Canon_40D.jpg']);
  expect(await tiles.first().getAttribute('data-upload-id')).toBe(String(inIt[0]!.id));

  // The count follows: on the card and in the list, with the done one marked.
  await page.locator('[data-testid=album-challenges-line]', { hasText: '1 von 3 Aufgaben' }).waitFor({ timeout: 10_000 });
  await card.tap();
  expect(await page.getByTestId('challenges-done').textContent()).toBe('1 von 3 Aufgaben');
  expect(
    await page.locator('[data-testid=challenge][data-challenge="Das Brautpaar beim Tanzen"] [data-testid=challenge-done]').count(),
  ).toBe(1);
  expect(await page.getByTestId('challenge-done').count()).toBe(1);
  await shot(page, 'challenges-done-phone');

  // The couple adds one: the open page lists it without a reload.
  await addChallenge('Die Ringe ganz nah');
  await page.locator('[data-testid=challenge][data-challenge="Die Ringe ganz nah"]').waitFor({ timeout: 10_000 });
  expect(await page.getByTestId('challenges-done').textContent()).toBe('1 von 4 Aufgaben');
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  await context.close();
});

test('the challenges list in English', async () => {
  const { event, addChallenge } = await coupleEvent('en');
  await addChallenge('The couple dancing');
  await addChallenge('A selfie with someone you met today');
  const { context, page } = await guestPhone(event.code, 'en-GB');
  await page.getByTestId('album-challenges').tap();
  await page.getByTestId('challenges').waitFor();
  expect(await page.getByTestId('challenges-done').textContent()).toBe('0 of 2 challenges');
  await shot(page, 'challenges-list-en-phone');
  expect(await languageProblems(page, 'en')).toEqual([]);
  await context.close();
});
