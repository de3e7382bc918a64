// The gallery at scale (issue 15 item 3): the uploads list one page at a time behind an opaque cursor,
// newest first, and the album list with the count and cover of what each viewer sees.
import { describe, expect, test } from 'bun:test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { GalleryAlbumDto, UploadDto, UploadPage } from '../../src/http/api-types.ts';
import { FIXTURES } from '../helpers/server.ts';
import { ApiClient, defaultAlbumId, expectError, expectOk, useAppServer } from './support.ts';

const srv = useAppServer();

/** A small JPEG of its own color: every one is a different file (no duplicate answers). */
let color = 0;
async function photoFile(dir: string, size: { width: number; height: number }): Promise<string> {
  color++;
  const path = join(dir, `p${color}.jpg`);
  const background = { r: color % 256, g: (color * 7) % 256, b: (color * 13) % 256 };
  await sharp({ create: { ...size, channels: 3, background } })
    .jpeg()
    .toFile(path);
  return path;
}

async function uploadPhotos(
  client: ApiClient,
  eventId: number,
  n: number,
  fields: Record<string, string>,
  size = { width: 64, height: 48 },
): Promise<number[]> {
  const dir = mkdtempSync(join(tmpdir(), 'mbx-paging-'));
  const ids: number[] = [];
  for (let i = 0; i < n; i++) ids.push((await client.uploadOk(eventId, await photoFile(dir, size), fields)).id);
  return ids;
}

/** Every page from the first on, as a client walks them: the ids of each page. */
async function walk(client: ApiClient, path: string, limit: number): Promise<number[][]> {
  const pages: number[][] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 100; i++) {
    const sep = path.includes('?') ? '&' : '?';
    const page: UploadPage = await expectOk<UploadPage>(
      await client.fetch(`${path}${sep}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`),
    );
    pages.push(page.uploads.map((u) => u.id));
    cursor = page.next_cursor;
    if (cursor === null) return pages;
  }
  throw new Error('more than 100 pages');
}

const ids = (list: UploadDto[]) => list.map((u) => u.id);

describe('GET /api/event/{eventId}/uploads, paged', () => {
  test('pages of `limit`, newest first, together exactly the whole list; no paging parameters: the whole list as before', async () => {
    const event = await srv.admin.createEvent();
    const albumId = await defaultAlbumId(srv.admin, event.id);
    const guest = srv.client();
    await guest.joinAsGuest(event.code, 'Lena');
    await srv.client().joinAsGuest(event.code, 'Nicht auf dieser Seite');
    const uploaded = await uploadPhotos(guest, event.id, 23, { autoApprove: 'true', albumId });

    const whole = await expectOk<UploadDto[]>(await srv.client().fetch(`/api/event/${event.id}/uploads?albumId=${albumId}`));
    expect(Array.isArray(whole)).toBe(true);
    expect(ids(whole)).toEqual([...uploaded].reverse());

    const pages = await walk(srv.client(), `/api/event/${event.id}/uploads?albumId=${albumId}`, 10);
    expect(pages.map((p) => p.length)).toEqual([10, 10, 3]);
    // A page names its uploaders as the whole list does.
    const page = await expectOk<UploadPage>(await srv.client().fetch(`/api/event/${event.id}/uploads?albumId=${albumId}&limit=2`));
    expect(page.uploads.map((u) => u.uploader_nickname)).toEqual(['Lena', 'Lena']);
    expect(pages.flat()).toEqual(ids(whole));
    // The same for the whole event, and a page of exactly the rest ends the walk.
    expect((await walk(srv.client(), `/api/event/${event.id}/uploads`, 23)).map((p) => p.length)).toEqual([23]);
    // Only a cursor: the default page size.
    const first = await expectOk<UploadPage>(await srv.client().fetch(`/api/event/${event.id}/uploads?albumId=${albumId}&limit=5`));
    const rest = await expectOk<UploadPage>(
      await srv.client().fetch(`/api/event/${event.id}/uploads?albumId=${albumId}&cursor=${first.next_cursor}`),
    );
    expect(ids(rest.uploads)).toEqual(ids(whole).slice(5));
    expect(rest.next_cursor).toBeNull();
  }, 60_000);

  test('uploads arriving between two pages shift nothing: no duplicate, no gap; they head the next first page', async () => {
    const event = await srv.admin.createEvent();
    const albumId = await defaultAlbumId(srv.admin, event.id);
    const guest = srv.client();
    await guest.joinAsGuest(event.code);
    await uploadPhotos(guest, event.id, 12, { autoApprove: 'true', albumId });
    const before = ids(await expectOk<UploadDto[]>(await srv.client().fetch(`/api/event/${event.id}/uploads?albumId=${albumId}`)));

    const visitor = srv.client();
    const path = `/api/event/${event.id}/uploads?albumId=${albumId}&limit=5`;
    const first = await expectOk<UploadPage>(await visitor.fetch(path));
    const arrived = await uploadPhotos(guest, event.id, 3, { autoApprove: 'true', albumId });
    const seen = ids(first.uploads);
    for (let cursor = first.next_cursor, i = 0; cursor !== null && i < 10; i++) {
      const page: UploadPage = await expectOk<UploadPage>(await visitor.fetch(`${path}&cursor=${cursor}`));
      seen.push(...ids(page.uploads));
      cursor = page.next_cursor;
    }
    expect(seen).toEqual(before);
    expect(ids((await expectOk<UploadPage>(await visitor.fetch(path))).uploads).slice(0, 3)).toEqual([...arrived].reverse());
  }, 60_000);

  test('each viewer pages through what they may see: approved media in visible albums, a guest also their own private ones, the admin all', async () => {
    const event = await srv.admin.createEvent();
    const albumId = await defaultAlbumId(srv.admin, event.id);
    const hidden = await srv.admin.createAlbum(event.id, { name: 'Versteckt' });
    await srv.admin.json(`/api/album/${hidden.id}`, { method: 'PUT', json: { visible: false } });
    const anna = srv.client();
    const ben = srv.client();
    await anna.joinAsGuest(event.code);
    await ben.joinAsGuest(event.code);
    const annaShared = await uploadPhotos(anna, event.id, 3, { autoApprove: 'true', albumId });
    const annaPrivate = await uploadPhotos(anna, event.id, 2, { autoApprove: 'false', albumId });
    const benPrivate = await uploadPhotos(ben, event.id, 2, { autoApprove: 'false', albumId });
    const inHidden = await uploadPhotos(srv.admin, event.id, 2, { autoApprove: 'true', albumId: String(hidden.id) });

    const all = [...annaShared, ...annaPrivate, ...benPrivate, ...inHidden];
    const newestFirst = (want: number[]) => all.filter((id) => want.includes(id)).reverse();
    const paged = async (client: ApiClient, path = `/api/event/${event.id}/uploads`) => (await walk(client, path, 2)).flat();

    expect(await paged(srv.client())).toEqual(newestFirst(annaShared));
    expect(await paged(anna)).toEqual(newestFirst([...annaShared, ...annaPrivate]));
    expect(await paged(ben)).toEqual(newestFirst([...annaShared, ...benPrivate]));
    expect(await paged(srv.admin)).toEqual(newestFirst(all));
    // A hidden album's page: nothing for guests and visitors (as its unpaged list), all for the admin.
    expect(await paged(anna, `/api/event/${event.id}/uploads?albumId=${hidden.id}`)).toEqual([]);
    expect(await paged(srv.client(), `/api/event/${event.id}/uploads?albumId=${hidden.id}`)).toEqual([]);
    expect(await paged(srv.admin, `/api/event/${event.id}/uploads?albumId=${hidden.id}`)).toEqual(newestFirst(inHidden));
  }, 60_000);

  test('a cursor that is not one, or a limit outside 1-200, is a 400 with the field', async () => {
    const event = await srv.admin.createEvent();
    const path = `/api/event/${event.id}/uploads`;
    await expectError(await srv.client().fetch(`${path}?cursor=nonsense`), 400, 'VALIDATION_ERROR', 'cursor ist ungültig');
    await expectError(await srv.client().fetch(`${path}?cursor=${Buffer.from('["x"]').toString('base64url')}`), 400, 'VALIDATION_ERROR');
    for (const limit of ['0', '201', '2.5', 'zehn']) {
      const body = await expectError(
        await srv.client().fetch(`${path}?limit=${limit}`),
        400,
        'VALIDATION_ERROR',
        'limit muss zwischen 1 und 200 liegen',
      );
      expect(body.field).toBe('limit');
    }
  });
});

describe('GET /api/event/{eventId}/albums: counts and covers per viewer', () => {
  test("every viewer gets each album's count, videos, own private ones and cover of what they see", async () => {
    const event = await srv.admin.createEvent();
    const albumId = await defaultAlbumId(srv.admin, event.id);
    const party = await srv.admin.createAlbum(event.id, { name: 'Party' });
    const anna = srv.client();
    await anna.joinAsGuest(event.code);
    const [shared] = await uploadPhotos(anna, event.id, 1, { autoApprove: 'true', albumId });
    const [own] = await uploadPhotos(anna, event.id, 1, { autoApprove: 'false', albumId }, { width: 1200, height: 900 });
    const video = await anna.uploadOk(event.id, join(FIXTURES, 'videos', 'android-h264.mp4'), {
      autoApprove: 'true',
      albumId: String(party.id),
    });

    const albumsOf = async (client: ApiClient) => {
      const list = await expectOk<GalleryAlbumDto[]>(await client.fetch(`/api/event/${event.id}/albums`));
      return Object.fromEntries(list.map((a) => [a.name, a]));
    };
    const coverOf = async (client: ApiClient, id: number) => {
      const upload = (await client.json<UploadDto[]>(`/api/event/${event.id}/uploads`)).find((u) => u.id === id)!;
      return { thumbnail_path: upload.thumbnail_path, thumbnail_srcset: upload.thumbnail_srcset };
    };

    const visitorSees = await albumsOf(srv.client());
    expect(visitorSees['Default Album']).toMatchObject({
      upload_count: 1,
      video_count: 0,
      own_private_count: 0,
      cover: await coverOf(srv.admin, shared!),
    });
    expect(visitorSees['Party']).toMatchObject({ upload_count: 1, video_count: 1, own_private_count: 0 });

    // Anna also sees her own private photo, the newest, so it is her cover.
    const annaSees = await albumsOf(anna);
    expect(annaSees['Default Album']).toMatchObject({
      upload_count: 2,
      video_count: 0,
      own_private_count: 1,
      cover: await coverOf(anna, own!),
    });
    const adminSees = await albumsOf(srv.admin);
    expect(adminSees['Default Album']).toMatchObject({ upload_count: 2, own_private_count: 0 });
    expect(adminSees['Party']!.upload_count).toBe(1);

    // Photos have the tile sizes for 1x/2x/3x screens, each a real JPEG.
    const { thumbnail_path, thumbnail_srcset } = await coverOf(anna, own!);
    const candidates = thumbnail_srcset!.split(', ').map((c) => c.split(' '));
    expect(candidates.map(([, density]) => density)).toEqual(['1x', '2x', '3x']);
    expect(candidates[1]![0]).toBe(thumbnail_path!);
    const sides = [];
    for (const [url] of candidates) {
      const res = await srv.client().fetch(url!);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      sides.push((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).height);
    }
    expect(sides).toEqual([240, 480, 720]);
    // A video has its poster (once made) as thumbnail only.
    expect((await anna.json<UploadDto[]>(`/api/event/${event.id}/uploads`)).find((u) => u.id === video.id)!.thumbnail_srcset).toBeNull();
  }, 60_000);
});
