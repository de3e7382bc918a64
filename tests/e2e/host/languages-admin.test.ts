import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { BrowserContext, Page } from 'playwright-core';
import type { AdminEventDto } from '../../../src/http/api-types.ts';
import { hostDe } from '../../../web/src/i18n/host.de.ts';
import { hostEn } from '../../../web/src/i18n/host.en.ts';
import { DESKTOP, screenshotPath } from '../../helpers/browser.ts';
import { languageProblems, type Lang } from '../../helpers/language-screen.ts';
import { card, closeDialogs, PHOTO, setUp, type Harness } from './harness.ts';

// Issue 25: every admin screen in German and in English at the admin's viewport (1440x900): the login with
// its wrong-password message, the dashboard with an event card, each dialog, the print view in all three
// formats. A screen passes when languageProblems finds no text of the other language, no raw key, no
// 'undefined' and no control without a name. The browser's language picks the admin's language; the
// switcher overrides it and is remembered. The print view's sheet speaks the event's guest language.

const DICT = { de: hostDe, en: hostEn } as const;
const LOCALE = { de: 'de-DE', en: 'en-US' } as const;

let h: Harness;
const events = {} as Record<Lang, AdminEventDto>;

beforeAll(async () => {
  h = await setUp();
  for (const lang of ['de', 'en'] as const) {
    const ev = await h.admin.createEvent({ name: lang === 'de' ? 'Hochzeit Anna & Ben' : 'Wedding Kate & Tom', language: lang });
    const album = await h.admin.createAlbum(ev.id, { name: lang === 'de' ? 'Feier' : 'Party' });
    await h.admin.uploadOk(ev.id, PHOTO, { albumId: String(album.id) });
    events[lang] = ev;
  }
  // the cards' client-link area with a link (copy/open buttons) rather than only the button
  await h.admin.fetch(`/api/client/generate-token/${events.de.id}`, { method: 'POST' });
  await h.admin.fetch('/api/admin/api-keys', { method: 'POST', json: { name: 'Fotobox' } });
}, 120_000);

afterAll(async () => {
  await h?.close();
});

/** A fresh browser of one language (its Accept-Language and navigator.languages), nothing remembered. */
async function browserIn(lang: Lang): Promise<{ context: BrowserContext; page: Page }> {
  const context = await h.browser.newContext({ ...DESKTOP, locale: LOCALE[lang], baseURL: h.server.url });
  const page = await context.newPage();
  page.on('pageerror', (e) => h.errors.push(`${page.url()}: ${e.message}`));
  return { context, page };
}

async function expectOneLanguage(page: Page, lang: Lang, shot: string, allow: string[] = []) {
  await page.waitForTimeout(150); // let a dialog's transition settle before reading and shooting
  await page.screenshot({ path: screenshotPath('host-languages', `${lang}-${shot}`) });
  expect({ screen: shot, problems: await languageProblems(page, lang, allow) }).toEqual({ screen: shot, problems: [] });
}

async function signIn(page: Page, lang: Lang) {
  const t = DICT[lang];
  await page.getByLabel(t.password, { exact: true }).fill(h.server.adminPassword);
  await page.getByRole('button', { name: t.signIn }).click();
  await page.getByRole('heading', { name: t.eventManagement }).waitFor();
}

for (const lang of ['de', 'en'] as const) {
  describe(`admin in ${lang === 'de' ? 'German' : 'English'} (browser ${LOCALE[lang]})`, () => {
    const t = DICT[lang];
    let page: Page;
    let context: BrowserContext;

    beforeAll(async () => {
      ({ context, page } = await browserIn(lang));
    });
    afterAll(async () => {
      await context?.close();
    });

    test('login: the browser language without choosing; a wrong password in the same language', async () => {
      await page.goto('/admin');
      await page.getByRole('button', { name: t.signIn }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
      await expectOneLanguage(page, lang, 'login');

      await page.getByLabel(t.password, { exact: true }).fill('wrong password');
      await page.getByRole('button', { name: t.signIn }).click();
      await expect(page.getByRole('alert').innerText()).resolves.toBe(t.invalidCredentials);
      await expectOneLanguage(page, lang, 'login-wrong-password');
    });

    test('dashboard with event cards', async () => {
      await signIn(page, lang);
      await card(page, events[lang].code).waitFor();
      await page.getByTestId('box-status').waitFor();
      await expectOneLanguage(page, lang, 'dashboard');
    });

    const dialogs: { name: string; open: (p: Page) => Promise<void> }[] = [
      { name: 'create-event', open: (p) => p.getByRole('button', { name: t.createEvent }).first().click() },
      { name: 'edit-event', open: (p) => card(p, events[lang].code).getByRole('button', { name: t.actionEdit }).click() },
      { name: 'albums', open: (p) => card(p, events[lang].code).getByRole('button', { name: t.actionAlbums }).click() },
      { name: 'statistics', open: (p) => card(p, events[lang].code).getByRole('button', { name: t.actionStats }).click() },
      { name: 'uploaders', open: (p) => card(p, events[lang].code).getByRole('button', { name: t.actionUploaders }).click() },
      { name: 'delete-event', open: (p) => card(p, events[lang].code).getByRole('button', { name: t.actionDelete }).click() },
      { name: 'regenerate-link', open: (p) => card(p, events.de.code).getByRole('button', { name: t.regenerate }).click() },
      { name: 'api-keys', open: (p) => p.getByRole('button', { name: t.apiKeys }).click() },
      { name: 'wifi', open: (p) => p.getByRole('button', { name: t.wifi, exact: true }).click() },
      { name: 'change-password', open: (p) => p.getByRole('button', { name: t.changePassword }).click() },
    ];
    for (const d of dialogs) {
      test(`dialog: ${d.name}`, async () => {
        await closeDialogs(page);
        await d.open(page);
        await page.getByRole('dialog').waitFor();
        // wait for what the dialog loads (a spinner has no text to check)
        await page
          .locator('.hx-modal .spinner-wrap')
          .waitFor({ state: 'detached' })
          .catch(() => undefined);
        await expectOneLanguage(page, lang, `dialog-${d.name}`);
        await closeDialogs(page);
      });
    }

    test("the event form offers the guests' language, set to the event's", async () => {
      await closeDialogs(page);
      await card(page, events[lang].code).getByRole('button', { name: t.actionEdit }).click();
      const select = page.getByLabel(t.guestLanguage);
      expect(await select.inputValue()).toBe(lang);
      await closeDialogs(page);
    });

    for (const format of ['a4', 'card', 'cards4'] as const) {
      test(`print view: ${format}, the sheet in the event's language`, async () => {
        await page.goto(`/print/${events[lang].id}${format === 'a4' ? '' : `?format=${format}`}`);
        await page.getByTestId(format === 'cards4' ? 'print-sheet-4up' : 'print-sheet').waitFor();
        await page.getByText(t.sheetTagline).first().waitFor();
        await expectOneLanguage(page, lang, `print-${format}`);
      });
    }
  });
}

describe('switching', () => {
  test('the switcher on the dashboard switches every text and is remembered across a reload', async () => {
    const { context, page } = await browserIn('de');
    try {
      await page.goto('/admin');
      await signIn(page, 'de');
      await page.getByLabel(hostDe.languageLabel).selectOption('en');
      await page.getByRole('heading', { name: hostEn.eventManagement }).waitFor();
      expect(await languageProblems(page, 'en')).toEqual([]);
      await page.reload();
      await page.getByRole('heading', { name: hostEn.eventManagement }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
      await h.shot('languages-switched-en', page);
      // and back, on the login page's switcher
      await page.getByRole('button', { name: hostEn.logout }).click();
      await page.getByLabel(hostEn.languageLabel).selectOption('de');
      await page.getByRole('button', { name: hostDe.signIn }).waitFor();
      expect(await languageProblems(page, 'de')).toEqual([]);
      await page.reload();
      await page.getByRole('button', { name: hostDe.signIn }).waitFor();
    } finally {
      await context.close();
    }
  });

  test('the print view of an English event from a German dashboard: German toolbar, English sheet', async () => {
    const { context, page } = await browserIn('de');
    try {
      await page.goto('/admin');
      await signIn(page, 'de');
      await page.goto(`/print/${events.en.id}`);
      const sheet = page.getByTestId('print-sheet');
      await sheet.getByText(hostEn.sheetTagline).waitFor();
      expect(await sheet.getAttribute('lang')).toBe('en');
      await page.getByRole('button', { name: hostDe.print }).waitFor();
      await h.shot('languages-print-mixed', page);
    } finally {
      await context.close();
    }
  });

  test('no script errors on any page', () => {
    expect(h.errors).toEqual([]);
  });
});
