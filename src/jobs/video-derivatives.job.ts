import { eq } from 'drizzle-orm';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../db/connection.ts';
import { jobs, uploads, type UploadRow } from '../db/schema.ts';
import type { MediaTools } from '../media/media-tools.ts';
import { DERIVED, type MediaStore } from '../storage/media-store.ts';
import type { JobHandler } from './queue.ts';

/**
 * A new video's facts: ffprobe (memory- and time-limited) reads its size, duration and whether browsers play
 * it as it is, then the poster job and, when they do not, the preview job are queued. Not in the upload
 * request, whose answer comes at once whatever the file (issue 32); a file ffprobe cannot read ends failed.
 */
export const VIDEO_PROBE_JOB = 'video-probe';
/** A video's grid thumbnail: a quick job, so it is there seconds after the upload even while previews are made. */
export const VIDEO_POSTER_JOB = 'video-poster';
/** An H.264/AAC MP4 preview for a video that is not browser-playable (HEVC MOV from iPhones); long. */
export const VIDEO_PREVIEW_JOB = 'video-preview';
/**
 * The one video job of earlier versions (poster and preview in one). A box updated while some were still
 * queued has them in its database: each is replaced by the jobs a video gets now.
 */
export const OLD_VIDEO_JOB = 'video-derivatives';

/** The most a preview job may run, whatever its video: 4K for 10 minutes on a Pi 4. */
const PREVIEW_JOB_CEILING_MS = 3 * 3600_000;

/** The jobs a probed video needs: always a poster, a preview only when browsers cannot play the original. */
export function videoJobsFor(row: Pick<UploadRow, 'previewFile'>): string[] {
  return row.previewFile === 'original' ? [VIDEO_POSTER_JOB] : [VIDEO_POSTER_JOB, VIDEO_PREVIEW_JOB];
}

/**
 * The video jobs. A video is 'ready' once it has its poster and something playable (the original or
 * the preview); whichever job finishes second says so. A video that cannot be processed keeps its original
 * and is marked failed, so the grid shows the placeholder and the guest can still download it.
 */
export function videoDerivativesJobs(deps: {
  db: Db;
  store: MediaStore;
  tools: MediaTools;
  /** told when a video got its poster or preview, or failed (the live stream announces it) */
  onUploadChanged?: (before: UploadRow, after: UploadRow) => void;
}): Record<string, JobHandler> {
  const { db, store, tools } = deps;
  const load = (uploadId: number | null) =>
    uploadId === null ? undefined : db.select().from(uploads).where(eq(uploads.id, uploadId)).get();

  /**
   * Runs one job's work and records what it made. The row is read again after the work (the other job
   * may have finished meanwhile); reading and writing it is synchronous, so neither job's result is lost.
   */
  async function derive(
    job: { uploadId: number | null },
    make: (row: UploadRow, dir: string) => Promise<Partial<UploadRow>>,
    /** the jobs to queue with the result */
    next: (after: UploadRow) => string[] = () => [],
  ) {
    const row = load(job.uploadId);
    if (!row) return; // deleted meanwhile
    if (row.processingState === 'pending') db.update(uploads).set({ processingState: 'processing' }).where(eq(uploads.id, row.id)).run();
    const dir = store.derivedDir(row.eventId, row.storageKey);
    const made = await make(row, dir);
    const before = load(row.id);
    if (!before) {
      rmSync(dir, { recursive: true, force: true }); // deleted while we worked: leave nothing behind
      return;
    }
    const after = { ...before, ...made };
    const done = after.hasThumbnail && after.previewFile !== null && before.processingState !== 'failed';
    db.transaction((tx) => {
      tx.update(uploads)
        .set({
          ...made,
          ...(done ? { processingState: 'ready', processingError: null } : {}),
          storedBytes: row.sizeBytes + store.derivedBytes(row.eventId, row.storageKey),
        })
        .where(eq(uploads.id, row.id))
        .run();
      // A run that died after this commit queued them already (the job itself runs again after a restart).
      const queued = new Set(
        tx
          .select({ kind: jobs.kind })
          .from(jobs)
          .where(eq(jobs.uploadId, row.id))
          .all()
          .map((j) => j.kind),
      );
      for (const kind of next(after)) if (!queued.has(kind)) tx.insert(jobs).values({ kind, uploadId: row.id }).run();
    });
    const now = load(row.id);
    if (now) deps.onUploadChanged?.(before, now);
  }

  function failed(job: { uploadId: number | null }, error: unknown) {
    const before = load(job.uploadId);
    if (!before) return;
    const dir = store.derivedDir(before.eventId, before.storageKey);
    db.update(uploads)
      .set({
        processingState: 'failed',
        processingError: String((error as Error)?.message ?? error),
        hasThumbnail: existsSync(join(dir, DERIVED.thumbnail)),
      })
      .where(eq(uploads.id, before.id))
      .run();
    const after = load(before.id);
    if (after) deps.onUploadChanged?.(before, after);
  }

  return {
    [OLD_VIDEO_JOB]: {
      // Only queues the new jobs: in the poster lane, so the poster comes as soon as the queue starts.
      lane: 'poster',
      timeoutMs: () => 10_000,
      async run(job) {
        const row = load(job.uploadId);
        if (!row) return; // deleted meanwhile
        db.transaction((tx) => {
          for (const kind of videoJobsFor(row)) tx.insert(jobs).values({ kind, uploadId: row.id }).run();
        });
      },
      failed,
    },
    [VIDEO_PROBE_JOB]: {
      lane: 'poster',
      // A guard only: ffprobe has its own time-out (and memory ceiling) in probeVideo.
      timeoutMs: () => 60_000,
      run: (job) =>
        derive(
          job,
          async (row) => {
            const info = await tools.probeVideo(store.originalPath(row.eventId, row.storageKey, row.originalExt));
            return {
              width: info.width,
              height: info.height,
              durationSeconds: info.durationSeconds,
              previewFile: info.playable ? 'original' : null,
            };
          },
          videoJobsFor,
        ),
      failed,
    },
    [VIDEO_POSTER_JOB]: {
      lane: 'poster',
      timeoutMs: () => 60_000,
      run: (job) =>
        derive(job, async (row, dir) => {
          await tools.makeVideoThumbnail(store.originalPath(row.eventId, row.storageKey, row.originalExt), join(dir, DERIVED.thumbnail));
          return { hasThumbnail: true };
        }),
      failed,
    },
    [VIDEO_PREVIEW_JOB]: {
      lane: 'transcode',
      // A guard only: the transcode's own time-out follows the frames the file really holds (makeVideoPreview),
      // not the duration its header claims.
      timeoutMs: () => PREVIEW_JOB_CEILING_MS,
      run: (job, signal) =>
        derive(job, async (row, dir) => {
          await tools.makeVideoPreview(
            store.originalPath(row.eventId, row.storageKey, row.originalExt),
            join(dir, DERIVED.videoPreview),
            signal,
          );
          return { previewFile: DERIVED.videoPreview };
        }),
      failed,
    },
  };
}
