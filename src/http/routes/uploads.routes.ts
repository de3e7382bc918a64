import { Hono } from 'hono';
import { DHASH_RE, SIMILARITY_THRESHOLD } from '../../domain/dhash.ts';
import { can } from '../../domain/permissions.ts';
import { badRequest, forbidden } from '../../lib/errors.ts';
import { authorize } from '../../services/authorize.ts';
import type { Ctx, Env } from '../context.ts';
import { idParam, jsonBody, parseId, viewerOf } from '../context.ts';
import { uploadDto, uploadDtoFor } from '../dto.ts';
import type { CheckExactAnswer, CheckSimilarAnswer } from '../api-types.ts';

/** Listing, approval, deletion and duplicate checks of uploads (the bytes come in through ingest.routes.ts). */
export function uploadRoutes() {
  const app = new Hono<Env>();

  const eventOf = (c: Ctx, param = 'eventId') => c.get('deps').services.events.getById(idParam(c, param));

  app.get('/api/event/:eventId/uploads', (c) => {
    const { services } = c.get('deps');
    const event = eventOf(c);
    const viewer = viewerOf(c, event);
    const albumParam = c.req.query('albumId');
    let albumId: number | undefined;
    if (albumParam) {
      const id = parseId(albumParam);
      if (id === null) throw badRequest('albumId ist ungültig', { field: 'albumId' });
      albumId = services.albums.getInEvent(event.id, id).id;
    }
    const rows = services.uploads.list(event.id, viewer, { albumId, mediaExpired: event.status === 'expired' });
    const nicknames = services.guests.nicknames(event.id);
    return c.json(rows.map((u) => uploadDtoFor(viewer, u, nicknames)));
  });

  for (const [action, approved] of [['approve', true], ['reject', false]] as const) {
    app.put(`/api/event/:eventId/upload/:uploadId/${action}`, (c) => {
      const { services } = c.get('deps');
      const event = eventOf(c);
      const row = services.uploads.setApproved(event.id, idParam(c, 'uploadId'), approved, viewerOf(c, event));
      return c.json(uploadDto(row, services.guests.nicknames(event.id)));
    });
  }

  /** A guest shares all of their private uploads at once. */
  app.put('/api/event/:eventId/uploads/approve-own', (c) => {
    const event = eventOf(c);
    const viewer = viewerOf(c, event);
    if (viewer.kind !== 'guest') throw forbidden('Nur Gäste können ihre eigenen Uploads teilen');
    authorize(viewer, 'moderate', { eventId: event.id, ownerUserId: viewer.userId });
    const shared = c.get('deps').services.uploads.shareAllOwn(event.id, viewer.userId);
    return c.json({ success: true, count: shared.length });
  });

  app.delete('/api/event/:eventId/upload/:uploadId', (c) => {
    const event = eventOf(c);
    c.get('deps').services.uploads.delete(event.id, idParam(c, 'uploadId'), viewerOf(c, event));
    return c.json({ success: true });
  });

  /** Duplicate checks are for those who may upload into the event (the event window is checked at the upload). */
  const checkEvent = (c: Ctx, rawId: unknown) => {
    const id = parseId(rawId);
    if (id === null) throw badRequest('eventId fehlt oder ist ungültig', { field: 'eventId' });
    const event = c.get('deps').services.events.getById(id);
    const viewer = viewerOf(c, event);
    authorize(viewer, 'upload', { eventId: event.id });
    return { event, viewer };
  };

  app.get('/api/media/check-exact', (c) => {
    const sha256 = (c.req.query('sha256') ?? '').toLowerCase();
    if (!/^[0-9a-f]{64}$/.test(sha256)) throw badRequest('sha256 muss 64 Hex-Zeichen haben', { field: 'sha256' });
    const { event, viewer } = checkEvent(c, c.req.query('eventId'));
    const found = c.get('deps').services.uploads.findExact(event.id, sha256);
    // Who may not read the event (an API key) learns only yes or no about the file it is about to send.
    const duplicate = found && can(viewer, 'readEvent', { eventId: event.id }) ? { id: found.id } : null;
    return c.json<CheckExactAnswer>({ exists: Boolean(found), duplicate });
  });

  app.post('/api/media/check-similar', async (c) => {
    const body = await jsonBody(c);
    const phash = typeof body.phash === 'string' ? body.phash.toLowerCase() : '';
    if (!DHASH_RE.test(phash)) throw badRequest('phash muss 16 Hex-Zeichen haben', { field: 'phash' });
    const threshold = body.threshold === undefined ? SIMILARITY_THRESHOLD : Number(body.threshold);
    if (!Number.isInteger(threshold) || threshold < 0 || threshold > 64) throw badRequest('threshold muss zwischen 0 und 64 liegen', { field: 'threshold' });
    const { event, viewer } = checkEvent(c, body.eventId);
    authorize(viewer, 'readEvent', { eventId: event.id }); // ids and distances of others' photos: no API key
    const matches = c.get('deps').services.uploads.findSimilar(event.id, phash, threshold);
    return c.json<CheckSimilarAnswer>({ hasSimilar: matches.length > 0, matches });
  });

  return app;
}
