// The wall's settings from outside: the host stores layout, Ken Burns and the QR overlay's content, guests
// and the wall read them in the event, a bad value is refused with a readable message, and every open live
// stream of the event is told at once ('settings'), so an open wall switches without a reload.
import { afterEach, describe, expect, test } from 'bun:test';
import type { EventDto } from '../../src/http/api-types.ts';
import { SseStream } from '../helpers/sse.ts';
import { expectError, useAppServer } from './support.ts';

const h = useAppServer();
const open: SseStream[] = [];
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});

const hostToken = async (eventId: number) =>
  (await h.admin.json<{ client_token: string }>(`/api/client/generate-token/${eventId}`, { method: 'POST' })).client_token;

describe('wall settings', () => {
  test('defaults; stored by the host; read by visitors; a saved change reaches open streams as settings', async () => {
    const event = await h.admin.createEvent();
    const token = await hostToken(event.id);
    const visitor = h.client();
    expect((await visitor.json<EventDto>(`/api/event/${event.code}`)).wall).toMatchObject({
      layout: 'single',
      ken_burns: false,
      qr_content: 'event',
      favor_loved: false,
      guestbook_every: 5,
    });
    const s = await SseStream.open(visitor, `/api/event/${event.id}/live`);
    open.push(s);
    await s.next((m) => m.event === 'ready', 2000, 'ready');
    const saved = await h.client().json<EventDto>(`/api/client/event/${token}`, {
      method: 'PUT',
      json: { wall_layout: 'collage', wall_ken_burns: true, wall_qr_content: 'both', wall_favor_loved: true, wall_guestbook_every: 0 },
    });
    expect(saved.wall).toMatchObject({ layout: 'collage', ken_burns: true, qr_content: 'both', favor_loved: true, guestbook_every: 0 });
    await s.next((m) => m.event === 'settings', 2000, 'settings message');
    expect((await visitor.json<EventDto>(`/api/event/${event.code}`)).wall).toMatchObject({
      layout: 'collage',
      ken_burns: true,
      qr_content: 'both',
      favor_loved: true,
    });
  });

  test('an unknown layout or QR content is refused with a readable message, nothing changes', async () => {
    const event = await h.admin.createEvent();
    const token = await hostToken(event.id);
    const put = (json: Record<string, unknown>) => h.client().fetch(`/api/client/event/${token}`, { method: 'PUT', json });
    await expectError(await put({ wall_layout: 'diagonal' }), 400, 'VALIDATION_ERROR', /wall_layout muss single, collage oder pairs sein/);
    await expectError(
      await put({ wall_qr_content: 'bluetooth' }),
      400,
      'VALIDATION_ERROR',
      /wall_qr_content muss event, wifi oder both sein/,
    );
    for (const every of [1, 21, 2.5, 'oft'])
      await expectError(
        await put({ wall_guestbook_every: every }),
        400,
        'VALIDATION_ERROR',
        /Gästebuch auf der Wand: 0 \(aus\) oder eine ganze Zahl von 2 bis 20/,
      );
    expect((await h.client().json<EventDto>(`/api/event/${event.code}`)).wall).toMatchObject({
      layout: 'single',
      qr_content: 'event',
      guestbook_every: 5,
    });
  });
});
