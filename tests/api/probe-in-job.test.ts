import { afterAll, beforeAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import type { AdminEventDto, UploadDto, UploadResult } from '../../src/http/api-types.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { FFPROBE_SPY_PRELOAD, ffprobeSpy } from '../helpers/ffprobe-spy.ts';
import { manyTrackMp4 } from '../helpers/media-bombs.ts';
import { FIXTURES, startServer, type TestServer } from '../helpers/server.ts';
import { SseStream } from '../helpers/sse.ts';

// Issue 32: ffprobe never runs inside an upload request. The server's ffprobe is a wrapper that starts the
// real one 3 s late and notes when each run started and ended: an upload is answered before any run has
// ended (a request that waited for ffprobe would take 3 s), and the probe job's run comes after.
// A video is answered at once ('pending', its capture time from the header); size, duration and
// playability follow from the job, and an open live stream is told.

let server: TestServer;
let admin: ApiClient;
let event: AdminEventDto;
const dir = mkdtempSync(join(tmpdir(), 'momentbox-probe-'));
/** How late the spy starts the real ffprobe: longer than an upload request may take here. */
const SPY_DELAY_MS = 3000;
const spy = ffprobeSpy(dir, SPY_DELAY_MS);
let bomb: string;

beforeAll(async () => {
  bomb = await manyTrackMp4(ffmpegInstaller.path, dir, 1000);
  server = await startServer({ preload: FFPROBE_SPY_PRELOAD, env: spy.env });
  admin = new ApiClient(server.url);
  await admin.login(server.adminPassword);
  event = await admin.createEvent();
}, 120_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Uploads a file as the guest, timing the request alone: when it was sent and when it was answered. */
async function timedUpload(guest: ApiClient, path: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.append('file', new File([await Bun.file(path).arrayBuffer()], path.split('/').pop()!));
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const sent = Date.now();
  const res = await guest.fetch(`/api/event/${event.id}/upload`, { method: 'POST', body: form });
  const body = (await res.json()) as UploadResult;
  const answered = Date.now();
  return { status: res.status, body, sent, answered };
}

async function settled(id: number): Promise<UploadDto> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const row = (await admin.json<UploadDto[]>(`/api/event/${event.id}/uploads`)).find((u) => u.id === id);
    if (row && (row.processing_state === 'ready' || row.processing_state === 'failed')) return row;
    if (Date.now() > deadline) throw new Error(`upload ${id} still ${row?.processing_state}`);
    await Bun.sleep(250);
  }
}

/** ffprobe runs that ended while the request was open: the request waited for them. */
const endedDuring = (up: { sent: number; answered: number }) =>
  spy.runs().filter((r) => r.ended !== null && r.ended >= up.sent && r.ended <= up.answered);
const startedAfter = (at: number) => spy.runs().filter((r) => r.started >= at);

test('a 1,000-track MP4 is answered in under 1 s without ffprobe; the job probes it and it ends failed with its original kept', async () => {
  const guest = new ApiClient(server.url);
  await guest.joinAsGuest(event.code);
  const up = await timedUpload(guest, bomb);
  console.log(`1,000-track MP4 answered in ${up.answered - up.sent} ms`);
  expect(up.status).toBe(201);
  expect(endedDuring(up)).toEqual([]);
  expect(up.answered - up.sent).toBeLessThan(1000);
  expect(up.body.upload).toMatchObject({ type: 'video', processing_state: 'pending', width: null, duration_seconds: null });

  const row = await settled(up.body.id);
  expect(row.processing_state).toBe('failed');
  expect(startedAfter(up.sent).length).toBeGreaterThan(0); // the job's probe
  const original = await guest.fetch(row.file_path);
  expect(original.status).toBe(200);
  expect((await original.arrayBuffer()).byteLength).toBe(Bun.file(bomb).size);
}, 180_000);

test('a phone video is answered before ffprobe looks at it; its size, duration and playability reach an open stream from the job', async () => {
  const visitor = await SseStream.open(new ApiClient(server.url), `/api/event/${event.id}/live`);
  try {
    await visitor.next((m) => m.event === 'ready', 5000, 'ready');
    const guest = new ApiClient(server.url);
    await guest.joinAsGuest(event.code);
    const up = await timedUpload(guest, join(FIXTURES, 'videos', 'android-h264.mp4'), { autoApprove: 'true' });
    expect(up.status).toBe(201);
    // The capture time is read from the movie header in the request: the album was chosen by it.
    expect(endedDuring(up)).toEqual([]);
    expect(up.answered - up.sent).toBeLessThan(SPY_DELAY_MS);
    expect(up.body.upload).toMatchObject({
      processing_state: 'pending',
      width: null,
      preview_path: null,
      taken_at: '2026-06-20T21:15:00.000Z',
    });

    const probed = await visitor.next(
      (m) => m.event === 'update' && m.data?.id === up.body.id && m.data.width !== null,
      60_000,
      'the probed video',
    );
    expect(probed.data).toMatchObject({ width: 1280, height: 720, duration_seconds: 3, preview_path: up.body.upload.file_path });
    const ready = await visitor.next(
      (m) => m.event === 'update' && m.data?.id === up.body.id && m.data.processing_state === 'ready',
      60_000,
      'the ready video',
    );
    expect(ready.data.thumbnail_path).not.toBeNull();
  } finally {
    visitor.close();
  }
}, 180_000);
