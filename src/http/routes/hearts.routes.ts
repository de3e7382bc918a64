import { Hono } from 'hono';
import type { Env } from '../context.ts';
import { inEvent, inEventOf } from '../middleware/event-scope.ts';
import { authorize } from '../../services/authorize.ts';
import type { HeartAnswer, MyHearts } from '../api-types.ts';
import { answer, endpoint } from '../openapi.ts';
import { EventIdPath, EventUploadPath } from '../schemas/params.schemas.ts';
import { HeartAnswerSchema, MyHeartsSchema } from '../schemas/responses.schemas.ts';

const heartDoc = (summary: string) =>
  endpoint({
    summary,
    description:
      'One heart per guest identity (the cookie) per upload, never per address; again is no change. Only uploads the guest sees ' +
      '(else 404). Everyone whose live stream shows the upload gets an `update` with the new `heart_count`.',
    tag: 'guest',
    callers: ['guest'],
    params: EventUploadPath,
    ok: answer("The upload's heart count now, and whether this guest hearts it", HeartAnswerSchema),
    errors: [403, 404],
  });
const heart = heartDoc('addition (issue 28): hearts an upload the guest sees (a consented guest)');
const unheart = heartDoc("addition (issue 28): takes the guest's heart back");
const mine = endpoint({
  summary: 'addition (issue 28): the uploads of the event the asking guest hearted',
  tag: 'guest',
  callers: ['guest'],
  params: EventIdPath,
  ok: answer('Their upload ids', MyHeartsSchema),
  errors: [403],
});

/** Hearts: a guest's own, on what they see (domain/permissions.ts 'heart'). */
export function heartRoutes() {
  const app = new Hono<Env>();

  for (const [method, doc, on] of [
    ['put', heart, true],
    ['delete', unheart, false],
  ] as const) {
    app[method]('/api/event/:eventId/upload/:uploadId/heart', doc.doc, inEvent, (c) => {
      const { services, event, viewer } = inEventOf(c);
      const row = services.hearts.set(event, viewer, doc.params(c).uploadId, on);
      return c.json<HeartAnswer>({ upload_id: row.id, heart_count: row.heartCount, hearted: on });
    });
  }

  app.get('/api/event/:eventId/hearts/mine', mine.doc, inEvent, (c) => {
    const { services, event, viewer } = inEventOf(c);
    authorize(viewer, 'heart', { eventId: event.id });
    return c.json<MyHearts>({ upload_ids: viewer.kind === 'guest' ? services.hearts.mine(event.id, viewer.userId) : [] });
  });

  return app;
}
