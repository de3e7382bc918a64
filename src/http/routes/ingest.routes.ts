import { Hono, type Context } from 'hono';
import { badRequest } from '../../lib/errors.ts';
import type { ChunkForm, FileSink, UploadForm, UploadRequest } from '../../services/ingest.service.ts';
import type { ChunkResult, ChunkStatus, UploadResult } from '../api-types.ts';
import type { Ctx, Env } from '../context.ts';
import { idParam, parseId, viewerOf } from '../context.ts';
import { uploadDto } from '../dto.ts';
import { receiveMultipart } from '../multipart.ts';

const truthy = (v: string | undefined) => v === 'true' || v === '1' || v === 'on';

const INGEST_PATHS = ['/api/event/:eventId/upload', '/api/event/:eventId/upload-chunk', '/api/event/:eventId/upload-chunk/status'];

type IngestEnv = Env & { Variables: { uploader: Omit<UploadRequest, 'declaredBytes'> } };
type IngestCtx = Context<IngestEnv>;

function uploadForm(fields: Record<string, string>): UploadForm {
  const albumId = fields.albumId ? parseId(fields.albumId) : null;
  if (fields.albumId && albumId === null) throw badRequest('albumId ist ungültig', { field: 'albumId' });
  return { albumId, autoApprove: truthy(fields.autoApprove) };
}

function chunkForm(fields: Record<string, string>): ChunkForm {
  return {
    ...uploadForm(fields),
    chunkIndex: Number(fields.chunkIndex),
    totalChunks: Number(fields.totalChunks),
    fileName: fields.fileName ?? null,
    fileSize: Number(fields.fileSize),
    uploadId: fields.uploadId || null,
  };
}

/** The request as the ingest service needs it; the file goes to the service's sink as it streams in. */
function uploadRequest(c: IngestCtx): UploadRequest {
  const declared = Number(c.req.header('content-length') ?? NaN);
  return { ...c.var.uploader, declaredBytes: Number.isFinite(declared) ? declared : null };
}

/** The fields a chunk needs before its bytes can go to their place (in the form before the chunk, or in the query). */
const PLACING_FIELDS = ['chunkIndex', 'totalChunks', 'fileSize'];
const chunkFormEarly = (fields: Record<string, string>) =>
  PLACING_FIELDS.every((name) => fields[name]) && (fields.uploadId || fields.fileName) ? chunkForm(fields) : null;

/** Reads the form; fields may also come in the query string (the form's win). */
const formOf =
  <F,>(c: IngestCtx, fileFields: string[], parseFields: (fields: Record<string, string>) => F) =>
  async <T,>(sink: FileSink<T>) => {
    const idleMs = c.get('deps').config.requestIdleSeconds * 1000;
    const query = c.req.query();
    const { fields, file } = await receiveMultipart(c.req.raw, {
      fileFields,
      onFile: (stream, fileName, before) => sink.receive(stream, fileName, { ...query, ...before }),
      discard: sink.discard,
      parseFields: (form) => parseFields({ ...query, ...form }),
      idleMs,
    });
    return { fields, file: file && { fileName: file.fileName, result: file.result } };
  };

/**
 * The bytes of uploads: whole files and chunks stream straight to tmp/ (never held in memory), then the
 * ingest service decides. Mounted before the API's body-size limit, which would otherwise buffer them.
 */
export function ingestRoutes() {
  const app = new Hono<IngestEnv>();

  // Event and viewer, once per request, before a single byte of the body is read.
  for (const path of INGEST_PATHS) {
    app.use(path, async (c, next) => {
      const ctx = c as unknown as Ctx; // the shared helpers only read the request
      const event = c.get('deps').services.events.getById(idParam(ctx, 'eventId'));
      c.set('uploader', { event, viewer: viewerOf(ctx, event) });
      await next();
      // A refused upload is answered before its body is read to the end: closing the connection spares reading
      // the rest, and the socket of a phone that went silent mid-body is not kept.
      if (c.res.status >= 400) c.header('Connection', 'close');
    });
  }

  app.post('/api/event/:eventId/upload', async (c) => {
    const { services } = c.get('deps');
    const row = await services.ingest.uploadWhole(uploadRequest(c), formOf(c, ['file'], uploadForm));
    const upload = uploadDto(row, services.guests.nicknames(row.eventId));
    return c.json<UploadResult>({ id: row.id, approved: row.approved, album_id: row.albumId, upload }, 201);
  });

  app.post('/api/event/:eventId/upload-chunk', async (c) => {
    const { services } = c.get('deps');
    const outcome = await services.ingest.uploadChunk(uploadRequest(c), formOf(c, ['chunk', 'file'], chunkForm), chunkFormEarly);
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

  app.get('/api/event/:eventId/upload-chunk/status', (c) => {
    const { services } = c.get('deps');
    const q = c.req.query();
    const status = services.ingest.chunkStatus(c.var.uploader, {
      totalChunks: Number(q.totalChunks),
      fileName: q.fileName ?? '',
      fileSize: Number(q.fileSize),
      uploadId: q.uploadId || null,
    });
    const row = status.upload;
    return c.json<ChunkStatus>({
      received: status.received,
      totalChunks: Number(q.totalChunks),
      complete: status.complete,
      ...('processing' in status ? { processing: true } : {}),
      ...(row ? { id: row.id, approved: row.approved, album_id: row.albumId, upload: uploadDto(row, services.guests.nicknames(row.eventId)) } : {}),
    });
  });

  return app;
}
