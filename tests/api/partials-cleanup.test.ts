import { expect, test } from 'bun:test';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { openDatabase } from '../../src/db/connection.ts';
import { createLogger } from '../../src/lib/logger.ts';
import { createMediaTools } from '../../src/media/create-media-tools.ts';
import { prepareNativeTools } from '../../src/native/native-tools.ts';
import { renderGalleryPage } from '../../src/http/gallery-page.ts';
import { createServices } from '../../src/services/index.ts';
import { MediaStore } from '../../src/storage/media-store.ts';
import { AppError } from '../../src/lib/errors.ts';

// Partial chunked uploads are kept a day for resuming, then removed; finished ones are not touched.

/** The services on a store and database of the test's own, with the test's clock and limits. */
async function servicesOn(store: MediaStore, db: ReturnType<typeof openDatabase>, opts: Partial<Parameters<typeof createServices>[0]>) {
  return createServices({
    db,
    store,
    tools: createMediaTools(await prepareNativeTools(store.dataDir)),
    logger: createLogger('error'),
    retentionDays: 30,
    maxUploadBytes: 10 * 1024 * 1024,
    minFreeDiskBytes: 0,
    partialLimits: { maxSessions: 10, maxBytes: 1024 * 1024 },
    newGuestsPerAddress: 60,
    renderGalleryPage,
    ...opts,
  });
}

test('partial uploads untouched for a day are removed, fresher ones stay; crash leftovers go at start', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'momentbox-partials-'));
  try {
    let clock = new Date('2026-06-20T12:00:00Z');
    const store = new MediaStore(dir);
    const db = openDatabase(store.databasePath);
    const services = await servicesOn(store, db, { now: () => clock });
    const event = await services.events.create({ name: 'Cleanup', code: 'cleanup', event_start_datetime: '2026-06-20T00:00:00Z' });
    const req = { event: services.events.getById(event.id), viewer: { kind: 'admin' } as const, declaredBytes: null, address: '10.0.0.2' };
    const chunk = (uploadId: string) =>
      services.ingest.uploadChunk(req, async (sink, parse) => ({
        file: { fileName: 'blob', result: await sink.receive(Readable.from([new Uint8Array(1000)]), 'blob', {}) },
        fields: parse({ chunkIndex: '0', totalChunks: '3', fileName: 'v.mp4', fileSize: '3000', uploadId, autoApprove: 'true' }),
      }));
    await chunk('old-upload-1');
    clock = new Date('2026-06-21T06:00:00Z');
    await chunk('new-upload-1');
    const status = (id: string) =>
      services.ingest.chunkStatus(req, { totalChunks: 3, fileName: 'v.mp4', fileSize: 3000, uploadId: id }).received;
    expect(status('old-upload-1')).toEqual([0]);

    clock = new Date('2026-06-21T12:30:00Z'); // 24.5 h after the old one, 6.5 h after the new one
    expect(services.ingest.removeStalePartials()).toBe(1);
    expect(status('old-upload-1')).toEqual([]);
    expect(status('new-upload-1')).toEqual([0]);
    expect(readdirSync(store.chunksDir)).toHaveLength(1);

    // Leftovers of a crash: a temp file, a derived folder and an original that no row lists.
    const photo = Bun.file(join(import.meta.dir, '..', 'fixtures', 'photos', 'cameras', 'Canon_40D.jpg'));
    const kept = await services.ingest.uploadWhole(req, async (sink, parse) => ({
      file: { fileName: 'kept.jpg', result: await sink.receive(Readable.fromWeb(photo.stream() as never), 'kept.jpg', {}) },
      fields: parse({ autoApprove: 'true' }),
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

/**
 * A box on a fake disk: its free space is CAPACITY minus what the unfinished uploads hold in tmp/chunks, so
 * removing a session frees its bytes, as on a real disk; the clock is the test's.
 */
async function tightBox(opts: { capacity: number; reserve: number; maxSessions: number }) {
  const dir = mkdtempSync(join(tmpdir(), 'momentbox-tight-'));
  const clock = { now: new Date('2026-06-20T12:00:00Z') };
  class FakeDisk extends MediaStore {
    override freeBytes(): number {
      let held = 0;
      for (const key of readdirSync(this.chunksDir))
        for (const f of readdirSync(join(this.chunksDir, key))) held += Bun.file(join(this.chunksDir, key, f)).size;
      return opts.capacity - held;
    }
  }
  const store = new FakeDisk(dir);
  const db = openDatabase(store.databasePath);
  const services = await servicesOn(store, db, {
    minFreeDiskBytes: opts.reserve,
    partialLimits: { maxSessions: opts.maxSessions, maxBytes: 1024 * 1024 },
    now: () => clock.now,
  });
  const event = await services.events.create({ name: 'Tight', code: 'tight', event_start_datetime: '2026-06-20T00:00:00Z' });
  const req = { event: services.events.getById(event.id), viewer: { kind: 'admin' } as const, declaredBytes: 2000, address: '10.0.0.2' };
  /** The first of 3 chunks of a new file (fields first, written in place); the error code when refused. */
  const firstChunk = async (uploadId: string, fileSize = 3000) => {
    const fields = { chunkIndex: '0', totalChunks: '3', fileName: 'v.mp4', fileSize: String(fileSize), uploadId, autoApprove: 'true' };
    try {
      await services.ingest.uploadChunk(req, async (sink, parse) => ({
        file: { fileName: 'blob', result: await sink.receive(Readable.from([new Uint8Array(fileSize / 3)]), 'blob', fields) },
        fields: parse(fields),
      }));
      return 'stored';
    } catch (err) {
      if (err instanceof AppError) return err.code;
      throw err;
    }
  };
  const held = (uploadId: string) =>
    services.ingest.chunkStatus(req, { totalChunks: 3, fileName: 'v.mp4', fileSize: 3000, uploadId }).received;
  const at = (minutes: number) => (clock.now = new Date(Date.parse('2026-06-20T12:00:00Z') + minutes * 60_000));
  const close = () => {
    db.$client.close();
    rmSync(dir, { recursive: true, force: true });
  };
  return { firstChunk, held, at, close };
}

test("at the limit, a guest's own uploads idle for 30 minutes make room for a new one; fresher ones stay", async () => {
  const box = await tightBox({ capacity: 1e12, reserve: 0, maxSessions: 2 });
  try {
    expect(await box.firstChunk('closed-tab-1')).toBe('stored');
    box.at(20);
    expect(await box.firstChunk('still-going-1')).toBe('stored');
    box.at(35); // the first is idle 35 min (its tab was closed), the second 15 min
    expect(await box.firstChunk('new-file-0001')).toBe('stored');
    expect(box.held('closed-tab-1')).toEqual([]);
    expect(box.held('still-going-1')).toEqual([0]);
    box.at(40); // both held ones idle less than 30 min: nothing to give up
    expect(await box.firstChunk('one-too-many')).toBe('TOO_MANY_PARTIAL_UPLOADS');
    expect(box.held('still-going-1')).toEqual([0]);
    expect(box.held('new-file-0001')).toEqual([0]);
  } finally {
    box.close();
  }
});

test('when space runs low, unfinished uploads idle 6 hours go before anyone gets 507; younger ones stay', async () => {
  // 15 KB of disk above a 4 KB reserve; each first chunk holds 1 KB of a 3 KB file, and what an unfinished
  // upload has still to send (2 KB) and a chunk on its way (2 KB declared) count as taken.
  const box = await tightBox({ capacity: 19_000, reserve: 4_000, maxSessions: 10 });
  try {
    expect(await box.firstChunk('stale-upload-1')).toBe('stored');
    box.at(5 * 60);
    expect(await box.firstChunk('young-upload-1')).toBe('stored');
    box.at(7 * 60); // 7 h and 2 h idle; a 9 KB file fits only without the stale one's 1 KB and its 2 KB to come
    expect(await box.firstChunk('big-upload-01', 9000)).toBe('stored');
    expect(box.held('stale-upload-1')).toEqual([]);
    expect(box.held('young-upload-1')).toEqual([0]);
    expect(await box.firstChunk('no-room-left1', 9000)).toBe('INSUFFICIENT_STORAGE');
    expect(box.held('young-upload-1')).toEqual([0]);
  } finally {
    box.close();
  }
});
