import { Hono } from 'hono';
import { forbidden } from '../../lib/errors.ts';
import type { Env } from '../context.ts';
import { idParam, jsonBody, requireAdmin, viewerOf } from '../context.ts';
import { albumDto } from '../dto.ts';

/** Albums as guests and admins reach them (the host's album calls are in client.routes.ts). */
export function albumRoutes() {
  const app = new Hono<Env>();

  app.get('/api/event/:eventId/albums', (c) => {
    const { services } = c.get('deps');
    const event = services.events.getById(idParam(c, 'eventId'));
    const viewer = viewerOf(c, event);
    const rows = services.albums.list(event.id, { visibleOnly: viewer.kind !== 'admin' });
    return c.json(rows.map(albumDto));
  });

  app.post('/api/event/:eventId/album', async (c) => {
    const { services } = c.get('deps');
    const event = services.events.getById(idParam(c, 'eventId'));
    const viewer = viewerOf(c, event);
    const body = await jsonBody(c);
    if (viewer.kind === 'admin') return c.json(albumDto(services.albums.create(event.id, body)), 201);
    if (viewer.kind === 'guest' && viewer.consented) return c.json(albumDto(services.albums.ensureUnsorted(event.id, body)));
    throw forbidden('Bitte zuerst den Nutzungsbedingungen zustimmen', 'CONSENT_REQUIRED');
  });

  app.put('/api/album/:id', async (c) => {
    requireAdmin(c);
    const body = await jsonBody(c);
    return c.json(albumDto(c.get('deps').services.albums.update(idParam(c, 'id'), body)));
  });

  app.delete('/api/album/:id', (c) => {
    requireAdmin(c);
    c.get('deps').services.albums.delete(idParam(c, 'id'));
    return c.json({ success: true });
  });

  return app;
}
