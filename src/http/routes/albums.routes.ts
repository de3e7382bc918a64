import { Hono } from 'hono';
import { z } from 'zod';
import { reachOf, seesWholeEvent } from '../../domain/permissions.ts';
import { authorize } from '../../services/authorize.ts';
import type { Env } from '../context.ts';
import { requireRight } from '../context.ts';
import { inEvent, inEventOf } from '../middleware/event-scope.ts';
import { albumDto, galleryAlbumDto } from '../dto.ts';
import type { GalleryAlbumDto } from '../api-types.ts';
import { answer, endpoint } from '../openapi.ts';
import { AlbumChangeBody, GuestAlbumBody, NewAlbumBody } from '../schemas/albums.schemas.ts';
import { AlbumPath, EventIdPath } from '../schemas/params.schemas.ts';
import { AlbumDtoSchema, GalleryAlbumDtoSchema, SuccessSchema } from '../schemas/responses.schemas.ts';

const list = endpoint({
  summary: "An event's albums (visible ones; all for its host and the admin), each with the count and cover of what the viewer sees in it",
  tag: 'guest',
  params: EventIdPath,
  ok: answer('GalleryAlbumDto[], dated by start, then undated', z.array(GalleryAlbumDtoSchema)),
  errors: [403],
});
const create = endpoint({
  summary:
    "Creates an album (with challenge: true a photo challenge, its name the prompt): the admin any, a guest only 'Unsortiert' without dates (idempotent, answers 200)",
  tag: 'guest',
  callers: ['guest', 'admin'],
  params: EventIdPath,
  body: NewAlbumBody,
  ok: answer('The new album', AlbumDtoSchema),
  status: 201,
  also: { 200: answer("A guest's 'Unsortiert' (the existing one, or made now)", AlbumDtoSchema) },
  errors: [403],
});
const change = endpoint({
  summary: 'Changes an album (admin)',
  tag: 'admin',
  params: AlbumPath,
  body: AlbumChangeBody,
  ok: answer('The album as changed', AlbumDtoSchema),
  errors: [401, 403],
});
const remove = endpoint({
  summary: 'Deletes an album with its uploads (admin)',
  tag: 'admin',
  params: AlbumPath,
  ok: answer('{ success: true }', SuccessSchema),
  errors: [401, 403],
});

/** Albums as guests and admins reach them (the host's album calls are in client.routes.ts). */
export function albumRoutes() {
  const app = new Hono<Env>();

  app.get('/api/event/:eventId/albums', list.doc, inEvent, (c) => {
    const { services, event, viewer } = inEventOf(c);
    authorize(viewer, 'readEvent', { eventId: event.id });
    const rows = services.albums.list(event.id, { visibleOnly: !seesWholeEvent(viewer, event.id) });
    const summaries = services.uploads.albumSummaries(event, viewer);
    return c.json<GalleryAlbumDto[]>(rows.map((a) => galleryAlbumDto(a, summaries.get(a.id))));
  });

  app.post('/api/event/:eventId/album', create.doc, inEvent, async (c) => {
    const { services, event, viewer } = inEventOf(c);
    // A guest's call is read as it comes and judged by the table's row ('unsortedOnly': name and dates);
    // what it may make, 'Unsortiert', is made once (a second call answers the same album).
    if (reachOf(viewer, 'createAlbum') === 'unsortedOnly') {
      authorize(viewer, 'createAlbum', { eventId: event.id, album: await create.bodyAs(c, GuestAlbumBody) });
      return c.json(albumDto(services.albums.ensureUnsorted(event.id)));
    }
    authorize(viewer, 'createAlbum', { eventId: event.id });
    const body = await create.body(c);
    return c.json(albumDto(services.albums.create(event.id, body)), 201);
  });

  // Editing albums by their id alone: the admin (the host's album calls carry its token, client.routes.ts).
  app.put('/api/album/:id', change.doc, async (c) => {
    requireRight(c, 'manageEvent');
    const body = await change.body(c);
    return c.json(albumDto(c.get('deps').services.albums.update(change.params(c).id, body)));
  });

  app.delete('/api/album/:id', remove.doc, (c) => {
    requireRight(c, 'manageEvent');
    c.get('deps').services.albums.delete(remove.params(c).id);
    return c.json({ success: true });
  });

  return app;
}
