import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { AdminEventDto } from '../../src/http/api-types.ts';
import { PORTAL_TEXTS } from '../../src/i18n/index.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { startWebKit, type WebKit } from '../helpers/webkit.ts';

// The captive portal's page in WebKit with JavaScript switched off, as in an iPhone's sign-in sheet (the
// Captive Network Assistant): the plain form's button joins, and the page then shows the address to open.

let server: TestServer;
let webkit: WebKit;
let event: AdminEventDto;

beforeAll(async () => {
  server = await startServer();
  const admin = new ApiClient(server.url);
  await admin.login(server.adminPassword);
  event = await admin.createEvent({ name: 'Hochzeit Lea & Tom' });
  webkit = await startWebKit();
});
afterAll(async () => {
  await webkit?.stop();
  await server?.stop();
  expect(webkit?.leftovers() ?? []).toEqual([]);
});

test('without JavaScript the button joins and the page shows the address to open', async () => {
  const sheet = await webkit.session({ name: 'sign-in sheet', javascript: false });
  await sheet.goto(`${server.url}/portal?event=${event.code}`);
  expect(await sheet.text('h1')).toBe('Hochzeit Lea & Tom');
  await sheet.screenshot('portal-before-join');
  await sheet.click('button.join');
  const joined = await sheet.find('.joined');
  expect(await joined.getText()).toBe(PORTAL_TEXTS.de.joined);
  expect(await sheet.text('[data-testid=event-address]')).toBe(`${server.url}/event/${event.code}`);
  expect(await sheet.eval<string>('() => location.pathname + location.search')).toBe(`/portal?event=${event.code}`);
  // the stylesheet (its own file, no inline style) applied: the button and the address are styled
  expect(await sheet.eval<string>('() => getComputedStyle(document.querySelector("[data-testid=event-address]")).fontWeight')).not.toBe(
    '400',
  );
  await sheet.screenshot('portal-joined');
  expect(await sheet.health()).toEqual({ problems: [], text: [] });
  await sheet.close();
});
