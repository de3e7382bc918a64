import { afterEach, beforeAll, beforeEach, expect, test } from 'bun:test';
import { join } from 'node:path';
import type { AdminEventDto, UploadDto } from '../../src/http/api-types.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { multipartHead, openPartialPost } from '../helpers/raw-upload.ts';
import { FIXTURES, startServer, type TestServer } from '../helpers/server.ts';

// Issue 32, finding 7: a guest's HEIC photo never waits behind video previews (each kind of work has its
// own lane), and an upload that trickles a byte now and then does not count as 'an upload is running'
// that holds the previews back (only uploads that move bytes do).

let server: TestServer;
let admin: ApiClient;
let event: AdminEventDto;
const CLIP = join(FIXTURES, 'videos', 'iphone-hevc-rotated.mov'); // HEVC in QuickTime: needs a preview
let clipBytes: ArrayBuffer;
let copies = 0;

/**
 * A server of its own for each test: the second must not wait for the first one's four video previews (its
 * queue is stopped with the server, the running ffmpeg aborted).
 */
beforeEach(async () => {
  server = await startServer();
  admin = new ApiClient(server.url);
  await admin.login(server.adminPassword);
  event = await admin.createEvent();
});
afterEach(async () => {
  await server.stop();
});
beforeAll(async () => {
  clipBytes = await Bun.file(CLIP).arrayBuffer();
});

/** Uploads another copy of the clip (a trailing byte makes each a new file). */
async function uploadClip(guest: ApiClient): Promise<number> {
  const form = new FormData();
  const n = ++copies;
  form.append('file', new File([clipBytes, new Uint8Array([n])], `clip-${n}.mov`));
  const res = await guest.fetch(`/api/event/${event.id}/upload`, { method: 'POST', body: form });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

async function states(): Promise<Map<number, UploadDto['processing_state']>> {
  const rows = await admin.json<UploadDto[]>(`/api/event/${event.id}/uploads`);
  return new Map(rows.map((u) => [u.id, u.processing_state]));
}

test("another guest's HEIC photo is ready while video previews queued before it are still being made", async () => {
  const filmer = new ApiClient(server.url);
  await filmer.joinAsGuest(event.code);
  const clips = [];
  for (let i = 0; i < 4; i++) clips.push(await uploadClip(filmer));
  const photographer = new ApiClient(server.url);
  await photographer.joinAsGuest(event.code);
  const { id: photo } = await photographer.uploadOk(event.id, join(FIXTURES, 'photos', 'heic', 'iphone_13_pro_max.HEIC'));

  const deadline = Date.now() + 150_000;
  let now = await states();
  while (now.get(photo) !== 'ready' && Date.now() < deadline) {
    await Bun.sleep(200);
    now = await states();
  }
  expect(now.get(photo)).toBe('ready');
  const clipsReady = clips.filter((id) => now.get(id) === 'ready').length;
  console.log(`when the HEIC was ready: ${clipsReady} of 4 clips ready`);
  expect(clipsReady).toBeLessThan(4);
}, 180_000);

test('an upload trickling a byte every 2 s does not hold the previews back', async () => {
  // A fresh server with nothing queued: only the trickle stands between the clip and its preview.
  expect((await states()).size).toBe(0);
  const trickler = new ApiClient(server.url);
  await trickler.joinAsGuest(event.code);
  const head = multipartHead({}, 'file', 'slow.jpg');
  const cookie = [...trickler.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const { socket } = await openPartialPost(
    server.url,
    `/api/event/${event.id}/upload`,
    { Cookie: cookie },
    head.length + 1_000_000,
    Buffer.concat([head, Buffer.from([0xff])]),
  );
  const drip = setInterval(() => socket.write(Buffer.from([0])), 2000);
  try {
    const started = performance.now();
    const clip = await uploadClip(admin);
    let state = (await states()).get(clip);
    while (state !== 'ready' && state !== 'failed' && performance.now() - started < 60_000) {
      await Bun.sleep(200);
      state = (await states()).get(clip);
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(`preview ready ${seconds.toFixed(1)} s after the upload, beside a trickling upload`);
    expect(state).toBe('ready');
    // The queue used to wait up to 30 s for 'running' uploads before each preview.
    expect(seconds).toBeLessThan(25);
  } finally {
    clearInterval(drip);
    socket.destroy();
  }
}, 120_000);
