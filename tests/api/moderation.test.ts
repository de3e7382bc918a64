// The host's moderation (client token) and the sharing settings: list, approve, withdraw, delete (one or
// many, or all of a guest), the event's 'Neue Uploads sofort für alle sichtbar' and the wall settings, and a
// guest sharing all their private uploads at once.
import { describe, expect, test } from 'bun:test';
import type { ModerationPage } from '../../src/http/api-types.ts';
import { expectError, expectOk, PHOTOS, send, useAppServer, type ApiClient } from './support.ts';

const h = useAppServer();

async function eventWithUploads() {
  const event = await h.admin.createEvent();
  const token = (await h.admin.json<{ client_token: string }>(`/api/client/generate-token/${event.id}`, { method: 'POST' })).client_token;
  const alice = h.client();
  await alice.joinAsGuest(event.code, 'Alice');
  const bob = h.client();
  await bob.joinAsGuest(event.code, 'Bob');
  const a1 = await alice.uploadOk(event.id, PHOTOS[0]!, { autoApprove: 'false' });
  const a2 = await alice.uploadOk(event.id, PHOTOS[1]!, { autoApprove: 'true' });
  const b1 = await bob.uploadOk(event.id, PHOTOS[2]!, { autoApprove: 'false' });
  return { event, token, alice, bob, ids: { a1: a1.id, a2: a2.id, b1: b1.id } };
}

const page = (client: ApiClient, token: string, query = '') => client.json<ModerationPage>(`/api/client/event-uploads/${token}${query}`);
const visibleTo = async (client: ApiClient, eventId: number) =>
  (await client.json<{ id: number }[]>(`/api/event/${eventId}/uploads`)).map((u) => u.id);

describe('host moderation', () => {
  test('lists every upload newest first with filters and paging, guests named by guest_id, never by user id', async () => {
    const { event, token, ids } = await eventWithUploads();
    const all = await page(h.client(), token);
    expect(all.total).toBe(3);
    expect(all.uploads.map((u) => u.id)).toEqual([ids.b1, ids.a2, ids.a1]);
    expect(all.uploads.every((u) => u.user_id === null)).toBe(true);
    expect(all.guests.map((g) => [g.nickname, g.upload_count])).toEqual([
      ['Alice', 2],
      ['Bob', 1],
    ]);
    expect((await page(h.client(), token, '?status=pending')).uploads.map((u) => u.id)).toEqual([ids.b1, ids.a1]);
    expect((await page(h.client(), token, '?status=approved')).uploads.map((u) => u.id)).toEqual([ids.a2]);
    const alice = all.guests.find((g) => g.nickname === 'Alice')!;
    expect((await page(h.client(), token, `?guestId=${alice.guest_id}`)).uploads.map((u) => u.id)).toEqual([ids.a2, ids.a1]);
    const second = await page(h.client(), token, '?limit=2&offset=2');
    expect([second.total, second.uploads.map((u) => u.id)]).toEqual([3, [ids.a1]]);
    const albumId = all.uploads[0]!.album_id;
    const inAlbum = all.uploads.filter((u) => u.album_id === albumId).map((u) => u.id);
    const emptyAlbum = await h.admin.createAlbum(event.id, { name: 'Leer' });
    expect((await page(h.client(), token, `?albumId=${albumId}`)).uploads.map((u) => u.id)).toEqual(inAlbum);
    expect((await page(h.client(), token, `?albumId=${emptyAlbum.id}`)).total).toBe(0);

    await expectError(await h.client().fetch(`/api/client/event-uploads/${token}?status=maybe`), 400, 'VALIDATION_ERROR');
    await expectError(await h.client().fetch('/api/client/event-uploads/not-a-token'), 404);
  });

  test('approve and withdraw one or many: other guests see exactly what the host shared', async () => {
    const { event, token, bob, ids } = await eventWithUploads();
    const host = h.client();
    const approved = await host.json<{ approved: boolean; user_id: string | null }>(`/api/client/upload/${ids.a1}/approve/${token}`, {
      method: 'PUT',
    });
    expect(approved).toMatchObject({ approved: true, user_id: null });
    expect(await visibleTo(bob, event.id)).toContain(ids.a1);
    await host.json(`/api/client/upload/${ids.a1}/reject/${token}`, { method: 'PUT' });
    expect(await visibleTo(bob, event.id)).not.toContain(ids.a1);

    expect(await expectOk(await send(host, 'PUT', `/api/client/uploads/approve/${token}`, { ids: [ids.a1, ids.b1] }))).toEqual({
      success: true,
      count: 2,
    });
    expect((await visibleTo(h.client(), event.id)).sort()).toEqual([ids.a1, ids.a2, ids.b1].sort());
    await expectOk(await send(host, 'PUT', `/api/client/uploads/reject/${token}`, { ids: [ids.a1, ids.a2, ids.b1] }));
    expect(await visibleTo(h.client(), event.id)).toEqual([]);

    // Another event's upload or token: refused, and nothing changes.
    const other = await eventWithUploads();
    await expectError(await send(host, 'PUT', `/api/client/uploads/approve/${token}`, { ids: [ids.a1, other.ids.a1] }), 404);
    await expectError(await host.fetch(`/api/client/upload/${ids.a1}/approve/${other.token}`, { method: 'PUT' }), 404);
    expect(await visibleTo(h.client(), event.id)).toEqual([]);
    await expectError(await send(host, 'PUT', `/api/client/uploads/approve/${token}`, { ids: [] }), 400);
  });

  test('delete one, many, or all uploads of one guest', async () => {
    const { event, token, ids } = await eventWithUploads();
    const host = h.client();
    await host.json(`/api/client/upload/${ids.b1}/${token}`, { method: 'DELETE' });
    expect((await page(host, token)).total).toBe(2);
    const alice = (await page(host, token)).guests.find((g) => g.nickname === 'Alice')!;
    expect(await expectOk(await send(host, 'POST', `/api/client/uploads/delete/${token}`, { guestId: alice.guest_id }))).toEqual({
      success: true,
      count: 2,
    });
    expect((await page(host, token)).total).toBe(0);
    expect(await h.admin.json<unknown[]>(`/api/event/${event.id}/uploads`)).toEqual([]);
    await expectError(await host.fetch(`/api/client/upload/${ids.a1}/${token}`, { method: 'DELETE' }), 404);
  });
});

describe('sharing by default and wall settings', () => {
  test("'Neue Uploads sofort für alle sichtbar' is on for a new event; the host changes it and the wall settings", async () => {
    const { event, token } = await eventWithUploads();
    const guestView = await h.client().json<any>(`/api/event/${event.code}`);
    expect(guestView.auto_share_uploads).toBe(true);
    expect(guestView.wall).toEqual({
      seconds_per_slide: 8,
      show_nicknames: false,
      include_videos: true,
      show_qr: true,
      layout: 'single',
      ken_burns: false,
      qr_content: 'event',
      favor_loved: false,
      guestbook_every: 5,
    });

    const f = new FormData();
    f.append('auto_share_uploads', 'false');
    f.append('wall_seconds_per_slide', '12');
    f.append('wall_show_nicknames', 'true');
    f.append('wall_show_qr', 'false');
    const updated = await h.client().json<any>(`/api/client/event/${token}`, { method: 'PUT', body: f });
    expect(updated.auto_share_uploads).toBe(false);
    const after = await h.client().json<any>(`/api/event/${event.code}`);
    expect([after.auto_share_uploads, after.wall]).toEqual([
      false,
      {
        seconds_per_slide: 12,
        show_nicknames: true,
        include_videos: true,
        show_qr: false,
        layout: 'single',
        ken_burns: false,
        qr_content: 'event',
        favor_loved: false,
        guestbook_every: 5,
      },
    ]);

    const bad = new FormData();
    bad.append('wall_seconds_per_slide', '1');
    await expectError(await h.client().fetch(`/api/client/event/${token}`, { method: 'PUT', body: bad }), 400, 'VALIDATION_ERROR');
  });

  test('a guest shares all of their private uploads at once, and only theirs', async () => {
    const { event, alice, bob, ids } = await eventWithUploads();
    expect(await visibleTo(bob, event.id)).not.toContain(ids.a1);
    expect(await alice.json(`/api/event/${event.id}/uploads/approve-own`, { method: 'PUT' })).toEqual({ success: true, count: 1 });
    const seenByBob = await visibleTo(bob, event.id);
    expect(seenByBob).toContain(ids.a1);
    expect(await visibleTo(h.client(), event.id)).not.toContain(ids.b1);
    await expectError(await h.client().fetch(`/api/event/${event.id}/uploads/approve-own`, { method: 'PUT' }), 403);
  });
});
