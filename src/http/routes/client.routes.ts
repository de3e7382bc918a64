import { Hono } from 'hono';
import { z } from 'zod';
import { MAX_BULK, MAX_MODERATION_PAGE, MODERATION_PAGE, MODERATION_STATUSES } from '../../domain/limits.ts';
import { notFound, problem } from '../../lib/errors.ts';
import type { Services } from '../../services/index.ts';
import type { Ctx, Env } from '../context.ts';
import { asHost, setHostMediaCookie } from '../context.ts';
import { albumDto, countedAlbumDto, eventDto, exportDto, exportSizesDto, handledUploadDto, statisticsDto, uploadDtoFor } from '../dto.ts';
import type { BulkAnswer, ClientSettingsDto, ExportSizes, ModerationPage } from '../api-types.ts';
import { answer, bytes, endpoint, id, optionalQueryId } from '../openapi.ts';
import { AlbumChangeBody, NewAlbumBody } from '../schemas/albums.schemas.ts';
import { TokenAlbumPath, TokenPath, TokenUploadPath } from '../schemas/params.schemas.ts';
import {
  AlbumDtoSchema,
  BulkAnswerSchema,
  ClientSettingsDtoSchema,
  EventDtoSchema,
  ExportDtoSchema,
  ExportSizesSchema,
  ExportTicketSchema,
  ModerationPageSchema,
  StatisticsDtoSchema,
  SuccessSchema,
  UploadDtoSchema,
} from '../schemas/responses.schemas.ts';
import { ExportZipQuery, TicketQuery, ticketAnswer, ticketZip, zipOf } from './export-zip.ts';
import { keepsakeFor } from '../keepsake-page.ts';
import { languageOf } from '../language.ts';
import { EventChangeForm, readEventForm } from './forms.ts';

const settings = endpoint({
  summary: "The host's settings page: the event and all its albums",
  tag: 'host',
  params: TokenPath,
  ok: answer('The event and all its albums (with upload_count)', ClientSettingsDtoSchema),
});
const printOpened = endpoint({
  summary: "The couple opened the print view (ticks the admin's setup checklist's 'cards printed')",
  tag: 'host',
  params: TokenPath,
  ok: answer('{ success: true }', SuccessSchema),
});
const editEvent = endpoint({
  summary:
    "Changes the event's name, colours, header style, download, sharing default, wall settings and host image (not its code or dates)",
  tag: 'host',
  params: TokenPath,
  form: EventChangeForm,
  ok: answer('The event as changed', EventDtoSchema),
});
const createAlbum = endpoint({
  summary: 'Creates an album, or with challenge: true a photo challenge (its name is the prompt, no dates)',
  tag: 'host',
  params: TokenPath,
  body: NewAlbumBody,
  ok: answer('The new album', AlbumDtoSchema),
  status: 201,
});
const changeAlbum = endpoint({
  summary: 'Changes an album (the toggle sends only visible)',
  tag: 'host',
  params: TokenAlbumPath,
  body: AlbumChangeBody,
  ok: answer('The album as changed', AlbumDtoSchema),
});
const deleteAlbum = endpoint({
  summary: 'Deletes an album with its uploads',
  tag: 'host',
  params: TokenAlbumPath,
  ok: answer('{ success: true }', SuccessSchema),
});
const moderationList = endpoint({
  summary: "The event's uploads for moderation, newest first, one page at a time",
  tag: 'host',
  query: z.object({
    status: z.enum(MODERATION_STATUSES, { error: problem('moderationStatusInvalid') }).default('all'),
    albumId: optionalQueryId(),
    guestId: optionalQueryId(),
    limit: optionalQueryId(),
    offset: z
      .string()
      .regex(/^\d{1,15}$/, problem('invalidField'))
      .transform(Number)
      .optional(),
  }),
  params: TokenPath,
  ok: answer('One page of the moderation list', ModerationPageSchema),
});
const moderateOne = endpoint({
  summary: 'Approves or withdraws any upload of the event',
  tag: 'host',
  params: TokenUploadPath,
  ok: answer('The upload as changed', UploadDtoSchema),
});
const deleteOne = endpoint({
  summary: 'Deletes any upload of the event',
  tag: 'host',
  params: TokenUploadPath,
  ok: answer('{ success: true }', SuccessSchema),
});
const bulkMessage = problem('bulkIds');
/** Many uploads at once: `{ ids: [...] }` (at most 500), or `{ guestId }` for 'remove all uploads of this guest'. */
const BulkBody = z
  .object({
    guestId: id(problem('invalidField')).optional(),
    ids: z
      .array(id(problem('idsInvalid')), { error: bulkMessage })
      .min(1, bulkMessage)
      .max(MAX_BULK, bulkMessage)
      .optional(),
  })
  .refine((b) => b.guestId !== undefined || b.ids !== undefined, { message: bulkMessage, path: ['ids'] });
const moderateMany = endpoint({
  summary: 'Approves or withdraws many uploads at once',
  tag: 'host',
  params: TokenPath,
  body: BulkBody,
  ok: answer('How many changed', BulkAnswerSchema),
  errors: [404],
});
const deleteMany = endpoint({
  summary: 'Deletes many uploads at once',
  tag: 'host',
  params: TokenPath,
  body: BulkBody,
  ok: answer('How many were deleted', BulkAnswerSchema),
  errors: [404],
});
const statistics = endpoint({
  summary: "The event's statistics",
  tag: 'host',
  params: TokenPath,
  ok: answer('StatisticsDto', StatisticsDtoSchema),
});
const exportList = endpoint({
  summary: "The event's uploads as a list for the export",
  tag: 'host',
  params: TokenPath,
  ok: answer('ExportDto', ExportDtoSchema),
});
const exportZip = endpoint({
  summary: 'The whole event as one streamed ZIP (X-Archive-Size)',
  tag: 'host',
  params: TokenPath,
  query: ExportZipQuery.extend(TicketQuery.shape),
  ok: bytes('The ZIP, streamed; its exact size in X-Archive-Size', ['application/zip']),
  errors: [404, 429],
});
const exportTicket = endpoint({
  summary:
    "A single-use, one-minute link to the ZIP (or one album's) for the browser's download manager, its size and where its progress is",
  tag: 'host',
  params: TokenPath,
  query: ExportZipQuery,
  ok: answer('The link, when it expires, the size and the progress link', ExportTicketSchema),
  errors: [404],
});
const exportSizes = endpoint({
  summary: "The exact size of the event's export ZIP and of each album's",
  tag: 'host',
  params: TokenPath,
  ok: answer('ExportSizes', ExportSizesSchema),
});

/** The host's settings page, authorised only by the client token in the path. */
export function clientRoutes() {
  const app = new Hono<Env>();
  // `asHost`: finding the token's event is the whole check (an unknown token is a 404). The token makes its
  // bearer the host of that event (`hostOf`), whose 'manageEvent' reaches that event by definition.
  /** The album, which must belong to the token's event. */
  const hostAlbum = (c: Ctx, { token, albumId }: z.output<typeof TokenAlbumPath>) => {
    const { services, event } = asHost(c, token);
    const album = services.albums.get(albumId);
    if (album.eventId !== event.id) throw notFound('album');
    return { services, album };
  };

  app.get('/api/client/event-settings/:token', settings.doc, (c) => {
    const { token } = settings.params(c);
    const { services, event } = asHost(c, token);
    // the couple's link has reached them (the setup checklist's step): their page, or their print view, loads this
    services.events.markOpened(event.id, 'couple');
    setHostMediaCookie(c, event, token); // their page's thumbnails after viewable-until
    const counts = services.albums.uploadCounts(event.id);
    return c.json<ClientSettingsDto>({
      event: eventDto(event),
      albums: services.albums.list(event.id, { visibleOnly: false }).map((a) => countedAlbumDto(a, counts)),
      face_progress: services.faces.progress(event.id),
    });
  });

  app.post('/api/client/print-opened/:token', printOpened.doc, (c) => {
    const { services, event } = asHost(c, printOpened.params(c).token);
    services.events.markOpened(event.id, 'print');
    return c.json({ success: true });
  });

  app.put('/api/client/event/:token', editEvent.doc, async (c) => {
    const { services, event } = asHost(c, editEvent.params(c).token);
    const form = await readEventForm(c, EventChangeForm);
    // The code is in every guest's link and QR code: the host cannot change it, nor the event's dates.
    delete form.code;
    delete form.event_start_datetime;
    delete form.event_duration_days;
    return c.json(eventDto(await services.events.update(event.id, form)));
  });

  app.post('/api/client/event/:token/album', createAlbum.doc, async (c) => {
    const { services, event } = asHost(c, createAlbum.params(c).token);
    const body = await createAlbum.body(c);
    return c.json(albumDto(services.albums.create(event.id, body)), 201);
  });

  app.put('/api/client/album/:albumId/:token', changeAlbum.doc, async (c) => {
    const { services, album } = hostAlbum(c, changeAlbum.params(c));
    const body = await changeAlbum.body(c);
    return c.json(albumDto(services.albums.update(album.id, body)));
  });

  app.delete('/api/client/album/:albumId/:token', deleteAlbum.doc, (c) => {
    const { services, album } = hostAlbum(c, deleteAlbum.params(c));
    services.albums.delete(album.id);
    return c.json({ success: true });
  });

  // ---- moderation: the host approves, withdraws and deletes any upload of its event ----

  app.get('/api/client/event-uploads/:token', moderationList.doc, (c) => {
    const { services, event, viewer } = asHost(c, moderationList.params(c).token);
    const query = moderationList.query(c);
    if (query.albumId !== undefined) services.albums.getInEvent(event.id, query.albumId);
    const limit = Math.min(query.limit ?? MODERATION_PAGE, MAX_MODERATION_PAGE);
    const offset = query.offset ?? 0;
    const page = services.uploads.moderationPage(event.id, {
      status: query.status,
      albumId: query.albumId,
      guestId: query.guestId,
      limit,
      offset,
    });
    const uploaders = services.guests.uploaders(event.id);
    const guestIds = new Map(uploaders.map((g) => [g.userId, g.guestId]));
    const nicknames = services.guests.nicknames(event.id);
    return c.json<ModerationPage>({
      uploads: page.rows.map((u) => handledUploadDto(viewer, u, nicknames, guestIds)),
      total: page.total,
      limit,
      offset,
      guests: uploaders.map((g) => ({ guest_id: g.guestId, nickname: g.nickname, upload_count: g.uploadCount })),
    });
  });

  for (const [action, approved] of [
    ['approve', true],
    ['reject', false],
  ] as const) {
    app.put(`/api/client/upload/:uploadId/${action}/:token`, moderateOne.doc, (c) => {
      const { token, uploadId } = moderateOne.params(c);
      const { services, event, viewer } = asHost(c, token);
      const row = services.uploads.setApproved(event.id, uploadId, approved, viewer);
      return c.json(uploadDtoFor(viewer, row, services.guests.nicknames(event.id)));
    });
    app.put(`/api/client/uploads/${action}/:token`, moderateMany.doc, async (c) => {
      const { services, event, viewer } = asHost(c, moderateMany.params(c).token);
      const ids = bulkIds(services, event.id, await moderateMany.body(c));
      const changed = services.uploads.setApprovedMany(event.id, ids, approved, viewer);
      return c.json<BulkAnswer>({ success: true, count: changed.length });
    });
  }

  app.delete('/api/client/upload/:uploadId/:token', deleteOne.doc, (c) => {
    const { token, uploadId } = deleteOne.params(c);
    const { services, event, viewer } = asHost(c, token);
    services.uploads.delete(event.id, uploadId, viewer);
    return c.json({ success: true });
  });

  app.post('/api/client/uploads/delete/:token', deleteMany.doc, async (c) => {
    const { services, event, viewer } = asHost(c, deleteMany.params(c).token);
    const ids = bulkIds(services, event.id, await deleteMany.body(c));
    const count = services.uploads.deleteMany(event.id, ids, viewer);
    return c.json<BulkAnswer>({ success: true, count });
  });

  /** The uploads a bulk call names: the guest's all, or the ids once each. */
  function bulkIds(services: Services, eventId: number, body: z.output<typeof BulkBody>): number[] {
    if (body.guestId !== undefined) return services.uploads.idsOfGuest(eventId, body.guestId);
    return [...new Set(body.ids)];
  }

  app.get('/api/client/event-statistics/:token', statistics.doc, (c) => {
    const { services, event, viewer } = asHost(c, statistics.params(c).token);
    return c.json(statisticsDto(viewer, services.reports.report(event.id)));
  });

  app.get('/api/client/event-export/:token', exportList.doc, (c) => {
    const { services, event, viewer } = asHost(c, exportList.params(c).token);
    return c.json(exportDto(viewer, event, services.reports.report(event.id)));
  });

  app.get('/api/client/event-export-zip/:token', exportZip.doc, (c) => {
    const { token } = exportZip.params(c);
    const { services, event, viewer } = asHost(c, token);
    const { ticket, albumId, favorites } = exportZip.query(c);
    if (ticket === undefined)
      return zipOf(
        c,
        viewer,
        services.exports.eventZip(event, albumId, favorites, false, keepsakeFor(viewer, languageOf(c, event.language))),
      );
    const scope = services.exports.redeemTicket(event.id, ticket);
    if (!scope) throw notFound();
    const keepsake = keepsakeFor(viewer, scope.language ?? event.language);
    return ticketZip(c, viewer, ticket, services.exports.eventZip(event, scope.albumId, scope.favorites, false, keepsake));
  });

  app.post('/api/client/event-export-ticket/:token', exportTicket.doc, (c) => {
    const { token } = exportTicket.params(c);
    const { services, event, viewer } = asHost(c, token);
    const { albumId, favorites } = exportTicket.query(c);
    const language = languageOf(c, event.language);
    const plan = services.exports.eventZip(event, albumId, favorites, false, keepsakeFor(viewer, language));
    return c.json(
      ticketAnswer(
        services,
        { eventId: event.id, albumId, favorites, language },
        plan,
        `/api/client/event-export-zip/${encodeURIComponent(token)}`,
      ),
    );
  });

  app.get('/api/client/event-export-sizes/:token', exportSizes.doc, (c) => {
    const { services, event, viewer } = asHost(c, exportSizes.params(c).token);
    const keepsake = keepsakeFor(viewer, languageOf(c, event.language));
    return c.json<ExportSizes>(exportSizesDto(services.exports.eventZipSizes(event, false, keepsake)));
  });

  return app;
}
