import { Hono } from 'hono';
import type { Env } from '../context.ts';
import { idParam, publicUrl, requireRight } from '../context.ts';
import { adminEventDto, exportDto, statisticsDto } from '../dto.ts';
import type { ClientTokenAnswer, UploaderDto } from '../api-types.ts';
import { zipResponse } from './export-zip.ts';
import { readEventForm } from './forms.ts';

/** Event management for the admin dashboard. */
export function eventRoutes() {
  const app = new Hono<Env>();

  app.get('/api/event/events', (c) => {
    requireRight(c, 'administer');
    return c.json(c.get('deps').services.events.list().map(adminEventDto));
  });

  app.post('/api/event', async (c) => {
    requireRight(c, 'administer');
    const { events } = c.get('deps').services;
    const created = await events.create(await readEventForm(c));
    return c.json(adminEventDto(events.withTotals(created)), 201);
  });

  app.put('/api/event/:id', async (c) => {
    const eventId = idParam(c, 'id');
    requireRight(c, 'manageEvent', { eventId });
    const { events } = c.get('deps').services;
    const updated = await events.update(eventId, await readEventForm(c));
    return c.json(adminEventDto(events.withTotals(updated)));
  });

  app.delete('/api/event/:id', (c) => {
    requireRight(c, 'administer');
    c.get('deps').services.events.delete(idParam(c, 'id'));
    return c.json({ success: true });
  });

  app.get('/api/event/:eventId/uploaders', (c) => {
    requireRight(c, 'administer');
    const { services } = c.get('deps');
    const event = services.events.getById(idParam(c, 'eventId'));
    const base = publicUrl(c);
    return c.json<UploaderDto[]>(
      services.reports.report(event.id).uploaders.map((u) => ({
        user_id: u.userId,
        nickname: u.nickname,
        upload_count: u.uploadCount,
        recovery_link: `${base}/event/${encodeURIComponent(event.code)}/recover/${u.userId}`,
      })),
    );
  });

  app.get('/api/event/:eventId/statistics', (c) => {
    const eventId = idParam(c, 'eventId');
    requireRight(c, 'manageEvent', { eventId });
    const { services } = c.get('deps');
    const event = services.events.getById(eventId);
    return c.json(statisticsDto(services.reports.report(event.id)));
  });

  app.get('/api/event/:eventId/export', (c) => {
    const eventId = idParam(c, 'eventId');
    requireRight(c, 'manageEvent', { eventId });
    const { services } = c.get('deps');
    const event = services.events.getById(eventId);
    return c.json(exportDto(event, services.reports.report(event.id)));
  });

  app.get('/api/event/:eventId/export-zip', (c) => {
    const { services } = c.get('deps');
    const eventId = idParam(c, 'eventId');
    const ticket = c.req.query('ticket');
    if (!ticket || !services.exports.redeemTicket(eventId, ticket)) requireRight(c, 'manageEvent', { eventId });
    return zipResponse(c, services.events.getById(eventId));
  });

  /** A link the browser's download manager can fetch once without the Bearer header, within a minute. */
  app.post('/api/event/:eventId/export-ticket', (c) => {
    const eventId = idParam(c, 'eventId');
    requireRight(c, 'manageEvent', { eventId });
    const { services } = c.get('deps');
    const event = services.events.getById(eventId);
    const { ticket, expiresAt } = services.exports.issueTicket(event.id);
    return c.json({ url: `/api/event/${event.id}/export-zip?ticket=${ticket}`, expires_at: expiresAt.toISOString() });
  });

  app.post('/api/client/generate-token/:eventId', (c) => {
    requireRight(c, 'administer');
    const { services } = c.get('deps');
    const event = services.events.getById(idParam(c, 'eventId'));
    const token = services.events.regenerateClientToken(event.id);
    return c.json<ClientTokenAnswer>({ client_token: token, settings_url: `${publicUrl(c)}/event/${token}/settings` });
  });

  return app;
}
