import { Hono } from 'hono';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { authorize } from '../../services/authorize.ts';
import { MODERATION_STATUSES } from '../../services/uploads.service.ts';
import type { Ctx, Env } from '../context.ts';
import { hostOf, idParam } from '../context.ts';
import { albumDto, countedAlbumDto, eventDto, exportDto, statisticsDto, uploadDtoFor } from '../dto.ts';
import type { BulkAnswer, ClientSettingsDto, ModerationPage } from '../api-types.ts';
import { answer, endpoint, id, optionalQueryId, SuccessSchema } from '../openapi.ts';
import { AlbumChangeBody, NewAlbumBody } from '../schemas/albums.schemas.ts';
import { zipResponse } from './export-zip.ts';
import { EventFormFields, readEventForm } from './forms.ts';

const MODERATION_PAGE = 60;
const MAX_MODERATION_PAGE = 200;
const MAX_BULK = 500;

const settings = endpoint({ summary: "The host's settings page: the event and all its albums", tag: 'host', ok: answer('ClientSettingsDto'), errors: [404] });
const editEvent = endpoint({
  summary: "Changes the event's name, colours, header style, download, sharing default, wall settings and host image (not its code or dates)",
  tag: 'host',
  form: EventFormFields,
  ok: answer('EventDto'),
  errors: [404],
});
const createAlbum = endpoint({ summary: 'Creates an album', tag: 'host', body: NewAlbumBody, ok: answer('AlbumDto'), status: 201, errors: [404] });
const changeAlbum = endpoint({ summary: 'Changes an album (the toggle sends only visible)', tag: 'host', body: AlbumChangeBody, ok: answer('AlbumDto'), errors: [404] });
const deleteAlbum = endpoint({ summary: 'Deletes an album with its uploads', tag: 'host', ok: answer('{ success: true }', SuccessSchema), errors: [404] });
const moderationList = endpoint({
  summary: "The event's uploads for moderation, newest first, one page at a time",
  tag: 'host',
  query: z.object({
    status: z.enum(MODERATION_STATUSES, { error: `status muss ${MODERATION_STATUSES.join(', ')} sein` }).default('all'),
    albumId: optionalQueryId('albumId'),
    guestId: optionalQueryId('guestId'),
    limit: optionalQueryId('limit'),
    offset: z
      .string()
      .regex(/^\d{1,15}$/, 'offset ist ungültig')
      .transform(Number)
      .optional(),
  }),
  ok: answer('ModerationPage'),
  errors: [404],
});
const moderateOne = endpoint({ summary: 'Approves or withdraws any upload of the event', tag: 'host', ok: answer('UploadDto'), errors: [404] });
const deleteOne = endpoint({ summary: 'Deletes any upload of the event', tag: 'host', ok: answer('{ success: true }', SuccessSchema), errors: [404] });
const bulkMessage = `ids muss 1 bis ${MAX_BULK} Upload-IDs enthalten`;
/** Many uploads at once: `{ ids: [...] }` (at most 500), or `{ guestId }` for 'remove all uploads of this guest'. */
const BulkBody = z
  .object({
    guestId: id('guestId ist ungültig').optional(),
    ids: z.array(id('ids enthält eine ungültige ID'), { error: bulkMessage }).min(1, bulkMessage).max(MAX_BULK, bulkMessage).optional(),
  })
  .refine((b) => b.guestId !== undefined || b.ids !== undefined, { message: bulkMessage, path: ['ids'] });
const moderateMany = endpoint({ summary: 'Approves or withdraws many uploads at once', tag: 'host', body: BulkBody, ok: answer('BulkAnswer'), errors: [404] });
const deleteMany = endpoint({ summary: 'Deletes many uploads at once', tag: 'host', body: BulkBody, ok: answer('BulkAnswer'), errors: [404] });
const statistics = endpoint({ summary: "The event's statistics", tag: 'host', ok: answer('StatisticsDto'), errors: [404] });
const exportList = endpoint({ summary: "The event's uploads as a list for the export", tag: 'host', ok: answer('ExportDto'), errors: [404] });
const exportZip = endpoint({
  summary: 'The whole event as one streamed ZIP (X-Archive-Size)',
  tag: 'host',
  ok: { description: 'application/zip', content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } } } as never,
  errors: [404],
});

/** The host's settings page, authorised only by the client token in the path. */
export function clientRoutes() {
  const app = new Hono<Env>();
  /** The token's event; the token makes its bearer the host of that event (domain/permissions.ts). */
  const hostEvent = (c: Ctx) => {
    const event = c.get('deps').services.events.getByClientToken(c.req.param('token') ?? '');
    authorize(hostOf(event), 'manageEvent', { eventId: event.id });
    return event;
  };
  /** The album, which must belong to the token's event. */
  const hostAlbum = (c: Ctx) => {
    const event = hostEvent(c);
    const album = c.get('deps').services.albums.get(idParam(c, 'albumId'));
    if (album.eventId !== event.id) throw notFound('Album not found');
    return album;
  };

  app.get('/api/client/event-settings/:token', settings.doc, (c) => {
    const { services } = c.get('deps');
    const event = hostEvent(c);
    const counts = services.albums.uploadCounts(event.id);
    return c.json<ClientSettingsDto>({
      event: eventDto(event),
      albums: services.albums.list(event.id, { visibleOnly: false }).map((a) => countedAlbumDto(a, counts)),
    });
  });

  app.put('/api/client/event/:token', editEvent.doc, async (c) => {
    const event = hostEvent(c);
    const form = await readEventForm(c);
    // The code is in every guest's link and QR code: the host cannot change it, nor the event's dates.
    delete form.code;
    delete form.event_start_datetime;
    delete form.event_duration_days;
    return c.json(eventDto(await c.get('deps').services.events.update(event.id, form)));
  });

  app.post('/api/client/event/:token/album', createAlbum.doc, async (c) => {
    const event = hostEvent(c);
    const body = await createAlbum.body(c);
    return c.json(albumDto(c.get('deps').services.albums.create(event.id, body)), 201);
  });

  app.put('/api/client/album/:albumId/:token', changeAlbum.doc, async (c) => {
    const album = hostAlbum(c);
    const body = await changeAlbum.body(c);
    return c.json(albumDto(c.get('deps').services.albums.update(album.id, body)));
  });

  app.delete('/api/client/album/:albumId/:token', deleteAlbum.doc, (c) => {
    const album = hostAlbum(c);
    c.get('deps').services.albums.delete(album.id);
    return c.json({ success: true });
  });

  // ---- moderation: the host approves, withdraws and deletes any upload of its event ----

  app.get('/api/client/event-uploads/:token', moderationList.doc, (c) => {
    const { services } = c.get('deps');
    const event = hostEvent(c);
    const query = moderationList.query(c);
    if (query.albumId !== undefined) services.albums.getInEvent(event.id, query.albumId);
    const limit = Math.min(query.limit ?? MODERATION_PAGE, MAX_MODERATION_PAGE);
    const offset = query.offset ?? 0;
    const page = services.uploads.moderationPage(event.id, { status: query.status, albumId: query.albumId, guestId: query.guestId, limit, offset });
    const uploaders = services.guests.uploaders(event.id);
    const guestIds = new Map(uploaders.map((g) => [g.userId, g.guestId]));
    const nicknames = services.guests.nicknames(event.id);
    const viewer = hostOf(event);
    return c.json<ModerationPage>({
      uploads: page.rows.map((u) => ({ ...uploadDtoFor(viewer, u, nicknames), guest_id: u.userId ? (guestIds.get(u.userId) ?? null) : null })),
      total: page.total,
      limit,
      offset,
      guests: uploaders.map((g) => ({ guest_id: g.guestId, nickname: g.nickname, upload_count: g.uploadCount })),
    });
  });

  for (const [action, approved] of [['approve', true], ['reject', false]] as const) {
    app.put(`/api/client/upload/:uploadId/${action}/:token`, moderateOne.doc, (c) => {
      const { services } = c.get('deps');
      const event = hostEvent(c);
      const viewer = hostOf(event);
      const row = services.uploads.setApproved(event.id, idParam(c, 'uploadId'), approved, viewer);
      return c.json(uploadDtoFor(viewer, row, services.guests.nicknames(event.id)));
    });
    app.put(`/api/client/uploads/${action}/:token`, moderateMany.doc, async (c) => {
      const event = hostEvent(c);
      const ids = bulkIds(c, event.id, await moderateMany.body(c));
      const changed = c.get('deps').services.uploads.setApprovedMany(event.id, ids, approved, hostOf(event));
      return c.json<BulkAnswer>({ success: true, count: changed.length });
    });
  }

  app.delete('/api/client/upload/:uploadId/:token', deleteOne.doc, (c) => {
    const event = hostEvent(c);
    c.get('deps').services.uploads.delete(event.id, idParam(c, 'uploadId'), hostOf(event));
    return c.json({ success: true });
  });

  app.post('/api/client/uploads/delete/:token', deleteMany.doc, async (c) => {
    const event = hostEvent(c);
    const ids = bulkIds(c, event.id, await deleteMany.body(c));
    const count = c.get('deps').services.uploads.deleteMany(event.id, ids, hostOf(event));
    return c.json<BulkAnswer>({ success: true, count });
  });

  /** The uploads a bulk call names: the guest's all, or the ids once each. */
  function bulkIds(c: Ctx, eventId: number, body: z.output<typeof BulkBody>): number[] {
    if (body.guestId !== undefined) return c.get('deps').services.uploads.idsOfGuest(eventId, body.guestId);
    return [...new Set(body.ids)];
  }

  app.get('/api/client/event-statistics/:token', statistics.doc, (c) => {
    const event = hostEvent(c);
    return c.json(statisticsDto(c.get('deps').services.reports.report(event.id)));
  });

  app.get('/api/client/event-export/:token', exportList.doc, (c) => {
    const event = hostEvent(c);
    return c.json(exportDto(event, c.get('deps').services.reports.report(event.id)));
  });

  app.get('/api/client/event-export-zip/:token', exportZip.doc, (c) => zipResponse(c, hostEvent(c)));

  return app;
}
