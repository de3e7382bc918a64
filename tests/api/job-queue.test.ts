import { afterAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { UploadDto } from '../../src/http/api-types.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { FIXTURES, startServer } from '../helpers/server.ts';

// Video work lives in the database: a crash mid-queue loses nothing, the next start finishes it.

const dataDir = mkdtempSync(join(tmpdir(), 'momentbox-queue-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

test('videos queued or half-processed when the server is killed are finished after the restart', async () => {
  let server = await startServer({ dataDir });
  const admin = new ApiClient(server.url);
  await admin.login(server.adminPassword);
  const event = await admin.createEvent();
  const mov = join(FIXTURES, 'videos', 'iphone-hevc-rotated.mov');
  const bytes = await Bun.file(mov).arrayBuffer();
  const ids: number[] = [];
  // Three distinct HEVC videos (a trailing byte makes each a new file); the worker takes one at a time.
  for (let i = 0; i < 3; i++) {
    const form = new FormData();
    form.append('file', new File([bytes, new Uint8Array([i])], `clip-${i}.mov`));
    const res = await admin.fetch(`/api/event/${event.id}/upload`, { method: 'POST', body: form });
    expect(res.status).toBe(201);
    ids.push(((await res.json()) as { id: number }).id);
  }
  // Kill while a job is running, so the restart must pick up a half-done job, not only queued ones.
  for (let i = 0; i < 200; i++) {
    const rows = await admin.json<UploadDto[]>(`/api/event/${event.id}/uploads`);
    if (rows.some((u) => u.processing_state === 'processing')) break;
    await Bun.sleep(25);
  }
  expect((await admin.json<UploadDto[]>(`/api/event/${event.id}/uploads`)).some((u) => u.processing_state === 'processing')).toBe(true);
  server.proc.kill('SIGKILL');
  await server.proc.exited;

  server = await startServer({ dataDir });
  try {
    const client = new ApiClient(server.url);
    await client.login(server.adminPassword);
    let rows: UploadDto[] = [];
    for (let i = 0; i < 240; i++) {
      rows = (await client.json<UploadDto[]>(`/api/event/${event.id}/uploads`)).filter((u) => ids.includes(u.id));
      if (rows.length === 3 && rows.every((u) => u.processing_state === 'ready')) break;
      await Bun.sleep(250);
    }
    expect(rows.map((u) => u.processing_state)).toEqual(['ready', 'ready', 'ready']);
    for (const u of rows) expect(u.preview_path).toMatch(/preview\.mp4$/);
    const health = await (await fetch(`${server.url}/healthz`)).json();
    expect(health.queue.length).toBe(0);
  } finally {
    await server.stop({ keepData: true });
  }
}, 120_000);
