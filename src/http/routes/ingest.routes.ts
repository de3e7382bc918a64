import { Hono } from 'hono';
import { z } from 'zod';
import type { FormReader, UploadRequest } from '../../services/ingest.service.ts';
import { ChunkFormSchema, ChunkStatusQuery, UploadFormSchema } from '../../services/ingest/form.ts';
import type { ChunkResult, ChunkStatus, UploadResult } from '../api-types.ts';
import type { Ctx, Env } from '../context.ts';
import { clientAddress } from '../context.ts';
import { inEvent, inEventOf } from '../middleware/event-scope.ts';
import { guestbookEntryDto, uploadDto } from '../dto.ts';
import { badRequest, problem } from '../../lib/errors.ts';
import { parseWith } from '../../lib/parse.ts';
import { ATTACHMENT_MAX_SECONDS } from '../../domain/guestbook.ts';
import { receiveMultipart } from '../multipart.ts';
import { answer, endpoint } from '../openapi.ts';
import { EventIdPath } from '../schemas/params.schemas.ts';
import { ChunkResultSchema, ChunkStatusSchema, GuestbookEntryDtoSchema, UploadResultSchema } from '../schemas/responses.schemas.ts';

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

/** The text fields of a guestbook entry sent with its attachment (the JSON call's, as form fields). */
const GuestbookAttachmentForm = z.object({
  text: z.string().default('').meta({ description: 'The message, plain text; may be empty beside an attachment' }),
  name: z
    .string({ error: problem('guestbookNameRequired') })
    .optional()
    .meta({ description: "The signature; default the guest's nickname" }),
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
  form: GuestbookAttachmentForm.extend({ file: binary('The photo, video or voice recording') }),
  ok: answer('The entry as stored', GuestbookEntryDtoSchema),
  status: 201,
  errors: [403, 408, 413, 415, 429, 507],
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

/** Reads the multipart form for the service: fields may also come in the query string (the form's win). */
const formOf =
  (c: Ctx, fileFields: string[]): FormReader =>
  async (sink, parseFields) => {
    const query = c.req.query();
    const { fields, file } = await receiveMultipart(c.req.raw, {
      fileFields,
      onFile: (stream, fileName, before) => sink.receive(stream, fileName, { ...query, ...before }),
      discard: sink.discard,
      parseFields: (form) => parseFields({ ...query, ...form }),
      idleMs: c.get('deps').config.requestIdleSeconds * 1000,
    });
    return { fields, file: file && { fileName: file.fileName, result: file.result } };
  };

/**
 * The bytes of uploads: whole files and chunks stream straight to tmp/ (never held in memory), then the
 * ingest service decides. Mounted before the API's body-size limit, which would otherwise buffer them.
 */
export function ingestRoutes() {
  const app = new Hono<Env>();

  // A refused upload is answered before its body is read to the end: closing the connection spares reading
  // the rest, and the socket of a phone that went silent mid-body is not kept.
  for (const path of ['/api/event/:eventId/upload', '/api/event/:eventId/upload-chunk', '/api/event/:eventId/guestbook/attachment']) {
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
    if (!outcome.done) return c.json<ChunkResult>({ partial: true, received: outcome.received, totalChunks: outcome.totalChunks });
    const row = outcome.upload;
    return c.json<ChunkResult>({
      partial: false,
      received: outcome.received,
      totalChunks: outcome.totalChunks,
      id: row.id,
      approved: row.approved,
      album_id: row.albumId,
      upload: uploadDto(row, services.guests.nicknames(row.eventId)),
    });
  });

  app.post('/api/event/:eventId/guestbook/attachment', guestbookAttachment.doc, inEvent, async (c) => {
    const { services } = c.get('deps');
    const req = uploadRequest(c);
    const row = await services.ingest.receiveAttachment(
      req,
      formOf(c, ['file']),
      (raw) => parseWith(GuestbookAttachmentForm, raw),
      (file, fields) => {
        if (!file) throw badRequest('noFile', { field: 'file' });
        return services.guestbook.createWithAttachment(req.event, req.viewer, fields, { file: file.result, fileName: file.fileName });
      },
    );
    return c.json(guestbookEntryDto(row, req.viewer), 201);
  });

  app.get('/api/event/:eventId/upload-chunk/status', chunkStatus.doc, inEvent, (c) => {
    const { services } = c.get('deps');
    const uploader = uploaderOf(c);
    const query = chunkStatus.query(c);
    const status = services.ingest.chunkStatus(uploader, query);
    const row = status.upload;
    return c.json<ChunkStatus>({
      received: status.received,
      totalChunks: query.totalChunks,
      complete: status.complete,
      ...('processing' in status ? { processing: true } : {}),
      ...(row
        ? { id: row.id, approved: row.approved, album_id: row.albumId, upload: uploadDto(row, services.guests.nicknames(row.eventId)) }
        : {}),
    });
  });

  return app;
}
