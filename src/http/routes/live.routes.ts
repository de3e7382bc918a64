import { Hono } from 'hono';
import { forbidden } from '../../lib/errors.ts';
import type { Delivery } from '../../services/live.service.ts';
import type { Viewer } from '../../domain/permissions.ts';
import { authorize } from '../../services/authorize.ts';
import type { Ctx, Env } from '../context.ts';
import { idParam, viewerOf } from '../context.ts';
import { uploadDtoFor } from '../dto.ts';

/** How long a browser's EventSource waits before it reconnects by itself. */
const RETRY_MS = 3_000;

/**
 * Who watches the stream. The host has no cookie or header of its own: its settings page passes the client
 * token as `?clientToken=` (EventSource cannot send headers). API keys upload, they do not watch.
 */
function liveViewer(c: Ctx, eventId: number): Viewer {
  const { services } = c.get('deps');
  const token = c.req.query('clientToken');
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
 * `resync` when the client must reload its list, `ready` as the first message of a new stream. Every
 * message has an id; a reconnect sends it back as `Last-Event-ID` (header, or `?lastEventId=`).
 */
export function liveRoutes() {
  const app = new Hono<Env>();

  app.get('/api/event/:eventId/live', (c) => {
    const { services } = c.get('deps');
    const event = services.events.getById(idParam(c, 'eventId'));
    const viewer = liveViewer(c, event.id);
    const lastEventId = c.req.header('last-event-id') ?? c.req.query('lastEventId') ?? null;
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
          if (d.kind === 'resync') return `id: ${d.id}\nevent: resync\ndata: {}\n\n`;
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
