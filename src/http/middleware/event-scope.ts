import { createMiddleware } from 'hono/factory';
import type { Viewer } from '../../domain/permissions.ts';
import { notFound } from '../../lib/errors.ts';
import type { EventView } from '../../services/events.service.ts';
import type { Services } from '../../services/index.ts';
import { parseId, viewerOf, type Ctx, type Env } from '../context.ts';

/**
 * The event of `/api/event/{eventId}/…` (the app's and the admin's calls, by id) or `/api/event/{code}/…`
 * (the guest's link, by code): the route's own path names which. A code may be all digits, so the path's
 * shape could not tell them apart. An unknown event is 404 before any credential is looked at.
 */
function eventOfPath(c: Ctx): EventView {
  const { events } = c.get('deps').services;
  const code = c.req.param('code');
  if (code !== undefined) return events.getByCode(code);
  const id = parseId(c.req.param('eventId'));
  if (id === null) throw notFound();
  return events.getById(id);
}

/** The route's event, for calls that judge no viewer (consent, recovery) or their own (the live stream's host link). */
export const atEvent = createMiddleware<Env>(async (c, next) => {
  c.set('event', eventOfPath(c));
  await next();
});

/**
 * The route's event and who is asking in it (a Bearer credential, else the event's guest cookie), each
 * looked up once per request; read with `inEventOf`.
 */
export const inEvent = createMiddleware<Env>(async (c, next) => {
  const event = eventOfPath(c);
  c.set('event', event);
  c.set('viewer', viewerOf(c, event));
  await next();
});

const missing = (middleware: string) => new Error(`the route has no ${middleware} middleware`);

/** The services with the event `atEvent` (or `inEvent`) resolved for this request. */
export function atEventOf(c: Ctx): { services: Services; event: EventView } {
  const event = c.get('event');
  if (!event) throw missing('atEvent');
  return { services: c.get('deps').services, event };
}

/** The services with the event and the viewer `inEvent` resolved for this request. */
export function inEventOf(c: Ctx): { services: Services; event: EventView; viewer: Viewer } {
  const viewer = c.get('viewer');
  if (!viewer) throw missing('inEvent');
  return { ...atEventOf(c), viewer };
}
