import { and, eq } from 'drizzle-orm';
import { availableParallelism } from 'node:os';
import type { Db } from '../../db/connection.ts';
import { jobs, uploads } from '../../db/schema.ts';
import { albumForDate } from '../../domain/albums.ts';
import { can, type Viewer } from '../../domain/permissions.ts';
import { PHOTO_JOB } from '../../jobs/photo-derivatives.job.ts';
import { VIDEO_PROBE_JOB } from '../../jobs/video-derivatives.job.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import { randomHex } from '../../lib/ids.ts';
import type { Logger } from '../../lib/logger.ts';
import { Semaphore } from '../../lib/semaphore.ts';
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
  /** told when a committed upload changed: a photo's preview was made after it was shown (the live stream announces it) */
  onUploadChanged?: (before: UploadRow, after: UploadRow) => void;
}

/** The type by content (JPEG, PNG, HEIC, MP4, MOV), else 415. */
export function sniffOrRefuse(tools: MediaTools, head: Uint8Array): SniffedType {
  const type = tools.sniff(head);
  if (!type) throw unsupportedType();
  return type;
}

/** What the derivatives tell of an upload before its row is written. */
type Facts = Partial<
  Pick<UploadRow, 'width' | 'height' | 'dhash' | 'hasThumbnail' | 'tileThumbnails' | 'previewFile' | 'processingError'>
> & {
  takenAt?: string | null;
  processingState: UploadRow['processingState'];
};

/**
 * Turns a complete file in tmp/ into an upload: duplicate check, derivatives (photos but HEIC), the original
 * moved into place, then the row (and its job) in one transaction. Order of writes keeps every
 * answered upload whole: files are renamed into place before the row that lists them is inserted.
 * A photo's row is written, and shown to others, as soon as its grid thumbnails exist; its viewer
 * preview follows (the viewer shows the original meanwhile) and the request is answered once it is made.
 */
export function createCommitter(deps: CommitDeps) {
  const { db, store, tools, logger } = deps;
  // Photo derivatives run in the request, one per core (a Pi 4/5 has four): each is one decode that
  // libvips spreads over the cores anyway, so more would only queue inside libvips and hold more memory.
  const photoWork = new Semaphore(availableParallelism());

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

  /**
   * What the media tools make of the file; a file they cannot read is kept, marked failed with the reason.
   * A photo (but HEIC) is shown by `show` as soon as its thumbnails exist, which writes its row; then the
   * answer is 'shown', and 'shown, no preview' when its preview failed after that (its job makes it again).
   */
  async function derive(
    file: WrittenFile,
    type: SniffedType,
    derivedDir: string,
    context: { event: number; name: string },
    show: (facts: Facts) => Promise<void>,
  ): Promise<Facts | 'shown' | 'shown, no preview'> {
    let shown = false;
    let showFailed = false;
    try {
      if (type.kind === 'photo' && tools.decodesInQueue(type)) {
        // HEIC: decoding takes seconds on a Pi and ~50 MB per photo, so the one-at-a-time job queue makes its derivatives.
        return { takenAt: await tools.readPhotoCaptureTime(file.path), processingState: 'pending' as const };
      }
      if (type.kind === 'photo') {
        await photoWork.run(() =>
          tools.processPhoto(file.path, photoOutputs(derivedDir), {
            onThumbnails: async (photo) => {
              showFailed = true;
              await show({ ...photo, hasThumbnail: true, tileThumbnails: true, previewFile: null, processingState: 'processing' });
              [shown, showFailed] = [true, false];
            },
          }),
        );
        return 'shown';
      }
      // Videos: only their header is read here (its capture time chooses the album); ffprobe's size,
      // duration and playability come from the probe job, so the answer is at once whatever the file holds.
      const header = await tools.readVideoHeader(file.path);
      return { takenAt: header.takenAt, processingState: 'pending' as const };
    } catch (err) {
      if (showFailed) throw err; // the row could not be written (a duplicate, the last shot taken, the disk)
      if (shown) {
        logger.warn('photo preview failed, its job makes it again', { ...context, error: err });
        return 'shown, no preview';
      }
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

    /**
     * The original into place, then the row (and its job) in one transaction, and the live stream told. A
     * photo shown before its preview exists gets its job as 'running': this request makes the preview and
     * drops the job; after a crash the queue runs it again at start (the job queue's rule for 'running').
     */
    let row: UploadRow | undefined;
    const write = async (facts: Facts) => {
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
        if (inserted && inserted.processingState !== 'ready' && inserted.processingState !== 'failed') {
          tx.insert(jobs)
            .values({
              kind: inserted.type === 'video' ? VIDEO_PROBE_JOB : PHOTO_JOB,
              uploadId: inserted.id,
              state: inserted.processingState === 'processing' ? 'running' : 'queued',
            })
            .run();
        }
        return inserted;
      });
      if (!row) throw duplicateError(findDuplicate(event.id, file.sha256)!);
      if (row.processingState === 'pending') deps.onJobQueued?.();
      deps.onUploadCommitted?.(row);
    };

    let derived: Awaited<ReturnType<typeof derive>>;
    try {
      derived = await derive(file, type, derivedDir, { event: event.id, name: originalName }, write);
      if (typeof derived === 'object') await write(derived);
    } catch (err) {
      removeFiles();
      throw asStorageError(err);
    }
    if (derived === 'shown') return previewMade(row!);
    return derived === 'shown, no preview' ? previewFailed(row!) : row!;
  }

  /** A shown photo's preview exists: its row says so, its job goes, the live stream is told. */
  function previewMade(shown: UploadRow): UploadRow {
    const after = db.transaction((tx) => {
      tx.delete(jobs)
        .where(and(eq(jobs.uploadId, shown.id), eq(jobs.kind, PHOTO_JOB)))
        .run();
      return tx
        .update(uploads)
        .set({
          previewFile: DERIVED.photoPreview,
          processingState: 'ready',
          storedBytes: shown.sizeBytes + store.derivedBytes(shown.eventId, shown.storageKey),
        })
        .where(eq(uploads.id, shown.id))
        .returning()
        .get();
    });
    // Deleted while its preview was made: the deletion removed its files, the preview is swept with its folder.
    if (!after) {
      store.removeUploadFiles(shown.eventId, shown.storageKey, shown.originalExt);
      return shown;
    }
    deps.onUploadChanged?.(shown, after);
    return after;
  }

  /** A shown photo's preview failed: its job is queued to make the derivatives again (or mark it failed in the end). */
  function previewFailed(shown: UploadRow): UploadRow {
    db.update(jobs)
      .set({ state: 'queued' })
      .where(and(eq(jobs.uploadId, shown.id), eq(jobs.kind, PHOTO_JOB)))
      .run();
    deps.onJobQueued?.();
    return shown;
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
