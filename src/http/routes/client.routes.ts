import { Hono } from 'hono';
import { badRequest, notFound } from '../../lib/errors.ts';
import { authorize } from '../../services/authorize.ts';
import { MODERATION_STATUSES, type ModerationFilter } from '../../services/uploads.service.ts';
import type { Ctx, Env } from '../context.ts';
import { hostOf, idParam, jsonBody, parseId } from '../context.ts';
import { albumDto, eventDto, exportDto, statisticsDto, uploadDtoFor } from '../dto.ts';
import type { BulkAnswer, ClientSettingsDto, ModerationPage } from '../api-types.ts';
import { zipResponse } from './export-zip.ts';
import { readEventForm } from './forms.ts';

const MODERATION_PAGE = 60;
const MAX_MODERATION_PAGE = 200;
const MAX_BULK = 500;

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

  app.get('/api/client/event-settings/:token', (c) => {
    const { services } = c.get('deps');
    const event = hostEvent(c);
    return c.json<ClientSettingsDto>({
      event: eventDto(event),
      albums: services.albums.list(event.id, { visibleOnly: false }).map(albumDto),
    });
  });

  app.put('/api/client/event/:token', async (c) => {
    const event = hostEvent(c);
    const form = await readEventForm(c);
    // The code is in every guest's link and QR code: the host cannot change it, nor the event's dates.
    delete form.code;
    delete form.event_start_datetime;
    delete form.event_duration_days;
    return c.json(eventDto(await c.get('deps').services.events.update(event.id, form)));
  });

  app.post('/api/client/event/:token/album', async (c) => {
    const event = hostEvent(c);
    const body = await jsonBody(c);
    return c.json(albumDto(c.get('deps').services.albums.create(event.id, body)), 201);
  });

  app.put('/api/client/album/:albumId/:token', async (c) => {
    const album = hostAlbum(c);
    const body = await jsonBody(c);
    return c.json(albumDto(c.get('deps').services.albums.update(album.id, body)));
  });

  app.delete('/api/client/album/:albumId/:token', (c) => {
    const album = hostAlbum(c);
    c.get('deps').services.albums.delete(album.id);
    return c.json({ success: true });
  });

  // ---- moderation: the host approves, withdraws and deletes any upload of its event ----

  app.get('/api/client/event-uploads/:token', (c) => {
    const { services } = c.get('deps');
    const event = hostEvent(c);
    const status = c.req.query('status') ?? 'all';
    if (!(MODERATION_STATUSES as readonly string[]).includes(status)) {
      throw badRequest(`status muss ${MODERATION_STATUSES.join(', ')} sein`, { field: 'status' });
    }
    const optionalId = (field: string) => {
      const raw = c.req.query(field);
      if (raw === undefined || raw === '') return undefined;
      const id = parseId(raw);
      if (id === null) throw badRequest(`${field} ist ungültig`, { field });
      return id;
    };
    const albumId = optionalId('albumId');
    if (albumId !== undefined) services.albums.getInEvent(event.id, albumId);
    const limit = Math.min(optionalId('limit') ?? MODERATION_PAGE, MAX_MODERATION_PAGE);
    const offset = Number(c.req.query('offset') ?? 0);
    if (!Number.isSafeInteger(offset) || offset < 0) throw badRequest('offset ist ungültig', { field: 'offset' });
    const page = services.uploads.moderationPage(event.id, { status: status as ModerationFilter['status'], albumId, guestId: optionalId('guestId'), limit, offset });
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
    app.put(`/api/client/upload/:uploadId/${action}/:token`, (c) => {
      const { services } = c.get('deps');
      const event = hostEvent(c);
      const viewer = hostOf(event);
      const row = services.uploads.setApproved(event.id, idParam(c, 'uploadId'), approved, viewer);
      return c.json(uploadDtoFor(viewer, row, services.guests.nicknames(event.id)));
    });
    app.put(`/api/client/uploads/${action}/:token`, async (c) => {
      const event = hostEvent(c);
      const ids = await bulkIds(c, event.id);
      const changed = c.get('deps').services.uploads.setApprovedMany(event.id, ids, approved, hostOf(event));
      return c.json<BulkAnswer>({ success: true, count: changed.length });
    });
  }

  app.delete('/api/client/upload/:uploadId/:token', (c) => {
    const event = hostEvent(c);
    c.get('deps').services.uploads.delete(event.id, idParam(c, 'uploadId'), hostOf(event));
    return c.json({ success: true });
  });

  /** Many at once: `{ ids: [...] }`, or `{ guestId }` for 'remove all uploads of this guest'. */
  app.post('/api/client/uploads/delete/:token', async (c) => {
    const event = hostEvent(c);
    const ids = await bulkIds(c, event.id);
    const count = c.get('deps').services.uploads.deleteMany(event.id, ids, hostOf(event));
    return c.json<BulkAnswer>({ success: true, count });
  });

  /** The uploads a bulk call names: `{ ids: number[] }` (at most 500) or `{ guestId }` (all of that guest's). */
  async function bulkIds(c: Ctx, eventId: number): Promise<number[]> {
    const body = await jsonBody(c);
    if (body.guestId !== undefined) {
      const guestId = parseId(body.guestId);
      if (guestId === null) throw badRequest('guestId ist ungültig', { field: 'guestId' });
      return c.get('deps').services.uploads.idsOfGuest(eventId, guestId);
    }
    if (!Array.isArray(body.ids) || body.ids.length === 0 || body.ids.length > MAX_BULK) {
      throw badRequest(`ids muss 1 bis ${MAX_BULK} Upload-IDs enthalten`, { field: 'ids' });
    }
    const ids = body.ids.map(parseId);
    if (ids.some((id) => id === null)) throw badRequest('ids enthält eine ungültige ID', { field: 'ids' });
    return [...new Set(ids as number[])];
  }

  app.get('/api/client/event-statistics/:token', (c) => {
    const event = hostEvent(c);
    return c.json(statisticsDto(c.get('deps').services.reports.report(event.id)));
  });

  app.get('/api/client/event-export/:token', (c) => {
    const event = hostEvent(c);
    return c.json(exportDto(event, c.get('deps').services.reports.report(event.id)));
  });

  app.get('/api/client/event-export-zip/:token', (c) => zipResponse(c, hostEvent(c)));

  return app;
}
