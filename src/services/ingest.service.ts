import { and, eq, lt } from 'drizzle-orm';
import { mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../db/connection.ts';
import { chunkSessions, events, jobs, uploads } from '../db/schema.ts';
import { albumForDate } from '../domain/albums.ts';
import { AppError, badRequest, conflict, forbidden } from '../lib/errors.ts';
import { hashSecret, randomHex } from '../lib/ids.ts';
import type { Logger } from '../lib/logger.ts';
import { VIDEO_JOB } from '../jobs/video-derivatives.job.ts';
import { Semaphore } from '../lib/semaphore.ts';
import { fileTooLarge, writeStreamToFile, type WrittenFile } from '../storage/file-writer.ts';
import { DERIVED, type MediaStore } from '../storage/media-store.ts';
import type { AlbumsService } from './albums.service.ts';
import type { EventView } from './events.service.ts';
import type { MediaTools, SniffedType } from '../media/media-tools.ts';
import type { UploadRow } from './uploads.service.ts';
import type { Viewer } from './viewer.ts';

const MAX_CHUNKS = 10_000;
const STALE_CHUNKS_MS = 24 * 3600_000;
const UPLOAD_ID_RE = /^[A-Za-z0-9_-]{8,64}$/;

export const unsupportedType = () =>
  new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Nur JPG, PNG, MP4 und MOV Dateien erlaubt');

export interface UploadTarget {
  event: EventView;
  viewer: Viewer;
  /** album chosen by the client, or null to choose by the capture date */
  albumId: number | null;
  autoApprove: boolean;
}

export interface ChunkFields {
  chunkIndex: number;
  totalChunks: number;
  fileName: string;
  fileSize: number;
  /** optional stable id the client sends with every chunk of one file */
  uploadId: string | null;
}

export type ChunkOutcome =
  | { done: false; received: number[]; totalChunks: number }
  | { done: true; upload: UploadRow; received: number[]; totalChunks: number };

export interface IngestDeps {
  db: Db;
  store: MediaStore;
  tools: MediaTools;
  albums: AlbumsService;
  logger: Logger;
  maxUploadBytes: number;
  minFreeDiskBytes: number;
  /** told when a job was queued, so the worker starts at once */
  onJobQueued?: () => void;
  /** told when an upload is committed (the live stream announces it) */
  onUploadCommitted?: (row: UploadRow) => void;
  now?: () => Date;
}

/**
 * Receiving media: who may upload when, streaming to disk, type by content, size limits, duplicates,
 * photo derivatives before the answer, video work handed to the job queue, and resumable chunked uploads.
 * Order of writes keeps every answered upload whole: files are renamed into place before the row that
 * lists them is inserted, and a row is inserted only once its original is complete.
 */
export function createIngestService(deps: IngestDeps) {
  const { db, store, tools, logger } = deps;
  const now = deps.now ?? (() => new Date());
  // Photo derivatives run in the request; two at a time keeps a Pi responsive while guests browse.
  const photoWork = new Semaphore(2);
  // One chunked upload assembles at a time per session key (the last two chunks may race).
  const assembling = new Map<string, Promise<ChunkOutcome>>();
  let activeUploads = 0;

  /** The permission table's upload column and the event window for guests. */
  function authorize(event: EventView, viewer: Viewer) {
    if (viewer.kind === 'admin' || viewer.kind === 'apiKey') return;
    if (viewer.kind === 'host') throw forbidden('Hosts laden über die Gästeseite hoch');
    if (viewer.kind === 'visitor' || !viewer.consented) {
      throw forbidden('Bitte zuerst den Nutzungsbedingungen zustimmen', 'CONSENT_REQUIRED');
    }
    if (event.status === 'not_started') {
      throw forbidden('Dieses Event hat noch nicht begonnen. Bitte versuche es später erneut.', 'EVENT_NOT_STARTED');
    }
    if (event.status === 'ended') throw forbidden('Dieses Event akzeptiert keine neuen Uploads mehr.', 'EVENT_ENDED');
    if (event.status === 'expired') throw forbidden('Dieses Event ist abgelaufen und nicht mehr verfügbar.', 'EVENT_EXPIRED');
  }

  /** Free bytes, and whether they are above the floor below which uploads stop (also /healthz's verdict). */
  function diskSpace(): { freeBytes: number; ok: boolean } {
    const freeBytes = store.freeBytes();
    return { freeBytes, ok: freeBytes >= deps.minFreeDiskBytes };
  }

  /**
   * 507 when the disk would be too full after `bytes` more (by default the largest upload, when the
   * request does not say); never start writing a file that cannot finish.
   */
  function assertDiskSpace(bytes = deps.maxUploadBytes) {
    const free = store.freeBytes();
    if (free - bytes < deps.minFreeDiskBytes) {
      throw new AppError(507, 'INSUFFICIENT_STORAGE', 'Der Speicher der Momentbox ist voll. Bitte wende dich an den Veranstalter.', {
        freeBytes: free,
      });
    }
  }

  function assertDeclaredSize(size: number) {
    if (!Number.isSafeInteger(size) || size < 1) throw badRequest('fileSize ist ungültig', { field: 'fileSize' });
    if (size > deps.maxUploadBytes) throw fileTooLarge(deps.maxUploadBytes);
  }

  const sniffOrRefuse = (head: Uint8Array): SniffedType => {
    const type = tools.sniff(head);
    if (!type) throw unsupportedType();
    return type;
  };

  function identity(viewer: Viewer): string {
    switch (viewer.kind) {
      case 'guest':
        return `guest:${viewer.userId}`;
      case 'apiKey':
        return `key:${viewer.apiKeyId}`;
      default:
        return viewer.kind;
    }
  }

  function chooseAlbum(target: UploadTarget, takenAt: string | null): number {
    if (target.albumId !== null) return deps.albums.getInEvent(target.event.id, target.albumId).id;
    const visible = deps.albums.list(target.event.id, { visibleOnly: true });
    const dated = takenAt
      ? albumForDate(
          visible.map((a) => ({ ...a, start_datetime: a.startAt, end_datetime: a.endAt })),
          new Date(takenAt),
        )
      : null;
    return dated?.id ?? deps.albums.ensureUnsorted(target.event.id).id;
  }

  function duplicateError(existing: { id: number }) {
    return conflict('DUPLICATE', 'Diese Datei wurde bereits hochgeladen', { duplicate: { id: existing.id }, existingId: existing.id });
  }

  function findDuplicate(eventId: number, sha256: string) {
    return db.select({ id: uploads.id }).from(uploads).where(and(eq(uploads.eventId, eventId), eq(uploads.sha256, sha256))).get();
  }

  /**
   * Turns a complete file in tmp/ into an upload: duplicate check, derivatives (photos), the original
   * moved into place, then the row (and for videos the job) in one transaction.
   */
  async function commit(file: WrittenFile, originalName: string, target: UploadTarget): Promise<UploadRow> {
    const type = sniffOrRefuse(file.head);
    const { event, viewer } = target;
    const existing = findDuplicate(event.id, file.sha256);
    if (existing) {
      rmSync(file.path, { force: true });
      throw duplicateError(existing);
    }
    const key = randomHex(16);
    const original = store.originalPath(event.id, key, type.ext);
    const derivedDir = store.derivedDir(event.id, key);
    mkdirSync(derivedDir, { recursive: true });

    const facts: Partial<typeof uploads.$inferInsert> = {};
    try {
      if (type.kind === 'photo') {
        try {
          const photo = await photoWork.run(() =>
            tools.processPhoto(file.path, { thumbnail: join(derivedDir, DERIVED.thumbnail), preview: join(derivedDir, DERIVED.photoPreview) }),
          );
          Object.assign(facts, {
            width: photo.width,
            height: photo.height,
            takenAt: photo.takenAt,
            dhash: photo.dhash,
            hasThumbnail: true,
            previewFile: DERIVED.photoPreview,
            processingState: 'ready' as const,
          });
        } catch (err) {
          // Kept as uploaded, shown as a placeholder: the guest's file is never thrown away.
          logger.warn('photo could not be processed', { event: event.id, name: originalName, error: err });
          Object.assign(facts, { processingState: 'failed' as const, processingError: String((err as Error).message ?? err) });
        }
      } else {
        try {
          const info = await tools.probeVideo(file.path);
          Object.assign(facts, {
            width: info.width,
            height: info.height,
            durationSeconds: info.durationSeconds,
            takenAt: info.takenAt,
            previewFile: info.playable ? 'original' : null,
            processingState: 'pending' as const,
          });
        } catch (err) {
          logger.warn('video could not be read', { event: event.id, name: originalName, error: err });
          Object.assign(facts, { processingState: 'failed' as const, processingError: String((err as Error).message ?? err) });
        }
      }
      const albumId = chooseAlbum(target, facts.takenAt ?? null);
      store.commit(file.path, original);
      const storedBytes = file.size + store.derivedBytes(event.id, key);
      const approved = viewer.kind === 'guest' ? target.autoApprove : target.autoApprove || viewer.kind === 'apiKey' || viewer.kind === 'admin';
      const row = db.transaction((tx) => {
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
          .returning()
          .get();
        if (type.kind === 'video' && inserted.processingState === 'pending') {
          tx.insert(jobs).values({ kind: VIDEO_JOB, uploadId: inserted.id }).run();
        }
        return inserted;
      });
      if (row.type === 'video' && row.processingState === 'pending') deps.onJobQueued?.();
      deps.onUploadCommitted?.(row);
      return row;
    } catch (err) {
      rmSync(file.path, { force: true });
      rmSync(original, { force: true });
      rmSync(derivedDir, { recursive: true, force: true });
      // Two identical files racing: the unique index decides, the loser is a duplicate.
      if (String((err as Error).message).includes('UNIQUE constraint failed: uploads.event_id, uploads.sha256')) {
        const winner = findDuplicate(event.id, file.sha256);
        if (winner) throw duplicateError(winner);
      }
      throw err;
    }
  }

  async function tracked<T>(work: () => Promise<T>): Promise<T> {
    activeUploads++;
    try {
      return await work();
    } finally {
      activeUploads--;
    }
  }

  // ---- chunked uploads ----

  function sessionKey(target: UploadTarget, f: ChunkFields): string {
    const parts = f.uploadId ? [f.uploadId] : [f.fileName, f.fileSize, f.totalChunks];
    return hashSecret([target.event.id, identity(target.viewer), ...parts].join('\u0000')).slice(0, 40);
  }

  function receivedChunks(key: string): number[] {
    try {
      return readdirSync(store.chunkDir(key))
        .filter((n) => /^\d+$/.test(n))
        .map(Number)
        .sort((a, b) => a - b);
    } catch {
      return [];
    }
  }

  function validateChunkFields(f: ChunkFields) {
    if (!Number.isSafeInteger(f.totalChunks) || f.totalChunks < 1 || f.totalChunks > MAX_CHUNKS) {
      throw badRequest('totalChunks ist ungültig', { field: 'totalChunks' });
    }
    if (!Number.isSafeInteger(f.chunkIndex) || f.chunkIndex < 0 || f.chunkIndex >= f.totalChunks) {
      throw badRequest('chunkIndex ist ungültig', { field: 'chunkIndex' });
    }
    if (f.uploadId !== null && !UPLOAD_ID_RE.test(f.uploadId)) throw badRequest('uploadId ist ungültig', { field: 'uploadId' });
    assertDeclaredSize(f.fileSize);
  }

  /** Concatenates the chunks in order into one temp file, hashing as it goes; verifies the size. */
  async function assemble(key: string, f: ChunkFields, target: UploadTarget): Promise<ChunkOutcome> {
    const dir = store.chunkDir(key);
    async function* allChunks() {
      for (let i = 0; i < f.totalChunks; i++) yield* Bun.file(join(dir, String(i))).stream();
    }
    const file = await writeStreamToFile(allChunks(), store.tmpPath(), { maxBytes: deps.maxUploadBytes });
    if (file.size !== f.fileSize) {
      rmSync(file.path, { force: true });
      forget(key);
      throw new AppError(400, 'UPLOAD_INCOMPLETE', `Die Datei ist unvollständig angekommen (${file.size} von ${f.fileSize} Bytes). Bitte lade sie erneut hoch.`);
    }
    let upload: UploadRow;
    try {
      upload = await commit(file, f.fileName, target);
    } catch (err) {
      // A refused file (duplicate, wrong type) will not get better by resending chunks.
      if (err instanceof AppError && err.status < 500) forget(key);
      throw err;
    }
    db.update(chunkSessions).set({ uploadId: upload.id, updatedAt: now().toISOString() }).where(eq(chunkSessions.key, key)).run();
    rmSync(dir, { recursive: true, force: true });
    return { done: true, upload, received: Array.from({ length: f.totalChunks }, (_, i) => i), totalChunks: f.totalChunks };
  }

  function forget(key: string) {
    rmSync(store.chunkDir(key), { recursive: true, force: true });
    db.delete(chunkSessions).where(eq(chunkSessions.key, key)).run();
  }

  function finishedUpload(key: string): UploadRow | undefined {
    const session = db.select().from(chunkSessions).where(eq(chunkSessions.key, key)).get();
    if (!session?.uploadId) return undefined;
    return db.select().from(uploads).where(eq(uploads.id, session.uploadId)).get();
  }

  return {
    authorize,
    diskSpace,
    assertDiskSpace,
    assertDeclaredSize,
    get activeUploads() {
      return activeUploads;
    },
    tracked,

    /**
     * Streams an incoming file (or chunk) into tmp/ with the size limit; a whole file is hashed as it
     * passes and its first bytes must be JPEG, PNG, MP4 or MOV, else it stops at once with 415.
     */
    receiveFile(stream: AsyncIterable<Uint8Array>, opts: { whole: boolean }): Promise<WrittenFile> {
      // A chunk is neither typed nor hashed: its first bytes are not the file's, and the file is hashed once assembled.
      return writeStreamToFile(stream, store.tmpPath(), {
        maxBytes: deps.maxUploadBytes,
        checkHead: opts.whole ? sniffOrRefuse : undefined,
        hash: opts.whole,
      });
    },

    /** Drops a received file that will not become an upload. */
    discard(file: WrittenFile) {
      rmSync(file.path, { force: true });
    },

    /** A whole file already streamed to tmp/ becomes an upload. */
    commitSingle(file: WrittenFile, originalName: string, target: UploadTarget): Promise<UploadRow> {
      return commit(file, originalName, target);
    },

    /**
     * Stores one chunk (already streamed to a temp file). Idempotent: the same index again replaces the
     * earlier copy. When every chunk is there, the file is assembled and committed once.
     */
    async acceptChunk(chunk: WrittenFile, f: ChunkFields, target: UploadTarget): Promise<ChunkOutcome> {
      try {
        validateChunkFields(f);
      } catch (err) {
        rmSync(chunk.path, { force: true });
        throw err;
      }
      const key = sessionKey(target, f);
      const done = finishedUpload(key);
      if (done) {
        // The answer to the last chunk was lost and the client sent it again.
        rmSync(chunk.path, { force: true });
        return { done: true, upload: done, received: Array.from({ length: f.totalChunks }, (_, i) => i), totalChunks: f.totalChunks };
      }
      const session = db.select().from(chunkSessions).where(eq(chunkSessions.key, key)).get();
      if (session && (session.fileSize !== f.fileSize || session.totalChunks !== f.totalChunks)) {
        rmSync(chunk.path, { force: true });
        throw badRequest('Die Angaben passen nicht zu den bisherigen Teilen dieses Uploads', { field: 'fileSize' });
      }
      const stamp = now().toISOString();
      db.insert(chunkSessions)
        .values({ key, eventId: target.event.id, fileName: f.fileName.slice(0, 255), fileSize: f.fileSize, totalChunks: f.totalChunks, updatedAt: stamp })
        .onConflictDoUpdate({ target: chunkSessions.key, set: { updatedAt: stamp } })
        .run();
      const dir = store.chunkDir(key);
      mkdirSync(dir, { recursive: true });
      renameSync(chunk.path, join(dir, String(f.chunkIndex)));

      const received = receivedChunks(key);
      const receivedBytes = received.reduce((sum, i) => sum + statSync(join(dir, String(i))).size, 0);
      if (receivedBytes > f.fileSize) {
        forget(key);
        throw fileTooLarge(Math.min(deps.maxUploadBytes, f.fileSize));
      }
      if (received.length < f.totalChunks) {
        // Another request may have just assembled it with this very chunk.
        const finished = assembling.get(key) ?? null;
        if (finished) return finished;
        return { done: false, received, totalChunks: f.totalChunks };
      }

      let running = assembling.get(key);
      if (!running) {
        running = assemble(key, f, target).finally(() => assembling.delete(key));
        assembling.set(key, running);
      }
      return running;
    },

    /** What the server holds of a chunked upload, so an interrupted client resumes where it stopped. */
    chunkStatus(target: UploadTarget, f: Omit<ChunkFields, 'chunkIndex'>) {
      validateChunkFields({ ...f, chunkIndex: 0 });
      const key = sessionKey(target, { ...f, chunkIndex: 0 });
      const done = finishedUpload(key);
      if (done) return { complete: true, upload: done, received: Array.from({ length: f.totalChunks }, (_, i) => i) };
      const received = receivedChunks(key);
      // Every chunk is here but the file was never assembled (the server stopped in between): the last one
      // is reported missing, so any client sends it again and that request assembles the file.
      if (received.length === f.totalChunks && !assembling.has(key)) received.pop();
      return { complete: false, upload: null, received };
    },

    /**
     * At start, before any request: temp files, chunk folders without a session and media files that no
     * row lists are leftovers of a crash between writing and committing (a row is inserted only after its
     * files are in place).
     */
    removeOrphans(): number {
      let removed = 0;
      for (const name of readdirSync(store.tmpDir)) {
        if (name === 'chunks') continue;
        rmSync(join(store.tmpDir, name), { recursive: true, force: true });
        removed++;
      }
      const sessions = new Set(db.select({ key: chunkSessions.key }).from(chunkSessions).all().map((s) => s.key));
      for (const name of readdirSync(store.chunksDir)) {
        if (sessions.has(name)) continue;
        rmSync(join(store.chunksDir, name), { recursive: true, force: true });
        removed++;
      }
      const keys = new Set(db.select({ key: uploads.storageKey }).from(uploads).all().map((u) => u.key));
      const hostKeys = new Set(db.select({ key: events.hostImageKey }).from(events).all().map((e) => e.key));
      for (const eventDir of readdirSync(store.mediaDir)) {
        for (const [sub, keyOf] of [
          ['originals', (n: string) => n.replace(/\.[a-z0-9]+$/, '')],
          ['derived', (n: string) => n],
        ] as const) {
          const dir = join(store.mediaDir, eventDir, sub);
          const names = (() => {
            try {
              return readdirSync(dir);
            } catch {
              return [];
            }
          })();
          for (const name of names) {
            const host = /^host-([0-9a-f]+)\.jpg$/.exec(name);
            const known = host ? hostKeys.has(host[1]!) : keys.has(keyOf(name));
            if (!known) {
              rmSync(join(dir, name), { recursive: true, force: true });
              removed++;
            }
          }
        }
      }
      return removed;
    },

    /** Removes chunked uploads untouched for a day, and stray temp files. */
    removeStalePartials(): number {
      const cutoff = new Date(now().getTime() - STALE_CHUNKS_MS).toISOString();
      const stale = db.select({ key: chunkSessions.key }).from(chunkSessions).where(lt(chunkSessions.updatedAt, cutoff)).all();
      for (const s of stale) forget(s.key);
      const cutoffMs = now().getTime() - STALE_CHUNKS_MS;
      for (const name of readdirSync(store.tmpDir)) {
        const path = join(store.tmpDir, name);
        if (name === 'chunks') continue;
        if (statSync(path).mtimeMs < cutoffMs) rmSync(path, { recursive: true, force: true });
      }
      return stale.length;
    },
  };
}

/** The client's file name, for display and downloads only: no path, no control characters, right extension. */
export function cleanName(raw: string, ext: string): string {
  const base = (raw.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 200);
  if (!base) return `upload.${ext}`;
  return base;
}

export type IngestService = ReturnType<typeof createIngestService>;
