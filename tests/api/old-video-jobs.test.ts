import { afterAll, expect, test } from 'bun:test';
import { Database } from 'bun:sqlite';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { UploadDto } from '../../src/http/api-types.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { FIXTURES, startServer } from '../helpers/server.ts';

// A box updated from the version with one video job ('video-derivatives', poster and preview in one)
// while such jobs were still queued: after the update those videos still get their poster and preview.

const dataDir = mkdtempSync(join(tmpdir(), 'momentbox-old-jobs-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

test("a video whose job of the old kind 'video-derivatives' is still queued gets its poster and preview", async () => {
  let server = await startServer({ dataDir });
  const admin = new ApiClient(server.url);
  await admin.login(server.adminPassword);
  const event = await admin.createEvent();
  // An iPhone HEVC clip: browsers need a preview, so the old job had both to make.
  const res = await admin.upload(event.id, join(FIXTURES, 'videos', 'iphone-hevc-rotated.mov'));
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: number };
  await server.stop({ keepData: true });

  // The database as the old version left it: the video unprocessed, its one job queued.
  const db = new Database(join(dataDir, 'momentbox.db'));
  const key = db.query<{ storage_key: string }, [number]>('SELECT storage_key FROM uploads WHERE id = ?').get(id)!.storage_key;
  db.query("UPDATE uploads SET processing_state = 'pending', has_thumbnail = 0, preview_file = NULL WHERE id = ?").run(id);
  db.query('DELETE FROM jobs').run();
  db.query("INSERT INTO jobs (kind, upload_id, state) VALUES ('video-derivatives', ?, 'queued')").run(id);
  db.close();
  const derived = join(dataDir, 'media', String(event.id), 'derived', key);
  for (const file of readdirSync(derived)) rmSync(join(derived, file));

  server = await startServer({ dataDir });
  try {
    const client = new ApiClient(server.url);
    await client.login(server.adminPassword);
    let video: UploadDto | undefined;
    for (let i = 0; i < 240; i++) {
      video = (await client.json<UploadDto[]>(`/api/event/${event.id}/uploads`)).find((u) => u.id === id);
      if (video?.processing_state === 'ready' || video?.processing_state === 'failed') break;
      await Bun.sleep(250);
    }
    expect(video?.processing_state).toBe('ready');
    expect(video?.preview_path).toMatch(/preview\.mp4$/);
    for (const path of [video!.thumbnail_path!, video!.preview_path!]) {
      const media = await fetch(server.url + path);
      expect(media.status).toBe(200);
      expect((await media.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    }
  } finally {
    await server.stop({ keepData: true });
  }
}, 120_000);
