// Issue 32, finding 5: the couple's link (the host's client token) must not be a key to every guest. A
// guest's user id is their whole session (the cookie `event_{code}` holds it; recovery answers 200 with it),
// so no answer a host token can get may carry it: statistics, export, moderation list and its changes, the
// settings, the ZIP export and the live stream. Guests are named by nickname and their handle `guest_id`.
import { afterAll, describe, expect, test } from 'bun:test';
import type { ClientTokenAnswer, ExportDto, ModerationPage, StatisticsDto, UploaderDto } from '../../src/http/api-types.ts';
import { SseStream } from '../helpers/sse.ts';
import { defaultAlbumId, expectOk, PHOTOS, send, useAppServer, type ApiClient } from './support.ts';

const srv = useAppServer();
const streams: SseStream[] = [];
afterAll(() => {
  for (const s of streams) s.close();
});

/** A guest who gave consent, with the value of their cookie (what must stay theirs). */
async function guest(code: string, nickname?: string): Promise<{ client: ApiClient; session: string }> {
  const client = srv.client();
  await client.joinAsGuest(code, nickname);
  const session = client.cookies.get(`event_${code}`);
  if (!session) throw new Error('no guest cookie');
  return { client, session };
}

describe("the couple's answers name guests by nickname and handle, never by their session", () => {
  test('every answer body a host token gets is free of every guest cookie value', async () => {
    const event = await srv.admin.createEvent({ name: 'Hochzeit Schutz' });
    const { client_token: token } = await srv.admin.json<ClientTokenAnswer>(`/api/client/generate-token/${event.id}`, { method: 'POST' });
    const host = srv.client();
    const live = await SseStream.open(host, `/api/event/${event.id}/live?clientToken=${token}`);
    streams.push(live);

    const anna = await guest(event.code, 'Anna');
    const ben = await guest(event.code); // no nickname
    const sessions = [anna.session, ben.session];
    const albumId = await defaultAlbumId(srv.admin, event.id);
    const second = await srv.admin.createAlbum(event.id, { name: 'Feier' });
    const shared = await anna.client.uploadOk(event.id, PHOTOS[0]!, { autoApprove: 'true', albumId });
    const annaPrivate = await anna.client.uploadOk(event.id, PHOTOS[1]!, { albumId: String(second.id) });
    const benPrivate = await ben.client.uploadOk(event.id, PHOTOS[2]!, { albumId });
    await srv.admin.uploadOk(event.id, PHOTOS[3]!, { albumId });
    // a nickname change is one message on the streams, naming Anna's uploads
    await expectOk(
      await send(anna.client, 'POST', `/api/event/${event.code}/user-nickname`, { userId: anna.session, nickname: 'Anna B.' }),
    );
    await live.next(
      (m) => m.event === 'nickname' && m.data?.nickname === 'Anna B.' && m.data?.upload_ids.includes(annaPrivate.id),
      10_000,
      "Anna's new nickname on the host's stream",
    );

    const bodies: { what: string; text: string }[] = [];
    const read = async (what: string, method: string, path: string, body?: unknown) => {
      const res = await send(host, method, path, body);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(res.status, `${what}: ${bytes.toString('utf8').slice(0, 200)}`).toBeLessThan(300);
      // latin1 keeps every byte one character: a ZIP's names and contents are searched as they are
      bodies.push({ what, text: bytes.toString('latin1') });
      return bytes;
    };
    await read('settings', 'GET', `/api/client/event-settings/${token}`);
    const stats = JSON.parse((await read('statistics', 'GET', `/api/client/event-statistics/${token}`)).toString()) as StatisticsDto;
    const exported = JSON.parse((await read('export', 'GET', `/api/client/event-export/${token}`)).toString()) as ExportDto;
    const page = JSON.parse((await read('moderation list', 'GET', `/api/client/event-uploads/${token}`)).toString()) as ModerationPage;
    for (const status of ['pending', 'approved', 'failed'])
      await read(`moderation ${status}`, 'GET', `/api/client/event-uploads/${token}?status=${status}`);
    for (const g of page.guests)
      await read(`moderation of guest ${g.guest_id}`, 'GET', `/api/client/event-uploads/${token}?guestId=${g.guest_id}`);
    await read('moderation of an album', 'GET', `/api/client/event-uploads/${token}?albumId=${second.id}`);
    await read('approve one', 'PUT', `/api/client/upload/${annaPrivate.id}/approve/${token}`);
    await read('withdraw one', 'PUT', `/api/client/upload/${shared.id}/reject/${token}`);
    await read('approve a guest', 'PUT', `/api/client/uploads/approve/${token}`, {
      guestId: page.guests.find((g) => g.nickname === null)!.guest_id,
    });
    await read('ZIP export', 'GET', `/api/client/event-export-zip/${token}`);
    await read('ZIP of one album', 'GET', `/api/client/event-export-zip/${token}?albumId=${second.id}`);
    await read('delete one', 'DELETE', `/api/client/upload/${benPrivate.id}/${token}`);
    await live.next((m) => m.event === 'remove' && m.data?.id === benPrivate.id, 10_000, 'the removal on the host stream');
    live.close();
    bodies.push({ what: 'live stream', text: JSON.stringify(live.messages) });
    expect(live.messages.filter((m) => m.event === 'upload').length).toBeGreaterThanOrEqual(4);

    for (const { what, text } of bodies) {
      for (const session of sessions) expect(text.includes(session), `${what} carries a guest's session`).toBe(false);
    }

    // The guests are still told apart: by nickname and by one handle across statistics, export and moderation.
    const handles = new Map(page.guests.map((g) => [g.nickname, g.guest_id]));
    expect([...handles.keys()].sort()).toEqual(['Anna B.', null].sort());
    expect(stats.users.map((u) => [u.nickname, u.guest_id, u.user_id, u.upload_count])).toEqual([
      ['Anna B.', handles.get('Anna B.')!, null, 2],
      [null, handles.get(null)!, null, 1],
    ]);
    expect(exported.users.map((u) => u.guest_id)).toEqual(stats.users.map((u) => u.guest_id));
    expect(exported.uploads.find((u) => u.id === annaPrivate.id)).toMatchObject({
      guest_id: handles.get('Anna B.'),
      user_id: null,
      nickname: 'Anna B.',
    });

    // The admin still gets the sessions (the uploaders list with the recovery links is theirs alone).
    const uploaders = await srv.admin.json<UploaderDto[]>(`/api/event/${event.id}/uploaders`);
    expect(uploaders.map((u) => u.user_id)).toEqual([anna.session]); // Ben's only upload was deleted above
    expect(JSON.stringify(await srv.admin.json<ExportDto>(`/api/event/${event.id}/export`))).toContain(anna.session);
  });
});
