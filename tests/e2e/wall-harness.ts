import { join } from 'node:path';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { ApiClient } from '../helpers/api-client.ts';
import type { AdminEventDto } from '../../src/http/api-types.ts';
import { FIXTURES, type TestServer } from '../helpers/server.ts';
import type { Size } from '../helpers/picture-geometry.ts';

// What the wall's e2e tests share: the test media, waiting for processing, opening the wall, stepping.

/** A panorama (4:1) cut from a real phone photo, written into `dir`; its upright size. */
export async function makePanorama(dir: string): Promise<{ file: string; upright: Size }> {
  const file = join(dir, 'panorama.jpg');
  await sharp(join(FIXTURES, 'photos', 'phones', 'jolla.jpg'))
    .extract({ left: 0, top: 816, width: 3264, height: 816 })
    .jpeg({ quality: 90 })
    .toFile(file);
  return { file, upright: { width: 3264, height: 816 } };
}

/** Waits until the event's `count` uploads are processed (a video's preview is made in the background). */
export async function waitProcessed(serverUrl: string, eventId: number, count: number, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const list = await new ApiClient(serverUrl).json<{ processing_state: string; preview_path: string | null }[]>(
      `/api/event/${eventId}/uploads`,
    );
    if (list.length === count && list.every((u) => u.processing_state === 'ready' && u.preview_path)) return;
    if (Date.now() > deadline) throw new Error(`media not processed: ${JSON.stringify(list.map((u) => u.processing_state))}`);
    await Bun.sleep(300);
  }
}

/**
 * Opens the wall in a new page at `viewport`, collecting script errors, once its first slide is up.
 * `beforeLoad` runs before the page loads (e.g. installing Playwright's clock, which must precede the page's scripts).
 */
export async function openWall(
  browser: Browser,
  serverUrl: string,
  code: string,
  viewport: Size,
  errors: string[],
  beforeLoad?: (page: Page) => Promise<void>,
): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'de-DE', baseURL: serverUrl });
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  await beforeLoad?.(page);
  await page.goto(`/event/${code}/wall`);
  await page.waitForFunction(() => Number(document.querySelector<HTMLElement>('[data-testid="wall"]')?.dataset.slides) > 0, undefined, {
    timeout: 20_000,
  });
  return page;
}

/** The wall's counters (data-slides, data-current, data-layout). */
export const wallData = (p: Page) => p.evaluate(() => ({ ...document.querySelector<HTMLElement>('[data-testid="wall"]')!.dataset }));

/** Presses → and waits for the next slide (or tile) to be up. */
export async function step(p: Page, timeout = 15_000) {
  const n = Number((await wallData(p)).slides);
  await p.keyboard.press('ArrowRight');
  await p.waitForFunction((m) => Number(document.querySelector<HTMLElement>('[data-testid="wall"]')!.dataset.slides) > m, n, { timeout });
}

export interface WallEvent {
  admin: ApiClient;
  event: AdminEventDto;
  /** the host's settings link token */
  hostToken: string;
  /** saves wall settings as the host's settings page does (open walls are told through the live stream) */
  setWall: (fields: Record<string, unknown>) => Promise<unknown>;
}

/** Signs in as admin and creates an event named `name` with its host link; `wall`: its first wall settings. */
export async function wallEvent(server: TestServer, name: string, wall: Record<string, unknown> = {}): Promise<WallEvent> {
  const admin = new ApiClient(server.url);
  await admin.login(server.adminPassword);
  const event = await admin.createEvent({ name });
  const hostToken = (await admin.json<{ client_token: string }>(`/api/client/generate-token/${event.id}`, { method: 'POST' })).client_token;
  const setWall = (fields: Record<string, unknown>) => admin.json(`/api/client/event/${hostToken}`, { method: 'PUT', json: fields });
  if (Object.keys(wall).length > 0) await setWall(wall);
  return { admin, event, hostToken, setWall };
}
