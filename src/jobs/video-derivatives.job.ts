import { eq } from 'drizzle-orm';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../db/connection.ts';
import { uploads } from '../db/schema.ts';
import type { MediaTools } from '../media/media-tools.ts';
import { DERIVED, type MediaStore } from '../storage/media-store.ts';
import type { JobHandler } from './queue.ts';

export const VIDEO_JOB = 'video-derivatives';

type UploadRow = typeof uploads.$inferSelect;

/**
 * Makes a video's grid thumbnail and, when the original is not browser-playable (HEVC MOV from
 * iPhones), an H.264/AAC MP4 preview. A video that cannot be processed keeps its original and is marked
 * failed, so the grid shows the placeholder and the guest can still download it.
 */
export function videoDerivativesJob(deps: {
  db: Db;
  store: MediaStore;
  tools: MediaTools;
  /** told when a video got its poster and preview, or failed (the live stream announces it) */
  onUploadChanged?: (before: UploadRow, after: UploadRow) => void;
}): JobHandler {
  const { db, store, tools } = deps;
  const announce = (before: UploadRow) => {
    const after = load(before.id);
    if (after) deps.onUploadChanged?.(before, after);
  };
  const load = (uploadId: number | null) => (uploadId === null ? undefined : db.select().from(uploads).where(eq(uploads.id, uploadId)).get());

  return {
    timeoutMs(job) {
      const row = load(job.uploadId);
      // Transcoding on a Pi runs at roughly real time; give long videos their length several times over.
      return Math.max(120_000, (row?.durationSeconds ?? 60) * 8_000);
    },

    async run(job, signal) {
      const row = load(job.uploadId);
      if (!row) return; // deleted meanwhile
      db.update(uploads).set({ processingState: 'processing' }).where(eq(uploads.id, row.id)).run();
      const original = store.originalPath(row.eventId, row.storageKey, row.originalExt);
      const dir = store.derivedDir(row.eventId, row.storageKey);
      await tools.makeVideoThumbnail(original, join(dir, DERIVED.thumbnail));
      let previewFile = row.previewFile;
      if (previewFile !== 'original') {
        await tools.makeVideoPreview(original, join(dir, DERIVED.videoPreview), signal);
        previewFile = DERIVED.videoPreview;
      }
      if (!load(row.id)) {
        // Deleted while we worked: leave nothing behind.
        rmSync(dir, { recursive: true, force: true });
        return;
      }
      db.update(uploads)
        .set({ hasThumbnail: existsSync(join(dir, DERIVED.thumbnail)), previewFile, processingState: 'ready', processingError: null, storedBytes: row.sizeBytes + store.derivedBytes(row.eventId, row.storageKey) })
        .where(eq(uploads.id, row.id))
        .run();
      announce(row);
    },

    failed(job, error) {
      if (job.uploadId === null) return;
      const row = load(job.uploadId);
      if (!row) return;
      const dir = store.derivedDir(row.eventId, row.storageKey);
      db.update(uploads)
        .set({ processingState: 'failed', processingError: String((error as Error)?.message ?? error), hasThumbnail: existsSync(join(dir, DERIVED.thumbnail)) })
        .where(eq(uploads.id, row.id))
        .run();
      announce(row);
    },
  };
}

