import { afterAll, beforeAll, expect, test } from 'bun:test';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { PHONE } from '../../helpers/browser.ts';
import { languageProblems } from '../../helpers/language-screen.ts';
import { consentingGuest, createEvent, FIXTURES, shot, startGuestEnv, type GuestEnv } from './helpers.ts';

// Guestbook attachments on a phone (issue 27): a guest leaves a selfie, a video message and a voice message
// through the file inputs that open the phone's camera and recorder (here: real files chosen for them), and a
// second guest sees them arrive live and plays them: the media elements load and play, not only appear.

let env: GuestEnv;
beforeAll(async () => {
  env = await startGuestEnv({ MOMENTBOX_NEW_GUESTS_PER_ADDRESS: '1000' });
});
afterAll(async () => env?.stop());

async function openGuestbook(page: Page) {
  await page.getByTestId('menu').click();
  await page.getByTestId('menu-guestbook').click();
  await page.getByTestId('guestbook-form').waitFor();
}

/** Chooses a file as the phone's camera or recorder would hand it over, writes the text, signs. */
async function sign(page: Page, kind: 'photo' | 'video' | 'voice', file: string, text: string) {
  await page.getByTestId(`guestbook-attach-${kind}`).setInputFiles(file);
  expect(await page.getByTestId('guestbook-attached').innerText()).toContain(file.split('/').pop()!);
  await page.getByTestId('guestbook-text').fill(text);
  await page.getByTestId('guestbook-sign').click();
  await page.getByTestId('guestbook-attach-photo').waitFor({ state: 'attached', timeout: 60_000 }); // the form is empty again
}

/** The media element of the entry with this text, once it could play: readyState, duration, and a second of playing. */
async function playedSeconds(page: Page, selector: string): Promise<{ readyState: number; duration: number; played: number }> {
  const element = page.locator(selector).first();
  await element.waitFor({ timeout: 120_000 });
  await page.waitForFunction((sel) => ((document.querySelector(sel) as HTMLMediaElement | null)?.readyState ?? 0) >= 1, selector, {
    timeout: 30_000,
  });
  return element.evaluate(async (el: HTMLMediaElement) => {
    el.muted = true; // muted media may play without a tap
    await el.play();
    const deadline = Date.now() + 15_000;
    while (el.currentTime < 0.5 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    el.pause();
    return { readyState: el.readyState, duration: el.duration, played: el.currentTime };
  });
}

test('a guest leaves a selfie, a video and a voice message from a phone; another guest sees them live and plays them', async () => {
  const event = await createEvent(env.admin, { name: 'Anna & Ben' });
  const writer = await consentingGuest(env, event.code, 'Lena', PHONE);
  const reader = await consentingGuest(env, event.code, 'Tom', PHONE);
  await openGuestbook(reader.page);
  await openGuestbook(writer.page);

  // The inputs open the camera (front) and the recorder: no getUserMedia on plain http.
  const inputs = await writer.page
    .locator('.gb__file')
    .evaluateAll((els: HTMLInputElement[]) => els.map((e) => [e.accept, e.getAttribute('capture')]));
  expect(inputs).toEqual([
    ['image/*', 'user'],
    ['video/*', 'user'],
    ['audio/*', null],
  ]);
  expect(await languageProblems(writer.page, 'de', ['Anna & Ben', 'Lena'])).toEqual([]);

  // Real phone recordings first (tests/fixtures/README.md: an iPhone 6's camera video, an iPhone Voice Memo),
  // so the queue makes them playable before the HEVC transcode.
  await sign(writer.page, 'video', join(FIXTURES, 'videos', 'iphone6-camera-real.mov'), 'Vom iPhone gefilmt');
  await sign(writer.page, 'voice', join(FIXTURES, 'voice', 'iphone-voice-memo-real.m4a'), 'Mit dem iPhone gesprochen');
  await sign(writer.page, 'photo', join(FIXTURES, 'photos', 'cameras', 'Canon_40D.jpg'), 'Ein Selfie von mir');
  await sign(writer.page, 'video', join(FIXTURES, 'videos', 'iphone-hevc-rotated.mov'), 'Unsere Videobotschaft');
  // The iPhone's HEVC is made playable by the queue: meanwhile the entry says so.
  await writer.page.getByTestId('guestbook-processing').first().waitFor({ timeout: 5000 });
  await shot(writer.page, 'guestbook-attachments-processing-phone');
  await sign(writer.page, 'voice', join(FIXTURES, 'voice', 'android-recorder-amr.3gp'), 'Hört mal rein');

  // The reader: all three arrived live, newest first.
  const entries = reader.page.getByTestId('guestbook-entry');
  await reader.page.waitForFunction(() => document.querySelectorAll('[data-testid=guestbook-entry]').length === 5, null, {
    timeout: 30_000,
  });
  expect(await entries.locator('.gb-card__text').allInnerTexts()).toEqual([
    'Hört mal rein',
    'Unsere Videobotschaft',
    'Ein Selfie von mir',
    'Mit dem iPhone gesprochen',
    'Vom iPhone gefilmt',
  ]);

  const photo = reader.page.getByTestId('guestbook-photo');
  await reader.page.waitForFunction(
    () => ((document.querySelector('[data-testid=guestbook-photo]') as HTMLImageElement | null)?.naturalWidth ?? 0) > 0,
  );
  const photoBox = (await photo.boundingBox())!;
  expect(photoBox.width).toBeGreaterThan(250);
  expect(photoBox.x + photoBox.width).toBeLessThanOrEqual(390);

  // Newest first: the real recordings are the last two cards.
  const real = await playedSeconds(reader.page, '[data-testid=guestbook-entry]:nth-child(5) [data-testid=guestbook-video]');
  expect(real.duration).toBeCloseTo(4, 0);
  expect(real.played).toBeGreaterThan(0.4);
  const memo = await playedSeconds(reader.page, '[data-testid=guestbook-entry]:nth-child(4) [data-testid=guestbook-audio]');
  expect(memo.duration).toBeCloseTo(1, 0);
  expect(memo.played).toBeGreaterThan(0.4);
  const video = await playedSeconds(reader.page, '[data-testid=guestbook-entry]:nth-child(2) [data-testid=guestbook-video]');
  expect(video.duration).toBeCloseTo(3, 0);
  expect(video.played).toBeGreaterThan(0.4);
  const voice = await playedSeconds(reader.page, '[data-testid=guestbook-entry]:nth-child(1) [data-testid=guestbook-audio]');
  expect(voice.duration).toBeCloseTo(4, 0);
  expect(voice.played).toBeGreaterThan(0.4);

  expect(
    await languageProblems(reader.page, 'de', [
      'Anna & Ben',
      'Lena',
      'Tom',
      'Ein Selfie von mir',
      'Unsere Videobotschaft',
      'Hört mal rein',
      'Vom iPhone gefilmt',
      'Mit dem iPhone gesprochen',
    ]),
  ).toEqual([]);
  await shot(reader.page, 'guestbook-attachments-reader-phone');
});

test('a disguised file gets its message beside the form; nothing is stored', async () => {
  const event = await createEvent(env.admin, { name: 'Anna & Ben' });
  const writer = await consentingGuest(env, event.code, 'Lena', PHONE);
  await openGuestbook(writer.page);
  await writer.page.getByTestId('guestbook-attach-video').setInputFiles(join(FIXTURES, 'videos', 'html-disguised-as.mp4'));
  await writer.page.getByTestId('guestbook-text').fill('Hallo');
  await writer.page.getByTestId('guestbook-sign').click();
  await writer.page.getByTestId('guestbook-error').waitFor();
  expect(await writer.page.getByTestId('guestbook-error').textContent()).toBe(
    'Dieser Anhang ist weder ein Foto noch ein Video noch eine Sprachnachricht. Erlaubt sind Fotos (JPG, PNG, HEIC), Videos (MP4, MOV) und Sprachaufnahmen (AMR, 3GP, M4A, MP3, Opus/WebM, WAV).',
  );
  await shot(writer.page, 'guestbook-attachment-refused-phone');
  expect(await env.admin.json<unknown[]>(`/api/event/${event.id}/guestbook`)).toEqual([]);
});
