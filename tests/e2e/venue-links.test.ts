import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { networkInterfaces } from 'node:os';
import type { Browser, Page } from 'playwright-core';
import { hostDe } from '../../web/src/i18n/host.de.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { DESKTOP, launchBrowser, screenshotPath } from '../helpers/browser.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

// Addresses guests can reach: an admin who opened the box through localhost is warned loudly on the
// dashboard and the print page and offered the box's own LAN addresses; on the venue network the printed
// card shows the typeable short name beside the QR code and no warning.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The admin's browser on a server, logged in. */
async function adminPage(server: TestServer): Promise<{ page: Page; admin: ApiClient; close: () => Promise<void> }> {
  const admin = new ApiClient(server.url);
  await admin.login(server.adminPassword);
  const context = await browser.newContext({ ...DESKTOP, baseURL: server.url });
  await context.addInitScript(`localStorage.setItem('momentbox_admin_token', ${JSON.stringify(admin.adminToken)})`);
  return { page: await context.newPage(), admin, close: () => context.close() };
}

/** This machine's IPv4 addresses that other devices can reach. */
const lanIPv4 = () =>
  Object.values(networkInterfaces())
    .flatMap((list) => list ?? [])
    .filter((a) => a.family === 'IPv4' && !a.internal && !a.address.startsWith('169.254.'))
    .map((a) => a.address);

describe('links guests can reach', () => {
  test("opened through localhost: dashboard and print page warn loudly and offer the box's LAN addresses", async () => {
    const server = await startServer();
    const { page, admin, close } = await adminPage(server);
    try {
      const event = await admin.createEvent({ name: 'Sommerfest', code: 'sommerfest' });
      const port = new URL(server.url).port;
      await page.goto('/admin/dashboard');
      const warning = page.getByTestId('unreachable-warning');
      await warning.waitFor();
      expect(await warning.innerText()).toContain(hostDe.unreachableTitle);
      expect(await warning.innerText()).toContain(server.url);
      // The addresses come from their own call after the warning shows: wait for them, then read them all.
      await page.getByTestId('box-address').first().waitFor();
      const offered = await page.getByTestId('box-address').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
      const expected = lanIPv4().map((ip) => `http://${ip}:${port}/admin/dashboard`);
      expect(expected.length).toBeGreaterThan(0);
      for (const href of expected) expect(offered).toContain(href);
      await page.screenshot({ path: screenshotPath('host', '60-dashboard-unreachable'), fullPage: true });

      await page.goto(`/print/${event.id}?format=card`);
      await page.getByTestId('print-sheet').waitFor();
      await page.getByTestId('unreachable-warning').waitFor();
      expect(await page.getByTestId('box-address').first().getAttribute('href')).toEndWith(`/print/${event.id}?format=card`);
      // No short name without the venue network's DNS.
      expect(await page.getByTestId('short-address').count()).toBe(0);
    } finally {
      await close();
      await server.stop();
    }
  });

  for (const wifi of [true, false]) {
    test(`on the venue network the card shows the short name beside the QR code and no warning (${wifi ? 'with' : 'without'} the Wi-Fi QR)`, async () => {
      // As scripts/setup-hotspot.sh leaves the box.
      const server = await startServer({
        args: ['--captive-portal', '--public-url', 'http://10.42.0.1'],
        env: wifi ? { MOMENTBOX_WIFI_SSID: 'Hochzeit Anna & Ben', MOMENTBOX_WIFI_PASSWORD: 'geheim-1234' } : {},
      });
      const { page, admin, close } = await adminPage(server);
      try {
        const event = await admin.createEvent({ name: 'Hochzeit Anna & Ben', code: 'anna-ben' });
        for (const format of ['card', 'a4']) {
          await page.goto(`/print/${event.id}?format=${format}`);
          await page.getByTestId('print-sheet').waitFor();
          expect(await page.getByTestId('short-address').innerText()).toBe('oder im Browser eintippen: fotos.box/anna-ben');
          expect(await page.getByRole('img', { name: new RegExp(`^${hostDe.sheetEventQr('')}`) }).getAttribute('data-qr')).toBe(
            'http://10.42.0.1/event/anna-ben',
          );
          expect(await page.getByTestId('unreachable-warning').count()).toBe(0);
          // The extra line still fits: nothing is cut off at the bottom of the sheet, which prints on one page.
          const overflow = await page.getByTestId('print-sheet').evaluate((sheet) => {
            const bottom = sheet.getBoundingClientRect().bottom;
            return [...sheet.querySelectorAll('*')].some((el) => el.getBoundingClientRect().bottom > bottom + 0.5);
          });
          expect([format, overflow]).toEqual([format, false]);
          const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
          expect(pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)?.length).toBe(1);
          await page.screenshot({ path: screenshotPath('host', `61-print-${format}-short-name${wifi ? '-wifi' : ''}`), fullPage: true });
        }
        // The dashboard keeps live streams open, so 'network idle' never comes: wait for the config it judges by.
        const configLoaded = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/config');
        await page.goto('/admin/dashboard');
        await configLoaded;
        await page.getByRole('heading', { name: hostDe.eventManagement }).waitFor();
        await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
        expect(await page.getByTestId('unreachable-warning').count()).toBe(0);
      } finally {
        await close();
        await server.stop();
      }
    });
  }
});
