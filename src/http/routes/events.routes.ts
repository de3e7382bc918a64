import { Hono } from 'hono';
import type { Env } from '../context.ts';
import { idParam, publicUrl, requireRight } from '../context.ts';
import { adminEventDto, exportDto, statisticsDto } from '../dto.ts';
import type { ClientTokenAnswer, UploaderDto } from '../api-types.ts';
import { zipResponse } from './export-zip.ts';
import { answer, endpoint, SuccessSchema } from '../openapi.ts';
import { EventFormFields, readEventForm } from './forms.ts';

const zip = { description: 'application/zip (streamed; the exact size in X-Archive-Size)', content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } } } as never;
const list = endpoint({ summary: 'All events with their size and upload count', tag: 'admin', ok: answer('AdminEventDto[]'), errors: [401, 403] });
const create = endpoint({ summary: 'Creates an event (multipart, as the dashboard sends it, or JSON)', tag: 'admin', form: EventFormFields, ok: answer('AdminEventDto'), status: 201, errors: [401, 403, 409] });
const update = endpoint({ summary: 'Changes an event (same form, every field optional)', tag: 'admin', form: EventFormFields, ok: answer('AdminEventDto'), errors: [401, 403, 404, 409] });
const remove = endpoint({ summary: 'Deletes an event with its albums, uploads and files', tag: 'admin', ok: answer('{ success: true }', SuccessSchema), errors: [401, 403, 404] });
const uploaders = endpoint({ summary: "The event's guests with their recovery links", tag: 'admin', ok: answer('UploaderDto[]'), errors: [401, 403, 404] });
const statistics = endpoint({ summary: "The event's statistics", tag: 'admin', ok: answer('StatisticsDto'), errors: [401, 403, 404] });
const exportList = endpoint({ summary: "The event's uploads as a list for the export", tag: 'admin', ok: answer('ExportDto'), errors: [401, 403, 404] });
const exportZip = endpoint({ summary: 'The whole event as one streamed ZIP (Bearer, or ?ticket= from export-ticket)', tag: 'admin', ok: zip, errors: [401, 403, 404] });
const exportTicket = endpoint({ summary: "A single-use, one-minute link to the ZIP for the browser's download manager", tag: 'admin', ok: answer('{ url, expires_at }'), errors: [401, 403, 404] });
const clientToken = endpoint({ summary: "A new host link for the event (the old one stops working)", tag: 'admin', ok: answer('ClientTokenAnswer'), errors: [401, 403, 404] });

/** Event management for the admin dashboard. */
export function eventRoutes() {
  const app = new Hono<Env>();

  app.get('/api/event/events', list.doc, (c) => {
    requireRight(c, 'administer');
    return c.json(c.get('deps').services.events.list().map(adminEventDto));
  });

  app.post('/api/event', create.doc, async (c) => {
    requireRight(c, 'administer');
    const { events } = c.get('deps').services;
    const created = await events.create(await readEventForm(c));
    return c.json(adminEventDto(events.withTotals(created)), 201);
  });

  app.put('/api/event/:id', update.doc, async (c) => {
    const eventId = idParam(c, 'id');
    requireRight(c, 'manageEvent', { eventId });
    const { events } = c.get('deps').services;
    const updated = await events.update(eventId, await readEventForm(c));
    return c.json(adminEventDto(events.withTotals(updated)));
  });

  app.delete('/api/event/:id', remove.doc, (c) => {
    requireRight(c, 'administer');
    c.get('deps').services.events.delete(idParam(c, 'id'));
    return c.json({ success: true });
  });

  app.get('/api/event/:eventId/uploaders', uploaders.doc, (c) => {
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

  app.get('/api/event/:eventId/statistics', statistics.doc, (c) => {
    const eventId = idParam(c, 'eventId');
    requireRight(c, 'manageEvent', { eventId });
    const { services } = c.get('deps');
    const event = services.events.getById(eventId);
    return c.json(statisticsDto(services.reports.report(event.id)));
  });

  app.get('/api/event/:eventId/export', exportList.doc, (c) => {
    const eventId = idParam(c, 'eventId');
    requireRight(c, 'manageEvent', { eventId });
    const { services } = c.get('deps');
    const event = services.events.getById(eventId);
    return c.json(exportDto(event, services.reports.report(event.id)));
  });

  app.get('/api/event/:eventId/export-zip', exportZip.doc, (c) => {
    const { services } = c.get('deps');
    const eventId = idParam(c, 'eventId');
    const ticket = c.req.query('ticket');
    if (!ticket || !services.exports.redeemTicket(eventId, ticket)) requireRight(c, 'manageEvent', { eventId });
    return zipResponse(c, services.events.getById(eventId));
  });

  /** A link the browser's download manager can fetch once without the Bearer header, within a minute. */
  app.post('/api/event/:eventId/export-ticket', exportTicket.doc, (c) => {
    const eventId = idParam(c, 'eventId');
    requireRight(c, 'manageEvent', { eventId });
    const { services } = c.get('deps');
    const event = services.events.getById(eventId);
    const { ticket, expiresAt } = services.exports.issueTicket(event.id);
    return c.json({ url: `/api/event/${event.id}/export-zip?ticket=${ticket}`, expires_at: expiresAt.toISOString() });
  });

  app.post('/api/client/generate-token/:eventId', clientToken.doc, (c) => {
    requireRight(c, 'administer');
    const { services } = c.get('deps');
    const event = services.events.getById(idParam(c, 'eventId'));
    const token = services.events.regenerateClientToken(event.id);
    return c.json<ClientTokenAnswer>({ client_token: token, settings_url: `${publicUrl(c)}/event/${token}/settings` });
  });

  return app;
}
