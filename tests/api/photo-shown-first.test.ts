import { expect, test } from 'bun:test';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../../src/db/connection.ts';
import { jobs, uploads } from '../../src/db/schema.ts';
import { renderGalleryPage } from '../../src/http/gallery-page.ts';
import { createLogger } from '../../src/lib/logger.ts';
import { createMediaTools } from '../../src/media/create-media-tools.ts';
import type { MediaTools } from '../../src/media/media-tools.ts';
import { prepareNativeTools } from '../../src/native/native-tools.ts';
import { createServices } from '../../src/services/index.ts';
import type { Delivery } from '../../src/services/live.service.ts';
import { DERIVED, MediaStore } from '../../src/storage/media-store.ts';

// Issue 31 (p7 of the Pi stand-in): a new photo reaches other phones as soon as its grid thumbnails exist,
// not after its viewer preview. Here the preview is held back until the test lets it go, so the order is
// observed by condition, not by timing.

const waitFor = async (what: string, done: () => boolean, ms = 10_000) => {
  const until = Date.now() + ms;
  while (!done()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(10);
  }
};

test("a new photo is written and announced once its thumbnails exist, while its preview is still held back; the preview's update follows", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'momentbox-shown-first-'));
  try {
    const store = new MediaStore(dir);
    const db = openDatabase(store.databasePath);
    const real = createMediaTools(await prepareNativeTools(store.dataDir));
    const preview = Promise.withResolvers<void>();
    // The real tools, with the preview held back once the thumbnails are announced.
    const tools: MediaTools = {
      ...real,
      processPhoto: (input, out, opts) =>
        real.processPhoto(input, out, {
          onThumbnails: async (facts) => {
            await opts?.onThumbnails?.(facts);
            await preview.promise;
          },
        }),
    };
    const services = await createServices({
      db,
      store,
      tools,
      logger: createLogger('error'),
      retentionDays: 30,
      maxUploadBytes: 10 * 1024 * 1024,
      minFreeDiskBytes: 0,
      partialLimits: { maxSessions: 10, maxBytes: 10 * 1024 * 1024 },
      newGuestsPerAddress: 60,
      renderGalleryPage,
    });
    const event = await services.events.create({ name: 'Shown first', code: 'shown-first', event_start_datetime: '2026-06-20T00:00:00Z' });
    const viewer = { viewer: { kind: 'admin' as const }, eventNow: () => ({ id: event.id, status: 'active' as const, sealed: false }) };
    const stream = services.live.subscribe(event.id, viewer, null);
    const got: Delivery[] = [];
    void (async () => {
      // The photo's messages (an album made for it, 'Unsortiert', is announced too)
      for (let next = await stream.next(); next !== null; next = await stream.next())
        if (next !== 'ping' && (next.kind === 'upload' || next.kind === 'update')) got.push(next);
    })();

    const photo = Bun.file(join(import.meta.dir, '..', 'fixtures', 'photos', 'cameras', 'Canon_40D.jpg'));
    const req = { event: services.events.getById(event.id), viewer: { kind: 'admin' } as const, declaredBytes: null, address: '10.0.0.2' };
    let answered = false;
    const upload = services.ingest
      .uploadWhole(req, async (sink, parse) => ({
        file: { fileName: 'booth.jpg', result: await sink.receive(Readable.fromWeb(photo.stream() as never), 'booth.jpg', {}) },
        fields: parse({ autoApprove: 'true' }),
      }))
      .finally(() => (answered = true));

    // Announced with its thumbnails on disk, before its preview exists and before the uploader is answered.
    await waitFor('the upload message', () => got.length > 0);
    const shown = got[0]!;
    if (shown.kind !== 'upload') throw new Error(`first message: ${shown.kind}`);
    const { row } = shown;
    expect({ state: row.processingState, thumbnail: row.hasThumbnail, tiles: row.tileThumbnails, preview: row.previewFile }).toEqual({
      state: 'processing',
      thumbnail: true,
      tiles: true,
      preview: null,
    });
    for (const file of [DERIVED.thumbnail, DERIVED.thumbnail1x, DERIVED.thumbnail3x])
      expect({ file, exists: existsSync(store.derivedPath(event.id, row.storageKey, file)) }).toEqual({ file, exists: true });
    expect(existsSync(store.derivedPath(event.id, row.storageKey, DERIVED.photoPreview))).toBe(false);
    expect(answered).toBe(false);
    // Its job waits as 'running' (made by this request): after a crash the queue runs it again at start.
    expect(db.select({ state: jobs.state }).from(jobs).where(eq(jobs.uploadId, row.id)).all()).toEqual([{ state: 'running' }]);

    preview.resolve();
    const done = await upload;
    expect({ state: done.processingState, preview: done.previewFile }).toEqual({ state: 'ready', preview: DERIVED.photoPreview });
    expect(existsSync(store.derivedPath(event.id, row.storageKey, DERIVED.photoPreview))).toBe(true);
    await waitFor('the preview update', () => got.length > 1);
    expect(got.map((d) => d.kind)).toEqual(['upload', 'update']);
    expect(got[1]).toMatchObject({ row: { id: row.id, processingState: 'ready', previewFile: DERIVED.photoPreview } });
    expect(db.select().from(jobs).where(eq(jobs.uploadId, row.id)).all()).toEqual([]);
    expect(db.select({ state: uploads.processingState }).from(uploads).where(eq(uploads.id, row.id)).get()).toEqual({ state: 'ready' });
    stream.close();
    db.$client.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
