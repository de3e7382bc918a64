import { eq } from 'drizzle-orm';
import { rmSync } from 'node:fs';
import type { Db } from '../db/connection.ts';
import { uploads, type UploadRow } from '../db/schema.ts';
import type { MediaTools } from '../media/media-tools.ts';
import { DERIVED, photoOutputs, type MediaStore } from '../storage/media-store.ts';
import type { JobHandler } from './queue.ts';

export const PHOTO_JOB = 'photo-derivatives';

/**
 * Thumbnail, preview and JPEG copy of a photo whose decoding is too slow for the upload request (HEIC,
 * see MediaTools.decodesInQueue). Other photos are processed while they are uploaded. A photo that
 * cannot be processed keeps its original and is marked failed, so the grid shows the placeholder.
 */
export function photoDerivativesJob(deps: {
  db: Db;
  store: MediaStore;
  tools: MediaTools;
  /** told when a photo got its derivatives, or failed (the live stream announces it) */
  onUploadChanged?: (before: UploadRow, after: UploadRow) => void;
}): JobHandler {
  const { db, store, tools } = deps;
  const load = (uploadId: number | null) =>
    uploadId === null ? undefined : db.select().from(uploads).where(eq(uploads.id, uploadId)).get();
  const announce = (before: UploadRow) => {
    const after = load(before.id);
    if (after) deps.onUploadChanged?.(before, after);
  };

  return {
    lane: 'photo',
    timeoutMs: () => 120_000,

    async run(job) {
      const row = load(job.uploadId);
      if (!row) return; // deleted meanwhile
      db.update(uploads).set({ processingState: 'processing' }).where(eq(uploads.id, row.id)).run();
      const dir = store.derivedDir(row.eventId, row.storageKey);
      const photo = await tools.processPhoto(store.originalPath(row.eventId, row.storageKey, row.originalExt), photoOutputs(dir));
      if (!load(row.id)) {
        rmSync(dir, { recursive: true, force: true }); // deleted while we worked: leave nothing behind
        return;
      }
      db.update(uploads)
        .set({
          width: photo.width,
          height: photo.height,
          dhash: photo.dhash,
          hasThumbnail: true,
          tileThumbnails: true,
          previewFile: DERIVED.photoPreview,
          processingState: 'ready',
          processingError: null,
          storedBytes: row.sizeBytes + store.derivedBytes(row.eventId, row.storageKey),
        })
        .where(eq(uploads.id, row.id))
        .run();
      announce(row);
    },

    failed(job, error) {
      const row = load(job.uploadId);
      if (!row) return;
      db.update(uploads)
        .set({ processingState: 'failed', processingError: String((error as Error)?.message ?? error) })
        .where(eq(uploads.id, row.id))
        .run();
      announce(row);
    },
  };
}
