import { Hono } from 'hono';
import { badRequest } from '../../lib/errors.ts';
import type { UploadTarget } from '../../services/ingest.service.ts';
import type { WrittenFile } from '../../storage/file-writer.ts';
import type { Ctx, Env } from '../context.ts';
import { idParam, parseId, viewerOf } from '../context.ts';
import { uploadDto } from '../dto.ts';
import { receiveMultipart } from '../multipart.ts';
import type { ChunkResult, ChunkStatus, UploadResult } from '../api-types.ts';

/** Room for the multipart envelope around the file when the declared request size is checked. */
const ENVELOPE_BYTES = 64 * 1024;

const truthy = (v: string | undefined) => v === 'true' || v === '1' || v === 'on';

/**
 * The bytes of uploads: whole files and chunks stream straight to tmp/ (never held in memory), then the
 * ingest service decides. Mounted before the API's body-size limit, which would otherwise buffer them.
 */
export function ingestRoutes() {
  const app = new Hono<Env>();

  /** Event, viewer and permission, checked before a single byte of the body is read. */
  function begin(c: Ctx) {
    const { services } = c.get('deps');
    const event = services.events.getById(idParam(c, 'eventId'));
    const viewer = viewerOf(c, event);
    services.ingest.authorize(event, viewer);
    const declared = Number(c.req.header('content-length') ?? NaN);
    if (Number.isFinite(declared)) {
      services.ingest.assertDeclaredSize(Math.max(1, declared - ENVELOPE_BYTES));
      services.ingest.assertDiskSpace(declared);
    } else {
      services.ingest.assertDiskSpace();
    }
    return { event, viewer };
  }

  /**
   * Where the received file goes, from the form fields (which the spec's clients send after the file).
   * A bad field discards the file, so nothing is left behind in tmp/.
   */
  function target(c: Ctx, base: ReturnType<typeof begin>, fields: Record<string, string>, file: WrittenFile): UploadTarget {
    const albumId = fields.albumId ? parseId(fields.albumId) : null;
    if (fields.albumId && albumId === null) {
      c.get('deps').services.ingest.discard(file);
      throw badRequest('albumId ist ungültig', { field: 'albumId' });
    }
    return { ...base, albumId, autoApprove: truthy(fields.autoApprove) };
  }

  app.post('/api/event/:eventId/upload', async (c) => {
    const { services } = c.get('deps');
    const base = begin(c);
    return services.ingest.tracked(async () => {
      const { fields, file } = await receiveMultipart(
        c.req.raw,
        ['file'],
        (stream) => services.ingest.receiveFile(stream, { whole: true }),
        services.ingest.discard,
      );
      if (!file) throw badRequest('Es wurde keine Datei gesendet', { field: 'file' });
      const row = await services.ingest.commitSingle(file.result, file.fileName, target(c, base, fields, file.result));
      const upload = uploadDto(row, services.guests.nicknames(row.eventId));
      return c.json<UploadResult>({ id: row.id, approved: row.approved, album_id: row.albumId, upload }, 201);
    });
  });

  app.post('/api/event/:eventId/upload-chunk', async (c) => {
    const { services } = c.get('deps');
    const base = begin(c);
    return services.ingest.tracked(async () => {
      const { fields, file } = await receiveMultipart(
        c.req.raw,
        ['chunk', 'file'],
        (stream) => services.ingest.receiveFile(stream, { whole: false }),
        services.ingest.discard,
      );
      if (!file) throw badRequest('Es wurde kein Teil der Datei gesendet', { field: 'chunk' });
      const outcome = await services.ingest.acceptChunk(
        file.result,
        {
          chunkIndex: Number(fields.chunkIndex),
          totalChunks: Number(fields.totalChunks),
          fileName: fields.fileName ?? file.fileName,
          fileSize: Number(fields.fileSize),
          uploadId: fields.uploadId || null,
        },
        target(c, base, fields, file.result),
      );
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
  });

  app.get('/api/event/:eventId/upload-chunk/status', (c) => {
    const { services } = c.get('deps');
    const event = services.events.getById(idParam(c, 'eventId'));
    const viewer = viewerOf(c, event);
    services.ingest.authorize(event, viewer);
    const q = c.req.query();
    const status = services.ingest.chunkStatus(
      { event, viewer, albumId: null, autoApprove: false },
      { totalChunks: Number(q.totalChunks), fileName: q.fileName ?? '', fileSize: Number(q.fileSize), uploadId: q.uploadId || null },
    );
    return c.json<ChunkStatus>({
      received: status.received,
      totalChunks: Number(q.totalChunks),
      complete: status.complete,
      ...(status.upload ? { id: status.upload.id, approved: status.upload.approved } : {}),
    });
  });

  return app;
}
