import { Hono } from 'hono';
import { reachOf, seesWholeEvent } from '../../domain/permissions.ts';
import { authorize } from '../../services/authorize.ts';
import type { Env } from '../context.ts';
import { idParam, jsonBody, requireRight, viewerOf } from '../context.ts';
import { albumDto } from '../dto.ts';

/** Albums as guests and admins reach them (the host's album calls are in client.routes.ts). */
export function albumRoutes() {
  const app = new Hono<Env>();

  app.get('/api/event/:eventId/albums', (c) => {
    const { services } = c.get('deps');
    const event = services.events.getById(idParam(c, 'eventId'));
    const viewer = viewerOf(c, event);
    authorize(viewer, 'readEvent', { eventId: event.id });
    const rows = services.albums.list(event.id, { visibleOnly: !seesWholeEvent(viewer, event.id) });
    return c.json(rows.map(albumDto));
  });

  app.post('/api/event/:eventId/album', async (c) => {
    const { services } = c.get('deps');
    const event = services.events.getById(idParam(c, 'eventId'));
    const viewer = viewerOf(c, event);
    const body = await jsonBody(c);
    if (reachOf(viewer, 'createAlbum') === 'unsortedOnly') return c.json(albumDto(services.albums.ensureUnsorted(event.id, body)));
    authorize(viewer, 'createAlbum', { eventId: event.id });
    return c.json(albumDto(services.albums.create(event.id, body)), 201);
  });

  // Editing albums by their id alone: the admin (the host's album calls carry its token, client.routes.ts).
  app.put('/api/album/:id', async (c) => {
    requireRight(c, 'manageEvent');
    const body = await jsonBody(c);
    return c.json(albumDto(c.get('deps').services.albums.update(idParam(c, 'id'), body)));
  });

  app.delete('/api/album/:id', (c) => {
    requireRight(c, 'manageEvent');
    c.get('deps').services.albums.delete(idParam(c, 'id'));
    return c.json({ success: true });
  });

  return app;
}
