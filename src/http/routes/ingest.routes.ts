import { Hono } from 'hono';
import { z } from 'zod';
import type { FormReader, UploadRequest } from '../../services/ingest.service.ts';
import type { ChunkOutcome } from '../../services/ingest/chunked.ts';
import type { GuestbookRow } from '../../services/guestbook.service.ts';
import type { UploadRow } from '../../services/uploads.service.ts';
import {
  AttachmentChunkFormSchema,
  ChunkFormSchema,
  ChunkStatusQuery,
  GuestbookAttachmentFormSchema,
  guestbookFieldTooLong,
  UploadFormSchema,
} from '../../services/ingest/form.ts';
import type { AttachmentChunkResult, AttachmentChunkStatus, ChunkResult, ChunkStatus, UploadResult } from '../api-types.ts';
import type { Ctx, Env } from '../context.ts';
import { clientAddress } from '../context.ts';
import { inEvent, inEventOf } from '../middleware/event-scope.ts';
import { guestbookEntryDto, uploadDto } from '../dto.ts';
import { badRequest, type AppError } from '../../lib/errors.ts';
import { parseWith } from '../../lib/parse.ts';
import { ATTACHMENT_MAX_SECONDS } from '../../domain/guestbook.ts';
import { receiveMultipart } from '../multipart.ts';
import { answer, endpoint } from '../openapi.ts';
import { EventIdPath } from '../schemas/params.schemas.ts';
import {
  AttachmentChunkResultSchema,
  AttachmentChunkStatusSchema,
  ChunkResultSchema,
  ChunkStatusSchema,
  GuestbookEntryDtoSchema,
  UploadResultSchema,
} from '../schemas/responses.schemas.ts';

const binary = (description: string) => z.string().meta({ format: 'binary', description });

/** What both upload calls share: the event in the path, a multipart form, the ways a file is refused. */
const sending = {
  tag: 'uploads' as const,
  params: EventIdPath,
  formTypes: ['multipart/form-data'],
  errors: [403, 408, 409, 413, 415, 429, 507],
};
const upload = endpoint({
  ...sending,
  summary: 'Uploads one whole file (the spec: files up to 5 MB, 2 MB on phones); streamed to disk, typed by content',
  form: UploadFormSchema.extend({ file: binary('The photo or video') }),
  ok: answer('The stored upload', UploadResultSchema),
  status: 201,
});
const uploadChunk = endpoint({
  ...sending,
  summary:
    'One chunk of a large file; the last one completes the file. A chunk whose fields come before it (or in the query string) is written straight into its place',
  form: ChunkFormSchema.safeExtend({ chunk: binary('The chunk: bytes chunkIndex x chunk size on (all chunks but the last of one size)') }),
  ok: answer('What the server holds; after the last chunk the stored upload', ChunkResultSchema),
});
const chunkStatus = endpoint({
  summary: 'Which chunks of an unfinished upload the server holds, whether it is completing the file, or the finished upload',
  tag: 'uploads',
  params: EventIdPath,
  query: ChunkStatusQuery,
  ok: answer('ChunkStatus', ChunkStatusSchema),
  errors: [403],
});

const guestbookAttachment = endpoint({
  summary: 'addition (issue 27): writes a guestbook entry with one attachment: a photo, a video message or a voice message',
  description:
    `A video may play up to ${ATTACHMENT_MAX_SECONDS.video} s, a voice message up to ${ATTACHMENT_MAX_SECONDS.audio} s. ` +
    "Streamed to disk with the uploads' size limit, typed by content (JPG, PNG, HEIC; MP4, MOV, 3GP; AMR, M4A, MP3, Opus/WebM, Ogg, WAV), " +
    'read by ffprobe and, for sound, decoded: a disguised, damaged, silent or too long file is refused (415, 400) and nothing is stored. ' +
    "A photo is shown at once; a video or voice message has `attachment.state` 'processing' until the job queue made it playable " +
    "(poster and H.264 preview; AAC in MP4), then 'ready' (the live stream tells). Same text rules, limits and sharing as the JSON call.",
  tag: 'guest',
  callers: ['guest', 'admin'],
  params: EventIdPath,
  formTypes: ['multipart/form-data'],
  form: GuestbookAttachmentFormSchema.extend({ file: binary('The photo, video or voice recording') }),
  ok: answer('The entry as stored', GuestbookEntryDtoSchema),
  status: 201,
  errors: [403, 408, 413, 415, 429, 507],
});
const guestbookAttachmentChunk = endpoint({
  summary: 'addition (issue 27): one chunk of a large guestbook attachment; the last one completes the file and writes the entry',
  description:
    'The chunks of …/upload-chunk (the same sizes, limits, resume and sweep of unfinished files), for an attachment that may not ' +
    "arrive in one piece (a video message over a failing Wi-Fi). Every chunk carries the entry's `text` and `name`: they are " +
    "checked before the first chunk is kept, the type by the first chunk's bytes (415); the complete file then gets every check of " +
    '…/guestbook/attachment and, refused, leaves nothing. Sending the last chunk again answers the entry it made.',
  tag: 'guest',
  callers: ['guest', 'admin'],
  params: EventIdPath,
  formTypes: ['multipart/form-data'],
  form: AttachmentChunkFormSchema.safeExtend({ chunk: binary('The chunk, as for …/upload-chunk') }),
  ok: answer('What the server holds; after the last chunk the entry', AttachmentChunkResultSchema),
  errors: [400, 403, 408, 413, 415, 429, 507],
});
const guestbookAttachmentChunkStatus = endpoint({
  summary: 'addition (issue 27): which chunks of an unfinished guestbook attachment the server holds, or the entry it became',
  tag: 'guest',
  params: EventIdPath,
  query: ChunkStatusQuery,
  ok: answer('AttachmentChunkStatus', AttachmentChunkStatusSchema),
  errors: [403],
});

/** Who uploads where (inEvent resolved them before a single byte of the body is read). */
function uploaderOf(c: Ctx): Omit<UploadRequest, 'declaredBytes'> {
  const { event, viewer } = inEventOf(c);
  return { event, viewer, address: clientAddress(c) };
}

/** The request as the ingest service needs it; the file goes to the service's sink as it streams in. */
function uploadRequest(c: Ctx): UploadRequest {
  const declared = Number(c.req.header('content-length') ?? NaN);
  return { ...uploaderOf(c), declaredBytes: Number.isFinite(declared) ? declared : null };
}

/**
 * Reads the multipart form for the service: fields may also come in the query string (the form's win);
 * `fieldTooLong`: the form's own refusal of a field too long to carry.
 */
const formOf =
  (c: Ctx, fileFields: string[], fieldTooLong?: (name: string) => AppError | undefined): FormReader =>
  async (sink, parseFields) => {
    const query = c.req.query();
    const { fields, file } = await receiveMultipart(c.req.raw, {
      fileFields,
      onFile: (stream, fileName, before) => sink.receive(stream, fileName, { ...query, ...before }),
      discard: sink.discard,
      parseFields: (form) => parseFields({ ...query, ...form }),
      fieldTooLong,
      idleMs: c.get('deps').config.requestIdleSeconds * 1000,
    });
    return { fields, file: file && { fileName: file.fileName, result: file.result } };
  };

/** What a chunked file that became an upload answers: the spec's fields. */
const asUpload = (c: Ctx) => (row: UploadRow) => {
  const { services } = c.get('deps');
  return { id: row.id, approved: row.approved, album_id: row.albumId, upload: uploadDto(row, services.guests.nicknames(row.eventId)) };
};
/** What a chunked attachment that became a guestbook entry answers: the entry, as the asking guest sees it. */
const asEntry = (c: Ctx) => (row: GuestbookRow) => ({
  id: row.id,
  approved: row.approved,
  entry: guestbookEntryDto(row, inEventOf(c).viewer),
});

/** A chunk's answer: what the box holds; once the file is complete, what it became. */
function chunkAnswer<R, A>(outcome: ChunkOutcome<R>, finished: (result: R) => A) {
  const { received, totalChunks } = outcome;
  return outcome.done ? { partial: false, received, totalChunks, ...finished(outcome.result) } : { partial: true, received, totalChunks };
}

/** The status of a chunked file: the chunks held, whether it is being completed, once complete what it became. */
function statusAnswer<R, A>(
  status: { received: number[]; complete: boolean; result: R | null },
  totalChunks: number,
  finished: (result: R) => A,
) {
  return {
    received: status.received,
    totalChunks,
    complete: status.complete,
    ...('processing' in status ? { processing: true } : {}),
    ...(status.result ? finished(status.result) : {}),
  };
}

/**
 * The bytes of uploads: whole files and chunks stream straight to tmp/ (never held in memory), then the
 * ingest service decides. Mounted before the API's body-size limit, which would otherwise buffer them.
 */
export function ingestRoutes() {
  const app = new Hono<Env>();

  // A refused upload is answered before its body is read to the end: closing the connection spares reading
  // the rest, and the socket of a phone that went silent mid-body is not kept.
  for (const path of [
    '/api/event/:eventId/upload',
    '/api/event/:eventId/upload-chunk',
    '/api/event/:eventId/guestbook/attachment',
    '/api/event/:eventId/guestbook/attachment-chunk',
  ]) {
    app.use(path, async (c, next) => {
      await next();
      if (c.res.status >= 400) c.header('Connection', 'close');
    });
  }

  app.post('/api/event/:eventId/upload', upload.doc, inEvent, async (c) => {
    const { services } = c.get('deps');
    const row = await services.ingest.uploadWhole(uploadRequest(c), formOf(c, ['file']));
    const upload = uploadDto(row, services.guests.nicknames(row.eventId));
    return c.json<UploadResult>({ id: row.id, approved: row.approved, album_id: row.albumId, upload }, 201);
  });

  app.post('/api/event/:eventId/upload-chunk', uploadChunk.doc, inEvent, async (c) => {
    const { services } = c.get('deps');
    const outcome = await services.ingest.uploadChunk(uploadRequest(c), formOf(c, ['chunk', 'file']));
    return c.json<ChunkResult>(chunkAnswer(outcome, asUpload(c)));
  });

  app.post('/api/event/:eventId/guestbook/attachment', guestbookAttachment.doc, inEvent, async (c) => {
    const { services } = c.get('deps');
    const req = uploadRequest(c);
    const row = await services.ingest.receiveAttachment(
      req,
      formOf(c, ['file'], guestbookFieldTooLong),
      (raw) => parseWith(GuestbookAttachmentFormSchema, raw),
      (file, fields) => {
        if (!file) throw badRequest('noFile', { field: 'file' });
        return services.guestbook.createWithAttachment(req.event, req.viewer, fields, { file: file.result, fileName: file.fileName });
      },
    );
    return c.json(guestbookEntryDto(row, req.viewer), 201);
  });

  app.post('/api/event/:eventId/guestbook/attachment-chunk', guestbookAttachmentChunk.doc, inEvent, async (c) => {
    const { services } = c.get('deps');
    const outcome = await services.ingest.attachmentChunk(uploadRequest(c), formOf(c, ['chunk', 'file'], guestbookFieldTooLong));
    return c.json<AttachmentChunkResult>(chunkAnswer(outcome, asEntry(c)));
  });

  app.get('/api/event/:eventId/guestbook/attachment-chunk/status', guestbookAttachmentChunkStatus.doc, inEvent, (c) => {
    const query = guestbookAttachmentChunkStatus.query(c);
    const status = c.get('deps').services.ingest.attachmentChunkStatus(uploaderOf(c), query);
    return c.json<AttachmentChunkStatus>(statusAnswer(status, query.totalChunks, asEntry(c)));
  });

  app.get('/api/event/:eventId/upload-chunk/status', chunkStatus.doc, inEvent, (c) => {
    const query = chunkStatus.query(c);
    const status = c.get('deps').services.ingest.chunkStatus(uploaderOf(c), query);
    return c.json<ChunkStatus>(statusAnswer(status, query.totalChunks, asUpload(c)));
  });

  return app;
}
