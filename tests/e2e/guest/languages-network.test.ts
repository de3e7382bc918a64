import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Page, Route } from 'playwright-core';
import type { AdminEventDto } from '../../../src/http/api-types.ts';
import { errorMessage } from '../../../src/i18n/index.ts';
import { de } from '../../../web/src/i18n/de.ts';
import { en } from '../../../web/src/i18n/en.ts';
import { PHONE } from '../../helpers/browser.ts';
import { languageProblems, type Lang } from '../../helpers/language-screen.ts';
import {
  consent,
  createEvent,
  newGuest,
  openEvent,
  PHONES,
  shot,
  startGuestEnv,
  waitForToast,
  waitForUploadsDone,
  type GuestEnv,
} from './helpers.ts';

// Issue 25, the languages across the network: the language a guest chose on the event page is the language
// of the API's messages to them (the upload the box refuses, in their words, whatever their browser
// prefers); a language whose chunk does not arrive is tried again a few times, and when it still fails the
// page stays in its language and says so in it (the event page's toast, the landing page's switcher, a
// retry button instead of a blank host page).

const DICTS = { de, en };
let env: GuestEnv;
let event: AdminEventDto;

beforeAll(async () => {
  env = await startGuestEnv();
  event = await createEvent(env.admin, { name: 'Anna & Ben', language: 'de' });
});
afterAll(async () => env?.stop());

/** Drops every request for the chunks `file` matches until `release()` (a phone out of reach for a moment). */
async function dropChunks(page: Page, file: RegExp) {
  const dropped: string[] = [];
  const handler = (route: Route) => {
    dropped.push(route.request().url());
    return route.abort('internetdisconnected');
  };
  await page.route(file, handler);
  return { dropped, release: () => page.unroute(file, handler) };
}

describe('the API speaks the language chosen on the event page', () => {
  test.each([
    ['en', 'de-DE'],
    ['de', 'en-GB'],
  ] as const)('a guest who chose %s (browser %s): the refused upload in that language', async (lang, locale) => {
    const ev = await createEvent(env.admin, { name: 'Anna & Ben', language: lang === 'de' ? 'en' : 'de' });
    const { context, page } = await newGuest(env, { ...PHONE, locale });
    await openEvent(page, env, ev.code);
    await consent(page);
    await page.getByTestId('menu').click();
    await page.getByRole('menuitemradio', { name: lang === 'de' ? 'Deutsch' : 'English' }).click();
    await page.locator(`html[lang=${lang}]`).waitFor();
    // the event ends while the page is open: the box refuses the upload, the page still offers it
    const form = new FormData();
    form.append('event_start_datetime', new Date(Date.now() - 20 * 86_400_000).toISOString());
    form.append('event_duration_days', '14');
    await env.admin.json(`/api/event/${ev.id}`, { method: 'PUT', body: form });
    await page.getByTestId('upload-input').setInputFiles(PHONES[0]!);
    await page.getByTestId('upload-modal').waitFor();
    await waitForUploadsDone(page);
    const sheet = (await page.getByTestId('upload-modal').innerText()).replace(/\s+/g, ' ');
    await shot(page, `languages-api-error-${lang}`);
    const other = lang === 'de' ? 'en' : 'de';
    expect(sheet).toContain(errorMessage(lang, 'EVENT_ENDED', 'default'));
    expect(sheet).not.toContain(errorMessage(other, 'EVENT_ENDED', 'default'));
    expect(await languageProblems(page, lang, ['Anna & Ben', 'Anna'])).toEqual([]);
    await context.close();
  });
});

describe("a language's chunk that does not arrive", () => {
  test('a dropped request while switching is tried again: the page switches', async () => {
    const { context, page } = await newGuest(env, { ...PHONE, locale: 'de-DE' });
    await openEvent(page, env, event.code);
    await consent(page);
    // the first request for the English chunk fails, the retry gets through
    let tries = 0;
    await page.route(/\/assets\/en-[\w-]+\.js$/, (route) => (tries++ === 0 ? route.abort('internetdisconnected') : route.continue()));
    await page.getByTestId('menu').click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await page.locator('html[lang=en]').waitFor();
    expect(tries).toBeGreaterThanOrEqual(2);
    expect(await languageProblems(page, 'en', ['Anna & Ben'])).toEqual([]);
    await context.close();
  });

  test('still failing after the retries: a toast in the language shown, nothing remembered; later the switch works', async () => {
    const { context, page } = await newGuest(env, { ...PHONE, locale: 'de-DE' });
    await openEvent(page, env, event.code);
    await consent(page);
    await page.locator('[data-testid=media-tile], [data-testid=empty-album]').first().waitFor();
    const drop = await dropChunks(page, /\/assets\/en-[\w-]+\.js$/);
    await page.getByTestId('menu').click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await waitForToast(page, de.languageFailed);
    await shot(page, 'languages-chunk-failed-toast');
    // tried more than once, then given up: still German, the choice not remembered
    expect(drop.dropped.length).toBeGreaterThanOrEqual(2);
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    expect(await page.evaluate(() => localStorage.getItem('momentbox.language'))).toBeNull();
    expect(await languageProblems(page, 'de', ['Anna & Ben'])).toEqual([]);
    await drop.release();
    // the toast's 4 s pass (a toast keeps the words it was shown with)
    await page.getByTestId('toast').waitFor({ state: 'detached', timeout: 10_000 });
    await page.getByTestId('menu').click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await page.locator('html[lang=en]').waitFor();
    expect(await languageProblems(page, 'en', ['Anna & Ben'])).toEqual([]);
    await context.close();
  });

  test("the landing page's switcher says so beside it, in the language shown", async () => {
    const { context, page } = await newGuest(env, { ...PHONE, locale: 'de-DE' });
    await page.goto(env.url + '/');
    await page.locator('.land-features').waitFor();
    const drop = await dropChunks(page, /\/assets\/(landing\.)?en-[\w-]+\.js$/);
    await page.getByLabel('Sprache').selectOption('en');
    await page.getByTestId('language-failed').waitFor();
    expect(await page.getByTestId('language-failed').innerText()).toBe(de.languageFailed);
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    expect(await page.getByLabel('Sprache').inputValue()).toBe('de');
    await shot(page, 'languages-chunk-failed-landing');
    await drop.release();
    await page.getByLabel('Sprache').selectOption('en');
    await page.locator('html[lang=en]').waitFor();
    expect(await page.getByTestId('language-failed').count()).toBe(0);
    await context.close();
  });

  test.each(['de', 'en'] as const)('the host pages (%s): a retry button rather than a blank page, then the page', async (lang: Lang) => {
    const { context, page } = await newGuest(env, { ...PHONE, locale: lang === 'de' ? 'de-DE' : 'en-GB' });
    const drop = await dropChunks(page, new RegExp(`/assets/(host|couple)\\.${lang}-[\\w-]+\\.js$`));
    await page.goto(env.url + '/admin');
    const failed = page.getByTestId('host-strings-failed');
    await failed.waitFor({ timeout: 20_000 });
    expect((await failed.innerText()).replace(/\s+/g, ' ')).toBe(`${DICTS[lang].languageFailed} ${DICTS[lang].languageRetry}`);
    // each of the two chunks (host.xx, couple.xx) asked for more than once before giving up
    const tries = [...new Set(drop.dropped)].map((url) => drop.dropped.filter((u) => u === url).length);
    expect(tries.length).toBe(2);
    expect(tries.every((n) => n >= 2)).toBe(true);
    await shot(page, `languages-host-strings-failed-${lang}`);
    await drop.release();
    await failed.getByRole('button', { name: DICTS[lang].languageRetry }).click();
    await page.locator('input[type=password]').waitFor();
    expect(await failed.count()).toBe(0);
    await context.close();
  });
});
