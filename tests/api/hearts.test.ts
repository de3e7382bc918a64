// Hearts (issue 28 item 1): one heart per guest identity (the cookie) per upload, never per address; counts in
// every upload answer, 'Beliebteste' as a sort of the list (paged like the newest-first list), live to others.
import { describe, expect, test } from 'bun:test';
import type {
  ClientTokenAnswer,
  ExportSizes,
  ExportTicket,
  HeartAnswer,
  ModerationPage,
  MyHearts,
  UploadDto,
  UploadPage,
  ZipSize,
} from '../../src/http/api-types.ts';
import { SseStream } from '../helpers/sse.ts';
import { defaultAlbumId, expectError, expectOk, PHOTOS, useServer, type ApiClient } from './support.ts';

const srv = useServer();

const heart = (client: ApiClient, eventId: number, uploadId: number, method: 'PUT' | 'DELETE' = 'PUT') =>
  client.fetch(`/api/event/${eventId}/upload/${uploadId}/heart`, { method });
const list = async (client: ApiClient, eventId: number, query = '') =>
  expectOk<UploadDto[]>(await client.fetch(`/api/event/${eventId}/uploads${query}`));

async function eventWithPhotos(n: number) {
  const event = await srv.admin.createEvent({ allow_download: 'true' });
  const albumId = await defaultAlbumId(srv.admin, event.id);
  const uploader = srv.client();
  await uploader.joinAsGuest(event.code, 'Lena');
  const ids: number[] = [];
  for (const photo of PHOTOS.slice(0, n)) ids.push((await uploader.uploadOk(event.id, photo, { autoApprove: 'true', albumId })).id);
  return { event, albumId, uploader, ids };
}

describe('hearts', () => {
  test('two guests on one address give two hearts; again is no change; un-heart takes only their own back', async () => {
    const { event, ids } = await eventWithPhotos(1);
    const [photo] = ids as [number];
    // Every test client is 127.0.0.1: one address, two cookies.
    const anna = srv.client();
    const ben = srv.client();
    await anna.joinAsGuest(event.code);
    await ben.joinAsGuest(event.code);

    expect(await expectOk<HeartAnswer>(await heart(anna, event.id, photo))).toEqual({ upload_id: photo, heart_count: 1, hearted: true });
    expect(await expectOk<HeartAnswer>(await heart(anna, event.id, photo))).toEqual({ upload_id: photo, heart_count: 1, hearted: true });
    expect(await expectOk<HeartAnswer>(await heart(ben, event.id, photo))).toEqual({ upload_id: photo, heart_count: 2, hearted: true });
    // The count is in every upload answer: the list (whole and paged), for visitors and the admin too.
    expect((await list(srv.client(), event.id))[0]!.heart_count).toBe(2);
    expect((await list(srv.admin, event.id))[0]!.heart_count).toBe(2);
    const page = await expectOk<UploadPage>(await srv.client().fetch(`/api/event/${event.id}/uploads?limit=5`));
    expect(page.uploads[0]!.heart_count).toBe(2);
    // Each guest learns which they hearted, and only theirs.
    expect(await anna.json<MyHearts>(`/api/event/${event.id}/hearts/mine`)).toEqual({ upload_ids: [photo] });

    expect(await expectOk<HeartAnswer>(await heart(anna, event.id, photo, 'DELETE'))).toEqual({
      upload_id: photo,
      heart_count: 1,
      hearted: false,
    });
    expect(await expectOk<HeartAnswer>(await heart(anna, event.id, photo, 'DELETE'))).toMatchObject({ heart_count: 1 });
    expect(await anna.json<MyHearts>(`/api/event/${event.id}/hearts/mine`)).toEqual({ upload_ids: [] });
    expect(await ben.json<MyHearts>(`/api/event/${event.id}/hearts/mine`)).toEqual({ upload_ids: [photo] });
    expect((await list(srv.client(), event.id))[0]!.heart_count).toBe(1);
  });

  test('only a consented guest, only on what they see; the host and the admin see counts but give none', async () => {
    const { event, albumId, uploader, ids } = await eventWithPhotos(1);
    const [shared] = ids as [number];
    const secret = (await uploader.uploadOk(event.id, PHOTOS[4]!, { autoApprove: 'false', albumId })).id;
    await expectError(await heart(srv.client(), event.id, shared), 403, 'CONSENT_REQUIRED');
    await expectError(await heart(srv.admin, event.id, shared), 403, 'FORBIDDEN');
    const guest = srv.client();
    await guest.joinAsGuest(event.code);
    // Another guest's private upload is as if it did not exist; its owner may heart it.
    await expectError(await heart(guest, event.id, secret), 404, 'NOT_FOUND');
    await expectOk(await heart(uploader, event.id, secret));
    await expectError(await heart(guest, event.id, 999999), 404, 'NOT_FOUND');
    // An upload of another event is not found through this one.
    const other = await eventWithPhotos(1);
    await expectError(await heart(guest, event.id, other.ids[0]!), 404, 'NOT_FOUND');
  });

  test("'Beliebteste': most hearts first, then newest; paged with a cursor it is the whole list in the same order", async () => {
    const { event, ids } = await eventWithPhotos(5);
    const guests = await Promise.all(
      [0, 1, 2].map(async () => {
        const g = srv.client();
        await g.joinAsGuest(event.code);
        return g;
      }),
    );
    // ids[1]: 3 hearts, ids[3]: 2, ids[0]: 1; ids[2] and ids[4] none (newest first among equals).
    for (const [id, n] of [
      [ids[1]!, 3],
      [ids[3]!, 2],
      [ids[0]!, 1],
    ] as const)
      for (const g of guests.slice(0, n)) await expectOk(await heart(g, event.id, id));
    const expected = [ids[1], ids[3], ids[0], ids[4], ids[2]] as number[];
    const whole = await list(srv.client(), event.id, '?sort=loved');
    expect(whole.map((u) => u.id)).toEqual(expected);
    expect(whole.map((u) => u.heart_count)).toEqual([3, 2, 1, 0, 0]);
    expect((await list(srv.client(), event.id)).map((u) => u.id)).toEqual([...ids].reverse());
    const walked: number[] = [];
    let cursor: string | null = null;
    do {
      const page: UploadPage = await expectOk<UploadPage>(
        await srv.client().fetch(`/api/event/${event.id}/uploads?sort=loved&limit=2${cursor ? `&cursor=${cursor}` : ''}`),
      );
      expect(page.uploads.length).toBeLessThanOrEqual(2);
      walked.push(...page.uploads.map((u) => u.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(walked).toEqual(expected);
    // A newest-first cursor is not read as a 'Beliebteste' one.
    const newest = await expectOk<UploadPage>(await srv.client().fetch(`/api/event/${event.id}/uploads?limit=2`));
    await expectError(await srv.client().fetch(`/api/event/${event.id}/uploads?sort=loved&limit=2&cursor=${newest.next_cursor}`), 400);
    await expectError(await srv.client().fetch(`/api/event/${event.id}/uploads?sort=best`), 400, 'VALIDATION_ERROR');
  });

  test('a heart arrives live on other open pages as an update with the new count', async () => {
    const { event, ids } = await eventWithPhotos(1);
    const watcher = srv.client();
    await watcher.joinAsGuest(event.code);
    const stream = await SseStream.open(watcher, `/api/event/${event.id}/live`);
    try {
      await stream.next((m) => m.event === 'ready', 10_000, 'ready');
      const fan = srv.client();
      await fan.joinAsGuest(event.code);
      await expectOk(await heart(fan, event.id, ids[0]!));
      const update = await stream.next((m) => m.event === 'update' && m.data.id === ids[0], 10_000, 'the heart');
      expect(update.data.heart_count).toBe(1);
    } finally {
      stream.close();
    }
  });

  test("'Nur Favoriten': the guest's ZIP of the uploads with hearts or of their own hearts, the host's export of those with hearts", async () => {
    const { event, ids } = await eventWithPhotos(3);
    const anna = srv.client();
    const ben = srv.client();
    await anna.joinAsGuest(event.code);
    await ben.joinAsGuest(event.code);
    await expectOk(await heart(anna, event.id, ids[0]!));
    await expectOk(await heart(ben, event.id, ids[1]!));
    const files = async (client: ApiClient, query: string) =>
      (await expectOk<ZipSize>(await client.fetch(`/api/event/${event.id}/download-zip/size${query}`))).files;
    expect(await files(anna, '')).toBe(3);
    expect(await files(anna, '?favorites=loved')).toBe(2);
    expect(await files(anna, '?favorites=mine')).toBe(1);
    expect(await files(srv.client(), '?favorites=mine')).toBe(0); // a visitor hearted nothing
    // Chosen ids and favourites together: the favourites among them.
    expect(await files(ben, `?ids=${ids[0]},${ids[2]}&favorites=loved`)).toBe(1);
    await expectError(await anna.fetch(`/api/event/${event.id}/download-zip/size?favorites=all`), 400, 'VALIDATION_ERROR');
    // The ZIP itself holds exactly those.
    const zip = await anna.fetch(`/api/event/${event.id}/download-zip?favorites=mine`);
    expect(zip.status).toBe(200);
    expect(Number(zip.headers.get('x-archive-size'))).toBe(
      (await expectOk<ZipSize>(await anna.fetch(`/api/event/${event.id}/download-zip/size?favorites=mine`))).size_bytes,
    );
    await zip.arrayBuffer();

    const { client_token } = await srv.admin.json<ClientTokenAnswer>(`/api/client/generate-token/${event.id}`, { method: 'POST' });
    const all = await srv.client().fetch(`/api/client/event-export-zip/${client_token}`);
    const loved = await srv.client().fetch(`/api/client/event-export-zip/${client_token}?favorites=loved`);
    expect(Number(loved.headers.get('x-archive-size'))).toBeGreaterThan(0);
    expect(Number(loved.headers.get('x-archive-size'))).toBeLessThan(Number(all.headers.get('x-archive-size')));
    const names = (bytes: ArrayBuffer) => (new TextDecoder('latin1').decode(bytes).match(/[\w-]+\.jpg/g) ?? []).length;
    expect(names(await loved.arrayBuffer()) / 2).toBe(2); // each name twice: local header and central directory
    await all.arrayBuffer();
    await expectError(await srv.client().fetch(`/api/client/event-export-zip/${client_token}?favorites=mine`), 400, 'VALIDATION_ERROR');
  });

  test("the couple: 'loved' lists the uploads with hearts, most first; the ticketed export's 'Nur Favoriten' states its size first and holds only those", async () => {
    const { event, ids } = await eventWithPhotos(3);
    const fans = [srv.client(), srv.client()];
    for (const f of fans) await f.joinAsGuest(event.code);
    for (const f of fans) await expectOk(await heart(f, event.id, ids[2]!));
    await expectOk(await heart(fans[0]!, event.id, ids[0]!));
    const { client_token } = await srv.admin.json<ClientTokenAnswer>(`/api/client/generate-token/${event.id}`, { method: 'POST' });
    const host = srv.client();
    const page = await host.json<ModerationPage>(`/api/client/event-uploads/${client_token}?status=loved`);
    expect([page.total, page.uploads.map((u) => [u.id, u.heart_count])]).toEqual([
      2,
      [
        [ids[2]!, 2],
        [ids[0]!, 1],
      ],
    ]);

    const sizes = await host.json<ExportSizes>(`/api/client/event-export-sizes/${client_token}`);
    expect(sizes.favorites.files).toBe(2);
    expect(sizes.favorites.size_bytes).toBeLessThan(sizes.size_bytes);
    const ticket = await host.json<ExportTicket>(`/api/client/event-export-ticket/${client_token}?favorites=loved`, { method: 'POST' });
    expect([ticket.files, ticket.size_bytes]).toEqual([2, sizes.favorites.size_bytes]);
    const zip = await srv.client().fetch(ticket.url);
    expect(Number(zip.headers.get('x-archive-size'))).toBe(sizes.favorites.size_bytes);
    const bytes = await zip.arrayBuffer();
    expect(bytes.byteLength).toBe(sizes.favorites.size_bytes);
    // the admin's ticket too
    const adminTicket = await srv.admin.json<ExportTicket>(`/api/event/${event.id}/export-ticket?favorites=loved`, { method: 'POST' });
    expect(adminTicket.size_bytes).toBe(sizes.favorites.size_bytes);
    await (await srv.client().fetch(adminTicket.url)).arrayBuffer();
    await expectError(
      await host.fetch(`/api/client/event-export-ticket/${client_token}?favorites=mine`, { method: 'POST' }),
      400,
      'VALIDATION_ERROR',
    );
    await expectError(await host.fetch(`/api/client/event-uploads/${client_token}?status=hearts`), 400, 'VALIDATION_ERROR');
  });
});
