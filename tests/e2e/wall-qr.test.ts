import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import type { AdminEventDto } from '../../src/http/api-types.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { launchBrowser, screenshotPath } from '../helpers/browser.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { ensureWebBuilt } from '../api/support.ts';
import { PHOTO, WIFI } from './host/harness.ts';
import { openWall, wallEvent, type WallEvent } from './wall-harness.ts';

// The wall's QR overlay, as the printed card: the host chooses the event's code, the venue Wi-Fi's code,
// or both side by side (first the Wi-Fi: a guest on mobile data cannot reach the box), with the short
// address to type (captive-portal mode). What each QR code says is read from the painted image's payload.

/** The Wi-Fi QR payload of WIFI, escaped as phones expect. */
const WIFI_PAYLOAD = 'WIFI:T:WPA;S:Gäste\\;WLAN;P:sekt\\:und\\,torte;;';

let server: TestServer;
let browser: Browser;
let wall: Page;
let event: AdminEventDto;
let admin: ApiClient;
let setWall: WallEvent['setWall'];
const errors: string[] = [];

const payloads = (p: Page) =>
  p.locator('[data-testid="wall-qr"] img[data-qr]').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('data-qr')));
const setQr = async (content: string) => {
  await setWall({ wall_qr_content: content });
  // The open wall takes it from the live stream, without a reload.
  await wall.waitForFunction(
    (n) => document.querySelectorAll('[data-testid="wall-qr"] img[data-qr]').length === n,
    content === 'both' ? 2 : 1,
    { timeout: 10_000 },
  );
};

/** The overlay lies inside the screen at 16:9 and on a portrait TV; a screenshot of each. */
async function insideBothScreens(name: string) {
  for (const viewport of [
    { width: 1920, height: 1080 },
    { width: 1080, height: 1920 },
  ]) {
    await wall.setViewportSize(viewport);
    const box = (await wall.getByTestId('wall-qr').boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    // QR codes big enough to scan from a few metres: at least 14% of the short side.
    for (const qr of await wall.locator('[data-testid="wall-qr"] img[data-qr]').all()) {
      expect((await qr.boundingBox())!.width).toBeGreaterThanOrEqual(Math.min(viewport.width, viewport.height) * 0.14);
    }
    await wall.screenshot({ path: screenshotPath('wall-qr', `${name}-${viewport.width}x${viewport.height}`) });
  }
  await wall.setViewportSize({ width: 1920, height: 1080 });
}

beforeAll(async () => {
  await ensureWebBuilt();
  server = await startServer({ args: ['--captive-portal', '--public-url', 'http://10.42.0.1'] });
  ({ admin, event, setWall } = await wallEvent(server, 'Hochzeit WLAN & Sekt'));
  await admin.json('/api/admin/wifi', { method: 'PUT', json: WIFI });
  await admin.uploadOk(event.id, PHOTO);
  browser = await launchBrowser();
  wall = await openWall(browser, server.url, event.code, { width: 1920, height: 1080 }, errors);
});
afterAll(async () => {
  await browser?.close().catch(() => undefined);
  await server?.stop();
});

describe('QR overlay on the wall', () => {
  test("by default the event's code, with the short address to type", async () => {
    expect(await payloads(wall)).toEqual([`http://10.42.0.1/event/${event.code}`]);
    expect(await wall.getByTestId('wall-short').textContent()).toBe(`oder eintippen: fotos.box/${event.code}`);
  });

  test('both: the Wi-Fi code first, then the event code, numbered as on the printed card', async () => {
    await setQr('both');
    expect(await payloads(wall)).toEqual([WIFI_PAYLOAD, `http://10.42.0.1/event/${event.code}`]);
    expect(await wall.getByTestId('wall-qr-wifi').innerText()).toContain('1WLAN verbinden');
    expect(await wall.getByTestId('wall-qr-event').innerText()).toContain('2Event öffnen');
    expect(await wall.getByTestId('wall-wifi-ssid').textContent()).toBe(WIFI.ssid);
    await insideBothScreens('both');
  });

  test('Wi-Fi only: the Wi-Fi code and the short address', async () => {
    await setQr('wifi');
    expect(await payloads(wall)).toEqual([WIFI_PAYLOAD]);
    expect(await wall.getByTestId('wall-short').textContent()).toBe(`oder eintippen: fotos.box/${event.code}`);
    await insideBothScreens('wifi');
  });

  test('without Wi-Fi settings the wall falls back to the event code', async () => {
    await admin.json('/api/admin/wifi', { method: 'PUT', json: { ssid: '', password: '' } });
    await wall.reload(); // the box's Wi-Fi is read at start (and every minute)
    await wall.getByTestId('wall-qr').locator('img[data-qr]').waitFor();
    expect(await payloads(wall)).toEqual([`http://10.42.0.1/event/${event.code}`]);
    expect(errors).toEqual([]);
  });
});
