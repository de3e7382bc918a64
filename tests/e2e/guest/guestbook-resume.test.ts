import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { Page, Request, Route } from 'playwright-core';
import type { GuestbookEntryDto } from '../../../src/http/api-types.ts';
import { PHONE } from '../../helpers/browser.ts';
import { cbrVideo } from '../../helpers/cbr-video.ts';
import { languageProblems } from '../../helpers/language-screen.ts';
import { consent, createEvent, newGuest, openEvent, shot, startGuestEnv, type GuestEnv } from './helpers.ts';

// A video message larger than a phone sends in one request (issue 27: 'resumable like uploads where they
// are large') goes in the upload engine's chunks. The connection drops mid-way (a chunk is cut, as
// resume-retry cuts upload chunks): the guest sees the bar stop at 'Upload pausiert', the page asks the box
// what it holds and sends only the rest, and the video message arrives for another guest and plays.

let env: GuestEnv;
beforeAll(async () => {
  env = await startGuestEnv({ MOMENTBOX_NEW_GUESTS_PER_ADDRESS: '1000' });
});
afterAll(async () => env?.stop());

const field = (req: Request, name: string) =>
  new RegExp(`name="${name}"\\r\\n\\r\\n([^\\r]+)`).exec(req.postDataBuffer()?.toString('latin1') ?? '')?.[1] ?? null;

async function openGuestbook(page: Page) {
  await page.getByTestId('menu').click();
  await page.getByTestId('menu-guestbook').click();
  await page.getByTestId('guestbook-form').waitFor();
}

test('a video message survives a dropped connection mid-way: paused, resumed from the chunks on the box, played by another guest', async () => {
  // 4 MB: over the 2 MB a phone sends whole, so 1 MB chunks.
  const video = await cbrVideo({ megabytes: 4 });
  const event = await createEvent(env.admin, { name: 'Anna & Ben' });
  const writer = await newGuest(env, PHONE);
  await openEvent(writer.page, env, event.code);
  await consent(writer.page, 'Lena');
  const reader = await newGuest(env, PHONE);
  await openEvent(reader.page, env, event.code);
  await consent(reader.page, 'Tom');
  await openGuestbook(reader.page);
  await openGuestbook(writer.page);

  /** chunk indexes that reached the box, in order, and the entry's text each carried */
  const sent: number[] = [];
  const texts = new Set<string | null>();
  let totalChunks = 0;
  let wholeCalls = 0;
  /** the Wi-Fi is gone: from chunk 2 on, every request of the page fails until the test brings it back */
  let offline: boolean | null = null;
  let statusTries = 0;
  let statusAnswered = 0;
  await writer.page.route('**/api/event/*/guestbook/attachment', async (route: Route) => {
    wholeCalls++;
    await route.continue();
  });
  await writer.page.route('**/api/event/*/guestbook/attachment-chunk/status**', async (route: Route) => {
    statusTries++;
    if (offline) return route.abort('internetdisconnected');
    statusAnswered++;
    await route.continue();
  });
  await writer.page.route('**/api/event/*/guestbook/attachment-chunk', async (route: Route) => {
    const req = route.request();
    const i = Number(field(req, 'chunkIndex'));
    totalChunks = Number(field(req, 'totalChunks'));
    texts.add(field(req, 'text'));
    if (i === 2 && offline === null) offline = true; // the Wi-Fi goes while chunk 2 is on its way
    if (offline) return route.abort('connectionreset');
    sent.push(i);
    await route.continue();
  });

  await writer.page.getByTestId('guestbook-attach-video').setInputFiles(video);
  await writer.page.getByTestId('guestbook-text').fill('Wir lieben euch!');
  await writer.page.getByTestId('guestbook-sign').click();

  // Paused where it stopped, saying so, the bar not back at 0 (looked at in the second, longer pause).
  const progress = writer.page.getByTestId('guestbook-progress');
  const deadline = Date.now() + 60_000;
  while (statusTries < 1 && Date.now() < deadline) await writer.page.waitForTimeout(100);
  expect(statusTries).toBeGreaterThanOrEqual(1);
  await writer.page.locator('[data-testid=guestbook-progress][data-paused=true]').waitFor({ timeout: 30_000 });
  expect(await progress.innerText()).toContain('Upload pausiert - wird automatisch fortgesetzt');
  const pausedAt = Number(await progress.getAttribute('data-progress'));
  expect(pausedAt).toBeGreaterThanOrEqual(Math.floor((2 / totalChunks) * 100) - 1);
  const bar = (await progress.locator('progress').boundingBox())!;
  expect(bar.width).toBeGreaterThan(200);
  expect(bar.x + bar.width).toBeLessThanOrEqual(390);
  expect(await languageProblems(writer.page, 'de', ['Anna & Ben', 'Lena', 'Wir lieben euch!'])).toEqual([]);
  await shot(writer.page, 'guestbook-resume-paused-phone');
  offline = false;

  // Resumed: the box was asked, chunks 0 and 1 were not sent again; the entry comes with the last answer.
  await writer.page.getByTestId('guestbook-attach-photo').waitFor({ state: 'attached', timeout: 120_000 }); // the form is empty again
  expect(statusAnswered).toBe(1);
  expect([...texts]).toEqual(['Wir lieben euch!']);
  expect(totalChunks).toBeGreaterThanOrEqual(4);
  expect(sent).toEqual(Array.from({ length: totalChunks }, (_, i) => i));
  expect(wholeCalls).toBe(0);
  expect(await writer.page.getByTestId('guestbook-error').count()).toBe(0);

  // One entry, the whole file, arriving live for the other guest and playing there.
  const entries = await env.admin.json<GuestbookEntryDto[]>(`/api/event/${event.id}/guestbook`);
  expect(entries.map((e) => [e.text, e.attachment?.kind])).toEqual([['Wir lieben euch!', 'video']]);
  const original = await env.admin.fetch(entries[0]!.attachment!.original_url);
  expect((await original.arrayBuffer()).byteLength).toBe(Bun.file(video).size);

  const player = reader.page.getByTestId('guestbook-video');
  await player.waitFor({ timeout: 120_000 });
  await reader.page.waitForFunction(
    () => ((document.querySelector('[data-testid=guestbook-video]') as HTMLVideoElement | null)?.readyState ?? 0) >= 1,
    null,
    { timeout: 30_000 },
  );
  const played = await player.evaluate(async (el: HTMLVideoElement) => {
    el.muted = true;
    await el.play();
    const deadline = Date.now() + 15_000;
    while (el.currentTime < 0.5 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    el.pause();
    return { duration: el.duration, at: el.currentTime };
  });
  expect(played.duration).toBeCloseTo(8, 0);
  expect(played.at).toBeGreaterThan(0.4);
  const box = (await player.boundingBox())!;
  expect(box.width).toBeGreaterThan(250);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await reader.page.getByTestId('guestbook-entry').locator('.gb-card__text').allInnerTexts()).toEqual(['Wir lieben euch!']);
  await shot(reader.page, 'guestbook-resume-arrived-phone');
  await writer.context.close();
  await reader.context.close();
});
