import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { events, faceDrops, faceExclusions, faces, faceScans, faceSearchSelfies, uploads } from '../db/schema.ts';
import { AppError } from '../lib/errors.ts';
import type { Logger } from '../lib/logger.ts';
import { realTimers, type Timers } from '../lib/timers.ts';
import { descriptorBytes, descriptorFromBytes } from '../media/faces/protocol.ts';
import type { DetectedFace, FaceWorkerClient } from '../media/faces/worker-client.ts';
import { DERIVED, type MediaStore } from '../storage/media-store.ts';

/** A face of an event as the search reads it. Never sent to a client (it is biometric data). */
export interface StoredFace {
  uploadId: number;
  box: { x: number; y: number; w: number; h: number };
  descriptor: Float32Array;
}

/** How far the indexer is with an event: photos and video posters looked at, of all that can be. */
export interface FaceProgress {
  scanned: number;
  total: number;
  /** whole per cent, rounded down, so 100 means every picture */
  percent: number;
}

export interface FaceIndexerOptions {
  db: Db;
  store: MediaStore;
  worker: FaceWorkerClient;
  logger: Logger;
  /** true while uploads arrive or their previews are being made: the indexer waits (it is never on the hot path) */
  busy: () => boolean;
  /** how often the indexer looks again while an event has the setting on and it waits for work or for the box to be quiet */
  pollMs?: number;
  /** after the worker failed: the first wait before trying again, then backoffMs doubling up to maxBackoffMs */
  firstRetryMs?: number;
  backoffMs?: number;
  maxBackoffMs?: number;
  /** the pauses' timer (tests fire it by hand) */
  timers?: Timers;
}

/** Uploads the indexer can read: processed, with the picture it describes (a photo's preview, a video's poster thumbnail). */
const describable = and(eq(uploads.processingState, 'ready'), eq(uploads.hasThumbnail, true));

/** Every face of an event, for the search (issue 30). */
export function facesOfEvent(db: Db, eventId: number): StoredFace[] {
  return db
    .select({ uploadId: faces.uploadId, x: faces.boxX, y: faces.boxY, w: faces.boxW, h: faces.boxH, descriptor: faces.descriptor })
    .from(faces)
    .where(eq(faces.eventId, eventId))
    .all()
    .map((r) => ({ uploadId: r.uploadId, box: { x: r.x, y: r.y, w: r.w, h: r.h }, descriptor: descriptorFromBytes(r.descriptor) }));
}

/**
 * 'Gesichtssuche' was turned off: every face datum of the event goes in one transaction, the index's (faces, scan
 * marks) and what its searching guests kept (remembered selfies, removals, 'Das bin ich nicht' drops). The one
 * place that knows all of them; deleting the event takes the same rows by its cascades.
 */
export function forgetEventFaceData(db: Db, eventId: number): void {
  db.transaction((tx) => {
    tx.delete(faces).where(eq(faces.eventId, eventId)).run();
    tx.delete(faceScans).where(eq(faceScans.eventId, eventId)).run();
    tx.delete(faceSearchSelfies).where(eq(faceSearchSelfies.eventId, eventId)).run();
    tx.delete(faceExclusions).where(eq(faceExclusions.eventId, eventId)).run();
    tx.delete(faceDrops).where(eq(faceDrops.eventId, eventId)).run();
  });
}

/**
 * The face indexer (issue 30): describes the photos (and each video's poster) of events with 'Gesichtssuche' on,
 * newest first, one at a time in the face worker process, and keeps their faces in SQLite. It waits while the box
 * is busy with uploads or previews, and when it has nothing to do the worker ends itself (worker-client.ts). A
 * worker that cannot start or dies is tried again later, with a growing pause; the gallery never waits for it.
 */
export function createFacesService(opts: FaceIndexerOptions) {
  const { db, store, worker, logger } = opts;
  const pollMs = opts.pollMs ?? 10_000;
  const firstRetryMs = opts.firstRetryMs ?? 2_000;
  const backoffMs = opts.backoffMs ?? 30_000;
  const maxBackoffMs = opts.maxBackoffMs ?? 600_000;
  const timers = opts.timers ?? realTimers;
  let running = false;
  let loop: Promise<void> = Promise.resolve();
  let wake: (() => void) | null = null;

  /** Pauses `ms`, or without a timer (`null`) until poke(), settingChanged() or stop() wake it. */
  const sleep = (ms: number | null) =>
    new Promise<void>((resolve) => {
      const timer = ms === null ? null : timers.set(done, ms);
      function done() {
        if (timer !== null) timers.clear(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });

  /** Whether any event has 'Gesichtssuche' on: without one there is nothing to look for until one is turned on. */
  const anyEventOn = () => db.select({ id: events.id }).from(events).where(eq(events.faceSearch, true)).limit(1).get() !== undefined;

  /** The newest upload of an event with the setting on that was not looked at yet. */
  function nextUpload() {
    return db
      .select({
        id: uploads.id,
        eventId: uploads.eventId,
        type: uploads.type,
        storageKey: uploads.storageKey,
        previewFile: uploads.previewFile,
      })
      .from(uploads)
      .innerJoin(events, and(eq(events.id, uploads.eventId), eq(events.faceSearch, true)))
      .leftJoin(faceScans, eq(faceScans.uploadId, uploads.id))
      .where(and(describable, isNull(faceScans.uploadId)))
      .orderBy(desc(uploads.createdAt), desc(uploads.id))
      .limit(1)
      .get();
  }

  /** Keeps what was found, unless the upload or the event's setting went meanwhile. */
  function record(upload: { id: number; eventId: number }, found: DetectedFace[] | null, error?: string) {
    db.transaction((tx) => {
      const still = tx
        .select({ id: uploads.id })
        .from(uploads)
        .innerJoin(events, and(eq(events.id, uploads.eventId), eq(events.faceSearch, true)))
        .where(eq(uploads.id, upload.id))
        .get();
      if (!still) return;
      for (const face of found ?? []) {
        tx.insert(faces)
          .values({
            eventId: upload.eventId,
            uploadId: upload.id,
            boxX: face.box.x,
            boxY: face.box.y,
            boxW: face.box.w,
            boxH: face.box.h,
            descriptor: descriptorBytes(face.descriptor),
          })
          .run();
      }
      tx.insert(faceScans)
        .values({
          uploadId: upload.id,
          eventId: upload.eventId,
          state: found ? 'done' : 'failed',
          faceCount: found?.length ?? 0,
          error: error ?? null,
          scannedAt: new Date().toISOString(),
        })
        .run();
    });
  }

  /** After `failures` failures in a row: a quick second try (a worker that died once), then longer and longer pauses. */
  const retryWait = (failures: number) => (failures <= 1 ? firstRetryMs : Math.min(maxBackoffMs, backoffMs * 2 ** (failures - 2)));

  async function work() {
    let failures = 0;
    /** the upload the worker last failed on: a picture it fails on twice is marked failed, so one bad photo cannot stop indexing */
    let failedOn: number | null = null;
    while (running) {
      // Most boxes never turn it on: then the indexer sleeps until a setting is turned on, and nothing runs meanwhile.
      if (!anyEventOn()) {
        await sleep(null);
        continue;
      }
      const upload = opts.busy() ? undefined : nextUpload();
      if (!upload) {
        await sleep(pollMs);
        continue;
      }
      // A photo's preview is upright and at most 2048 px; a video's thumbnail is its poster frame.
      const file = upload.type === 'photo' && upload.previewFile ? upload.previewFile : DERIVED.thumbnail;
      try {
        record(upload, await worker.describeImage(store.derivedPath(upload.eventId, upload.storageKey, file)));
        failures = 0;
        failedOn = null;
      } catch (err) {
        const unavailable = err instanceof AppError && err.code === 'FACE_ENGINE_UNAVAILABLE';
        const onPicture = unavailable && err.details.during === 'picture';
        if (unavailable && !(onPicture && failedOn === upload.id)) {
          if (onPicture) failedOn = upload.id;
          const retryInMs = retryWait(++failures);
          logger.warn('face indexing paused: the face worker failed; trying again later', { upload: upload.id, retryInMs });
          await sleep(retryInMs);
          continue;
        }
        // This picture cannot be read, or the worker failed on it twice: marked, so the indexer goes on with the next one.
        record(upload, null, String((err as Error)?.message ?? err));
        failedOn = null;
      }
    }
  }

  return {
    /** Starts the indexer loop (serve.ts); while no event has the setting on it sleeps until one is turned on. */
    start() {
      if (running) return;
      running = true;
      loop = work().catch((err) => logger.error('face indexer stopped', { error: String(err) }));
    },
    async stop() {
      running = false;
      wake?.();
      await loop;
      worker.stop();
    },
    /** New work may be there (an event came in by an import, uploads finished): do not wait for the next poll. */
    poke() {
      wake?.();
    },
    /** 'Gesichtssuche' changed: off deletes all face data of the event at once; on starts indexing it. */
    settingChanged(eventId: number, on: boolean) {
      if (!on) forgetEventFaceData(db, eventId);
      else wake?.();
    },
    progress(eventId: number): FaceProgress {
      const total =
        db
          .select({ n: sql<number>`count(*)` })
          .from(uploads)
          .where(and(eq(uploads.eventId, eventId), describable))
          .get()?.n ?? 0;
      const scanned =
        db
          .select({ n: sql<number>`count(*)` })
          .from(faceScans)
          .where(eq(faceScans.eventId, eventId))
          .get()?.n ?? 0;
      return { scanned, total, percent: total === 0 ? 100 : Math.floor((100 * Math.min(scanned, total)) / total) };
    },
    facesOfEvent: (eventId: number) => facesOfEvent(db, eventId),
    /** Every face of a picture from the face worker (the search's selfie): see FaceWorkerClient.describeImage. */
    describeImage: (input: string | Uint8Array) => worker.describeImage(input, { urgent: true }),
    /** Starts the face worker ahead of a selfie (see FaceWorkerClient.warm). */
    warmWorker: () => worker.warm(),
    /** The face worker's process id while one runs, and how many were started (tests, the bench). */
    workerPid: () => worker.pid(),
    workerStarts: () => worker.starts(),
  };
}

export type FacesService = ReturnType<typeof createFacesService>;
