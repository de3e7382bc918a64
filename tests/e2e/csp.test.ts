import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { AdminEventDto, ClientTokenAnswer } from '../../src/http/api-types.ts';
import { hostDe } from '../../web/src/i18n/host.de.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { DESKTOP, launchBrowser, PHONE } from '../helpers/browser.ts';
import { FIXTURES, startServer, type TestServer } from '../helpers/server.ts';
import { CAMERAS, consent, waitForUploadsDone } from './guest/helpers.ts';

// Issue 11, finding 2: every page runs under the server's Content-Security-Policy with no violation and
// still does its job: landing, legal pages, the captive portal page, the live wall, admin login and dashboard, print page, the host's settings
// page (with a blob: image preview), the guest event page (consent, upload with WebAssembly hashing,
// thumbnails, the viewer) and the recovery page. Violations are caught two ways: the page's own
// `securitypolicyviolation` events and the browser console (where Chromium reports "Refused to ...").

let server: TestServer;
let browser: Browser;
let admin: ApiClient;
let event: AdminEventDto;
let hostToken: string;

/** What went wrong on a page: CSP violation events, console errors and uncaught script errors. */
interface Watch {
  problems: string[];
}

const RECORD_VIOLATIONS = `
  window.__violations = [];
  document.addEventListener('securitypolicyviolation', (e) => {
    window.__violations.push(e.violatedDirective + ' ' + (e.blockedURI || 'inline') + ' ' + (e.sourceFile || '') + ':' + e.lineNumber);
  });
`;

async function newContext(options = DESKTOP): Promise<{ context: BrowserContext; watch: Watch }> {
  const context = await browser.newContext({ ...options, baseURL: server.url });
  await context.addInitScript(RECORD_VIOLATIONS);
  const watch: Watch = { problems: [] };
  context.on('page', (p) => {
    p.on('console', (m) => m.type() === 'error' && watch.problems.push(`console: ${m.text()}`));
    p.on('pageerror', (e) => watch.problems.push(`pageerror: ${e.message}`));
  });
  return { context, watch };
}

/** Asserts the page reported no CSP violation and nothing else went wrong. */
async function expectClean(page: Page, watch: Watch) {
  const violations = await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
  expect({ url: page.url(), violations, problems: watch.problems }).toEqual({ url: page.url(), violations: [], problems: [] });
}

beforeAll(async () => {
  server = await startServer({ env: { MOMENTBOX_WIFI_SSID: 'Gäste', MOMENTBOX_WIFI_PASSWORD: 'sekt-und-torte' } });
  admin = new ApiClient(server.url);
  await admin.login(server.adminPassword);
  event = await admin.createEvent({ name: 'Sommerfest', allow_download: 'true' });
  hostToken = (await admin.json<ClientTokenAnswer>(`/api/client/generate-token/${event.id}`, { method: 'POST' })).client_token;
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('every page under the Content-Security-Policy', () => {
  test('the answer of a page carries the policy the test relies on', async () => {
    const res = await fetch(`${server.url}/event/${event.code}`);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  test('landing page, legal pages and the captive portal page (server-rendered, its own stylesheet, its button without script)', async () => {
    const { context, watch } = await newContext();
    const page = await context.newPage();
    await page.goto('/');
    await page.getByTestId('event-code').waitFor();
    await expectClean(page, watch);
    for (const path of ['/impressum', '/datenschutz']) {
      await page.goto(path);
      await page.locator('main h1, h1').first().waitFor();
      await expectClean(page, watch);
    }
    await page.goto(`/portal?event=${event.code}`);
    await page.getByText('Sommerfest').first().waitFor();
    // The portal's stylesheet applies (a file of our own origin), so the page is not unstyled.
    expect(
      await page.evaluate(() =>
        [...document.styleSheets].some((s) => (s.href ?? '').includes('/portal/style.css') && s.cssRules.length > 0),
      ),
    ).toBe(true);
    await expectClean(page, watch);
    await context.close();

    // The sign-in sheet of a phone runs no script: the portal's plain form post joins (same-origin, not refused).
    const sheet = await browser.newContext({ ...PHONE, baseURL: server.url, javaScriptEnabled: false });
    const portal = await sheet.newPage();
    await portal.goto(`/portal?event=${event.code}`);
    await portal.getByRole('button', { name: 'Jetzt verbinden' }).click();
    await portal.getByText('Verbunden!').waitFor();
    await sheet.close();
  });

  test('admin login, dashboard and print page (QR codes as SVG)', async () => {
    const { context, watch } = await newContext();
    const page = await context.newPage();
    await page.goto('/admin');
    await page.getByLabel(hostDe.password, { exact: true }).fill(server.adminPassword);
    await page.getByRole('button', { name: hostDe.signIn }).click();
    await page.waitForURL('**/admin/dashboard');
    await page.getByText('Sommerfest').first().waitFor();
    await expectClean(page, watch);

    await page.goto(`/print/${event.id}`);
    await page.getByRole('img', { name: new RegExp(`^${hostDe.sheetEventQr('')}`) }).waitFor(); // an SVG image (data: URL, allowed by img-src)
    await page.getByRole('img', { name: new RegExp(`^${hostDe.sheetWifiQr('')}`) }).waitFor();
    // The paper size comes from a named @page in the stylesheet (no inline <style>): A4 is one page.
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    expect(pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)?.length).toBe(1);
    await expectClean(page, watch);
    await context.close();
  });

  test("the host's settings page with every tab, and a blob: preview of a new header image", async () => {
    const { context, watch } = await newContext();
    const page = await context.newPage();
    await page.goto(`/event/${hostToken}/settings`);
    await page.getByRole('tab', { name: /Allgemeine Einstellungen|General Settings/ }).click();
    const preview = page.getByTestId('header-preview');
    await preview.waitFor();
    await page.locator('input[type=file]').setInputFiles(`${FIXTURES}/photos/orientation/landscape_1.jpg`);
    const img = preview.locator('img').first();
    await img.waitFor();
    expect(await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0 && el.src.startsWith('blob:'))).toBe(true);
    // Every tab renders under the policy too.
    for (const tab of await page.getByRole('tab').all()) {
      await tab.click();
      await page.getByRole('tabpanel').first().waitFor();
    }
    await expectClean(page, watch);
    await context.close();
  });

  test('the guest event page: consent, an upload (WebAssembly hashing), thumbnails, the viewer; the live wall; then recovery', async () => {
    const { context, watch } = await newContext(PHONE);
    const page = await context.newPage();
    await page.goto(`/event/${event.code}`);
    const link = await consent(page, 'Anna');
    await page.getByTestId('auto-approve').check();
    await page.getByTestId('upload-input').setInputFiles([CAMERAS[0]!]);
    await page.getByTestId('upload-modal').waitFor();
    expect(await waitForUploadsDone(page)).toBe('Alle 1 Uploads erfolgreich');
    await page.getByTestId('upload-close').click();
    const thumb = page.locator('[data-testid=media-tile] img').first();
    await thumb.waitFor();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid=media-tile] img');
      return !!img && img.complete && img.naturalWidth > 0;
    });
    await thumb.click();
    await page.getByTestId('viewer').waitFor();
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('[data-testid=viewer] img')].some((i) => i.complete && i.naturalWidth > 0),
    );
    await expectClean(page, watch);
    await context.close();

    // The live wall shows that photo full screen (live stream, images, QR overlay).
    const screen = await newContext();
    const wall = await screen.context.newPage();
    await wall.goto(`/event/${event.code}/wall`);
    await wall.waitForFunction(
      () => {
        const img = document.querySelector<HTMLImageElement>('.wall__layer.is-visible img:not([hidden])');
        return !!img && img.complete && img.naturalWidth > 0;
      },
      undefined,
      { timeout: 15_000 },
    );
    await wall.getByTestId('wall-qr').locator('img').waitFor();
    await expectClean(wall, screen.watch);
    await screen.context.close();

    // The recovery link in a fresh browser: the server sets the HttpOnly cookie, the page redirects.
    const fresh = await newContext(PHONE);
    const phone = await fresh.context.newPage();
    await phone.goto(link);
    await phone.locator('[data-testid=recover][data-state=success]').waitFor();
    await phone.waitForURL(`**/event/${event.code}`);
    await phone.getByTestId('auto-approve').waitFor();
    const cookie = (await fresh.context.cookies()).find((c) => c.name === `event_${event.code}`)!;
    expect(cookie.httpOnly).toBe(true);
    expect(link.endsWith(`/recover/${cookie.value}`)).toBe(true);
    expect(await phone.evaluate(() => document.cookie)).not.toContain(cookie.value);
    await expectClean(phone, fresh.watch);
    await fresh.context.close();
  });
});
