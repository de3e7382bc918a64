// Issue 31 item 4: a page of the uploads list is serialised once per change of what it shows and served to
// every viewer who sees the same (200 phones opening an album ask for the same page many times between two
// uploads). The kept page must move with every change, and must never reach a viewer it was not made for:
// the admin's page (unapproved uploads, guests' ids) never goes to a guest, nor a guest's (their own
// private uploads) to another guest or a visitor.
import { describe, expect, test } from 'bun:test';
import type { UploadDto, UploadPage } from '../../src/http/api-types.ts';
import type { ApiClient } from '../helpers/api-client.ts';
import { defaultAlbumId, expectOk, PHOTOS, send, useAppServer } from './support.ts';

const srv = useAppServer();

/** One page (or the whole list) as a browser asks for it (gzip accepted): its bytes as sent, its ETag and what it says. */
async function page<T = UploadPage>(client: ApiClient, path: string, headers: Record<string, string> = {}) {
  // decompress: false (Bun's fetch option): the bytes as the server sent them.
  const res = await client.fetch(path, { headers: { 'accept-encoding': 'gzip', ...headers }, decompress: false } as RequestInit);
  const bytes = new Uint8Array(await res.arrayBuffer());
  const body = res.status === 200 ? (JSON.parse(new TextDecoder().decode(Bun.gunzipSync(bytes))) as T) : null;
  return { status: res.status, etag: res.headers.get('etag'), bytes, body };
}

const idsAndOwners = (p: { body: UploadPage | UploadDto[] | null }) =>
  (Array.isArray(p.body) ? p.body : p.body!.uploads).map((u) => [u.id, u.user_id]);

describe('kept pages of the uploads list', () => {
  test('the same page twice is the same bytes; a new upload, a withdrawal and a nickname change it', async () => {
    const event = await srv.admin.createEvent({ name: 'Seitenstand' });
    const albumId = await defaultAlbumId(srv.admin, event.id);
    const guest = srv.client();
    const userId = await guest.joinAsGuest(event.code, 'Mia');
    const first = await guest.uploadOk(event.id, PHOTOS[0]!, { albumId, autoApprove: 'true' });
    const reader = srv.client();
    await reader.joinAsGuest(event.code);
    const path = `/api/event/${event.id}/uploads?albumId=${albumId}&limit=2`;

    const a = await page(reader, path);
    const b = await page(reader, path);
    expect(a.status).toBe(200);
    expect(a.etag).toMatch(/^W\/"\w+"$/);
    expect(b.etag).toBe(a.etag);
    expect(b.bytes).toEqual(a.bytes);
    expect(idsAndOwners(a)).toEqual([[first.id, null]]);
    expect((await page(reader, path, { 'If-None-Match': a.etag! })).status).toBe(304);

    const second = await guest.uploadOk(event.id, PHOTOS[1]!, { albumId, autoApprove: 'true' });
    const grown = await page(reader, path);
    expect(grown.etag).not.toBe(a.etag);
    expect(idsAndOwners(grown)).toEqual([
      [second.id, null],
      [first.id, null],
    ]);
    // The next page behind the cursor is kept on its own and moves too.
    const third = await guest.uploadOk(event.id, PHOTOS[2]!, { albumId, autoApprove: 'true' });
    const firstPage = await page(reader, path);
    expect(firstPage.body!.uploads.map((u) => u.id)).toEqual([third.id, second.id]);
    const nextPath = `${path}&cursor=${firstPage.body!.next_cursor}`;
    expect((await page(reader, nextPath)).body!.uploads.map((u) => u.id)).toEqual([first.id]);
    await expectOk(await send(guest, 'PUT', `/api/event/${event.id}/upload/${first.id}/reject`));
    expect((await page(reader, nextPath)).body!.uploads).toEqual([]);

    await expectOk(await send(guest, 'POST', `/api/event/${event.code}/user-nickname`, { userId, nickname: 'Mia K.' }));
    expect((await page(reader, path)).body!.uploads.map((u) => u.nickname)).toEqual(['Mia K.', 'Mia K.']);
  });

  test('a page made for the admin or for a guest with private uploads never reaches another viewer', async () => {
    const event = await srv.admin.createEvent({ name: 'Seitenrechte' });
    const albumId = await defaultAlbumId(srv.admin, event.id);
    const owner = srv.client();
    const ownerId = await owner.joinAsGuest(event.code, 'Ole');
    const shared = await owner.uploadOk(event.id, PHOTOS[0]!, { albumId, autoApprove: 'true' });
    const hidden = await owner.uploadOk(event.id, PHOTOS[1]!, { albumId }); // private until the guest shares it
    const path = `/api/event/${event.id}/uploads?albumId=${albumId}&limit=10`;
    const wholePath = `/api/event/${event.id}/uploads?albumId=${albumId}`;
    // Every viewer is there before the first read (a guest's joining changes the list's version: names may show).
    const other = srv.client();
    await other.joinAsGuest(event.code);
    const visitor = srv.client();

    // Made first for those who see more: the admin (everything, with the guest's id) and the owner (their own private one).
    expect(idsAndOwners(await page(srv.admin, path))).toEqual([
      [hidden.id, ownerId],
      [shared.id, ownerId],
    ]);
    expect(idsAndOwners(await page(owner, path))).toEqual([
      [hidden.id, ownerId],
      [shared.id, ownerId],
    ]);
    expect(idsAndOwners(await page<UploadDto[]>(owner, wholePath))).toEqual([
      [hidden.id, ownerId],
      [shared.id, ownerId],
    ]);
    // Then those who see less get their own: the shared upload only, without the guest's id.
    for (const viewer of [other, visitor]) {
      for (const p of [path, wholePath]) {
        const seen = await page<UploadPage | UploadDto[]>(viewer, p);
        expect(idsAndOwners(seen)).toEqual([[shared.id, null]]);
        expect(new TextDecoder().decode(Bun.gunzipSync(seen.bytes))).not.toContain(ownerId);
      }
    }
    // And the ones who see more are not given the smaller page either.
    expect(idsAndOwners(await page(srv.admin, path))).toHaveLength(2);
    expect(idsAndOwners(await page(owner, path))).toHaveLength(2);
  });
});
