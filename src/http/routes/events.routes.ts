import { Hono } from 'hono';
import { z } from 'zod';
import type { Env } from '../context.ts';
import { publicUrl, requireRight, type Ctx } from '../context.ts';
import type { EventWithTotals } from '../../services/events.service.ts';
import { adminEventDto, exportDto, exportSizesDto, statisticsDto } from '../dto.ts';
import type { ClientTokenAnswer, ExportSizes, UploaderDto } from '../api-types.ts';
import { ExportZipQuery, TicketQuery, ticketAnswer, ticketZip, zipOf } from './export-zip.ts';
import { keepsakeFor } from '../keepsake-page.ts';
import { languageOf } from '../language.ts';
import type { Viewer } from '../../domain/permissions.ts';
import { answer, bytes, endpoint } from '../openapi.ts';
import { EventByIdPath, EventIdPath } from '../schemas/params.schemas.ts';
import {
  AdminEventDtoSchema,
  ClientTokenAnswerSchema,
  ExportDtoSchema,
  ExportSizesSchema,
  ExportTicketSchema,
  StatisticsDtoSchema,
  SuccessSchema,
  UploaderDtoSchema,
} from '../schemas/responses.schemas.ts';
import { EventChangeForm, NewEventForm, readEventForm } from './forms.ts';

/** Who a download ticket's archive goes to: only the admin's Bearer header gets one here. */
const ADMIN: Viewer = { kind: 'admin' };

const admin = [401, 403];
const list = endpoint({
  summary: 'All events with their size and upload count',
  tag: 'admin',
  ok: answer('AdminEventDto[]', z.array(AdminEventDtoSchema)),
  errors: admin,
});
const create = endpoint({
  summary: 'Creates an event (multipart, as the dashboard sends it, or JSON)',
  tag: 'admin',
  form: NewEventForm,
  ok: answer('The new event', AdminEventDtoSchema),
  status: 201,
  errors: [...admin, 409],
});
const update = endpoint({
  summary: 'Changes an event (same form, every field optional)',
  tag: 'admin',
  params: EventByIdPath,
  form: EventChangeForm,
  ok: answer('The event as changed', AdminEventDtoSchema),
  errors: [...admin, 409],
});
const remove = endpoint({
  summary: 'Deletes an event with its albums, uploads and files',
  tag: 'admin',
  params: EventByIdPath,
  ok: answer('{ success: true }', SuccessSchema),
  errors: admin,
});
const uploaders = endpoint({
  summary: "The event's guests with their recovery links",
  tag: 'admin',
  params: EventIdPath,
  ok: answer('UploaderDto[]', z.array(UploaderDtoSchema)),
  errors: admin,
});
const statistics = endpoint({
  summary: "The event's statistics",
  tag: 'admin',
  params: EventIdPath,
  ok: answer('StatisticsDto', StatisticsDtoSchema),
  errors: admin,
});
const exportList = endpoint({
  summary: "The event's uploads as a list for the export",
  tag: 'admin',
  params: EventIdPath,
  ok: answer('ExportDto', ExportDtoSchema),
  errors: admin,
});
const exportZip = endpoint({
  summary: 'The whole event (or one album) as one streamed ZIP (Bearer, or ?ticket= from export-ticket)',
  tag: 'admin',
  // a browser's download manager, with the ticket in the query instead of the Bearer header
  callers: ['admin', 'anyone'],
  params: EventIdPath,
  query: ExportZipQuery.extend(TicketQuery.shape),
  ok: bytes('The ZIP, streamed; its exact size in X-Archive-Size', ['application/zip']),
  errors: [...admin, 429],
});
const exportTicket = endpoint({
  summary:
    "A single-use, one-minute link to the ZIP (or one album's) for the browser's download manager, its size and where its progress is",
  tag: 'admin',
  params: EventIdPath,
  query: ExportZipQuery,
  ok: answer('The link, when it expires, the size and the progress link', ExportTicketSchema),
  errors: [...admin, 404],
});
const exportSizes = endpoint({
  summary: "The exact size of the event's export ZIP and of each album's",
  tag: 'admin',
  params: EventIdPath,
  ok: answer('ExportSizes', ExportSizesSchema),
  errors: admin,
});
const clientToken = endpoint({
  summary: 'A new host link for the event (the old one stops working)',
  tag: 'admin',
  params: EventIdPath,
  ok: answer('The token and the settings link', ClientTokenAnswerSchema),
  errors: admin,
});

const setupDismissed = endpoint({
  summary: "Hides the event's setup checklist on the dashboard (kept with the event)",
  tag: 'admin',
  params: EventIdPath,
  ok: answer('{ success: true }', SuccessSchema),
  errors: [...admin, 404],
});
const printOpened = endpoint({
  summary: "The print view was opened for the event (ticks the setup checklist's 'cards printed')",
  tag: 'admin',
  params: EventIdPath,
  ok: answer('{ success: true }', SuccessSchema),
  errors: [...admin, 404],
});
const wallOpened = endpoint({
  summary: "The live wall was opened (ticks the setup checklist's 'wall opened once'; the wall is public, so anyone may say so)",
  tag: 'guest',
  callers: ['anyone'],
  params: EventIdPath,
  ok: answer('{ success: true }', SuccessSchema),
  errors: [404],
});

/** The events as the dashboard lists them: with the setup checklist, whose Wi-Fi step is the box's setting. */
function adminEvents(c: Ctx) {
  const wifiSet = !!c.get('deps').services.boxSettings.wifi()?.ssid;
  return (e: EventWithTotals) => adminEventDto(e, wifiSet);
}

/** Event management for the admin dashboard. */
export function eventRoutes() {
  const app = new Hono<Env>();

  app.get('/api/event/events', list.doc, (c) => {
    requireRight(c, 'administer');
    return c.json(c.get('deps').services.events.list().map(adminEvents(c)));
  });

  app.post('/api/event', create.doc, async (c) => {
    requireRight(c, 'administer');
    const { events } = c.get('deps').services;
    const created = await events.create(await readEventForm(c, NewEventForm));
    return c.json(adminEvents(c)(events.withTotals(created)), 201);
  });

  app.put('/api/event/:event', update.doc, async (c) => {
    const eventId = update.params(c).event;
    requireRight(c, 'manageEvent', { eventId });
    const { events } = c.get('deps').services;
    const updated = await events.update(eventId, await readEventForm(c, EventChangeForm));
    return c.json(adminEvents(c)(events.withTotals(updated)));
  });

  app.post('/api/event/:eventId/setup-dismissed', setupDismissed.doc, (c) => {
    requireRight(c, 'administer');
    c.get('deps').services.events.dismissSetup(setupDismissed.params(c).eventId);
    return c.json({ success: true });
  });

  app.post('/api/event/:eventId/print-opened', printOpened.doc, (c) => {
    const { eventId } = printOpened.params(c);
    requireRight(c, 'manageEvent', { eventId });
    const { events } = c.get('deps').services;
    events.markOpened(events.getById(eventId).id, 'print');
    return c.json({ success: true });
  });

  app.post('/api/event/:eventId/wall-opened', wallOpened.doc, (c) => {
    const { events } = c.get('deps').services;
    events.markOpened(events.getById(wallOpened.params(c).eventId).id, 'wall');
    return c.json({ success: true });
  });

  app.delete('/api/event/:event', remove.doc, (c) => {
    requireRight(c, 'administer');
    c.get('deps').services.events.delete(remove.params(c).event);
    return c.json({ success: true });
  });

  app.get('/api/event/:eventId/uploaders', uploaders.doc, (c) => {
    requireRight(c, 'administer');
    const { services } = c.get('deps');
    const event = services.events.getById(uploaders.params(c).eventId);
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
    const { eventId } = statistics.params(c);
    const viewer = requireRight(c, 'manageEvent', { eventId });
    const { services } = c.get('deps');
    const event = services.events.getById(eventId);
    return c.json(statisticsDto(viewer, services.reports.report(event.id)));
  });

  app.get('/api/event/:eventId/export', exportList.doc, (c) => {
    const { eventId } = exportList.params(c);
    const viewer = requireRight(c, 'manageEvent', { eventId });
    const { services } = c.get('deps');
    const event = services.events.getById(eventId);
    return c.json(exportDto(viewer, event, services.reports.report(event.id)));
  });

  app.get('/api/event/:eventId/export-zip', exportZip.doc, (c) => {
    const { services } = c.get('deps');
    const { eventId } = exportZip.params(c);
    const { ticket, albumId, favorites } = exportZip.query(c);
    const scope = ticket ? services.exports.redeemTicket(eventId, ticket) : null;
    // A ticket is the admin's too (made with the Bearer header a minute ago).
    if (ticket && scope) {
      const event = services.events.getById(eventId);
      const keepsake = keepsakeFor(ADMIN, scope.language ?? event.language);
      const plan = services.exports.eventZip(event, scope.albumId, scope.favorites, scope.restore, keepsake);
      return ticketZip(c, ADMIN, ticket, plan);
    }
    const viewer = requireRight(c, 'manageEvent', { eventId });
    const event = services.events.getById(eventId);
    const keepsake = keepsakeFor(viewer, languageOf(c, event.language));
    return zipOf(c, ADMIN, services.exports.eventZip(event, albumId, favorites, viewer.kind === 'admin', keepsake));
  });

  /** A link the browser's download manager can fetch once without the Bearer header, within a minute. */
  app.post('/api/event/:eventId/export-ticket', exportTicket.doc, (c) => {
    const { eventId } = exportTicket.params(c);
    // the admin's whole-event export carries the bundle an import restores the event from
    const viewer = requireRight(c, 'manageEvent', { eventId });
    const restore = viewer.kind === 'admin';
    const { services } = c.get('deps');
    const event = services.events.getById(eventId);
    const { albumId, favorites } = exportTicket.query(c);
    const language = languageOf(c, event.language);
    const plan = services.exports.eventZip(event, albumId, favorites, restore, keepsakeFor(viewer, language));
    return c.json(
      ticketAnswer(services, { eventId: event.id, albumId, favorites, restore, language }, plan, `/api/event/${event.id}/export-zip`),
    );
  });

  app.get('/api/event/:eventId/export-sizes', exportSizes.doc, (c) => {
    const { eventId } = exportSizes.params(c);
    const viewer = requireRight(c, 'manageEvent', { eventId });
    const { services } = c.get('deps');
    const event = services.events.getById(eventId);
    const keepsake = keepsakeFor(viewer, languageOf(c, event.language));
    return c.json<ExportSizes>(exportSizesDto(services.exports.eventZipSizes(event, viewer.kind === 'admin', keepsake)));
  });

  app.post('/api/client/generate-token/:eventId', clientToken.doc, (c) => {
    requireRight(c, 'administer');
    const { services } = c.get('deps');
    const event = services.events.getById(clientToken.params(c).eventId);
    const token = services.events.regenerateClientToken(event.id);
    return c.json<ClientTokenAnswer>({ client_token: token, settings_url: `${publicUrl(c)}/event/${token}/settings` });
  });

  return app;
}
