import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { BrowserContext, Page } from 'playwright-core';
import type { AdminEventDto } from '../../../src/http/api-types.ts';
import { ApiClient } from '../../helpers/api-client.ts';
import { PHONE } from '../../helpers/browser.ts';
import { languageProblems, type Lang } from '../../helpers/language-screen.ts';
import { coupleDe } from '../../../web/src/i18n/couple.de.ts';
import { hostDe } from '../../../web/src/i18n/host.de.ts';
import { coupleEn } from '../../../web/src/i18n/couple.en.ts';
import { hostEn } from '../../../web/src/i18n/host.en.ts';
import { PHOTOS, setUp, toastShown, type Harness } from './harness.ts';

// The couple's settings page on a phone (390x844) in German and in English: the browser's preferred language
// decides, every tab and dialog shows one language only (languageProblems: no text of the other language's
// dictionaries, no raw key, no 'undefined', no unnamed control). The switcher in the header changes it and
// is remembered across a reload; the 'Sprache für Gäste' setting is what a new guest sees first.

const DICT = { de: { ...hostDe, ...coupleDe }, en: { ...hostEn, ...coupleEn } } as const;
const LOCALE = { de: 'de-DE', en: 'en-GB' } as const;

let h: Harness;
let event: AdminEventDto;
let settingsPath = '';
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  h = await setUp();
  event = await h.admin.createEvent({ name: 'Hochzeit Lena & Sam', code: 'lena-sam' });
  await h.admin.createAlbum(event.id, { name: 'Trauung', start_datetime: null, end_datetime: null });
  // an album under way: its card carries the phase badge ('Aktuell' / 'Current')
  const hour = 3_600_000;
  await h.admin.createAlbum(event.id, {
    name: 'Empfang',
    start_datetime: new Date(Date.now() - hour).toISOString(),
    end_datetime: new Date(Date.now() + 5 * hour).toISOString(),
  });
  const { client_token } = await h.admin.json<{ client_token: string }>(`/api/client/generate-token/${event.id}`, { method: 'POST' });
  settingsPath = `/event/${client_token}/settings`;
  const guest = new ApiClient(h.server.url);
  await guest.joinAsGuest(event.code, 'Oma Gerda');
  await guest.uploadOk(event.id, PHOTOS[0]!, { autoApprove: 'false' });
  await guest.uploadOk(event.id, PHOTOS[1]!, { autoApprove: 'true' });
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await h?.close();
});

/** A phone whose browser prefers `lang`, nothing remembered. */
async function phone(lang: Lang): Promise<Page> {
  const ctx = await h.browser.newContext({ ...PHONE, locale: LOCALE[lang], baseURL: h.server.url });
  contexts.push(ctx);
  const p = await ctx.newPage();
  p.on('pageerror', (e) => h.errors.push(`${lang}: ${e.message}`));
  return p;
}

async function expectOneLanguage(p: Page, lang: Lang, name: string) {
  await p.waitForTimeout(150); // let a tab's first paint settle
  await h.shot(`lang-couple-${lang}-${name}`, p);
  // the album the server makes for every event ('Default Album' in the database) is named in the page's language
  expect({ screen: name, problems: await languageProblems(p, lang) }).toEqual({ screen: name, problems: [] });
}

for (const lang of ['de', 'en'] as const) {
  const c = DICT[lang].couple;
  describe(`the couple's page in ${lang === 'de' ? 'German' : 'English'} (browser preference ${LOCALE[lang]})`, () => {
    let p: Page;
    beforeAll(async () => {
      p = await phone(lang);
      await p.goto(settingsPath);
      await p.getByRole('heading', { name: 'Hochzeit Lena & Sam' }).waitFor();
    });
    const tab = (id: keyof typeof c.tabs) => p.getByRole('tab', { name: c.tabs[id] });

    test('Overview: counts, what awaits a decision, the newest uploads, the chart, the wall', async () => {
      expect(await p.evaluate(() => document.documentElement.lang)).toBe(lang);
      expect(await tab('home').getAttribute('aria-selected')).toBe('true');
      await p.getByTestId('home-newest').getByTestId('moderation-item').nth(1).waitFor();
      await p.getByTestId('uploads-chart').waitFor();
      await expectOneLanguage(p, lang, 'home');
    });

    test("General: header, tabs, the form with the guests' language and the live preview", async () => {
      await tab('general').click();
      await p.getByRole('button', { name: c.saveSettings }).waitFor();
      expect(await p.getByLabel(DICT[lang].guestLanguage).inputValue()).toBe('de');
      await expectOneLanguage(p, lang, 'general');
      await p.getByTestId('header-preview').scrollIntoViewIfNeeded();
      await expectOneLanguage(p, lang, 'general-preview');
      await p.getByRole('button', { name: c.saveSettings }).click();
      await toastShown(p, c.settingsSaved);
      await expectOneLanguage(p, lang, 'general-saved');
    });

    test('Albums: form, list, edit mode and the delete confirmation', async () => {
      await tab('albums').click();
      await p.getByRole('heading', { name: c.createNewAlbum }).waitFor();
      await expectOneLanguage(p, lang, 'albums');
      // one-word badges are below the checker's threshold: asserted by their text
      expect(await p.locator('.hx-album-card[data-album="Empfang"] .hx-badge--phase-current').textContent()).toBe(c.albumPhases.current);
      await p.getByRole('button', { name: c.editNamed('Trauung') }).click();
      await p.getByRole('heading', { name: c.editAlbum }).waitFor();
      await p.getByRole('button', { name: c.cancelEditing }).waitFor();
      await expectOneLanguage(p, lang, 'albums-edit');
      await p.getByRole('button', { name: c.cancelEditing }).click();
      await p.getByRole('button', { name: c.deleteNamed('Trauung') }).click();
      await p.getByRole('dialog').getByText(c.deleteAlbumWarning).waitFor();
      await expectOneLanguage(p, lang, 'albums-delete');
      await p.keyboard.press('Escape');
      await p.getByRole('dialog').waitFor({ state: 'detached' });
    });

    test('Statistics', async () => {
      await tab('stats').click();
      await p.getByText('Oma Gerda').first().waitFor();
      await expectOneLanguage(p, lang, 'stats');
    });

    test('Export', async () => {
      await tab('export').click();
      await p.getByRole('button', { name: c.exportZip }).waitFor();
      await expectOneLanguage(p, lang, 'export');
    });

    test('Uploads: the moderation list, a selection and the delete confirmation; dates in the locale', async () => {
      await tab('uploads').click();
      await p.getByTestId('moderation-item').nth(1).waitFor();
      expect(await p.getByTestId('moderation-count').textContent()).toBe(c.uploadsTotal(2));
      await expectOneLanguage(p, lang, 'uploads');
      const when = (await p.getByTestId('moderation-item').first().locator('.hx-mod__meta span').textContent()) ?? '';
      // de-DE writes 26.11.26, en-GB 26/11/2026
      expect(when).toMatch(lang === 'de' ? /^\d{2}\.\d{2}\.\d{2}, \d{2}:\d{2} · / : /^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} · /);
      await p.getByRole('checkbox', { name: c.selectAll }).check();
      await p.getByRole('region', { name: c.selection }).waitFor();
      await expectOneLanguage(p, lang, 'uploads-selected');
      await p.getByRole('region', { name: c.selection }).getByRole('button', { name: c.delete }).click();
      await p.getByRole('dialog').getByText(c.deleteText).waitFor();
      await expectOneLanguage(p, lang, 'uploads-delete');
      await p.keyboard.press('Escape');
      await p.getByRole('dialog').waitFor({ state: 'detached' });
    });

    test('Live wall', async () => {
      await tab('wall').click();
      await p.getByRole('heading', { name: c.wallOpenTitle }).waitFor();
      await expectOneLanguage(p, lang, 'wall');
    });

    test('Einwegkamera: both parts switched on show their fields', async () => {
      await tab('camera').click();
      const camera = DICT[lang].camera;
      const form = p.getByTestId('camera-settings');
      await form.getByRole('checkbox', { name: camera.revealOn }).check();
      await form.getByRole('checkbox', { name: camera.shotsOn }).check();
      await form.getByLabel(camera.shots, { exact: true }).waitFor();
      await expectOneLanguage(p, lang, 'camera');
    });
  });
}

describe('choosing languages', () => {
  test("the guests' language saved on the German page: a new guest's event page opens in English", async () => {
    const p = await phone('de');
    await p.goto(settingsPath);
    await p.getByRole('tab', { name: coupleDe.couple.tabs.general }).click();
    await p.getByLabel(hostDe.guestLanguage).selectOption('en');
    await p.getByRole('button', { name: coupleDe.couple.saveSettings }).click();
    await toastShown(p, coupleDe.couple.settingsSaved);
    const answer = await h.visitor.json<{ language: string }>(`/api/event/${event.code}`);
    expect(answer.language).toBe('en');
    // the couple's own page stays German
    expect(await p.evaluate(() => document.documentElement.lang)).toBe('de');
    const newGuest = new ApiClient(h.server.url);
    expect((await newGuest.json<{ language: string }>(`/api/event/${event.code}`)).language).toBe('en');

    const guest = await phone('de'); // a German phone: the event's language wins over the browser's
    await guest.goto(`/event/${event.code}`);
    await guest.waitForFunction(() => document.documentElement.lang === 'en', undefined, { timeout: 10_000 });
    await guest.getByRole('heading', { name: 'Hochzeit Lena & Sam' }).first().waitFor();
    await h.shot('lang-couple-guest-sees-en', guest);
    expect(await languageProblems(guest, 'en')).toEqual([]);

    // back to German for the rest
    await p.getByLabel(hostDe.guestLanguage).selectOption('de');
    await p.getByRole('button', { name: coupleDe.couple.saveSettings }).click();
    await toastShown(p, coupleDe.couple.settingsSaved);
  });

  test('the switcher in the header changes the page at once and is remembered across a reload', async () => {
    const p = await phone('de');
    await p.goto(settingsPath);
    await p.getByRole('tab', { name: coupleDe.couple.tabs.general }).waitFor();
    await p.getByLabel(hostDe.languageLabel, { exact: true }).selectOption('en');
    await p.getByRole('tab', { name: coupleEn.couple.tabs.general }).waitFor();
    expect(await languageProblems(p, 'en')).toEqual([]);
    await p.reload();
    await p.getByRole('tab', { name: coupleEn.couple.tabs.general }).waitFor();
    expect(await p.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await p.getByLabel(hostEn.languageLabel, { exact: true }).inputValue()).toBe('en');
    await h.shot('lang-couple-switched-en', p);
    expect(await languageProblems(p, 'en')).toEqual([]);
    expect(h.errors).toEqual([]);
  });
});
