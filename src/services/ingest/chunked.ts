import { and, asc, count, eq, isNull, lt, sql, sum } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import type { Db } from '../../db/connection.ts';
import { chunkSessions } from '../../db/schema.ts';
import type { Viewer } from '../../domain/permissions.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { hashSecret } from '../../lib/ids.ts';
import type { BackgroundHasher } from '../../storage/background-hasher.ts';
import type { ChunkStore } from '../../storage/chunk-store.ts';
import { startWriteback } from '../../storage/writeback.ts';
import {
  asStorageError,
  copyInto,
  fileTooLarge,
  HEAD_BYTES,
  removeFile,
  writePieces,
  type WrittenFile,
} from '../../storage/file-writer.ts';
import type { UploadTarget } from './commit.ts';

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

export type ChunkOutcome<R> =
  { done: false; received: number[]; totalChunks: number } | { done: true; result: R; received: number[]; totalChunks: number };

/**
 * What a session's complete file becomes, and how the session remembers it: an upload (…/upload-chunk),
 * or the attachment of a guestbook entry (…/guestbook/attachment-chunk, issue 27). One engine for both:
 * the same chunks, limits, resume and sweep; only the end differs.
 */
export interface Ending<R> {
  /** part of the session key, so the same file sent as an upload and as an attachment are two sessions */
  kind: 'upload' | 'guestbook';
  /** checked before a new session holds a byte (the Einwegkamera's shots, the entry's text) */
  admit(): void;
  /** the file's first bytes once chunk 0 is written: a file of a type the end refuses goes at once */
  checkHead?(head: Uint8Array): void;
  /** turns the complete file into the result; a refusal leaves the file to the engine, which forgets the session */
  commit(file: WrittenFile, fileName: string): Promise<R>;
  /** the session row's column that records the result, the result's id, and the result read back by it */
  column: 'uploadId' | 'guestbookEntryId';
  idOf(result: R): number;
  load(id: number): R | undefined;
}

/** Sessions not finished yet, of either end (their bytes count against the limits and the disk). */
export const unfinishedSessions = () => and(isNull(chunkSessions.uploadId), isNull(chunkSessions.guestbookEntryId));

/**
 * Where a chunk's bytes go, decided before they arrive: into the session's file at `offset` (at most
 * `length` bytes; null while the chunk size is not known yet), nowhere because the session already holds
 * this chunk or the file was finished (a resent chunk after a lost answer), or not decidable yet
 * (`unplaced`: a chunk other than the first of a session whose chunk size is unknown).
 */
export type Placement<R> =
  | { kind: 'write'; key: string; offset: number; length: number | null }
  | { kind: 'held'; key: string }
  | { kind: 'finished'; key: string; result: R }
  | { kind: 'unplaced' };

/** How much unfinished chunked data one guest or API key may hold on the box. */
export interface PartialLimits {
  maxSessions: number;
  maxBytes: number;
  /**
   * The same for all guests of one client address together: one phone can make many guests (one per
   * cookie), so their caps alone do not bound it. Generous, as a venue's guests may share a few addresses.
   */
  perAddress?: { maxSessions: number; maxBytes: number };
}

export interface ChunkedDeps {
  db: Db;
  chunks: ChunkStore;
  hasher: BackgroundHasher;
  limits: PartialLimits;
  maxUploadBytes: number;
  /** 507 unless `bytes` more still leave the free-space reserve */
  assertDiskSpace: (bytes: number) => void;
  now: () => Date;
}

const incomplete = () => new AppError(400, 'UPLOAD_INCOMPLETE');
const mismatch = () => badRequest('chunkMismatch', { field: 'fileSize' });

/** Puts a chunk's bytes into the open file `fd` from `offset` on, each piece shown to `accept` first; the bytes put. */
type Pour = (fd: number, offset: number, accept: (piece: Uint8Array, total: number) => void) => Promise<number>;

/** Reads a part to its end without keeping it (a chunk the session already holds). */
const drain = (source: Readable) =>
  new Promise<void>((resolve, reject) =>
    source
      .on('data', () => {})
      .once('end', resolve)
      .once('error', reject),
  );

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

const tooManyPartials = (limits: { maxSessions: number; maxBytes: number }, scope: 'owner' | 'address') =>
  new AppError(429, 'TOO_MANY_PARTIAL_UPLOADS', scope === 'owner' ? 'default' : 'address', {
    maxSessions: limits.maxSessions,
    maxBytes: limits.maxBytes,
    scope,
  });

/** The chunk size a session's held chunks imply: a non-last chunk is it, the last one is what remains. */
function chunkSizeOf(held: Map<number, number>, f: ChunkFields): number | null {
  for (const [index, length] of held) return impliedChunkSize(index, length, f);
  return null;
}

function impliedChunkSize(index: number, length: number, f: ChunkFields): number {
  if (f.totalChunks === 1) return f.fileSize;
  if (index < f.totalChunks - 1) return length;
  return (f.fileSize - length) / (f.totalChunks - 1);
}

/** A chunk size that cuts `fileSize` into exactly `totalChunks` pieces, the last one not empty. */
function assertChunkSize(size: number, f: ChunkFields) {
  const fits = Number.isSafeInteger(size) && size >= 1 && (f.totalChunks - 1) * size < f.fileSize && f.fileSize <= f.totalChunks * size;
  if (!fits) throw mismatch();
}

/** Byte range of chunk `index` in the file. */
function spanOf(index: number, chunkSize: number, f: ChunkFields) {
  const offset = index * chunkSize;
  return { offset, length: index === f.totalChunks - 1 ? f.fileSize - offset : chunkSize };
}

/**
 * Resumable chunked uploads: sessions in the database (one per file and owner), each chunk written once
 * into its place in the session's file, limits per owner, and the file committed once every chunk is
 * there. Idempotent: a chunk the session already holds is acknowledged without being written again; the
 * last chunk sent again answers the finished upload.
 */
export function createChunkedUploads(deps: ChunkedDeps) {
  const { db, chunks, hasher, limits, now } = deps;
  // One chunked upload is completed at a time per session key (the last two chunks may race).
  const assembling = new Map<string, Promise<ChunkOutcome<unknown>>>();
  /** Requests writing into a session's file right now. */
  const writers = new Map<string, number>();

  // What every chunk request asks of the database: built and compiled once, not per chunk.
  const sessionOf = db
    .select()
    .from(chunkSessions)
    .where(eq(chunkSessions.key, sql.placeholder('key')))
    .prepare();
  const heldBy = (column: typeof chunkSessions.owner | typeof chunkSessions.address) =>
    db
      .select({ sessions: count(), bytes: sum(chunkSessions.receivedBytes) })
      .from(chunkSessions)
      .where(and(eq(column, sql.placeholder('who')), unfinishedSessions()))
      .prepare();
  const heldByOwner = heldBy(chunkSessions.owner);
  const heldByAddress = heldBy(chunkSessions.address);
  const touchSession = db
    .insert(chunkSessions)
    .values({
      key: sql.placeholder('key'),
      eventId: sql.placeholder('eventId'),
      owner: sql.placeholder('owner'),
      address: sql.placeholder('address'),
      fileName: sql.placeholder('fileName'),
      fileSize: sql.placeholder('fileSize'),
      totalChunks: sql.placeholder('totalChunks'),
      receivedBytes: sql.placeholder('receivedBytes'),
      updatedAt: sql.placeholder('updatedAt'),
    })
    .onConflictDoUpdate({
      target: chunkSessions.key,
      // The row's bytes and time from the values just offered.
      set: { receivedBytes: sql`excluded.received_bytes`, updatedAt: sql`excluded.updated_at` },
    })
    .prepare();

  function sessionKey(target: UploadTarget, f: Omit<ChunkFields, 'chunkIndex'>, ending: Ending<unknown>): string {
    const parts = f.uploadId ? [f.uploadId] : [f.fileName, f.fileSize, f.totalChunks];
    // An upload's key is as it always was (sessions survive an update of the box); other ends add their kind.
    const end = ending.kind === 'upload' ? [] : [ending.kind];
    return hashSecret([target.event.id, ownerOf(target.viewer), ...end, ...parts].join('\u0000')).slice(0, 40);
  }

  /** The fields' form was checked by the upload form's schema (ingest/form.ts); what depends on the box's settings is checked here. */
  function validate(f: Omit<ChunkFields, 'chunkIndex'>) {
    if (f.fileSize > deps.maxUploadBytes) throw fileTooLarge(deps.maxUploadBytes);
  }

  function forget(key: string) {
    hasher.drop(key);
    chunks.remove(key);
    db.delete(chunkSessions).where(eq(chunkSessions.key, key)).run();
  }

  /** What the session's file became, once it was completed. */
  function finished<R>(key: string, ending: Ending<R>, session = sessionOf.get({ key })): R | undefined {
    const id = session?.[ending.column];
    return id ? ending.load(id) : undefined;
  }

  const unfinishedOf = (owner: string) => and(eq(chunkSessions.owner, owner), unfinishedSessions());

  function heldWhere(which: typeof heldByOwner, who: string): { sessions: number; bytes: number } {
    const row = which.get({ who });
    return { sessions: row?.sessions ?? 0, bytes: Number(row?.bytes ?? 0) };
  }

  /** Chunk bytes being written right now, per owner and per address: counted against the caps as they arrive. */
  const arriving = new Map<string, number>();
  const addArriving = (who: string, bytes: number) => {
    const now = (arriving.get(who) ?? 0) + bytes;
    if (now > 0) arriving.set(who, now);
    else arriving.delete(who);
  };

  /** The caps a target's sessions count against: its owner's, and its client address's when set. */
  function capsOf(target: UploadTarget) {
    const owner = {
      who: `owner ${ownerOf(target.viewer)}`,
      held: () => heldWhere(heldByOwner, ownerOf(target.viewer)),
      limits,
      scope: 'owner' as const,
    };
    const address = limits.perAddress && {
      who: `address ${target.address}`,
      held: () => heldWhere(heldByAddress, target.address),
      limits: limits.perAddress,
      scope: 'address' as const,
    };
    return address ? [owner, address] : [owner];
  }

  /**
   * A new session is admitted while its owner, and its client address, hold fewer than their limits of
   * unfinished sessions and bytes (after giving up the owner's own abandoned ones), and while the whole
   * file fits above the reserve.
   */
  function admitNewSession(target: UploadTarget, f: ChunkFields, firstChunkBytes: number, ending: Ending<unknown>) {
    const owner = ownerOf(target.viewer);
    const over = () =>
      capsOf(target).find(({ who, held: heldNow, limits: cap }) => {
        const held = heldNow();
        return held.sessions >= cap.maxSessions || held.bytes + (arriving.get(who) ?? 0) + firstChunkBytes > cap.maxBytes;
      });
    if (over()) {
      const abandoned = new Date(now().getTime() - ABANDONED_AFTER_MS).toISOString();
      const idle = db
        .select({ key: chunkSessions.key })
        .from(chunkSessions)
        .where(and(unfinishedOf(owner), lt(chunkSessions.updatedAt, abandoned)))
        .orderBy(asc(chunkSessions.updatedAt))
        .all();
      for (const s of idle) {
        if (!over()) break;
        forget(s.key);
      }
      const still = over();
      if (still) throw tooManyPartials(still.limits, still.scope);
    }
    deps.assertDiskSpace(f.fileSize);
    ending.admit();
  }

  /**
   * Checks a chunk before its bytes arrive (fields, the session's own earlier answers, limits for a new
   * session) and says where its bytes go. `length` is the chunk's size when it is already known (a chunk
   * that arrived before its fields), which also places a first chunk other than index 0.
   */
  function place<R>(target: UploadTarget, f: ChunkFields, ending: Ending<R>, bytesHint: number, length: number | null): Placement<R> {
    validate(f);
    const key = sessionKey(target, f, ending);
    const session = sessionOf.get({ key });
    const done = finished(key, ending, session);
    if (done) return { kind: 'finished', key, result: done };
    if (session && (session.fileSize !== f.fileSize || session.totalChunks !== f.totalChunks)) throw mismatch();
    const held = chunks.held(key);
    if (held.has(f.chunkIndex)) return { kind: 'held', key };
    if (!session) {
      // Recorded before a byte is written, so the limits count it and the sweep finds whatever it leaves.
      admitNewSession(target, f, bytesHint, ending);
      touch(key, f, target, 0);
    }
    const chunkSize = chunkSizeOf(held, f) ?? (length === null ? null : impliedChunkSize(f.chunkIndex, length, f));
    if (chunkSize === null) return f.chunkIndex === 0 ? { kind: 'write', key, offset: 0, length: null } : { kind: 'unplaced' };
    assertChunkSize(chunkSize, f);
    return { kind: 'write', key, ...spanOf(f.chunkIndex, chunkSize, f) };
  }

  /**
   * Writes a chunk's bytes into the session's file at its place as they arrive. Only a chunk that arrived
   * whole is marked as held, and then hashed in the background (hashInOrder).
   */
  async function write(
    at: Extract<Placement<unknown>, { kind: 'write' }>,
    f: ChunkFields,
    target: UploadTarget,
    ending: Ending<unknown>,
    pour: Pour,
  ): Promise<void> {
    const { key, offset } = at;
    const room = at.length ?? f.fileSize - offset;
    // The byte caps hold as the bytes arrive, not only when a session starts: what is held, what other
    // requests of the same owner or address are writing now, and this chunk so far.
    const caps = capsOf(target).map((cap) => ({ ...cap, held: cap.held().bytes }));
    let counted = 0;
    const fd = chunks.openForWriting(key);
    writers.set(key, (writers.get(key) ?? 0) + 1);
    let written: number;
    try {
      written = await pour(fd, offset, (piece, total) => {
        if (total > room) throw at.length === null ? fileTooLarge(Math.min(deps.maxUploadBytes, f.fileSize)) : mismatch();
        for (const cap of caps) addArriving(cap.who, piece.byteLength);
        counted += piece.byteLength;
        const over = caps.find((cap) => cap.held + (arriving.get(cap.who) ?? 0) > cap.limits.maxBytes);
        if (over) throw tooManyPartials(over.limits, over.scope);
      });
      startWriteback(fd, offset, written);
    } catch (err) {
      // A session whose every chunk so far was cut off holds nothing to resume: it goes, and does not count.
      if (writers.get(key) === 1 && chunks.held(key).size === 0) forget(key);
      throw asStorageError(err);
    } finally {
      for (const cap of caps) addArriving(cap.who, -counted);
      chunks.close(fd);
      const left = writers.get(key)! - 1;
      if (left > 0) writers.set(key, left);
      else writers.delete(key);
    }
    if (at.length !== null && written !== at.length) throw mismatch();
    if (at.length === null) {
      // The first chunk of a session sets its chunk size; a chunk placed meanwhile must agree with it.
      assertChunkSize(impliedChunkSize(f.chunkIndex, written, f), f);
      const others = chunkSizeOf(chunks.held(key), f);
      if (others !== null && others !== written) {
        forget(key);
        throw mismatch();
      }
    }
    if (f.chunkIndex === 0 && ending.checkHead) {
      const head = new Uint8Array(HEAD_BYTES);
      try {
        ending.checkHead(head.subarray(0, chunks.read(key, 0, head)));
      } catch (err) {
        // Refused by its first bytes: nothing of it is kept, and sending the rest would not help.
        forget(key);
        throw err;
      }
    }
    chunks.mark(key, f.chunkIndex, written);
    hashInOrder(key, f);
  }

  /**
   * Hands the session's held chunks that continue its file in order to the background hasher, so the
   * file is hashed while it arrives, from the page cache, and never read again on the event loop. After a
   * restart, or when the worker ended in a pause of the phone, the held chunks go again from the first on.
   */
  function hashInOrder(key: string, f: ChunkFields) {
    const held = chunks.held(key);
    const chunkSize = chunkSizeOf(held, f)!;
    for (let next = Math.ceil(hasher.handedOver(key) / chunkSize); held.has(next); next++) {
      const { offset, length } = spanOf(next, chunkSize, f);
      hasher.add(key, chunks.dataPath(key), offset, length);
    }
  }

  /** Creates or updates the session's row: the bytes it holds (for the limits) and when it last moved. */
  function touch(key: string, f: ChunkFields, target: UploadTarget, receivedBytes: number) {
    touchSession.run({
      key,
      eventId: target.event.id,
      owner: ownerOf(target.viewer),
      address: target.address,
      fileName: f.fileName.slice(0, 255),
      fileSize: f.fileSize,
      totalChunks: f.totalChunks,
      receivedBytes,
      updatedAt: now().toISOString(),
    });
  }

  /** After a chunk was stored: the session's bytes for the limits, and the file once every chunk is there. */
  function afterChunk<R>(key: string, f: ChunkFields, target: UploadTarget, ending: Ending<R>): Promise<ChunkOutcome<R>> | ChunkOutcome<R> {
    const held = chunks.held(key);
    touch(
      key,
      f,
      target,
      [...held.values()].reduce((a, b) => a + b, 0),
    );
    if (held.size < f.totalChunks) {
      // Another request may have just completed it with this very chunk.
      return (
        (assembling.get(key) as Promise<ChunkOutcome<R>> | undefined) ?? {
          done: false,
          received: [...held.keys()],
          totalChunks: f.totalChunks,
        }
      );
    }
    let running = assembling.get(key) as Promise<ChunkOutcome<R>> | undefined;
    if (!running) {
      running = complete(key, f, ending).finally(() => assembling.delete(key));
      assembling.set(key, running);
    }
    return running;
  }

  /** Every chunk is in the file: its hash from the background hasher, then the end takes the file as it lies (a rename, no copy). */
  async function complete<R>(key: string, f: ChunkFields, ending: Ending<R>): Promise<ChunkOutcome<R>> {
    const path = chunks.dataPath(key);
    if (!chunks.hasData(key)) {
      // The server stopped between committing this file and recording it: nothing left to finish.
      forget(key);
      throw incomplete();
    }
    hashInOrder(key, f);
    const sha256 = (await hasher.digest(key, f.fileSize)) ?? (await sha256OfFile(path));
    const head = new Uint8Array(HEAD_BYTES);
    const file: WrittenFile = { path, size: f.fileSize, sha256, head: head.subarray(0, chunks.read(key, 0, head)) };
    let result: R;
    try {
      result = await ending.commit(file, f.fileName);
    } catch (err) {
      // A refused file (duplicate, type, too long) would not get better by resending: the session goes with its file.
      forget(key);
      throw err;
    }
    db.update(chunkSessions)
      .set({ [ending.column]: ending.idOf(result), receivedBytes: 0, updatedAt: now().toISOString() })
      .where(eq(chunkSessions.key, key))
      .run();
    chunks.remove(key);
    return { done: true, result, received: allIndexes(f.totalChunks), totalChunks: f.totalChunks };
  }

  /** The answer for a chunk that needed no bytes written: the finished file, or what the session holds. */
  function settled<R>(at: Extract<Placement<R>, { kind: 'held' | 'finished' }>, f: ChunkFields, target: UploadTarget, ending: Ending<R>) {
    if (at.kind === 'finished')
      return { done: true as const, result: at.result, received: allIndexes(f.totalChunks), totalChunks: f.totalChunks };
    return afterChunk(at.key, f, target, ending);
  }

  /**
   * A chunk whose fields came before its bytes (our web client; or in the query string): written straight
   * into its place in the file. Returns what to answer once the request's form is read to its end.
   */
  async function receiveInPlace<R>(
    target: UploadTarget,
    f: ChunkFields,
    ending: Ending<R>,
    bytesHint: number,
    source: Readable,
  ): Promise<(() => Promise<ChunkOutcome<R>> | ChunkOutcome<R>) | null> {
    const at = place(target, f, ending, bytesHint, null);
    if (at.kind === 'unplaced') return null;
    if (at.kind === 'write') {
      await write(at, f, target, ending, (fd, offset, accept) => writePieces(source, fd, offset, accept));
      return () => afterChunk(at.key, f, target, ending);
    }
    await drain(source);
    return () => settled(at, f, target, ending);
  }

  /** A chunk that arrived before its fields (the spec's field order), already in a temp file: copied into its place. */
  async function acceptFromTemp<R>(chunk: WrittenFile, f: ChunkFields, target: UploadTarget, ending: Ending<R>): Promise<ChunkOutcome<R>> {
    try {
      const at = place(target, f, ending, chunk.size, chunk.size);
      if (at.kind === 'unplaced') throw mismatch(); // cannot happen: the length places any chunk
      if (at.kind !== 'write') return settled(at, f, target, ending);
      await write(at, f, target, ending, async (fd, offset, accept) => copyInto(chunk.path, fd, offset, accept));
      return afterChunk(at.key, f, target, ending);
    } finally {
      removeFile(chunk.path);
    }
  }

  /** What the server holds of a chunked upload, so an interrupted client resumes where it stopped. */
  function status<R>(target: UploadTarget, f: Omit<ChunkFields, 'chunkIndex'>, ending: Ending<R>) {
    validate(f);
    const key = sessionKey(target, f, ending);
    const done = finished(key, ending);
    if (done) return { complete: true, result: done, received: allIndexes(f.totalChunks) };
    const received = [...chunks.held(key).keys()];
    // Every chunk is here and a request is completing the file: the client asks again shortly.
    if (received.length === f.totalChunks && assembling.has(key)) return { complete: false, processing: true, result: null, received };
    // Every chunk is here but the file was never completed (the server stopped in between): the last one
    // is reported missing, so any client sends it again and that request completes the file.
    if (received.length === f.totalChunks) received.pop();
    return { complete: false, result: null, received };
  }

  return { receiveInPlace, acceptFromTemp, status, forget };
}

export type ChunkedUploads = ReturnType<typeof createChunkedUploads>;

/** The file hashed on the event loop: only when the background hasher could not (a worker that died, a read that failed). */
async function sha256OfFile(path: string): Promise<string> {
  const hasher = new Bun.CryptoHasher('sha256');
  for await (const piece of Bun.file(path).stream()) hasher.update(piece);
  return hasher.digest('hex');
}
