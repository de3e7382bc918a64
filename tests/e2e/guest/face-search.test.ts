import { Database } from 'bun:sqlite';
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { AdminEventDto } from '../../../src/http/api-types.ts';
import { PHONE } from '../../helpers/browser.ts';
import { languageProblems, type Lang } from '../../helpers/language-screen.ts';
import { createEvent, FIXTURES, newGuest, openEvent, shot, startGuestEnv, type GuestEnv } from './helpers.ts';

// 'Fotos von mir finden' on a phone (issue 30, Done when): a guest who consents and 'takes' a selfie (a real
// photo of a person of the fixtures, through the camera's file input) gets the photos of that person from an
// event with several people, and none of the others; 'Mich aus der Gesichtssuche entfernen' by one guest
// removes that person from another guest's search. German and English.

const face = (name: string) => join(FIXTURES, 'faces', name);
/** Two photos of the Expedition 1 crew (Gidzenko in both), four of other people. */
const PHOTOS = [
  'expedition1-crew-oranges.jpg',
  'expedition1-crew-lab.jpg',
  'sts106-crew.jpg',
  'whitson-lab.jpg',
  'frick-portrait.jpg',
  'walz-station.jpg',
];

let env: GuestEnv;
let event: AdminEventDto;
const byId = new Map<number, string>();

/** Waits (bounded) until the face worker has looked at every photo of the event. */
async function indexed(eventId: number, uploads: number) {
  const until = Date.now() + 480_000;
  while (Date.now() < until) {
    const db = new Database(join(env.server.dataDir, 'momentbox.db'), { readonly: true });
    const n = (db.query('select count(distinct upload_id) as n from faces where event_id = ?').get(eventId) as { n: number }).n;
    db.close();
    if (n >= uploads) return;
    await Bun.sleep(500);
  }
  throw new Error('the face index did not cover the event in 480 s');
}

beforeAll(async () => {
  env = await startGuestEnv();
  event = await createEvent(env.admin, { face_search: 'true' });
  for (const name of PHOTOS) byId.set((await env.admin.uploadOk(event.id, face(name))).id, name);
  await indexed(event.id, PHOTOS.length);
}, 540_000);
afterAll(async () => env?.stop());

/** A consented guest's phone on the event page, in `lang`. */
async function guestPhone(lang: Lang) {
  const { context, page } = await newGuest(env, { ...PHONE, locale: lang === 'de' ? 'de-DE' : 'en-US' });
  const { userId } = await env.admin.json<{ userId: string }>(`/api/event/${event.code}/consent`, { method: 'POST', json: {} });
  await context.addCookies([{ name: `event_${event.code}`, value: userId, url: env.url }]);
  if (lang === 'en') await context.addInitScript(() => localStorage.setItem('momentbox.language', 'en'));
  await openEvent(page, env, event.code);
  return { context, page };
}

/** Opens 'Fotos von mir finden' from the menu, 'takes' the selfie, waits for the results. */
async function searchWith(page: Page, selfie: string): Promise<string[]> {
  await page.getByTestId('menu').tap();
  await page.getByTestId('menu-faces').tap();
  await page.getByTestId('face-consent').waitFor();
  await page.getByTestId('face-selfie').setInputFiles(selfie);
  await page.getByTestId('face-count').waitFor({ timeout: 60_000 });
  const ids = await page.getByTestId('face-result').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-upload-id'))));
  return ids.map((id) => byId.get(id)!);
}

test('a selfie finds that person’s photos, best first, none of the others; open, heart and download from there; Das bin ich nicht', async () => {
  const { page } = await guestPhone('de');
  // The entry shows in the album area too.
  await page.getByTestId('album-faces').waitFor();
  await page.getByTestId('menu').tap();
  await page.getByTestId('menu-faces').tap();
  const consentCard = page.getByTestId('face-consent');
  await consentCard.waitFor();
  const consentText = (await consentCard.textContent()) ?? '';
  for (const words of [
    'mit den Fotos dieses Events verglichen',
    'nur hier auf dieser Box',
    'Nichts wird geteilt',
    'nicht gespeichert',
    'jederzeit löschen',
  ])
    expect(consentText).toContain(words);
  expect(await page.getByTestId('face-selfie').getAttribute('capture')).toBe('user');
  expect(await page.getByTestId('face-selfie').getAttribute('accept')).toBe('image/*');
  await shot(page, 'faces-consent-phone');
  expect(await languageProblems(page, 'de')).toEqual([]);

  await page.getByTestId('face-selfie').setInputFiles(face('gidzenko-portrait.jpg'));
  await page.getByTestId('face-count').waitFor({ timeout: 60_000 });
  const found = await page.getByTestId('face-result').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-upload-id'))));
  expect(found.map((id) => byId.get(id))).toEqual(['expedition1-crew-oranges.jpg', 'expedition1-crew-lab.jpg']);
  expect(await page.getByTestId('face-count').textContent()).toBe('2 Fotos von dir');
  // The grid is on the screen: two tiles side by side within the phone's width, 'Das bin ich nicht' under each.
  const tiles = await page.getByTestId('face-result').all();
  for (const tile of tiles) {
    const box = (await tile.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.viewport!.width);
    expect(await tile.getByTestId('face-not-me').textContent()).toBe('Das bin ich nicht');
  }
  await shot(page, 'faces-results-phone');
  expect(await languageProblems(page, 'de')).toEqual([]);

  // Open the best match in the viewer: heart it there, the download button is there.
  await tiles[0]!.locator('.fs__open').tap();
  await page.getByTestId('viewer-image').waitFor();
  expect(await page.getByTestId('viewer-counter').textContent()).toBe('1 / 2');
  await page.getByTestId('viewer-heart').tap();
  await page.getByTestId('viewer-heart-count').filter({ hasText: '1' }).waitFor({ timeout: 5000 });
  await page.getByTestId('viewer-download').waitFor();
  await shot(page, 'faces-viewer-phone');
  await page.getByTestId('viewer-close').tap();

  // 'Das bin ich nicht' drops the second one.
  await tiles[1]!.getByTestId('face-not-me').tap();
  await page.getByTestId('face-result').nth(1).waitFor({ state: 'detached' });
  expect(await page.getByTestId('face-count').textContent()).toBe('1 Foto von dir');
});

test('no face, several faces, a blurry selfie: a clear message; in English too', async () => {
  const { page } = await guestPhone('en');
  await page.getByTestId('menu').tap();
  await page.getByTestId('menu-faces').tap();
  await page.getByTestId('face-consent').waitFor();
  for (const [file, words] of [
    [join(FIXTURES, 'photos', 'cameras', 'Canon_40D.jpg'), 'No face can be seen'],
    [face('expedition1-crew-oranges.jpg'), 'several faces'],
    [face('lu-portrait-blurred.jpg'), 'too blurry'],
  ] as const) {
    await page.getByTestId('face-selfie').setInputFiles(file);
    await page.getByTestId('face-error').filter({ hasText: words }).waitFor({ timeout: 60_000 });
  }
  await shot(page, 'faces-blurry-en-phone');
  expect(await languageProblems(page, 'en')).toEqual([]);
});

test('Mich aus der Gesichtssuche entfernen: one guest removes herself, another guest’s search no longer finds her', async () => {
  const anna = await guestPhone('de');
  expect(await searchWith(anna.page, face('whitson-portrait.jpg'))).toEqual(['whitson-lab.jpg']);

  const peggy = await guestPhone('de');
  await peggy.page.getByTestId('menu').tap();
  await peggy.page.getByTestId('menu-faces').tap();
  await peggy.page.getByTestId('face-remove-me').waitFor();
  expect(await peggy.page.getByTestId('face-remove-me').textContent()).toBe('Mich aus der Gesichtssuche entfernen');
  expect(await peggy.page.getByTestId('face-forget').textContent()).toBe('Meine Daten löschen');
  await peggy.page.getByTestId('face-remove-selfie').setInputFiles(face('whitson-portrait.jpg'));
  await peggy.page.getByText('Du wurdest aus der Gesichtssuche dieses Events entfernt.').waitFor({ timeout: 60_000 });
  await shot(peggy.page, 'faces-removed-phone');

  await anna.page.getByTestId('face-again').tap();
  await anna.page.getByTestId('face-selfie').setInputFiles(face('whitson-portrait.jpg'));
  await anna.page.getByTestId('face-count').filter({ hasText: 'nicht gefunden' }).waitFor({ timeout: 60_000 });
  expect(await anna.page.getByTestId('face-result').count()).toBe(0);
  await shot(anna.page, 'faces-none-phone');
  expect(await languageProblems(anna.page, 'de')).toEqual([]);
});
