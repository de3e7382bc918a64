import { expect, test } from 'bun:test';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { openDatabase } from '../../src/db/connection.ts';
import { createLogger } from '../../src/lib/logger.ts';
import { createMediaTools } from '../../src/media/create-media-tools.ts';
import { prepareNativeTools } from '../../src/native/native-tools.ts';
import { createServices } from '../../src/services/index.ts';
import { MediaStore } from '../../src/storage/media-store.ts';

// Partial chunked uploads are kept a day for resuming, then removed; finished ones are not touched.

test('partial uploads untouched for a day are removed, fresher ones stay; crash leftovers go at start', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'momentbox-partials-'));
  try {
    let clock = new Date('2026-06-20T12:00:00Z');
    const store = new MediaStore(dir);
    const db = openDatabase(store.databasePath);
    const services = createServices({
      db,
      store,
      tools: createMediaTools(await prepareNativeTools(dir)),
      logger: createLogger('error'),
      retentionDays: 30,
      maxUploadBytes: 10 * 1024 * 1024,
      minFreeDiskBytes: 0,
      partialLimits: { maxSessions: 10, maxBytes: 1024 * 1024 },
      newGuestsPerAddress: 60,
      now: () => clock,
    });
    const event = await services.events.create({ name: 'Cleanup', code: 'cleanup', event_start_datetime: '2026-06-20T00:00:00Z' });
    const req = { event: services.events.getById(event.id), viewer: { kind: 'admin' } as const, declaredBytes: null };
    const chunk = (uploadId: string) =>
      services.ingest.uploadChunk(
        req,
        async (sink) => ({
          file: { fileName: 'blob', result: await sink.receive(Readable.from([new Uint8Array(1000)]), 'blob', {}) },
          fields: { chunkIndex: 0, totalChunks: 3, fileName: 'v.mp4', fileSize: 3000, uploadId, albumId: null, autoApprove: true },
        }),
        () => null,
      );
    await chunk('old-upload-1');
    clock = new Date('2026-06-21T06:00:00Z');
    await chunk('new-upload-1');
    const status = (id: string) => services.ingest.chunkStatus(req, { totalChunks: 3, fileName: 'v.mp4', fileSize: 3000, uploadId: id }).received;
    expect(status('old-upload-1')).toEqual([0]);

    clock = new Date('2026-06-21T12:30:00Z'); // 24.5 h after the old one, 6.5 h after the new one
    expect(services.ingest.removeStalePartials()).toBe(1);
    expect(status('old-upload-1')).toEqual([]);
    expect(status('new-upload-1')).toEqual([0]);
    expect(readdirSync(store.chunksDir)).toHaveLength(1);

    // Leftovers of a crash: a temp file, a derived folder and an original that no row lists.
    const photo = Bun.file(join(import.meta.dir, '..', 'fixtures', 'photos', 'cameras', 'Canon_40D.jpg'));
    const kept = await services.ingest.uploadWhole(req, async (sink) => ({
      file: { fileName: 'kept.jpg', result: await sink.receive(Readable.fromWeb(photo.stream() as never), 'kept.jpg', {}) },
      fields: { albumId: null, autoApprove: true },
    }));
    await Bun.write(join(store.tmpDir, 'half-written'), 'x');
    await Bun.write(store.derivedPath(event.id, 'f'.repeat(32), 'thumb.jpg'), 'x');
    await Bun.write(store.originalPath(event.id, 'e'.repeat(32), 'jpg'), 'x');
    expect(services.ingest.removeOrphans()).toBe(3);
    expect(readdirSync(join(store.eventDir(event.id), 'originals'))).toEqual([`${kept.storageKey}.jpg`]);
    expect(readdirSync(join(store.eventDir(event.id), 'derived'))).toEqual([kept.storageKey]);
    expect(readdirSync(store.tmpDir)).toEqual(['chunks']);
    expect(status('new-upload-1')).toEqual([0]);
    db.$client.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
