import { and, asc, count, eq, isNull, lt, sum } from 'drizzle-orm';
import { rmSync } from 'node:fs';
import type { Db } from '../../db/connection.ts';
import { chunkSessions, uploads } from '../../db/schema.ts';
import type { Viewer } from '../../domain/permissions.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { hashSecret } from '../../lib/ids.ts';
import type { ChunkStore } from '../../storage/chunk-store.ts';
import { fileTooLarge, type WrittenFile } from '../../storage/file-writer.ts';
import type { UploadRow } from '../uploads.service.ts';
import type { Committer, UploadTarget } from './commit.ts';

const MAX_CHUNKS = 10_000;
const UPLOAD_ID_RE = /^[A-Za-z0-9_-]{8,64}$/;
/**
 * An owner at the limit makes room by giving up its own sessions idle this long: a phone whose tab was
 * closed starts a new session for the same file, and its old one must not block it for a day. Far above
 * the spec's longest chunk time-out (120 s) plus a retry, so a phone that is still resuming keeps its chunks.
 */
const ABANDONED_AFTER_MS = 30 * 60_000;

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

/** How much unfinished chunked data one guest or API key may hold on the box. */
export interface PartialLimits {
  maxSessions: number;
  maxBytes: number;
}

export interface ChunkedDeps {
  db: Db;
  chunks: ChunkStore;
  committer: Committer;
  limits: PartialLimits;
  maxUploadBytes: number;
  /** writes the assembled chunks to a new temp file, hashing them */
  assembleToFile: (source: AsyncIterable<Uint8Array>) => Promise<WrittenFile>;
  /** 507 unless `bytes` more still leave the free-space reserve */
  assertDiskSpace: (bytes: number) => void;
  now: () => Date;
}

const allIndexes = (total: number) => Array.from({ length: total }, (_, i) => i);

/** Whose unfinished uploads a session counts against. */
function ownerOf(viewer: Viewer): string {
  switch (viewer.kind) {
    case 'guest':
      return `guest:${viewer.userId}`;
    case 'apiKey':
      return `key:${viewer.apiKeyId}`;
    default:
      return viewer.kind;
  }
}

const tooManyPartials = (limits: PartialLimits) =>
  new AppError(
    429,
    'TOO_MANY_PARTIAL_UPLOADS',
    `Du hast zu viele unfertige Uploads (höchstens ${limits.maxSessions} Dateien mit zusammen ${Math.floor(limits.maxBytes / 1048576)} MB). Bitte warte, bis deine laufenden Uploads fertig sind, und versuche es dann erneut.`,
    { maxSessions: limits.maxSessions, maxBytes: limits.maxBytes },
  );

/**
 * Resumable chunked uploads: sessions in the database (one per file and owner), chunks on disk, limits
 * per owner, and assembly once every chunk is there. Idempotent: the same index again replaces the
 * earlier copy; the last chunk sent again answers the finished upload.
 */
export function createChunkedUploads(deps: ChunkedDeps) {
  const { db, chunks, limits, now } = deps;
  // One chunked upload assembles at a time per session key (the last two chunks may race).
  const assembling = new Map<string, Promise<ChunkOutcome>>();

  function sessionKey(target: UploadTarget, f: Omit<ChunkFields, 'chunkIndex'>): string {
    const parts = f.uploadId ? [f.uploadId] : [f.fileName, f.fileSize, f.totalChunks];
    return hashSecret([target.event.id, ownerOf(target.viewer), ...parts].join('\u0000')).slice(0, 40);
  }

  function validate(f: ChunkFields) {
    if (!Number.isSafeInteger(f.totalChunks) || f.totalChunks < 1 || f.totalChunks > MAX_CHUNKS) {
      throw badRequest('totalChunks ist ungültig', { field: 'totalChunks' });
    }
    if (!Number.isSafeInteger(f.chunkIndex) || f.chunkIndex < 0 || f.chunkIndex >= f.totalChunks) {
      throw badRequest('chunkIndex ist ungültig', { field: 'chunkIndex' });
    }
    if (f.uploadId !== null && !UPLOAD_ID_RE.test(f.uploadId)) throw badRequest('uploadId ist ungültig', { field: 'uploadId' });
    if (!Number.isSafeInteger(f.fileSize) || f.fileSize < 1) throw badRequest('fileSize ist ungültig', { field: 'fileSize' });
    if (f.fileSize > deps.maxUploadBytes) throw fileTooLarge(deps.maxUploadBytes);
  }

  function forget(key: string) {
    chunks.remove(key);
    db.delete(chunkSessions).where(eq(chunkSessions.key, key)).run();
  }

  function finishedUpload(key: string): UploadRow | undefined {
    const session = db.select().from(chunkSessions).where(eq(chunkSessions.key, key)).get();
    if (!session?.uploadId) return undefined;
    return db.select().from(uploads).where(eq(uploads.id, session.uploadId)).get();
  }

  const unfinishedOf = (owner: string) => and(eq(chunkSessions.owner, owner), isNull(chunkSessions.uploadId));

  function heldBy(owner: string): { sessions: number; bytes: number } {
    const row = db.select({ sessions: count(), bytes: sum(chunkSessions.receivedBytes) }).from(chunkSessions).where(unfinishedOf(owner)).get();
    return { sessions: row?.sessions ?? 0, bytes: Number(row?.bytes ?? 0) };
  }

  /**
   * A new session is admitted while its owner holds fewer than the limit of unfinished sessions and
   * bytes (after giving up its own abandoned ones), and while the whole file fits above the reserve.
   */
  function admitNewSession(owner: string, f: ChunkFields, firstChunkBytes: number) {
    const fits = () => {
      const held = heldBy(owner);
      return held.sessions < limits.maxSessions && held.bytes + firstChunkBytes <= limits.maxBytes;
    };
    if (!fits()) {
      const abandoned = new Date(now().getTime() - ABANDONED_AFTER_MS).toISOString();
      const idle = db
        .select({ key: chunkSessions.key })
        .from(chunkSessions)
        .where(and(unfinishedOf(owner), lt(chunkSessions.updatedAt, abandoned)))
        .orderBy(asc(chunkSessions.updatedAt))
        .all();
      for (const s of idle) {
        if (fits()) break;
        forget(s.key);
      }
      if (!fits()) throw tooManyPartials(limits);
    }
    deps.assertDiskSpace(f.fileSize);
  }

  /** Concatenates the chunks in order into one temp file, hashing as it goes; verifies the size. */
  async function assemble(key: string, f: ChunkFields, target: UploadTarget): Promise<ChunkOutcome> {
    const file = await deps.assembleToFile(chunks.read(key, f.totalChunks));
    if (file.size !== f.fileSize) {
      rmSync(file.path, { force: true });
      forget(key);
      throw new AppError(400, 'UPLOAD_INCOMPLETE', `Die Datei ist unvollständig angekommen (${file.size} von ${f.fileSize} Bytes). Bitte lade sie erneut hoch.`);
    }
    let upload: UploadRow;
    try {
      upload = await deps.committer.commit(file, f.fileName, target);
    } catch (err) {
      // A refused file (duplicate, wrong type) will not get better by resending chunks.
      if (err instanceof AppError && err.status < 500) forget(key);
      throw err;
    }
    db.update(chunkSessions).set({ uploadId: upload.id, receivedBytes: 0, updatedAt: now().toISOString() }).where(eq(chunkSessions.key, key)).run();
    chunks.remove(key);
    return { done: true, upload, received: allIndexes(f.totalChunks), totalChunks: f.totalChunks };
  }

  /** Stores one chunk (already streamed to a temp file); the last one assembles and commits the file. */
  async function accept(chunk: WrittenFile, f: ChunkFields, target: UploadTarget): Promise<ChunkOutcome> {
    const key = sessionKey(target, f);
    const owner = ownerOf(target.viewer);
    try {
      validate(f);
      const done = finishedUpload(key);
      if (done) {
        // The answer to the last chunk was lost and the client sent it again.
        rmSync(chunk.path, { force: true });
        return { done: true, upload: done, received: allIndexes(f.totalChunks), totalChunks: f.totalChunks };
      }
      const session = db.select().from(chunkSessions).where(eq(chunkSessions.key, key)).get();
      if (session && (session.fileSize !== f.fileSize || session.totalChunks !== f.totalChunks)) {
        throw badRequest('Die Angaben passen nicht zu den bisherigen Teilen dieses Uploads', { field: 'fileSize' });
      }
      if (!session) admitNewSession(owner, f, chunk.size);
    } catch (err) {
      rmSync(chunk.path, { force: true });
      throw err;
    }
    chunks.put(key, f.chunkIndex, chunk.path);
    const receivedBytes = chunks.bytes(key);
    const stamp = now().toISOString();
    db.insert(chunkSessions)
      .values({ key, eventId: target.event.id, owner, fileName: f.fileName.slice(0, 255), fileSize: f.fileSize, totalChunks: f.totalChunks, receivedBytes, updatedAt: stamp })
      .onConflictDoUpdate({ target: chunkSessions.key, set: { receivedBytes, updatedAt: stamp } })
      .run();
    if (receivedBytes > f.fileSize) {
      forget(key);
      throw fileTooLarge(Math.min(deps.maxUploadBytes, f.fileSize));
    }
    const received = chunks.received(key);
    if (received.length < f.totalChunks) {
      // Another request may have just assembled it with this very chunk.
      return assembling.get(key) ?? { done: false, received, totalChunks: f.totalChunks };
    }
    let running = assembling.get(key);
    if (!running) {
      running = assemble(key, f, target).finally(() => assembling.delete(key));
      assembling.set(key, running);
    }
    return running;
  }

  /** What the server holds of a chunked upload, so an interrupted client resumes where it stopped. */
  function status(target: UploadTarget, f: Omit<ChunkFields, 'chunkIndex'>) {
    validate({ ...f, chunkIndex: 0 });
    const key = sessionKey(target, f);
    const done = finishedUpload(key);
    if (done) return { complete: true, upload: done, received: allIndexes(f.totalChunks) };
    const received = chunks.received(key);
    // Every chunk is here but the file was never assembled (the server stopped in between): the last one
    // is reported missing, so any client sends it again and that request assembles the file.
    if (received.length === f.totalChunks && !assembling.has(key)) received.pop();
    return { complete: false, upload: null, received };
  }

  return { accept, status, forget };
}

export type ChunkedUploads = ReturnType<typeof createChunkedUploads>;
