import { Hono } from 'hono';
import { notFound } from '../../lib/errors.ts';
import { authorize } from '../../services/authorize.ts';
import type { Ctx, Env } from '../context.ts';
import { hostOf, idParam, jsonBody } from '../context.ts';
import { albumDto, eventDto, exportDto, statisticsDto } from '../dto.ts';
import type { ClientSettingsDto } from '../api-types.ts';
import { zipResponse } from './export-zip.ts';
import { readEventForm } from './forms.ts';

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
