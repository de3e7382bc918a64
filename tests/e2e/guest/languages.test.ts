import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { BrowserContextOptions, Page } from 'playwright-core';
import type { AdminEventDto } from '../../../src/http/api-types.ts';
import { PHONE } from '../../helpers/browser.ts';
import { languageProblems, type Lang } from '../../helpers/language-screen.ts';
import { ROOT } from '../../helpers/server.ts';
import { consent, createEvent, newGuest, openEvent, PHONES, shot, startGuestEnv, waitForUploadsDone, type GuestEnv } from './helpers.ts';

// Issue 25, the guest side: every guest screen in German and in English reads in one language (no text of
// the other language's dictionaries, no raw key, no 'undefined', no control without a name), on a phone
// (390x844) and the wall on a projector (1920x1080). A new guest sees the event's language (the host's
// setting); a choice made on the device wins, switches live and holds across a reload.

const JOLLA = PHONES[2]!;
const NOKIA = PHONES[0]!;
const LEGAL = ['impressum', 'datenschutz'].map((k) => readFileSync(join(ROOT, 'assets', 'legal', `${k}.md`), 'utf8'));
/** a phone whose browser prefers the language (the landing page, legal pages and an unknown event follow it) */
const phoneIn = (lang: Lang): BrowserContextOptions => ({ ...PHONE, locale: lang === 'de' ? 'de-DE' : 'en-GB' });

let env: GuestEnv;
const events = {} as Record<
  Lang,
  { open: AdminEventDto; notStarted: AdminEventDto; ended: AdminEventDto; empty: AdminEventDto; hostToken: string }
>;
let similarCopy: string;
let notAPicture: string;

beforeAll(async () => {
  env = await startGuestEnv();
  for (const lang of ['de', 'en'] as const) {
    // neutral names, so the event's own words are no language's
    const open = await createEvent(env.admin, { name: 'Anna & Ben', code: `lang-${lang}`, language: lang });
    const party = await env.admin.createAlbum(open.id, {
      name: 'Party',
      start_datetime: '2000-01-01T00:00:00Z',
      end_datetime: '2030-01-01T00:00:00Z',
    });
    await env.admin.uploadOk(open.id, NOKIA, { albumId: String(party.id), autoApprove: 'true' });
    const soon = new Date(Date.now() + 5 * 86400_000).toISOString();
    const notStarted = await createEvent(env.admin, {
      name: 'Lea & Tom',
      code: `soon-${lang}`,
      language: lang,
      event_start_datetime: soon,
    });
    const past = new Date(Date.now() - 20 * 86400_000).toISOString();
    const ended = await createEvent(env.admin, {
      name: 'Mia & Max',
      code: `over-${lang}`,
      language: lang,
      event_start_datetime: past,
      event_duration_days: '14',
    });
    const empty = await createEvent(env.admin, { name: 'Ida & Ole', code: `wall-${lang}`, language: lang });
    const hostToken = (await env.admin.json<{ client_token: string }>(`/api/client/generate-token/${open.id}`, { method: 'POST' }))
      .client_token;
    await env.admin.json(`/api/client/event/${hostToken}`, { method: 'PUT', json: { show_qr: true } });
    const emptyToken = (await env.admin.json<{ client_token: string }>(`/api/client/generate-token/${empty.id}`, { method: 'POST' }))
      .client_token;
    await env.admin.json(`/api/client/event/${emptyToken}`, { method: 'PUT', json: { show_qr: true } });
    events[lang] = { open, notStarted, ended, empty, hostToken };
  }
  const dir = join(ROOT, 'test-results', 'fixtures');
  mkdirSync(dir, { recursive: true });
  similarCopy = join(dir, 'jolla-languages.jpg');
  await sharp(JOLLA).rotate().resize(320).jpeg({ quality: 62 }).toFile(similarCopy);
  notAPicture = join(dir, 'notes-languages.txt');
  writeFileSync(notAPicture, 'not a picture');
});
afterAll(async () => env?.stop());

/** The screen is in `lang` only; a screenshot of it in both languages goes to test-results/screenshots/guest/. */
async function check(page: Page, lang: Lang, name: string, allow: string[] = []) {
  // a text shown while the other language's chunk loads would be caught by the retry's last read
  let problems: string[] = [];
  for (let i = 0; i < 10; i++) {
    problems = await languageProblems(page, lang, ['Anna & Ben', 'Anna', 'Party', ...allow]);
    if (problems.length === 0) break;
    await page.waitForTimeout(200);
  }
  await shot(page, `languages-${name}-${lang}`);
  expect({ screen: name, problems }).toEqual({ screen: name, problems: [] });
}

const escape = (page: Page) => page.keyboard.press('Escape');

describe.each(['de', 'en'] as const)('the guest side in %s', (lang) => {
  test('landing page, legal pages, an unknown event: the browser language', async () => {
    const { context, page } = await newGuest(env, phoneIn(lang));
    await page.goto(env.url + '/');
    await page.locator('.land-features').waitFor();
    await check(page, lang, 'landing');
    await page.getByTestId('join').click();
    await page.locator('.land-join [role=alert]').waitFor();
    await check(page, lang, 'landing-code-missing');
    for (const kind of ['impressum', 'datenschutz']) {
      await page.goto(`${env.url}/${kind}`);
      await page.getByTestId(`legal-${kind}`).waitFor();
      // the legal texts themselves stay German; in English a summary in English stands above them
      await check(page, lang, `legal-${kind}`, LEGAL);
      expect(await page.getByTestId('legal-summary').count()).toBe(lang === 'en' ? 1 : 0);
    }
    await openEvent(page, env, 'gibt-es-nicht');
    await page.getByTestId('event-not-found').waitFor();
    await check(page, lang, 'event-not-found');
    await context.close();
  });

  test("the event page and every dialog, in the event's language", async () => {
    const ev = events[lang].open;
    // the browser prefers the other language: the event's language (the host's setting) decides
    const { context, page } = await newGuest(env, phoneIn(lang === 'de' ? 'en' : 'de'));
    await openEvent(page, env, ev.code);
    await page.getByTestId('help-modal').waitFor();
    await check(page, lang, 'consent');
    await page.getByTestId('consent-nickname').fill('Anna');
    await page.getByTestId('consent-terms').check();
    await page.getByTestId('consent-confirm').click();
    await page.getByTestId('recovery-modal').waitFor();
    await check(page, lang, 'recovery-modal');
    const recovery = await page.getByTestId('recovery-link').inputValue();
    await page.getByTestId('recovery-done').click();
    await page.getByTestId('recovery-modal').waitFor({ state: 'detached' });
    await page.locator('[data-testid=media-tile] img').first().waitFor();
    await check(page, lang, 'grid');

    // uploads: one private (the hint above the grid), then a duplicate, a similar photo and a file that is no picture
    await page.getByTestId('auto-approve').uncheck();
    await page.getByTestId('upload-input').setInputFiles(JOLLA);
    await page.getByTestId('upload-modal').waitFor();
    await check(page, lang, 'upload-progress');
    await waitForUploadsDone(page);
    await check(page, lang, 'upload-done');
    await page.getByTestId('upload-close').click();
    await page.getByTestId('pending-hint').waitFor();
    await check(page, lang, 'grid-pending');
    await page.getByTestId('upload-input').setInputFiles([JOLLA, similarCopy, notAPicture]);
    await page.locator('[data-testid=upload-item][data-status=similar]').waitFor({ timeout: 60_000 });
    await waitForUploadsDone(page);
    await page.getByTestId('upload-not-uploaded').waitFor();
    await check(page, lang, 'upload-not-uploaded');
    await page.getByTestId('upload-close').click();

    // the menu's dialogs
    for (const [item, modal] of [
      ['menu-profile', 'profile-modal'],
      ['menu-share', 'qr-modal'],
      ['menu-help', 'help-modal'],
    ] as const) {
      await page.getByTestId('menu').click();
      await check(page, lang, 'menu');
      await page.getByTestId(item).click();
      await page.getByTestId(modal).waitFor();
      await check(page, lang, modal);
      await escape(page);
      await page.getByTestId(modal).waitFor({ state: 'detached' });
    }

    // the own upload: share toggle (its toast), delete dialog
    const own = page.locator('[data-testid=media-tile][data-own=true]').first();
    await own.getByTestId('approve-toggle').click();
    await page.getByTestId('toast').waitFor();
    await check(page, lang, 'toast-shared');
    await own.getByTestId('delete-upload').click();
    await page.getByTestId('delete-modal').waitFor();
    await check(page, lang, 'delete-modal');
    await escape(page);

    // viewer with its caption
    await page.locator('[data-testid=media-tile] button').first().click();
    await page.getByTestId('viewer-caption').waitFor();
    await check(page, lang, 'viewer');
    await escape(page);
    await page.getByTestId('viewer').waitFor({ state: 'detached' });

    // download dialog, selection bar
    await page.getByTestId('download-album').click();
    await page.getByTestId('download-modal').waitFor();
    await page.getByTestId('download-start-size').waitFor();
    await check(page, lang, 'download-modal');
    await escape(page);
    await page.getByTestId('select-start').click();
    await page.getByTestId('selection-bar').waitFor();
    await check(page, lang, 'selection-empty');
    await page.locator('[data-testid=media-tile] button').first().click();
    await check(page, lang, 'selection');
    await page.getByTestId('selection-done').click();

    // the recovery page, on another phone
    const other = await newGuest(env, phoneIn(lang === 'de' ? 'en' : 'de'));
    await other.page.goto(recovery);
    await other.page.locator('[data-testid=recover][data-state=success]').waitFor();
    await check(other.page, lang, 'recover');
    await other.context.close();
    await context.close();
  });

  test('status banners: not started, ended', async () => {
    for (const [ev, status] of [
      [events[lang].notStarted, 'not_started'],
      [events[lang].ended, 'ended'],
    ] as const) {
      const { context, page } = await newGuest(env, phoneIn(lang));
      await openEvent(page, env, ev.code);
      await consent(page);
      await page.locator(`[data-testid=status-banner][data-status=${status}]`).waitFor();
      await page.getByTestId('empty-album').waitFor();
      await check(page, lang, `status-${status}`, [ev.name]);
      await context.close();
    }
  });

  test('the wall on a projector: empty, with a photo, the QR overlay', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1920, height: 1080 }, locale: lang === 'de' ? 'en-GB' : 'de-DE' });
    const page = await context.newPage();
    await page.goto(`${env.url}/event/${events[lang].empty.code}/wall`);
    await page.getByTestId('wall-empty').waitFor();
    await page.getByTestId('wall-qr').waitFor();
    await check(page, lang, 'wall-empty', ['Ida & Ole']);
    await page.goto(`${env.url}/event/${events[lang].open.code}/wall`);
    await page.waitForFunction(() => Number(document.querySelector<HTMLElement>('[data-testid="wall"]')?.dataset.slides) > 0, undefined, {
      timeout: 20_000,
    });
    await page.getByTestId('wall-qr').waitFor();
    await check(page, lang, 'wall-photo');
    await context.close();
  });
});

describe('who sees which language', () => {
  test('a German choice remembered on the device wins over an English event', async () => {
    const { context, page } = await newGuest(env, phoneIn('en'));
    await context.addInitScript(() => localStorage.setItem('momentbox.language', 'de'));
    await openEvent(page, env, events.en.open.code);
    await page.getByTestId('help-modal').waitFor();
    await check(page, 'de', 'remembered-de-on-en-event');
    await context.close();
  });

  test('the switcher in the menu switches live, and the choice holds across a reload and on the landing page', async () => {
    const { context, page } = await newGuest(env, phoneIn('de'));
    await openEvent(page, env, events.de.open.code);
    await consent(page);
    await page.locator('[data-testid=media-tile] img').first().waitFor();
    await check(page, 'de', 'switch-before');
    await page.getByTestId('menu').click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await page.locator('html[lang=en]').waitFor();
    await check(page, 'en', 'switch-live');
    expect((await context.cookies()).find((c) => c.name === 'momentbox_lang')?.value).toBe('en');
    await page.reload();
    await page.locator('[data-testid=media-tile] img').first().waitFor();
    await check(page, 'en', 'switch-reload');
    await page.goto(env.url + '/');
    await page.locator('.land-features').waitFor();
    await check(page, 'en', 'switch-landing');
    // and back, on the landing page's switcher
    await page.getByLabel('Language').selectOption('de');
    await page.locator('html[lang=de]').waitFor();
    await check(page, 'de', 'switch-landing-back');
    await context.close();
  });
});
