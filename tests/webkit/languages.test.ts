import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { AdminEventDto } from '../../src/http/api-types.ts';
import { de } from '../../web/src/i18n/de.ts';
import { en } from '../../web/src/i18n/en.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { tellTales, type Lang } from '../helpers/language-screen.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { startWebKit, type WebKit, type WebKitSession } from '../helpers/webkit.ts';

// Issue 25 in WebKit (an iPhone's engine, 390x844): the guest event page in German (the event's language)
// and in English chosen with the menu's switcher, the choice remembered across a reload, and back. Each
// screen shows the spec's texts of its language and none of the other's; screenshots of each.

const DICTS = { de, en };
/** spec texts of the event page that differ between the languages: the upload tile, its hint, the footer */
const SPEC_KEYS = ['uploadTile', 'uploadTileHint', 'autoApprove', 'footerImpressum', 'footerDatenschutz'] as const;

let server: TestServer;
let webkit: WebKit;
let event: AdminEventDto;
let phone: WebKitSession;

beforeAll(async () => {
  server = await startServer();
  const admin = new ApiClient(server.url);
  await admin.login(server.adminPassword);
  event = await admin.createEvent({ name: 'Anna & Ben', code: 'anna-ben', language: 'de' });
  webkit = await startWebKit();
  phone = await webkit.session({ name: 'Anna' });
}, 300_000);
afterAll(async () => {
  await phone?.close();
  await webkit?.stop();
  await server?.stop();
  expect(webkit?.leftovers() ?? []).toEqual([]);
});

/** The page reads in `lang`: the spec texts of SPEC_KEYS, no text only the other language has; a screenshot. */
async function expectLanguage(lang: Lang, name: string) {
  await phone.waitUntil(`html lang=${lang}`, `() => document.documentElement.lang === ${JSON.stringify(lang)}`);
  await phone.find('[data-testid=upload-tile]');
  const text = await phone.visibleText();
  const dict = DICTS[lang];
  expect(SPEC_KEYS.filter((k) => !text.includes(dict[k]))).toEqual([]);
  expect(tellTales(lang).filter((t) => text.includes(t))).toEqual([]);
  expect(await phone.health()).toEqual({ problems: [], text: [] });
  await phone.screenshot(`languages-${name}`);
}

async function choose(lang: Lang) {
  await phone.click('[data-testid=menu]');
  await phone.click(`[role=menuitemradio][lang=${lang}]`);
}

describe('the guest event page in WebKit, in both languages', () => {
  test("German, the event's language", async () => {
    expect(SPEC_KEYS.filter((k) => de[k] === en[k])).toEqual([]);
    await phone.goto(`${server.url}/event/${event.code}`);
    await phone.find('[data-testid=help-modal]');
    await phone.click('[data-testid=consent-terms]');
    await phone.click('[data-testid=consent-confirm]');
    await phone.click('[data-testid=recovery-done]');
    await phone.gone('[data-testid=recovery-modal]');
    await expectLanguage('de', 'event-de');
  });

  test('English through the switcher, remembered across a reload', async () => {
    await choose('en');
    await expectLanguage('en', 'event-en');
    await phone.goto(`${server.url}/event/${event.code}`);
    await expectLanguage('en', 'event-en-reloaded');
  });

  test('back to German, remembered too', async () => {
    await choose('de');
    await expectLanguage('de', 'event-de-again');
    await phone.goto(`${server.url}/event/${event.code}`);
    await expectLanguage('de', 'event-de-reloaded');
  });
});
