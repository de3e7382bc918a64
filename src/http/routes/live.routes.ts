import { Hono } from 'hono';
import { z } from 'zod';
import { forbidden } from '../../lib/errors.ts';
import type { Delivery } from '../../services/live.service.ts';
import type { Viewer } from '../../domain/permissions.ts';
import { authorize } from '../../services/authorize.ts';
import type { Ctx, Env } from '../context.ts';
import { viewerOf } from '../context.ts';
import { uploadDtoFor } from '../dto.ts';
import { bytes, endpoint } from '../openapi.ts';
import { EventIdPath } from '../schemas/params.schemas.ts';

/** How long a browser's EventSource waits before it reconnects by itself. */
const RETRY_MS = 3_000;

const live = endpoint({
  summary: 'Server-Sent Events of the uploads the viewer sees (ready, upload, update, remove, resync, settings; see docs/api.md)',
  tag: 'guest',
  callers: ['anyone', 'guest', 'host', 'admin'],
  params: EventIdPath,
  query: z.object({
    clientToken: z.string().optional().meta({ description: "The host's client token (EventSource cannot send headers)" }),
    lastEventId: z.string().optional().meta({ description: 'The last message id seen, when the Last-Event-ID header cannot be sent' }),
  }),
  ok: bytes('text/event-stream: `id`, `event` and JSON `data` per message (UploadDto, or `{ id }` for remove)', ['text/event-stream'], { type: 'string' }),
  errors: [401, 403],
});

/**
 * Who watches the stream. The host has no cookie or header of its own: its settings page passes the client
 * token as `?clientToken=` (EventSource cannot send headers). API keys upload, they do not watch.
 */
function liveViewer(c: Ctx, eventId: number, token: string | undefined): Viewer {
  const { services } = c.get('deps');
  if (token) {
    const hosted = services.events.getByClientToken(token);
    if (hosted.id !== eventId) throw forbidden('Dieser Link gehört zu einem anderen Event');
    return { kind: 'host', eventId };
  }
  const viewer = viewerOf(c, services.events.getById(eventId));
  authorize(viewer, 'liveStream', { eventId });
  return viewer;
}

/**
 * `GET /api/event/{eventId}/live`: Server-Sent Events. `upload` when an upload becomes visible to the viewer,
 * `update` when it changes, `remove` (data `{ id }`) when it goes or is no longer visible to them,
 * `resync` when the client must reload its list, `settings` when the event's settings changed (fetch the
 * event again), `ready` as the first message of a new stream. Every
 * message has an id; a reconnect sends it back as `Last-Event-ID` (header, or `?lastEventId=`).
 */
export function liveRoutes() {
  const app = new Hono<Env>();

  app.get('/api/event/:eventId/live', live.doc, (c) => {
    const { services } = c.get('deps');
    const event = services.events.getById(live.params(c).eventId);
    const query = live.query(c);
    const viewer = liveViewer(c, event.id, query.clientToken);
    const lastEventId = c.req.header('last-event-id') ?? query.lastEventId ?? null;
    const encoder = new TextEncoder();
    const signal = c.req.raw.signal;
    let unsubscribe = () => {};

    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        const write = (text: string) => {
          try {
            controller.enqueue(encoder.encode(text));
          } catch {
            unsubscribe(); // the client went away between two messages
          }
        };
        const message = (d: Delivery) => {
          if (!('row' in d)) return `id: ${d.id}\nevent: ${d.kind}\ndata: {}\n\n`;
          const data =
            d.kind === 'remove'
              ? { id: d.row.id }
              : uploadDtoFor(viewer, d.row, new Map(d.row.userId ? [[d.row.userId, services.guests.nickname(event.id, d.row.userId)]] : []));
          return `id: ${d.id}\nevent: ${d.kind}\ndata: ${JSON.stringify(data)}\n\n`;
        };
        write(`retry: ${RETRY_MS}\n`);
        if (lastEventId === null) write(`id: ${services.live.currentId()}\nevent: ready\ndata: {}\n\n`);
        unsubscribe = services.live.subscribe(
          event.id,
          {
            viewer,
            // When the admin moves the event's dates, the stream is ended and the client reconnects under the new window.
            mediaExpired: () => Date.now() >= event.window.viewableUntil.getTime(),
            deliver: (d) => write(message(d)),
            ping: () => write(': ping\n\n'),
            close: () => end(),
          },
          lastEventId,
        );
        function end() {
          unsubscribe();
          try {
            controller.close();
          } catch {
            // already closed
          }
        }
        signal.addEventListener('abort', end);
      },
      cancel() {
        unsubscribe();
      },
    });

    return new Response(body, {
      headers: {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
      },
    });
  });

  return app;
}
