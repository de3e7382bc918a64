import { afterAll, beforeAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { UploadDto } from '../../src/http/api-types.ts';
import { ffmpegPath } from '../../src/media/test-helpers.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

// Posters first: a guest sees every video's tile seconds after uploading it, even while the box is busy
// transcoding an earlier video's preview.

const work = mkdtempSync(join(tmpdir(), 'momentbox-posters-'));
let server: TestServer;

/** A QuickTime clip no browser is asked to play as is (MPEG-4 part 2), long enough that its preview takes a while. */
async function clip(name: string, pattern: string): Promise<string> {
  const out = join(work, name);
  const proc = Bun.spawn(
    [
      ffmpegPath,
      '-nostdin',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      `${pattern}=size=1280x720:rate=30:duration=12`,
      '-c:v',
      'mpeg4',
      '-q:v',
      '12',
      '-f',
      'mov',
      out,
    ],
    { stderr: 'inherit' },
  );
  expect(await proc.exited).toBe(0);
  return out;
}

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
});

test('two videos uploaded back to back both get their poster while the first preview is still being made', async () => {
  const [first, second] = await Promise.all([clip('first.mov', 'testsrc2'), clip('second.mov', 'smptebars')]);
  const admin = new ApiClient(server.url);
  await admin.login(server.adminPassword);
  const event = await admin.createEvent();
  const ids: number[] = [];
  for (const path of [first, second]) {
    const form = new FormData();
    form.append('file', Bun.file(path), path.split('/').pop());
    const res = await admin.fetch(`/api/event/${event.id}/upload`, { method: 'POST', body: form });
    expect(res.status).toBe(201);
    ids.push(((await res.json()) as { id: number }).id);
  }
  const videos = async () => (await admin.json<UploadDto[]>(`/api/event/${event.id}/uploads`)).filter((u) => ids.includes(u.id));

  // The moment both posters exist, the first video's preview is still missing: the second poster did not
  // wait behind that transcode.
  let rows: UploadDto[] = [];
  for (let i = 0; i < 600 && !(rows.length === 2 && rows.every((u) => u.thumbnail_path)); i++) {
    await Bun.sleep(50);
    rows = await videos();
  }
  expect(rows.map((u) => u.thumbnail_path !== null)).toEqual([true, true]);
  const firstVideo = rows.find((u) => u.id === ids[0])!;
  expect([firstVideo.preview_path, firstVideo.processing_state]).toEqual([null, 'processing']);
  for (const u of rows) expect((await admin.fetch(u.thumbnail_path!)).status).toBe(200);

  // And the previews still come, each video 'ready' with its poster and its MP4.
  for (let i = 0; i < 600 && !rows.every((u) => u.processing_state === 'ready'); i++) {
    await Bun.sleep(200);
    rows = await videos();
  }
  expect(rows.map((u) => [u.processing_state, u.thumbnail_path !== null, u.preview_path?.endsWith('preview.mp4')])).toEqual([
    ['ready', true, true],
    ['ready', true, true],
  ]);
}, 180_000);
