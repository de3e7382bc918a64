import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { jobs, uploads } from '../../db/schema.ts';
import { albumForDate } from '../../domain/albums.ts';
import { can, type Viewer } from '../../domain/permissions.ts';
import { PHOTO_JOB } from '../../jobs/photo-derivatives.job.ts';
import { VIDEO_PROBE_JOB } from '../../jobs/video-derivatives.job.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import { randomHex } from '../../lib/ids.ts';
import type { Logger } from '../../lib/logger.ts';
import type { MediaTools, SniffedType } from '../../media/media-tools.ts';
import { asStorageError, isNoSpace, removeFile, type WrittenFile } from '../../storage/file-writer.ts';
import { DERIVED, photoOutputs, type MediaStore } from '../../storage/media-store.ts';
import type { AlbumsService } from '../albums.service.ts';
import type { ShotsService } from '../shots.service.ts';
import type { EventView } from '../events.service.ts';
import type { UploadRow } from '../uploads.service.ts';

export const unsupportedType = () => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE');

export interface UploadTarget {
  event: EventView;
  viewer: Viewer;
  /** the client address the request came from (limits per address) */
  address: string;
  /** album chosen by the client, or null to choose by the capture date */
  albumId: number | null;
  autoApprove: boolean;
}

export interface CommitDeps {
  db: Db;
  store: MediaStore;
  tools: MediaTools;
  albums: AlbumsService;
  /** Einwegkamera: each guest's shots */
  shots: ShotsService;
  logger: Logger;
  /** told when a job was queued, so the worker starts at once */
  onJobQueued?: () => void;
  /** told when an upload is committed (the live stream announces it) */
  onUploadCommitted?: (row: UploadRow) => void;
}

/** The type by content (JPEG, PNG, HEIC, MP4, MOV), else 415. */
export function sniffOrRefuse(tools: MediaTools, head: Uint8Array): SniffedType {
  const type = tools.sniff(head);
  if (!type) throw unsupportedType();
  return type;
}

/**
 * Turns a complete file in tmp/ into an upload: duplicate check, derivatives (photos but HEIC), the original
 * moved into place, then the row (and its job) in one transaction. Order of writes keeps every
 * answered upload whole: files are renamed into place before the row that lists them is inserted.
 */
export function createCommitter(deps: CommitDeps) {
  const { db, store, tools, logger } = deps;

  function duplicateError(existing: { id: number }) {
    return conflict('DUPLICATE', { duplicate: { id: existing.id }, existingId: existing.id });
  }

  function findDuplicate(eventId: number, sha256: string) {
    return db
      .select({ id: uploads.id })
      .from(uploads)
      .where(and(eq(uploads.eventId, eventId), eq(uploads.sha256, sha256)))
      .get();
  }

  /**
   * The chosen album, else the dated or 'Unsortiert' one. A guest's choice of a hidden album (guests never
   * see one; a stale page or a forged id) goes where a guest's upload without a choice would go.
   */
  function chooseAlbum(target: UploadTarget, takenAt: string | null): number {
    if (target.albumId !== null) {
      const chosen = deps.albums.getInEvent(target.event.id, target.albumId);
      if (chosen.visible || can(target.viewer, 'uploadToHidden')) return chosen.id;
    }
    const visible = deps.albums.list(target.event.id, { visibleOnly: true });
    const dated = takenAt
      ? albumForDate(
          visible.map((a) => ({ ...a, start_datetime: a.startAt, end_datetime: a.endAt })),
          new Date(takenAt),
        )
      : null;
    return dated?.id ?? deps.albums.ensureUnsorted(target.event.id).id;
  }

  /** What the media tools make of the file; a file they cannot read is kept, marked failed with the reason. */
  async function derive(file: WrittenFile, type: SniffedType, derivedDir: string, context: { event: number; name: string }) {
    try {
      if (type.kind === 'photo' && tools.decodesInQueue(type)) {
        // HEIC: decoding takes seconds on a Pi and ~50 MB per photo, so the one-at-a-time job queue makes its derivatives.
        return { takenAt: await tools.readPhotoCaptureTime(file.path), processingState: 'pending' as const };
      }
      if (type.kind === 'photo') {
        // In the request, taking its turn with the other photos (makePhotoDerivatives: one per usable core).
        const photo = await tools.processPhoto(file.path, photoOutputs(derivedDir));
        return {
          width: photo.width,
          height: photo.height,
          takenAt: photo.takenAt,
          dhash: photo.dhash,
          hasThumbnail: true,
          tileThumbnails: true,
          previewFile: DERIVED.photoPreview,
          processingState: 'ready' as const,
        };
      }
      // Videos: only their header is read here (its capture time chooses the album); ffprobe's size,
      // duration and playability come from the probe job, so the answer is at once whatever the file holds.
      const header = await tools.readVideoHeader(file.path);
      return { takenAt: header.takenAt, processingState: 'pending' as const };
    } catch (err) {
      if (isNoSpace(err)) throw err; // the disk, not the file: the upload is answered 507
      logger.warn(`${type.kind} could not be read`, { ...context, error: err });
      return { processingState: 'failed' as const, processingError: String((err as Error).message ?? err) };
    }
  }

  /** 409 SHOTS_USED_UP before the bytes of a new upload come, when the guest has no shot left (the commit decides for good). */
  function assertShotLeft(target: Pick<UploadTarget, 'event' | 'viewer'>) {
    deps.shots.assertLeft(target.event, target.viewer);
  }

  async function commit(file: WrittenFile, originalName: string, target: UploadTarget): Promise<UploadRow> {
    const type = sniffOrRefuse(tools, file.head);
    const { event, viewer } = target;
    const existing = findDuplicate(event.id, file.sha256);
    if (existing) {
      removeFile(file.path);
      throw duplicateError(existing);
    }
    try {
      assertShotLeft(target); // no derivatives for a file that cannot be kept
    } catch (err) {
      removeFile(file.path);
      throw err;
    }
    const key = randomHex(16);
    const original = store.originalPath(event.id, key, type.ext);
    const derivedDir = store.makeDerivedDir(event.id, key);
    const removeFiles = () => {
      removeFile(file.path);
      store.removeUploadFiles(event.id, key, type.ext);
    };

    let row: UploadRow | undefined;
    try {
      const facts = await derive(file, type, derivedDir, { event: event.id, name: originalName });
      const albumId = chooseAlbum(target, facts.takenAt ?? null);
      store.commit(file.path, original);
      const storedBytes = file.size + store.derivedBytes(event.id, key);
      const approved = target.autoApprove || can(viewer, 'approvedOnUpload');
      row = db.transaction((tx) => {
        // Two identical files racing: the unique index on (event, sha256) decides, the loser inserts nothing.
        const inserted = tx
          .insert(uploads)
          .values({
            eventId: event.id,
            albumId,
            userId: viewer.kind === 'guest' ? viewer.userId : null,
            apiKeyId: viewer.kind === 'apiKey' ? viewer.apiKeyId : null,
            type: type.kind,
            mimeType: type.mime,
            storageKey: key,
            originalExt: type.ext,
            originalName: cleanName(originalName, type.ext),
            sizeBytes: file.size,
            storedBytes,
            sha256: file.sha256,
            approved,
            ...facts,
          })
          .onConflictDoNothing({ target: [uploads.eventId, uploads.sha256] })
          .returning()
          .get();
        // The shot is taken with the row, atomically: past the limit the insert rolls back.
        if (inserted) deps.shots.take(tx, event, viewer);
        if (inserted && inserted.processingState === 'pending') {
          tx.insert(jobs)
            .values({ kind: inserted.type === 'video' ? VIDEO_PROBE_JOB : PHOTO_JOB, uploadId: inserted.id })
            .run();
        }
        return inserted;
      });
    } catch (err) {
      removeFiles();
      throw asStorageError(err);
    }
    if (!row) {
      removeFiles();
      throw duplicateError(findDuplicate(event.id, file.sha256)!);
    }
    if (row.processingState === 'pending') deps.onJobQueued?.();
    deps.onUploadCommitted?.(row);
    return row;
  }

  return { commit, assertShotLeft };
}

export type Committer = ReturnType<typeof createCommitter>;

/** The client's file name, for display and downloads only: no path, no control characters, right extension. */
export function cleanName(raw: string, ext: string): string {
  const base = (raw.split(/[\\/]/).pop() ?? '')
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 200);
  if (!base) return `upload.${ext}`;
  return base;
}
