import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { UploadDto } from '../../src/http/api-types.ts';
import type { ApiClient } from '../helpers/api-client.ts';

// An event as a person compares it on two boxes (the import tests: from the bucket, from an export ZIP).

/** Each upload's album, name, size, who, hearts, state, and the SHA-256 of its original as served. */
export async function uploadsAsSeen(admin: ApiClient, base: string, id: number) {
  const albums = new Map((await admin.json<{ id: number; name: string }[]>(`/api/event/${id}/albums`)).map((a) => [a.id, a.name]));
  const uploads = await admin.json<UploadDto[]>(`/api/event/${id}/uploads`);
  return Promise.all(
    uploads.map(async (u) => {
      const original = await admin.fetch(u.file_path.replace(base, ''));
      const thumb = u.thumbnail_path ? (await admin.fetch(u.thumbnail_path.replace(base, ''))).status : null;
      return {
        album: albums.get(u.album_id),
        name: u.original_name,
        size: u.size_bytes,
        type: u.type,
        approved: u.approved,
        nickname: u.nickname,
        hearts: u.heart_count,
        taken: u.taken_at,
        state: u.processing_state,
        thumb,
        sha256: new Bun.CryptoHasher('sha256').update(await original.arrayBuffer()).digest('hex'),
      };
    }),
  ).then((list) => list.sort((a, b) => a.name.localeCompare(b.name)));
}

/** The guestbook as the admin reads it, ids and event aside. */
export const book = async (admin: ApiClient, id: number) =>
  (await admin.json<{ name: string; text: string; approved: boolean; created_at: string }[]>(`/api/event/${id}/guestbook`)).map(
    ({ name, text, approved, created_at }) => ({ name, text, approved, created_at }),
  );

/** Every file and folder under the box's media folder. */
export const mediaFiles = (dataDir: string) => readdirSync(join(dataDir, 'media'), { recursive: true });

/** What the box has in tmp/ (its chunk folder aside). */
export const tmpFiles = (dataDir: string) => readdirSync(join(dataDir, 'tmp')).filter((n) => n !== 'chunks');
