import { Hono } from 'hono';
import { DHASH_RE, SIMILARITY_THRESHOLD } from '../../domain/dhash.ts';
import { can, listAudience, revealLets } from '../../domain/permissions.ts';
import { isUploader } from '../../domain/uploader.ts';
import { FAVORITES, MAX_UPLOADS_PAGE_SIZE, MAX_ZIP_FILES, UPLOAD_SORTS, UPLOADS_PAGE_SIZE } from '../../domain/limits.ts';
import { DERIVED } from '../../storage/media-store.ts';
import { z } from 'zod';
import { problem } from '../../lib/errors.ts';
import { MAX_SIMILAR, type UploadRow } from '../../services/uploads.service.ts';
import { authorize } from '../../services/authorize.ts';
import type { Ctx, Env } from '../context.ts';
import { inEvent, inEventOf } from '../middleware/event-scope.ts';
import { parseId, viewerOf } from '../context.ts';
import { uploadDto, uploadDtoFor } from '../dto.ts';
import type { BulkAnswer, CheckExactAnswer, CheckSimilarAnswer, UploadPage, ZipSize } from '../api-types.ts';
import { mediaUrl } from '../media-urls.ts';
import { zipOf } from './export-zip.ts';
import { JsonAnswerCache } from '../json-answer-cache.ts';
import { answer, bytes, endpoint, id, optionalQueryId } from '../openapi.ts';
import { EventIdPath, EventUploadPath } from '../schemas/params.schemas.ts';
import {
  BulkAnswerSchema,
  CheckExactAnswerSchema,
  CheckSimilarAnswerSchema,
  SuccessSchema,
  UploadDtoSchema,
  UploadPageSchema,
  ZipSizeSchema,
} from '../schemas/responses.schemas.ts';

/** Kept unpaged lists in all (JSON and gzip): a dozen lists of 2,000 uploads. */
const WHOLE_LISTS_BYTES = 24 * 1024 * 1024;
/**
 * Kept pages in all (JSON and gzip): a page of 60 is ~45 KB, so ~170 pages (every album's first pages for
 * the guests who see the same, and the few guests with uploads of their own who are scrolling now).
 */
const PAGES_BYTES = 8 * 1024 * 1024;
const list = endpoint({
  summary: 'The uploads the viewer may see, newest first (approved ones; a guest also their own; host and admin all)',
  description:
    "Without `limit` and `cursor` the whole list as an array (the spec's call). With either, one page: `UploadPage` " +
    `{ uploads, next_cursor } of \`limit\` uploads (default ${UPLOADS_PAGE_SIZE}, at most ${MAX_UPLOADS_PAGE_SIZE}); ` +
    'the next page is asked with `cursor=next_cursor` until it is null. Uploads arriving meanwhile never shift the pages to come.',
  tag: 'guest',
  params: EventIdPath,
  query: z.object({
    albumId: optionalQueryId(),
    limit: z
      .string()
      .optional()
      .transform((v) => (v === undefined || v === '' ? undefined : Number(v)))
      .refine((v) => v === undefined || (Number.isInteger(v) && v >= 1 && v <= MAX_UPLOADS_PAGE_SIZE), problem('pageLimitInvalid')),
    cursor: z.string().optional().describe('next_cursor of the page before'),
    sort: z
      .enum(UPLOAD_SORTS, { error: problem('sortInvalid') })
      .optional()
      .describe("addition (issue 28): 'newest' (default) or 'loved' ('Beliebteste': most hearts first, then newest)"),
  }),
  ok: answer('UploadDto[] newest first, or UploadPage when paged', z.union([z.array(UploadDtoSchema), UploadPageSchema])),
  errors: [403],
});
const moderate = endpoint({
  summary: 'Approves (shares) or withdraws an upload: its guest, the admin',
  tag: 'guest',
  callers: ['guest', 'admin'],
  params: EventUploadPath,
  ok: answer('The upload as changed', UploadDtoSchema),
  errors: [403],
});
const approveOwn = endpoint({
  summary: "Shares all of the guest's private uploads at once",
  tag: 'guest',
  callers: ['guest'],
  params: EventIdPath,
  ok: answer('How many were shared', BulkAnswerSchema),
  errors: [403],
});
const remove = endpoint({
  summary: 'Deletes an upload: its guest, the admin',
  tag: 'guest',
  callers: ['guest', 'admin'],
  params: EventUploadPath,
  ok: answer('{ success: true }', SuccessSchema),
  errors: [403],
});
const eventId = id(problem('invalidField'));
const checkExact = endpoint({
  summary: 'Whether the event already has a file with this SHA-256 (asked before uploading)',
  tag: 'uploads',
  query: z.object({
    sha256: z
      .string({ error: problem('sha256Invalid') })
      .transform((v) => v.toLowerCase())
      .refine((v) => /^[0-9a-f]{64}$/.test(v), problem('sha256Invalid')),
    eventId,
  }),
  ok: answer('Whether it exists (`duplicate` only for those who may read the event)', CheckExactAnswerSchema),
  errors: [403, 404],
});
const thresholdMessage = problem('thresholdInvalid');
const checkSimilar = endpoint({
  summary: "Photos of the event whose dHash is within the threshold of the browser's",
  tag: 'uploads',
  callers: ['guest', 'admin'],
  body: z.object({
    phash: z
      .string({ error: problem('phashInvalid') })
      .transform((v) => v.toLowerCase())
      .refine((v) => DHASH_RE.test(v), problem('phashInvalid')),
    /** sent by the web app (spec); only a hint, every hash of the event is compared */
    phash_bucket: z.string().optional(),
    eventId,
    /** the spec's 12 at most: a larger one would match (and load) every photo of the event */
    threshold: z
      .union([z.number(), z.string()], { error: thresholdMessage })
      .optional()
      .transform((v) => (v === undefined ? SIMILARITY_THRESHOLD : Number(v)))
      .refine((v) => Number.isInteger(v) && v >= 0 && v <= SIMILARITY_THRESHOLD, thresholdMessage),
  }),
  ok: answer(`The similar photos, closest first (at most ${MAX_SIMILAR})`, CheckSimilarAnswerSchema),
  errors: [403, 404],
});

const zipIdsMessage = problem('zipIdsInvalid');
const DownloadZipQuery = z.object({
  ids: z
    .string({ error: zipIdsMessage })
    .optional()
    .transform((v) =>
      v === undefined
        ? undefined
        : v
            .split(',')
            .filter((x) => x !== '')
            .map(parseId),
    )
    .refine((ids) => ids === undefined || (ids.length > 0 && ids.length <= MAX_ZIP_FILES && ids.every((id) => id !== null)), zipIdsMessage)
    .transform((ids) => ids as number[] | undefined)
    .meta({
      description: `Upload ids, comma-separated (1 to ${MAX_ZIP_FILES}); without: every upload of the event the viewer sees ('Alle Fotos')`,
    }),
  favorites: z
    .enum(FAVORITES, { error: problem('favoritesInvalid') })
    .optional()
    .meta({ description: "addition (issue 28): 'Nur Favoriten' of those: 'loved' with hearts, 'mine' the ones this guest hearted" }),
});
const downloadZip = endpoint({
  summary: "A guest's chosen uploads, or all they see of the event, as one streamed ZIP (only where the event allows downloads)",
  tag: 'guest',
  params: EventIdPath,
  query: DownloadZipQuery,
  ok: bytes('The ZIP of the originals, streamed, `<event>/<album>/<file>`', ['application/zip']),
  errors: [403, 429],
});
const downloadZipSize = endpoint({
  summary: 'addition: the exact size of that ZIP before it starts (the page shows it on the button)',
  tag: 'guest',
  params: EventIdPath,
  query: DownloadZipQuery,
  ok: answer("The ZIP's size in bytes and its number of files", ZipSizeSchema),
  errors: [403],
});

/** Listing, approval, deletion and duplicate checks of uploads (the bytes come in through ingest.routes.ts). */
export function uploadRoutes() {
  const app = new Hono<Env>();
  const wholeLists = new JsonAnswerCache(WHOLE_LISTS_BYTES);
  // Pages apart: 200 phones scrolling an album ask for the same few pages many times between two changes.
  const pages = new JsonAnswerCache(PAGES_BYTES);

  app.get('/api/event/:eventId/uploads', list.doc, inEvent, (c) => {
    const { services, event, viewer } = inEventOf(c);
    const query = list.query(c);
    const albumId = query.albumId === undefined ? undefined : services.albums.getInEvent(event.id, query.albumId).id;
    // Before the kept answers: a kept one is served without asking the list's rule again.
    authorize(viewer, 'readEvent', { eventId: event.id });
    const toDtos = (rows: UploadRow[], nicknames: Map<string, string | null>) => rows.map((u) => uploadDtoFor(viewer, u, nicknames));
    const hasOwn = viewer.kind === 'guest' && services.uploads.hasOwn(event.id, viewer.userId);
    const key = `${event.id}/${albumId ?? ''}/${listAudience(viewer, event, hasOwn)}/${query.sort ?? 'newest'}`;
    const version = services.uploads.listVersion(event.id);
    if (query.limit === undefined && query.cursor === undefined) {
      return wholeLists.respond(c, key, version, () =>
        toDtos(services.uploads.list(event, viewer, { albumId, sort: query.sort }), services.guests.nicknames(event.id)),
      );
    }
    const limit = query.limit ?? UPLOADS_PAGE_SIZE;
    return pages.respond(c, `${key}/${limit}/${query.cursor ?? ''}`, version, (): UploadPage => {
      const page = services.uploads.page(event, viewer, { albumId, limit, cursor: query.cursor, sort: query.sort });
      const nicknames = services.guests.nicknames(
        event.id,
        page.rows.map((u) => u.userId),
      );
      return { uploads: toDtos(page.rows, nicknames), next_cursor: page.nextCursor };
    });
  });

  app.get('/api/event/:eventId/download-zip', downloadZip.doc, inEvent, (c) => {
    const { services, event, viewer } = inEventOf(c);
    const { ids, favorites } = downloadZip.query(c);
    return zipOf(c, viewer, services.exports.chosenZip(event, viewer, ids, favorites));
  });
  app.get('/api/event/:eventId/download-zip/size', downloadZipSize.doc, inEvent, (c) => {
    const { services, event, viewer } = inEventOf(c);
    const { ids, favorites } = downloadZipSize.query(c);
    const zip = services.exports.chosenZip(event, viewer, ids, favorites);
    return c.json<ZipSize>({ size_bytes: zip.size, files: zip.entries.length });
  });

  for (const [action, approved] of [
    ['approve', true],
    ['reject', false],
  ] as const) {
    app.put(`/api/event/:eventId/upload/:uploadId/${action}`, moderate.doc, inEvent, (c) => {
      const { services, event, viewer } = inEventOf(c);
      const row = services.uploads.setApproved(event.id, moderate.params(c).uploadId, approved, viewer);
      return c.json(uploadDto(row, services.guests.nicknames(event.id)));
    });
  }

  /** A guest shares all of their private uploads at once. */
  app.put('/api/event/:eventId/uploads/approve-own', approveOwn.doc, inEvent, (c) => {
    const { services, event, viewer } = inEventOf(c);
    const ownerUserId = viewer.kind === 'guest' ? viewer.userId : null;
    authorize(viewer, 'shareAllOwn', { eventId: event.id, ownerUserId });
    const shared = services.uploads.shareAllOwn(event.id, ownerUserId!);
    return c.json<BulkAnswer>({ success: true, count: shared.length });
  });

  app.delete('/api/event/:eventId/upload/:uploadId', remove.doc, inEvent, (c) => {
    const { services, event, viewer } = inEventOf(c);
    services.uploads.delete(event.id, remove.params(c).uploadId, viewer);
    return c.json({ success: true });
  });

  /** Duplicate checks are for those who may upload into the event (the event window is checked at the upload). */
  const checkEvent = (c: Ctx, eventId: number) => {
    const event = c.get('deps').services.events.getById(eventId);
    const viewer = viewerOf(c, event);
    authorize(viewer, 'upload', { eventId: event.id });
    return { event, viewer };
  };

  app.get('/api/media/check-exact', checkExact.doc, (c) => {
    const { sha256, eventId } = checkExact.query(c);
    const { event, viewer } = checkEvent(c, eventId);
    const found = c.get('deps').services.uploads.findExact(event.id, sha256);
    // Who may not read the event (an API key) learns only yes or no about the file it is about to send; before
    // the reveal a guest learns no id of another's upload.
    const duplicate =
      found && can(viewer, 'readEvent', { eventId: event.id }) && revealLets(viewer, event, found.userId) ? { id: found.id } : null;
    return c.json<CheckExactAnswer>({ exists: Boolean(found), duplicate });
  });

  app.post('/api/media/check-similar', checkSimilar.doc, async (c) => {
    const { phash, eventId, threshold } = await checkSimilar.body(c);
    const { event, viewer } = checkEvent(c, eventId);
    authorize(viewer, 'readEvent', { eventId: event.id }); // ids and distances of others' photos: no API key
    const matches = c
      .get('deps')
      .services.uploads.findSimilar(event.id, phash, threshold)
      // Einwegkamera: before the reveal a guest hears of their own photos only.
      .filter(({ row }) => revealLets(viewer, event, row.userId))
      .map(({ row, distance }) => {
        const own = isUploader(row, viewer);
        // Only the asker's own thumbnail: another guest's photo may not be shared (approved) at all.
        const thumbnail = own && row.hasThumbnail ? mediaUrl.derived(row.storageKey, DERIVED.thumbnail) : null;
        return { id: row.id, distance, own, thumbnail_path: thumbnail };
      });
    return c.json<CheckSimilarAnswer>({ hasSimilar: matches.length > 0, matches });
  });

  return app;
}
