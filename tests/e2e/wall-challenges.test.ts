import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { Browser, Page } from 'playwright-core';
import type { AlbumDto } from '../../src/http/api-types.ts';
import { launchBrowser, screenshotPath } from '../helpers/browser.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { ensureWebBuilt } from '../api/support.ts';
import { PHOTO, PHOTOS } from './host/harness.ts';
import { openWall, step, waitProcessed, wallData, wallEvent } from './wall-harness.ts';

// The wall with photo challenges (issue 28 item 3): a photo of a challenge shows its prompt, painted on the
// picture inside the 1920x1080 screen; a photo of an ordinary album shows none; a challenge renamed while the
// wall runs shows its new prompt (the live stream's 'albums').

let server: TestServer;
let browser: Browser;
const errors: string[] = [];

beforeAll(async () => {
  await ensureWebBuilt();
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close().catch(() => undefined);
  await server?.stop();
});

/** The prompt on the visible slide: its text, box and whether it is what is painted at its centre. */
const promptOnScreen = (p: Page) =>
  p.evaluate(() => {
    const el = document.querySelector<HTMLElement>('.wall__layer.is-visible .wall__prompt');
    if (!el || el.hidden) return null;
    const r = el.getBoundingClientRect();
    // what is painted at its centre: the topmost element there that is not transparent (the hidden layer,
    // opacity 0, still lies above or below the visible one)
    const shows = (e: Element | null): boolean => !e || (Number(getComputedStyle(e).opacity) > 0 && shows(e.parentElement));
    const top = document.elementsFromPoint(r.left + r.width / 2, r.top + r.height / 2).find((e) => shows(e)) ?? null;
    return {
      text: el.textContent,
      box: { left: r.left, top: r.top, right: r.right, bottom: r.bottom },
      painted: top === el || el.contains(top),
      visible: getComputedStyle(el).visibility === 'visible' && Number(getComputedStyle(el).opacity) > 0,
    };
  });

/** Steps (paused wall: nothing moves by itself) until the upload is the current slide, faded in. */
async function showUpload(p: Page, id: number) {
  for (let i = 0; i < 6 && Number((await wallData(p)).current) !== id; i++) await step(p);
  expect(Number((await wallData(p)).current)).toBe(id);
  await p.waitForFunction(
    () => {
      const layer = document.querySelector('.wall__layer.is-visible');
      return !!layer && Number(getComputedStyle(layer).opacity) === 1;
    },
    undefined,
    { timeout: 10_000 },
  );
}

test('a photo of a challenge shows its prompt inside the screen; other photos none; a rename follows live', async () => {
  const { admin, event, hostToken } = await wallEvent(server, 'Hochzeit Lea & Tom');
  const prompt = 'Ein Selfie mit jemandem, den du heute kennengelernt hast';
  const challenge = await admin.json<AlbumDto>(`/api/client/event/${hostToken}/album`, {
    method: 'POST',
    json: { name: prompt, challenge: true },
  });
  const inChallenge = await admin.uploadOk(event.id, PHOTO, { albumId: String(challenge.id) });
  const plain = await admin.uploadOk(event.id, PHOTOS[0]!);
  await waitProcessed(server.url, event.id, 2);

  const wall = await openWall(browser, server.url, event.code, { width: 1920, height: 1080 }, errors);
  await wall.keyboard.press(' '); // paused: the slides change only when the test steps
  await showUpload(wall, inChallenge.id);
  const shown = (await promptOnScreen(wall))!;
  expect(shown.text).toBe(prompt);
  expect(shown.painted).toBe(true);
  expect(shown.visible).toBe(true);
  expect(shown.box.left).toBeGreaterThanOrEqual(0);
  expect(shown.box.top).toBeGreaterThanOrEqual(0);
  expect(shown.box.right).toBeLessThanOrEqual(1920);
  expect(shown.box.bottom).toBeLessThanOrEqual(1080);
  expect(shown.box.bottom - shown.box.top).toBeGreaterThan(20); // large enough to read across a hall
  // clear of the event's name in the top left corner
  const name = (await wall.getByTestId('wall-event-name').boundingBox())!;
  expect(name.x + name.width <= shown.box.left || name.y + name.height <= shown.box.top).toBe(true);
  await wall.screenshot({ path: screenshotPath('wall', 'challenge-prompt-1920x1080') });

  await showUpload(wall, plain.id);
  expect(await promptOnScreen(wall)).toBeNull();

  // The couple renames the challenge: the wall shows the new words the next time the photo is up.
  await admin.json(`/api/client/album/${challenge.id}/${hostToken}`, { method: 'PUT', json: { name: 'Ein Selfie mit neuen Freunden' } });
  // (the 'albums' message and the album list's fetch take a moment: each showing of the photo is looked at, bounded)
  const deadline = Date.now() + 15_000;
  for (;;) {
    await showUpload(wall, inChallenge.id);
    if ((await promptOnScreen(wall))?.text === 'Ein Selfie mit neuen Freunden') break;
    if (Date.now() > deadline) throw new Error(`the new prompt never showed: ${JSON.stringify(await promptOnScreen(wall))}`);
    await step(wall);
  }
  expect(errors).toEqual([]);
  await wall.context().close();
});
