import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { bytesToMb } from '../domain/sizes.ts';
import { uploadsPerHour } from '../domain/statistics.ts';
import { apiKeys, uploads } from '../db/schema.ts';
import type { AlbumRow, AlbumsService } from './albums.service.ts';
import type { GuestsService } from './guests.service.ts';
import type { UploadRow } from './uploads.service.ts';

export interface UploaderSummary {
  /** the guest's row id: the handle the host knows them by (null only for a user id without a guest row) */
  guestId: number | null;
  /** the guest's session: only for the admin's answers */
  userId: string;
  nickname: string | null;
  uploadCount: number;
}

export interface EventReport {
  uploads: UploadRow[];
  albums: (AlbumRow & { uploadCount: number; uploads: UploadRow[] })[];
  uploaders: UploaderSummary[];
  /** uploads without a guest, per API key (its name; null when the key is gone) or by the admin (`apiKeyId` null) */
  otherUploaders: { apiKeyId: number | null; name: string | null; uploadCount: number }[];
  totalBytes: number;
  totalSizeMb: number;
  /** the files as uploaded, and what the box made of them (thumbnails, previews, transcoded videos) */
  originalBytes: number;
  derivedBytes: number;
  uploadsPerHour: { hour: string; count: number }[];
  photos: number;
  videos: number;
  nicknames: Map<string, string | null>;
  /** guest row ids by user id (UploaderSummary.guestId) */
  guestIds: Map<string, number>;
}

/** Statistics, uploaders and the JSON export: one pass over an event's uploads serves them all. */
export function createReportsService(deps: { db: Db; albums: AlbumsService; guests: GuestsService }) {
  const { db } = deps;

  return {
    report(eventId: number): EventReport {
      const rows = db.select().from(uploads).where(eq(uploads.eventId, eventId)).orderBy(asc(uploads.createdAt), asc(uploads.id)).all();
      const handles = deps.guests.handles(eventId);
      const nicknames = new Map([...handles].map(([userId, h]) => [userId, h.nickname]));
      const guestIds = new Map([...handles].map(([userId, h]) => [userId, h.guestId]));
      const perAlbum = new Map<number, UploadRow[]>();
      const perUser = new Map<string, number>();
      const perKey = new Map<number | null, number>();
      let totalBytes = 0;
      let originalBytes = 0;
      let photos = 0;
      for (const u of rows) {
        totalBytes += u.storedBytes;
        originalBytes += u.sizeBytes;
        if (u.type === 'photo') photos++;
        perAlbum.set(u.albumId, [...(perAlbum.get(u.albumId) ?? []), u]);
        if (u.userId) perUser.set(u.userId, (perUser.get(u.userId) ?? 0) + 1);
        else perKey.set(u.apiKeyId, (perKey.get(u.apiKeyId) ?? 0) + 1);
      }
      const uploaders = [...perUser.entries()]
        .map(([userId, uploadCount]) => ({
          guestId: guestIds.get(userId) ?? null,
          userId,
          uploadCount,
          nickname: nicknames.get(userId) ?? null,
        }))
        .sort((a, b) => b.uploadCount - a.uploadCount || (a.guestId ?? 0) - (b.guestId ?? 0));
      const keyNames = new Map(
        perKey.size
          ? db
              .select({ id: apiKeys.id, name: apiKeys.name })
              .from(apiKeys)
              .all()
              .map((k) => [k.id, k.name])
          : [],
      );
      const otherUploaders = [...perKey.entries()].map(([apiKeyId, uploadCount]) => ({
        apiKeyId,
        name: apiKeyId === null ? null : (keyNames.get(apiKeyId) ?? null),
        uploadCount,
      }));
      return {
        uploads: rows,
        albums: deps.albums.list(eventId, { visibleOnly: false }).map((a) => ({
          ...a,
          uploads: perAlbum.get(a.id) ?? [],
          uploadCount: perAlbum.get(a.id)?.length ?? 0,
        })),
        uploaders,
        otherUploaders,
        totalBytes,
        totalSizeMb: bytesToMb(totalBytes),
        originalBytes,
        derivedBytes: totalBytes - originalBytes,
        uploadsPerHour: uploadsPerHour(rows.map((u) => u.createdAt)),
        photos,
        videos: rows.length - photos,
        nicknames,
        guestIds,
      };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
