import { afterAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../db/connection.ts';
import { albums, events, uploads } from '../db/schema.ts';
import { createLogger } from '../lib/logger.ts';
import type { Timers } from '../lib/timers.ts';
import type { FaceWorkerClient } from '../media/faces/worker-client.ts';
import { MediaStore } from '../storage/media-store.ts';
import { createFacesService } from './faces.service.ts';

const dir = mkdtempSync(join(tmpdir(), 'momentbox-faces-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const POLL_MS = 10_000;

/**
 * The indexer over a fresh database file, with a timer the test fires by hand, a face worker that finds no face,
 * and every SQL statement the indexer runs counted.
 */
function setUp() {
  const db = openDatabase(join(dir, `${crypto.randomUUID()}.db`));
  const armed = new Set<{ fn: () => void; ms: number }>();
  const timers: Timers = {
    set: (fn, ms) => {
      const timer = { fn, ms };
      armed.add(timer);
      return timer;
    },
    clear: (timer) => armed.delete(timer as { fn: () => void; ms: number }),
  };
  const described: string[] = [];
  const worker = {
    describeImage: (input: string | Uint8Array) => {
      described.push(String(input));
      return Promise.resolve([]);
    },
    stop: () => {},
  } as unknown as FaceWorkerClient;
  const queries: string[] = [];
  const prepare = db.$client.prepare.bind(db.$client);
  db.$client.prepare = ((sql: string) => {
    queries.push(sql);
    return prepare(sql);
  }) as typeof prepare;
  const faces = createFacesService({
    db,
    store: new MediaStore(dir),
    worker,
    logger: createLogger('error'),
    busy: () => false,
    pollMs: POLL_MS,
    timers,
  });
  let uploadNo = 0;
  const addEvent = (code: string, faceSearch: boolean) => {
    const id = db
      .insert(events)
      .values({ code, name: code, primaryColor: '#000000', secondaryColor: '#ffffff', startAt: new Date().toISOString(), faceSearch })
      .returning()
      .get().id;
    const albumId = db.insert(albums).values({ eventId: id, name: 'Album' }).returning().get().id;
    const key = `key-${++uploadNo}`;
    db.insert(uploads)
      .values({
        eventId: id,
        albumId,
        type: 'photo',
        mimeType: 'image/jpeg',
        storageKey: key,
        originalExt: 'jpg',
        originalName: `${key}.jpg`,
        sizeBytes: 1,
        storedBytes: 1,
        sha256: key,
        hasThumbnail: true,
        previewFile: 'preview.jpg',
        processingState: 'ready',
      })
      .run();
    return id;
  };
  return {
    db,
    faces,
    described,
    queries,
    armed: () => [...armed].map((t) => t.ms),
    /** Real time passes until every armed timer fired. */
    fireTimers() {
      for (const timer of [...armed]) {
        armed.delete(timer);
        timer.fn();
      }
    },
    addEvent,
  };
}

/** Lets the indexer's loop run until `check` holds (bounded: it only waits on promises that settle at once). */
async function until(what: string, check: () => boolean) {
  for (let i = 0; i < 200 && !check(); i++) await Bun.sleep(1);
  if (!check()) throw new Error(`never: ${what}`);
}

test('while no event has the setting on the indexer sleeps without a timer and asks nothing; settingChanged wakes it', async () => {
  const s = setUp();
  const off = s.addEvent('off', false);
  s.faces.start();
  // It looked once (no event on) and sleeps with no timer armed: nothing will wake it but the setting.
  await Bun.sleep(5);
  expect(s.armed()).toEqual([]);
  s.queries.length = 0;
  for (let i = 0; i < 50; i++) {
    s.fireTimers();
    await Bun.sleep(1);
  }
  expect(s.queries).toEqual([]);
  expect(s.described).toEqual([]);

  // On: woken at once, it describes the event's photo, then polls for more while the event is on.
  s.db.update(events).set({ faceSearch: true }).where(eq(events.id, off)).run();
  s.faces.settingChanged(off, true);
  await until('the photo described', () => s.described.length === 1);
  await until('the poll armed', () => s.armed().length === 1);
  expect(s.armed()).toEqual([POLL_MS]);
  expect(s.faces.progress(off)).toEqual({ scanned: 1, total: 1, percent: 100 });

  // Off again: after the next poll it finds no event on and sleeps without a timer once more.
  s.db.update(events).set({ faceSearch: false }).where(eq(events.id, off)).run();
  s.faces.settingChanged(off, false);
  s.fireTimers();
  await Bun.sleep(5);
  expect(s.armed()).toEqual([]);
  s.queries.length = 0;
  s.fireTimers();
  await Bun.sleep(5);
  expect(s.queries).toEqual([]);
  await s.faces.stop();
});

test('an event that has the setting on when the indexer starts (a restart) is indexed without a wake-up', async () => {
  const s = setUp();
  s.addEvent('off', false);
  s.addEvent('on', true);
  s.faces.start();
  await until('the photo described', () => s.described.length === 1);
  expect(s.described[0]).toContain('key-2'); // the photo of 'on'
  await s.faces.stop();
});
