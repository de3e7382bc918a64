import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { GuestbookEntryDto, UploadDto } from '../../src/http/api-types.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

// An event as a person compares it on two boxes (the import tests: from the bucket, from an export ZIP).

/** Two boxes (servers with empty data folders) and their admins, logged in. */
export async function twoBoxes(): Promise<{ boxA: TestServer; boxB: TestServer; adminA: ApiClient; adminB: ApiClient }> {
  const [boxA, boxB] = await Promise.all([startServer(), startServer()]);
  const adminA = new ApiClient(boxA.url);
  const adminB = new ApiClient(boxB.url);
  await Promise.all([adminA.login(boxA.adminPassword), adminB.login(boxB.adminPassword)]);
  return { boxA, boxB, adminA, adminB };
}

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

/** The SHA-256 of what a URL answers (null for no URL), or its status when it answers no file. */
async function servedSha(admin: ApiClient, url: string | null | undefined) {
  if (!url) return null;
  const res = await admin.fetch(url);
  if (res.status !== 200) return `status ${res.status}`;
  return new Bun.CryptoHasher('sha256').update(await res.arrayBuffer()).digest('hex');
}

/**
 * The guestbook with its attachments as the admin gets them: each entry's words, its attachment's kind, state and
 * length, and the SHA-256 of what its original, its playable version and its poster answer (keys aside).
 */
export async function attachmentsAsSeen(admin: ApiClient, id: number) {
  const entries = await admin.json<GuestbookEntryDto[]>(`/api/event/${id}/guestbook`);
  return Promise.all(
    entries.map(async ({ name, text, approved, created_at, attachment: a }) => ({
      name,
      text,
      approved,
      created_at,
      attachment: a && {
        kind: a.kind,
        state: a.state,
        seconds: a.seconds,
        playable: a.url?.split('/').pop() ?? null,
        original: await servedSha(admin, a.original_url),
        url: await servedSha(admin, a.url),
        poster: await servedSha(admin, a.poster_url),
      },
    })),
  );
}

/** Every file and folder under the box's media folder. */
export const mediaFiles = (dataDir: string) => readdirSync(join(dataDir, 'media'), { recursive: true });

/** What the box has in tmp/ (its chunk folder aside). */
export const tmpFiles = (dataDir: string) => readdirSync(join(dataDir, 'tmp')).filter((n) => n !== 'chunks');
