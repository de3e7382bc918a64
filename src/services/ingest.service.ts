import { eq, sql } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import { chunkSessions, uploads } from '../db/schema.ts';
import type { Viewer } from '../domain/permissions.ts';
import { badRequest } from '../lib/errors.ts';
import { parseWith } from '../lib/parse.ts';
import { BackgroundHasher } from '../storage/background-hasher.ts';
import { ChunkStore } from '../storage/chunk-store.ts';
import { fileTooLarge, removeFile, storageFull, writeStreamToFile, type WrittenFile } from '../storage/file-writer.ts';
import { authorize } from './authorize.ts';
import type { EventView } from './events.service.ts';
import {
  createChunkedUploads,
  unfinishedSessions,
  type ChunkFields,
  type ChunkOutcome,
  type Ending,
  type PartialLimits,
} from './ingest/chunked.ts';
import { createCommitter, sniffOrRefuse, type CommitDeps, type UploadTarget } from './ingest/commit.ts';
import {
  AttachmentChunkFormSchema,
  ChunkFormSchema,
  chunkFormEarly,
  UploadFormSchema,
  type AttachmentChunkForm,
  type ChunkForm,
} from './ingest/form.ts';
import { createProgressMeter } from './ingest/progress.ts';
import { createSweeper, STALE_PARTIALS_LOW_SPACE_MS } from './ingest/sweeper.ts';
import type { UploadRow } from './uploads.service.ts';
import { attachmentRefused, type GuestbookRow, type GuestbookService } from './guestbook.service.ts';

export type { PartialLimits } from './ingest/chunked.ts';

/** Room for the multipart envelope around the file when the declared request size is checked. */
const ENVELOPE_BYTES = 64 * 1024;

/** Who uploads where, resolved once per request before a byte of the body is read. */
export interface UploadRequest {
  event: EventView;
  viewer: Viewer;
  /** the request's Content-Length, when the client sent one */
  declaredBytes: number | null;
  /** the client's address as the socket sees it */
  address: string;
}

/**
 * How a route hands the service the file of a form: stream it with `receive` (given the fields that came
 * before it, with the query's), drop what it made with `discard` when the form fails afterwards.
 */
export interface FileSink<T> {
  receive(stream: Readable, fileName: string, fieldsBefore: Record<string, string>): Promise<T>;
  discard(result: T): void;
}

/**
 * Reads the request's form: the file through the sink, then all text fields (with the query's) through
 * `parseFields`, whose refusal drops what the sink made. The route's part: the bytes of the request.
 */
export type FormReader = <T, F>(
  sink: FileSink<T>,
  parseFields: (fields: Record<string, string>) => F,
) => Promise<{ file: { fileName: string; result: T } | null; fields: F }>;

export interface IngestDeps extends CommitDeps {
  maxUploadBytes: number;
  minFreeDiskBytes: number;
  partialLimits: PartialLimits;
  /** where a guestbook attachment sent in chunks ends (issue 27) */
  guestbook: GuestbookService;
  now?: () => Date;
}

/**
 * Receiving media: who may upload when, streaming to disk, type by content, size and space limits, then
 * the committer (duplicates, derivatives, the row), chunked uploads with their per-owner limits, and the
 * sweeper for what uploads leave behind. Each route calls it once per request.
 */
export function createIngestService(deps: IngestDeps) {
  const { db, store, tools } = deps;
  const now = deps.now ?? (() => new Date());
  const chunks = new ChunkStore(store.chunksDir);
  const committer = createCommitter(deps);
  const sweeper = createSweeper({ db, store, chunks, now });
  const progress = createProgressMeter();

  /** Free bytes, and whether they are above the floor below which uploads stop (also /healthz's verdict). */
  function diskSpace(): { freeBytes: number; ok: boolean } {
    const freeBytes = store.freeBytes();
    return { freeBytes, ok: freeBytes >= deps.minFreeDiskBytes };
  }

  /** Bytes that uploads under way were admitted with (their declared sizes), not yet on the disk. */
  let admittedBytes = 0;

  /** What unfinished chunked uploads still have to send: their declared file sizes less what they hold. */
  function sessionsToCome(): number {
    const row = db
      .select({ bytes: sql<number>`coalesce(sum(${chunkSessions.fileSize} - ${chunkSessions.receivedBytes}), 0)` })
      .from(chunkSessions)
      .where(unfinishedSessions())
      .get();
    return Number(row?.bytes ?? 0);
  }

  /**
   * 507 when the disk would be too full after `bytes` more, counting what is already on its way (uploads
   * admitted and not finished, chunked uploads not complete): never start writing a file that cannot
   * finish. Before refusing, unfinished uploads idle for hours are given up to make room.
   */
  function assertDiskSpace(bytes: number) {
    const fits = () => store.freeBytes() - admittedBytes - sessionsToCome() - bytes >= deps.minFreeDiskBytes;
    if (fits()) return;
    const swept = sweeper.removeStale(STALE_PARTIALS_LOW_SPACE_MS);
    if (swept > 0) deps.logger.info('space ran low: removed stale partial uploads early', { sessions: swept });
    if (fits()) return;
    throw storageFull({ freeBytes: store.freeBytes() });
  }

  /** Runs an upload request's work with its declared size counted as on its way until it ends. */
  async function admitted<T>(bytes: number, work: () => Promise<T>): Promise<T> {
    admittedBytes += bytes;
    try {
      return await work();
    } finally {
      admittedBytes -= bytes;
    }
  }

  /**
   * Permission and the event window, then the declared size, before a single byte of the body is read.
   * The bytes the request may bring (its declared size, else the largest upload) are what it counts as on its way.
   */
  function admit(req: UploadRequest, action: 'upload' | 'writeGuestbook' = 'upload'): number {
    authorize(req.viewer, action, { eventId: req.event.id, eventStatus: req.event.status });
    if (req.declaredBytes !== null && Math.max(1, req.declaredBytes - ENVELOPE_BYTES) > deps.maxUploadBytes)
      throw fileTooLarge(deps.maxUploadBytes);
    const bytes = req.declaredBytes ?? deps.maxUploadBytes;
    assertDiskSpace(bytes);
    return bytes;
  }

  /** A guestbook attachment's first bytes must be a photo, a video or a voice recording (415 at once otherwise). */
  const checkAttachmentHead = (head: Uint8Array) => {
    if (!tools.sniffAttachment(head)) throw attachmentRefused('guestbookType');
  };

  /**
   * A whole file goes into tmp/ with the size limit, hashed as it passes; its first bytes must be JPEG,
   * PNG, HEIC, MP4 or MOV, else it stops at once with 415.
   */
  const wholeFileSink: FileSink<WrittenFile> = {
    receive: (stream) =>
      writeStreamToFile(progress.watch(stream), store.tmpPath(), {
        maxBytes: deps.maxUploadBytes,
        checkHead: (head) => void sniffOrRefuse(tools, head),
      }),
    discard: (file) => removeFile(file.path),
  };

  const hasher = new BackgroundHasher((reason) =>
    deps.logger.warn('the background hasher stopped: chunked uploads are hashed on the event loop', { reason }),
  );
  const chunked = createChunkedUploads({
    db,
    chunks,
    hasher,
    limits: deps.partialLimits,
    maxUploadBytes: deps.maxUploadBytes,
    assertDiskSpace,
    now,
  });

  /** A chunked file that becomes an upload: committed into its album (the Einwegkamera's shots checked at its start and its end). */
  const toUpload = (req: UploadRequest, form: Pick<ChunkForm, 'albumId' | 'autoApprove'>): ChunkEnd<UploadRow> => {
    const target: UploadTarget = { event: req.event, viewer: req.viewer, address: req.address, ...form };
    return {
      target,
      ending: {
        kind: 'upload',
        // Einwegkamera: decided again, atomically, when the file is complete (commit.ts).
        admit: () => committer.assertShotLeft(target),
        commit: (file, fileName) => committer.commit(file, fileName, target),
        column: 'uploadId',
        idOf: (row) => row.id,
        load: (id) => db.select().from(uploads).where(eq(uploads.id, id)).get(),
      },
    };
  };

  /**
   * A chunked file that becomes a guestbook entry's attachment (issue 27): the entry's text and name are
   * checked before its first byte is kept, its type by its first bytes; the complete file then goes
   * through every check a whole attachment gets (guestbook.createWithAttachment).
   */
  const toGuestbook = (req: UploadRequest, form: Pick<AttachmentChunkForm, 'text' | 'name'>): ChunkEnd<GuestbookRow> => ({
    target: { event: req.event, viewer: req.viewer, address: req.address, albumId: null, autoApprove: false },
    ending: {
      kind: 'guestbook',
      admit: () => deps.guestbook.checkInput(req.event, req.viewer, form),
      checkHead: checkAttachmentHead,
      commit: (file, fileName) => deps.guestbook.createWithAttachment(req.event, req.viewer, form, { file, fileName }),
      column: 'guestbookEntryId',
      idOf: (row) => row.id,
      load: (id) => deps.guestbook.byId(id),
    },
  });

  /**
   * A chunk whose fields came first is written straight into its place in the file (`answer` runs once
   * the form is read); one that came before its fields (the spec's order) goes to a temp file first and
   * is placed when the fields are known. A chunk is not hashed here: its first bytes are not the file's,
   * and the file is hashed as its chunks come in order. The form's schema and what its file ends as are
   * the call's (an upload, a guestbook attachment); the rest is one path.
   */
  async function receiveChunk<F extends ChunkForm | AttachmentChunkForm, R>(
    req: UploadRequest,
    readForm: FormReader,
    schema: typeof ChunkFormSchema | typeof AttachmentChunkFormSchema,
    endOf: (form: F) => ChunkEnd<R>,
  ): Promise<ChunkOutcome<R>> {
    type ReceivedChunk = { answer: () => Promise<ChunkOutcome<R>> | ChunkOutcome<R> } | { temp: WrittenFile };
    const fieldsOf = (form: F, partName: string): ChunkFields => ({ ...form, fileName: form.fileName ?? partName });
    // The fields read before the bytes are taken as they were parsed when no field came after them (the form is parsed once).
    let early: { fields: Record<string, string>; form: F } | null = null;
    const sink: FileSink<ReceivedChunk> = {
      async receive(body, fileName, fieldsBefore) {
        const stream = progress.watch(body);
        const form = chunkFormEarly(schema, fieldsBefore) as F | null;
        if (form) {
          early = { fields: fieldsBefore, form };
          const { target, ending } = endOf(form);
          const answer = await chunked.receiveInPlace(target, fieldsOf(form, fileName), ending, req.declaredBytes ?? 0, stream);
          if (answer) return { answer };
        }
        return { temp: await writeStreamToFile(stream, store.tmpPath(), { maxBytes: deps.maxUploadBytes, hash: false }) };
      },
      discard: (chunk) => {
        if ('temp' in chunk) removeFile(chunk.temp.path);
      },
    };
    const asEarly = (fields: Record<string, string>) =>
      early !== null &&
      Object.keys(fields).length === Object.keys(early.fields).length &&
      Object.entries(fields).every(([name, value]) => early!.fields[name] === value);
    const parseFields = (fields: Record<string, string>): F => (asEarly(fields) ? early!.form : (parseWith(schema, fields) as F));
    const { file, fields } = await readForm(sink, parseFields);
    if (!file) throw badRequest('noChunk', { field: 'chunk' });
    if ('answer' in file.result) return file.result.answer();
    const { target, ending } = endOf(fields);
    return chunked.acceptFromTemp(file.result.temp, fieldsOf(fields, file.fileName), target, ending);
  }

  return {
    diskSpace,
    /** Uploads are moving bytes now (the transcodes yield to them). */
    uploadsMoving: () => progress.moving(),

    /** POST …/upload: one whole file becomes an upload. */
    uploadWhole(req: UploadRequest, readForm: FormReader): Promise<UploadRow> {
      const bytes = admit(req);
      committer.assertShotLeft({ event: req.event, viewer: req.viewer });
      return admitted(bytes, async () => {
        const { file, fields } = await readForm(wholeFileSink, (raw) => parseWith(UploadFormSchema, raw));
        if (!file) throw badRequest('noFile', { field: 'file' });
        return committer.commit(file.result, file.fileName, { event: req.event, viewer: req.viewer, address: req.address, ...fields });
      });
    },

    /**
     * POST …/guestbook/attachment (issue 27): a guestbook entry's attachment streams into tmp/ with the
     * uploads' size and disk-space limits, refused at its first bytes when it is no photo, video or voice
     * recording; `use` (the guestbook) then owns the file and its form's fields.
     */
    receiveAttachment<F, T>(
      req: UploadRequest,
      readForm: FormReader,
      parseFields: (fields: Record<string, string>) => F,
      use: (file: { fileName: string; result: WrittenFile } | null, fields: F) => Promise<T>,
    ): Promise<T> {
      const sink: FileSink<WrittenFile> = {
        receive: (stream) =>
          writeStreamToFile(progress.watch(stream), store.tmpPath(), { maxBytes: deps.maxUploadBytes, checkHead: checkAttachmentHead }),
        discard: (file) => removeFile(file.path),
      };
      return admitted(admit(req, 'writeGuestbook'), async () => {
        const { file, fields } = await readForm(sink, parseFields);
        return use(file, fields);
      });
    },

    /** POST …/upload-chunk: one chunk is stored in its place; the last one completes and commits the file. */
    uploadChunk(req: UploadRequest, readForm: FormReader): Promise<ChunkOutcome<UploadRow>> {
      // A chunk of a known session is counted twice while it arrives (in the request and in what the session has to come): on the safe side, for seconds.
      return admitted(admit(req), () => receiveChunk(req, readForm, ChunkFormSchema, (form: ChunkForm) => toUpload(req, form)));
    },

    /** POST …/guestbook/attachment-chunk (issue 27): a chunk of an attachment; the last one completes the file and writes the entry. */
    attachmentChunk(req: UploadRequest, readForm: FormReader): Promise<ChunkOutcome<GuestbookRow>> {
      return admitted(admit(req, 'writeGuestbook'), () =>
        receiveChunk(req, readForm, AttachmentChunkFormSchema, (form: AttachmentChunkForm) => toGuestbook(req, form)),
      );
    },

    /** GET …/upload-chunk/status: what the server holds of a chunked upload, so a client resumes. */
    chunkStatus(req: Omit<UploadRequest, 'declaredBytes'>, f: Omit<ChunkFields, 'chunkIndex'>) {
      authorize(req.viewer, 'upload', { eventId: req.event.id, eventStatus: req.event.status });
      const { target, ending } = toUpload({ ...req, declaredBytes: null }, { albumId: null, autoApprove: false });
      return chunked.status(target, f, ending);
    },

    /** GET …/guestbook/attachment-chunk/status: the same for a guestbook attachment. */
    attachmentChunkStatus(req: Omit<UploadRequest, 'declaredBytes'>, f: Omit<ChunkFields, 'chunkIndex'>) {
      authorize(req.viewer, 'writeGuestbook', { eventId: req.event.id, eventStatus: req.event.status });
      const { target, ending } = toGuestbook({ ...req, declaredBytes: null }, { text: '', name: undefined });
      return chunked.status(target, f, ending);
    },

    /** Unfinished chunked uploads held on the box (sessions and bytes), for /healthz. */
    partialUploads: sweeper.held,
    removeOrphans: sweeper.removeOrphans,
    /** At start: unfinished uploads whose received chunks cannot be trusted after a power cut (ChunkStore). */
    distrustChunksAfterPowerLoss: () => chunks.distrustAfterPowerLoss(),
    /** At a clean stop: the unfinished uploads' bytes to the disk. */
    syncChunksForStop: () => chunks.syncForStop(),
    /** The hourly sweep: chunked uploads untouched for a day, stray temp files. */
    removeStalePartials: () => sweeper.removeStale(),
  };
}

/** Where a chunked file goes (who sends it into which event) and what it ends as. */
interface ChunkEnd<R> {
  target: UploadTarget;
  ending: Ending<R>;
}

export type IngestService = ReturnType<typeof createIngestService>;
