import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { basename } from 'node:path';
import type { Request, Route } from 'playwright-core';
import { DESKTOP } from '../../helpers/browser.ts';
import type { AdminEventDto } from '../../../src/http/api-types.ts';
import {
  albumsOf,
  albumUploads,
  bigVideo,
  consent,
  createEvent,
  newGuest,
  openEvent,
  shot,
  startGuestEnv,
  waitForUploadsDone,
  type GuestEnv,
} from './helpers.ts';

// A 30 MB video goes up in chunks (20 MB + 10 MB on a desktop); the connection drops while the second
// chunk is on its way. The item pauses with 'Upload pausiert - wird automatisch fortgesetzt', asks the
// server which chunks it holds, sends only the missing one and finishes. The video then plays in the viewer.

let env: GuestEnv;
let event: AdminEventDto;

beforeAll(async () => {
  env = await startGuestEnv();
  event = await createEvent(env.admin, { name: 'Videoabend', code: 'videoabend' });
});
afterAll(async () => env?.stop());

function chunkIndexOf(req: Request): number | null {
  const body = req.postDataBuffer();
  if (!body) return null;
  const m = /name="chunkIndex"\r\n\r\n(\d+)/.exec(body.toString('latin1'));
  return m ? Number(m[1]) : null;
}

describe('chunked upload with a cut connection', () => {
  test('pauses, resumes from the chunks the server has, finishes; the video plays', async () => {
    const video = await bigVideo();
    expect(Bun.file(video).size).toBeGreaterThan(30 * 1024 * 1024);
    const { context, page } = await newGuest(env, DESKTOP);
    await openEvent(page, env, event.code);
    await consent(page, 'Ben');
    await page.getByTestId('auto-approve').check();

    const sent: number[] = [];
    const uploadIds = new Set<string>();
    let statusCalls = 0;
    let cut = true;
    await page.route('**/api/event/*/upload-chunk/status**', async (route: Route) => {
      statusCalls++;
      await route.continue();
    });
    await page.route('**/api/event/*/upload-chunk', async (route: Route) => {
      const req = route.request();
      const i = chunkIndexOf(req);
      const m = /name="uploadId"\r\n\r\n([^\r]+)/.exec(req.postDataBuffer()?.toString('latin1') ?? '');
      if (m) uploadIds.add(m[1]!);
      if (i === 1 && cut) {
        // The Wi-Fi drops in the middle of the upload: this request never reaches the server.
        cut = false;
        setTimeout(() => void route.abort('internetdisconnected'), 300);
        return;
      }
      sent.push(i ?? -1);
      await route.continue();
    });

    await page.getByTestId('upload-input').setInputFiles(video);
    await page.getByTestId('upload-modal').waitFor();
    // The item shows the pause text while it waits to resume.
    await page
      .locator('[data-testid=upload-item-status]', { hasText: 'Upload pausiert - wird automatisch fortgesetzt' })
      .waitFor({ timeout: 60_000 });
    await shot(page, 'upload-paused-desktop');
    const summary = await waitForUploadsDone(page, 120_000);
    expect(summary).toBe('Alle 1 Uploads erfolgreich');
    await shot(page, 'upload-resumed-desktop');

    // Chunk 0 went once; after the cut the client asked for the status and sent only chunk 1.
    expect(sent).toEqual([0, 1]);
    expect(statusCalls).toBeGreaterThanOrEqual(1);
    expect(uploadIds.size).toBe(1);
    await page.getByTestId('upload-close').click();

    // The file on the server is whole: the video's size and type, in the event.
    let found = null;
    for (const a of await albumsOf(env.admin, event.id)) {
      const u = (await albumUploads(env.admin, event.id, a.id)).find((x) => x.original_name === basename(video));
      if (u) found = u;
    }
    expect(found).not.toBeNull();
    expect(found!.size_bytes).toBe(Bun.file(video).size);
    expect(found!.type).toBe('video');

    // Its album shows a video tile with a play icon; the viewer plays it with controls.
    const tile = page.locator(`[data-testid=media-tile][data-upload-id="${found!.id}"]`);
    await tile.waitFor({ timeout: 30_000 });
    expect(await tile.locator('.ev-tile__play').count()).toBe(1);
    await tile.locator('.ev-tile__open').click();
    const v = page.getByTestId('viewer-video');
    await v.waitFor();
    expect(await v.getAttribute('controls')).not.toBeNull();
    expect(await v.evaluate((el: HTMLVideoElement) => el.autoplay)).toBe(true);
    await page.waitForFunction(
      () => {
        const el = document.querySelector('[data-testid=viewer-video]') as HTMLVideoElement | null;
        return !!el && el.readyState >= 2 && el.duration > 7;
      },
      undefined,
      { timeout: 30_000 },
    );
    await shot(page, 'viewer-video-desktop');
    await context.close();
  });
});
