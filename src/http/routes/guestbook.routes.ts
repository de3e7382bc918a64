import { Hono } from 'hono';
import { z } from 'zod';
import { problem } from '../../lib/errors.ts';
import type { Env } from '../context.ts';
import { asHost } from '../context.ts';
import { guestbookEntryDto } from '../dto.ts';
import { inEvent, inEventOf } from '../middleware/event-scope.ts';
import { answer, endpoint } from '../openapi.ts';
import { EventEntryPath, EventIdPath, TokenEntryPath, TokenPath } from '../schemas/params.schemas.ts';
import { GuestbookEntryDtoSchema, SuccessSchema } from '../schemas/responses.schemas.ts';

const list = endpoint({
  summary:
    'addition (issue 27): the guestbook entries the viewer may see, newest first (as the uploads list: approved ones; a guest also their own; admin all)',
  tag: 'guest',
  params: EventIdPath,
  ok: answer('GuestbookEntryDto[] newest first', z.array(GuestbookEntryDtoSchema)),
  errors: [403],
});
const create = endpoint({
  summary: 'addition (issue 27): writes a guestbook entry while the event takes uploads (guests: 20 in all, 5 a minute)',
  description:
    'The text is stored as plain text (invisible and bidi characters removed), 1 to 1,000 characters; `name` signs it ' +
    "(without one: the guest's nickname). Shared at once when the event shares uploads at once, else after the host approves it.",
  tag: 'guest',
  callers: ['guest', 'admin'],
  params: EventIdPath,
  body: z.object({
    text: z.string({ error: problem('guestbookTextEmpty') }).meta({ description: 'The message, plain text' }),
    name: z
      .string({ error: problem('guestbookNameRequired') })
      .nullish()
      .meta({ description: "The signature; default the guest's nickname" }),
  }),
  ok: answer('The entry as stored', GuestbookEntryDtoSchema),
  status: 201,
  errors: [403, 429],
});
const remove = endpoint({
  summary: 'addition (issue 27): deletes a guestbook entry: its guest, the admin',
  tag: 'guest',
  callers: ['guest', 'admin'],
  params: EventEntryPath,
  ok: answer('{ success: true }', SuccessSchema),
  errors: [403],
});
const moderate = endpoint({
  summary: 'addition (issue 27): approves (shares) or withdraws a guestbook entry: the admin',
  tag: 'admin',
  params: EventEntryPath,
  ok: answer('The entry as changed', GuestbookEntryDtoSchema),
  errors: [401, 403],
});
const hostList = endpoint({
  summary: "addition (issue 27): every guestbook entry of the host's event, newest first",
  tag: 'host',
  params: TokenPath,
  ok: answer('GuestbookEntryDto[] newest first', z.array(GuestbookEntryDtoSchema)),
});
const hostModerate = endpoint({
  summary: "addition (issue 27): approves (shares) or withdraws a guestbook entry of the host's event",
  tag: 'host',
  params: TokenEntryPath,
  ok: answer('The entry as changed', GuestbookEntryDtoSchema),
});
const hostRemove = endpoint({
  summary: "addition (issue 27): deletes a guestbook entry of the host's event",
  tag: 'host',
  params: TokenEntryPath,
  ok: answer('{ success: true }', SuccessSchema),
});

const ACTIONS = [
  ['approve', true],
  ['reject', false],
] as const;

/** The guestbook: guests read, write and delete their own by the event's id; the host moderates by its token, the admin by Bearer. */
export function guestbookRoutes() {
  const app = new Hono<Env>();

  app.get('/api/event/:eventId/guestbook', list.doc, inEvent, (c) => {
    const { services, event, viewer } = inEventOf(c);
    return c.json(services.guestbook.list(event, viewer).map((row) => guestbookEntryDto(row, viewer)));
  });

  app.post('/api/event/:eventId/guestbook', create.doc, inEvent, async (c) => {
    const { services, event, viewer } = inEventOf(c);
    const row = services.guestbook.create(event, viewer, await create.body(c));
    return c.json(guestbookEntryDto(row, viewer), 201);
  });

  app.delete('/api/event/:eventId/guestbook/:entryId', remove.doc, inEvent, (c) => {
    const { services, event, viewer } = inEventOf(c);
    services.guestbook.delete(event.id, remove.params(c).entryId, viewer);
    return c.json({ success: true as const });
  });

  for (const [action, approved] of ACTIONS) {
    app.put(`/api/event/:eventId/guestbook/:entryId/${action}`, moderate.doc, inEvent, (c) => {
      const { services, event, viewer } = inEventOf(c);
      return c.json(guestbookEntryDto(services.guestbook.setApproved(event.id, moderate.params(c).entryId, approved, viewer), viewer));
    });
  }

  // ---- the host's calls, by the client token
  app.get('/api/client/guestbook/:token', hostList.doc, (c) => {
    const { services, event, viewer } = asHost(c, hostList.params(c).token);
    return c.json(services.guestbook.list(event, viewer).map((row) => guestbookEntryDto(row, viewer)));
  });

  for (const [action, approved] of ACTIONS) {
    app.put(`/api/client/guestbook/:entryId/${action}/:token`, hostModerate.doc, (c) => {
      const { entryId, token } = hostModerate.params(c);
      const { services, event, viewer } = asHost(c, token);
      return c.json(guestbookEntryDto(services.guestbook.setApproved(event.id, entryId, approved, viewer), viewer));
    });
  }

  app.delete('/api/client/guestbook/:entryId/:token', hostRemove.doc, (c) => {
    const { entryId, token } = hostRemove.params(c);
    const { services, event, viewer } = asHost(c, token);
    services.guestbook.delete(event.id, entryId, viewer);
    return c.json({ success: true as const });
  });

  return app;
}
