// The live stream (GET /api/event/{id}/live) from outside: what each viewer gets, how fast, and what a
// reconnect with Last-Event-ID gets back.
import { afterEach, describe, expect, test } from 'bun:test';
import { SseStream } from '../helpers/sse.ts';
import { expectError, PHOTOS, useAppServer, type ApiClient } from './support.ts';

const h = useAppServer();
const open: SseStream[] = [];
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});

async function stream(client: ApiClient, eventId: number, query = '', headers: Record<string, string> = {}) {
  const s = await SseStream.open(client, `/api/event/${eventId}/live${query}`, headers);
  open.push(s);
  return s;
}

async function apiKeyClient(name: string): Promise<ApiClient> {
  const key = await h.admin.json<{ api_key: string }>('/api/admin/api-keys', { method: 'POST', json: { name } });
  const booth = h.client();
  booth.adminToken = key.api_key; // sent as `Authorization: Bearer <key>`
  return booth;
}

const hostToken = async (eventId: number) =>
  (await h.admin.json<{ client_token: string }>(`/api/client/generate-token/${eventId}`, { method: 'POST' })).client_token;

const isUpload = (id: number) => (m: { event: string; data: any }) => m.event === 'upload' && m.data?.id === id;

describe('live stream', () => {
  test('a photo-booth upload appears on an open visitor stream within 2 s, as the uploads list shows it', async () => {
    const event = await h.admin.createEvent();
    const visitor = h.client();
    const s = await stream(visitor, event.id);
    expect(s.contentType).toContain('text/event-stream');
    await s.next((m) => m.event === 'ready', 2000, 'ready');

    const booth = await apiKeyClient(`booth-live-${event.id}`);
    const uploaded = await booth.uploadOk(event.id, PHOTOS[0]!);
    const msg = await s.next(isUpload(uploaded.id), 2000, 'upload message');
    const listed = await visitor.json<any[]>(`/api/event/${event.id}/uploads`);
    expect(msg.data).toEqual(listed.find((u) => u.id === uploaded.id));
    expect(msg.data.preview_path).toBeString();
    expect(msg.id).toMatch(/\S/);
  });

  test('a private upload reaches its guest and the host, never another guest; sharing and withdrawing do', async () => {
    const event = await h.admin.createEvent();
    const alice = h.client();
    await alice.joinAsGuest(event.code, 'Alice');
    const bob = h.client();
    await bob.joinAsGuest(event.code, 'Bob');
    const aliceStream = await stream(alice, event.id);
    const bobStream = await stream(bob, event.id);
    const hostStream = await stream(h.client(), event.id, `?clientToken=${await hostToken(event.id)}`);
    const adminStream = await stream(h.admin, event.id);
    for (const s of [aliceStream, bobStream, hostStream, adminStream]) await s.next((m) => m.event === 'ready', 2000, 'ready');

    const secret = await alice.uploadOk(event.id, PHOTOS[1]!, { autoApprove: 'false' });
    expect(secret.approved).toBe(false);
    const own = await aliceStream.next(isUpload(secret.id), 2000, "Alice's own private upload");
    expect(own.data.user_id).not.toBeNull();
    expect((await hostStream.next(isUpload(secret.id), 2000, 'private upload on the host stream')).data.user_id).toBeNull();
    await adminStream.next(isUpload(secret.id), 2000, 'private upload on the admin stream');

    // A shared upload after it: once Bob has that, the private one would have come before it (one ordered stream).
    const shared = await alice.uploadOk(event.id, PHOTOS[2]!, { autoApprove: 'true' });
    await bobStream.next(isUpload(shared.id), 2000, "shared upload on Bob's stream");
    expect(bobStream.messages.some((m) => m.data?.id === secret.id)).toBe(false);
    expect((await bobStream.next(isUpload(shared.id), 0)).data.user_id).toBeNull();

    // Alice shares it: Bob now gets it; she withdraws it: Bob is told to remove it, Alice gets an update.
    await alice.json(`/api/event/${event.id}/upload/${secret.id}/approve`, { method: 'PUT' });
    expect((await bobStream.next(isUpload(secret.id), 2000, 'upload after approval')).data.approved).toBe(true);
    await alice.json(`/api/event/${event.id}/upload/${secret.id}/reject`, { method: 'PUT' });
    await bobStream.next((m) => m.event === 'remove' && m.data.id === secret.id, 2000, 'remove after withdrawal');
    await aliceStream.next(
      (m) => m.event === 'update' && m.data.id === secret.id && m.data.approved === false,
      2000,
      'update for the owner',
    );

    // Deleting the shared upload removes it everywhere.
    await alice.json(`/api/event/${event.id}/upload/${shared.id}`, { method: 'DELETE' });
    await bobStream.next((m) => m.event === 'remove' && m.data.id === shared.id, 2000, 'remove after delete');
  });

  test('a reconnect with Last-Event-ID gets what it missed, in order; an unknown id gets a resync', async () => {
    const event = await h.admin.createEvent();
    const guest = h.client();
    await guest.joinAsGuest(event.code);
    const first = await stream(guest, event.id);
    const ready = await first.next((m) => m.event === 'ready', 2000, 'ready');
    const seen = await guest.uploadOk(event.id, PHOTOS[0]!, { autoApprove: 'true' });
    const lastSeen = await first.next(isUpload(seen.id), 2000, 'first upload');
    first.close();
    expect(lastSeen.id).not.toBe(ready.id);

    const booth = await apiKeyClient(`booth-replay-${event.id}`);
    const missed = [await booth.uploadOk(event.id, PHOTOS[3]!), await booth.uploadOk(event.id, PHOTOS[4]!)];
    await guest.json(`/api/event/${event.id}/upload/${seen.id}/reject`, { method: 'PUT' });

    const again = await stream(guest, event.id, '', { 'last-event-id': lastSeen.id! });
    await again.next((m) => m.event === 'update' && m.data.id === seen.id, 2000, 'missed update');
    const replayed = again.messages.filter((m) => m.event !== 'ready').map((m) => [m.event, m.data.id]);
    expect(replayed).toEqual([
      ['upload', missed[0]!.id],
      ['upload', missed[1]!.id],
      ['update', seen.id],
    ]);

    const stale = await stream(guest, event.id, '', { 'last-event-id': 'an-old-boot.12' });
    await stale.next((m) => m.event === 'resync', 2000, 'resync');
  });

  test('a client further behind than the last 64 changes of the event gets a resync instead of a partial replay', async () => {
    const event = await h.admin.createEvent();
    const guest = h.client();
    await guest.joinAsGuest(event.code);
    const first = await stream(guest, event.id);
    const ready = await first.next((m) => m.event === 'ready', 2000, 'ready');
    first.close();
    const { id } = await guest.uploadOk(event.id, PHOTOS[0]!, { autoApprove: 'true' });
    // 65 more changes (withdraw, share, ...): the ring of 64 no longer holds the first one.
    for (let i = 0; i < 65; i++) await guest.json(`/api/event/${event.id}/upload/${id}/${i % 2 ? 'approve' : 'reject'}`, { method: 'PUT' });
    const behind = await stream(guest, event.id, '', { 'last-event-id': ready.id! });
    await behind.next((m) => m.event === 'resync', 2000, 'resync');
    expect(behind.messages.filter((m) => m.event !== 'resync')).toEqual([]);
  });

  test("a guest's new nickname is one message naming the uploads it shows on, each viewer only those they see", async () => {
    const event = await h.admin.createEvent();
    const guest = h.client();
    const userId = await guest.joinAsGuest(event.code, 'Lena');
    const shared = await guest.uploadOk(event.id, PHOTOS[0]!, { autoApprove: 'true' });
    const own = await guest.uploadOk(event.id, PHOTOS[1]!, { autoApprove: 'false' });
    const visitor = await stream(h.client(), event.id);
    const herself = await stream(guest, event.id);
    for (const s of [visitor, herself]) await s.next((m) => m.event === 'ready', 2000, 'ready');
    await guest.json(`/api/event/${event.code}/user-nickname`, { method: 'POST', json: { userId, nickname: 'Lena B.' } });
    const msg = await visitor.next((m) => m.event === 'nickname', 2000, 'the new nickname');
    expect(msg.data).toEqual({ nickname: 'Lena B.', upload_ids: [shared.id] });
    expect((await herself.next((m) => m.event === 'nickname', 2000, 'her new nickname')).data.upload_ids.sort()).toEqual(
      [shared.id, own.id].sort(),
    );
    // The same nickname again changes nothing and sends nothing; the uploads list agrees with the message.
    await guest.json(`/api/event/${event.code}/user-nickname`, { method: 'POST', json: { userId, nickname: 'Lena B.' } });
    const listed = await h.client().json<any[]>(`/api/event/${event.id}/uploads`);
    expect(listed.find((u) => u.id === shared.id).uploader_nickname).toBe('Lena B.');
    await Bun.sleep(300);
    expect(visitor.messages.filter((m) => m.event !== 'ready').map((m) => m.event)).toEqual(['nickname']);
  });

  test("moving an event's dates ends its streams so they reconnect under the new window; other edits do not", async () => {
    const event = await h.admin.createEvent();
    const s = await stream(h.client(), event.id);
    await s.next((m) => m.event === 'ready', 2000, 'ready');
    const rename = new FormData();
    rename.append('name', 'Neuer Name');
    await h.admin.json(`/api/event/${event.id}`, { method: 'PUT', body: rename });
    // Still open after the rename: a new upload arrives on it.
    const { id } = await h.admin.uploadOk(event.id, PHOTOS[1]!);
    await s.next(isUpload(id), 2000, 'upload after the rename');
    const move = new FormData();
    move.append('event_start_datetime', new Date(Date.now() - 2 * 3600_000).toISOString());
    await h.admin.json(`/api/event/${event.id}`, { method: 'PUT', body: move });
    await s.end(2000);
  });

  test('after viewable-until a visitor stream gets no media; the host and the admin still get them', async () => {
    const event = await h.admin.createEvent();
    const past = new FormData();
    past.append('event_start_datetime', new Date(Date.now() - 60 * 86_400_000).toISOString());
    past.append('event_duration_days', '7');
    await h.admin.json(`/api/event/${event.id}`, { method: 'PUT', body: past });
    expect((await h.client().json<{ status: string }>(`/api/event/${event.code}`)).status).toBe('expired');
    const visitorStream = await stream(h.client(), event.id);
    const hostStream = await stream(h.client(), event.id, `?clientToken=${await hostToken(event.id)}`);
    const adminStream = await stream(h.admin, event.id);
    for (const s of [visitorStream, hostStream, adminStream]) await s.next((m) => m.event === 'ready', 2000, 'ready');

    const { id, album_id: albumId } = await h.admin.uploadOk(event.id, PHOTOS[0]!);
    await adminStream.next(isUpload(id), 2000, 'upload on the admin stream');
    await hostStream.next(isUpload(id), 2000, 'upload on the host stream');
    // Hiding its album tells every stream to reload: the visitor's had the upload before that, or never.
    await h.admin.json(`/api/album/${albumId}`, { method: 'PUT', json: { visible: false } });
    await visitorStream.next((m) => m.event === 'resync', 2000, 'resync on the visitor stream');
    expect(visitorStream.messages.filter((m) => m.event === 'upload')).toEqual([]);
  });

  test('deleting the event ends its open streams', async () => {
    const event = await h.admin.createEvent();
    const s = await stream(h.client(), event.id);
    await s.next((m) => m.event === 'ready', 2000, 'ready');
    await h.admin.json(`/api/event/${event.id}`, { method: 'DELETE' });
    await s.end(2000);
  });

  test('hiding an album tells open streams to reload; API keys and foreign host tokens may not watch', async () => {
    const event = await h.admin.createEvent();
    const other = await h.admin.createEvent();
    const visitor = await stream(h.client(), event.id);
    const albums = await h.admin.json<{ id: number }[]>(`/api/event/${event.id}/albums`);
    await h.admin.json(`/api/album/${albums[0]!.id}`, { method: 'PUT', json: { visible: false } });
    await visitor.next((m) => m.event === 'resync', 2000, 'resync after hiding an album');

    const booth = await apiKeyClient(`booth-watch-${event.id}`);
    await expectError(await booth.fetch(`/api/event/${event.id}/live`), 403, 'API_KEY_UPLOAD_ONLY');
    await expectError(await h.client().fetch(`/api/event/${event.id}/live?clientToken=${await hostToken(other.id)}`), 403);
    await expectError(await h.client().fetch(`/api/event/${event.id}/live?clientToken=nonsense`), 404);
  });
});
