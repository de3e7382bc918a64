import { Hono } from 'hono';
import { z } from 'zod';
import { forbidden } from '../../lib/errors.ts';
import type { Delivery } from '../../services/live.service.ts';
import type { UploadRow } from '../../services/uploads.service.ts';
import { can, type Viewer } from '../../domain/permissions.ts';
import { authorize } from '../../services/authorize.ts';
import type { Ctx, Env } from '../context.ts';
import { hostOf, viewerOf } from '../context.ts';
import { atEvent, atEventOf } from '../middleware/event-scope.ts';
import { clientCap } from '../client-caps.ts';
import { guestbookEntryDto, uploadDtoFor } from '../dto.ts';
import { bytes, endpoint } from '../openapi.ts';
import { EventIdPath } from '../schemas/params.schemas.ts';

/** How long a browser's EventSource waits before it reconnects by itself. */
const RETRY_MS = 3_000;

const live = endpoint({
  summary:
    'Server-Sent Events of the uploads and guestbook entries the viewer sees (ready, upload, update, remove, nickname, guestbook, guestbook-remove, resync, settings, albums, reveal; see docs/api.md)',
  tag: 'guest',
  callers: ['anyone', 'guest', 'host', 'admin'],
  params: EventIdPath,
  query: z.object({
    clientToken: z.string().optional().meta({ description: "The host's client token (EventSource cannot send headers)" }),
    lastEventId: z.string().optional().meta({ description: 'The last message id seen, when the Last-Event-ID header cannot be sent' }),
  }),
  ok: bytes('text/event-stream: `id`, `event` and JSON `data` per message (UploadDto, or `{ id }` for remove)', ['text/event-stream'], {
    type: 'string',
  }),
  errors: [401, 403, 429],
});

/**
 * Who watches the stream. The host has no cookie or header of its own: its settings page passes the client
 * token as `?clientToken=` (EventSource cannot send headers). API keys upload, they do not watch.
 */
function liveViewer(c: Ctx, token: string | undefined): Viewer {
  const { services, event } = atEventOf(c);
  if (token) {
    const hosted = services.events.getByClientToken(token);
    if (hosted.id !== event.id) throw forbidden('otherEventLink');
    return hostOf(event);
  }
  const viewer = viewerOf(c, event);
  authorize(viewer, 'liveStream', { eventId: event.id });
  return viewer;
}

/**
 * Open streams per client: a phone has the gallery open in a tab or two, the wall and the host's settings page
 * one each; hundreds of phones may share a venue's few addresses, one address must not take every socket.
 */
const STREAM_LIMITS = { perIdentity: 10, perAddress: 400 };

/** The data of an upload message as one viewer gets it; made once per row and kind of viewer, not per stream. */
const uploadData = new WeakMap<UploadRow, Map<boolean, string>>();

/**
 * `GET /api/event/{eventId}/live`: Server-Sent Events. `upload` when an upload becomes visible to the viewer,
 * `update` when it changes, `remove` (data `{ id }`) when it goes or is no longer visible to them,
 * `nickname` (data `{ nickname, upload_ids }`) when a guest's new nickname shows on uploads the viewer sees,
 * `guestbook` (data GuestbookEntryDto) when a guestbook entry appears or changes for the viewer, `guestbook-remove`
 * (data `{ id }`) when it goes, `resync` when the client must reload its list, `settings` when the event's settings changed (fetch the
 * event again), `albums` when its albums or photo challenges changed (fetch the album list again), `reveal` (Einwegkamera)
 * when the gallery opens at the event's reveal (reload list and event, celebrate), `ready` as the first message of a new stream. Every
 * message has an id; a reconnect sends it back as `Last-Event-ID` (header, or `?lastEventId=`).
 * The body is pulled: a message is made only when the connection has taken the one before.
 */
export function liveRoutes() {
  const app = new Hono<Env>();
  const streams = clientCap(STREAM_LIMITS, 'TOO_MANY_STREAMS');

  app.get('/api/event/:eventId/live', live.doc, atEvent, (c) => {
    const { services, event } = atEventOf(c);
    const query = live.query(c);
    const viewer = liveViewer(c, query.clientToken);
    const lastEventId = c.req.header('last-event-id') ?? query.lastEventId ?? null;
    const release = streams.hold(c, viewer);
    const encoder = new TextEncoder();

    const dataOf = (row: UploadRow) => {
      const mayKnowId = can(viewer, 'knowGuestId', { ownerUserId: row.userId });
      let made = uploadData.get(row);
      if (!made) uploadData.set(row, (made = new Map()));
      let text = made.get(mayKnowId);
      if (text === undefined) {
        const nicknames = new Map(row.userId ? [[row.userId, services.guests.nickname(event.id, row.userId)]] : []);
        made.set(mayKnowId, (text = JSON.stringify(uploadDtoFor(viewer, row, nicknames))));
      }
      return text;
    };
    const message = (d: Delivery) => {
      if (d.kind === 'resync' || d.kind === 'settings' || d.kind === 'albums' || d.kind === 'reveal')
        return `id: ${d.id}\nevent: ${d.kind}\ndata: {}\n\n`;
      const data =
        'entry' in d
          ? JSON.stringify(d.kind === 'guestbook' ? guestbookEntryDto(d.entry, viewer) : { id: d.entry.id })
          : d.kind === 'nickname'
            ? JSON.stringify({ nickname: d.nickname, upload_ids: d.uploadIds })
            : d.kind === 'remove'
              ? JSON.stringify({ id: d.row.id })
              : dataOf(d.row);
      return `id: ${d.id}\nevent: ${d.kind}\ndata: ${data}\n\n`;
    };

    let opening = `retry: ${RETRY_MS}\n` + (lastEventId === null ? `id: ${services.live.currentId()}\nevent: ready\ndata: {}\n\n` : '');
    const subscription = services.live.subscribe(
      event.id,
      {
        viewer,
        // When the admin moves the event's dates or its reveal, the stream is ended and the client reconnects under the new ones.
        eventNow: () => services.events.view(event),
        onClose: (farBehind) => {
          release();
          // A client that reads nothing leaves no pull waiting to end the answer: it is cut, and its socket freed.
          if (farBehind) stream?.error(new Error('the client fell far behind'));
        },
      },
      lastEventId,
    );
    c.req.raw.signal.addEventListener('abort', () => subscription.close());

    let stream: ReadableStreamDefaultController<Uint8Array> | null = null;
    const body = new ReadableStream<Uint8Array>(
      {
        start(controller) {
          stream = controller;
        },
        async pull(controller) {
          const next = opening || (await subscription.next());
          opening = '';
          if (next === null) {
            try {
              controller.close();
            } catch {
              // already closed
            }
            return;
          }
          controller.enqueue(encoder.encode(typeof next === 'string' ? (next === 'ping' ? ': ping\n\n' : next) : message(next)));
        },
        cancel() {
          subscription.close(); // the client went away
        },
      },
      { highWaterMark: 0 },
    );

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
