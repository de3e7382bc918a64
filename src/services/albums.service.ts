import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { albums, uploads } from '../db/schema.ts';
import { sortAlbums, UNSORTED_ALBUM_NAME } from '../domain/albums.ts';
import { badRequest, notFound } from '../lib/errors.ts';
import type { LiveService } from './live.service.ts';
import type { MediaStore } from '../storage/media-store.ts';

export type AlbumRow = typeof albums.$inferSelect;

/** Album fields as the request schemas (http/schemas/albums.schemas.ts) deliver them: checked, dates as ISO UTC. */
export interface AlbumFields {
  name?: string;
  start_datetime?: string | null;
  end_datetime?: string | null;
  visible?: boolean;
  /** a photo challenge (issue 28): the name is its prompt; set when made, never dated */
  challenge?: boolean;
}

/** Sorts rows the way the spec lists albums: dated by start, then undated. */
const ordered = (rows: AlbumRow[]) =>
  sortAlbums(rows.map((r) => ({ ...r, start_datetime: r.startAt, end_datetime: r.endAt }))).map(
    ({ start_datetime: _s, end_datetime: _e, ...row }) => row as AlbumRow,
  );

export function createAlbumsService(deps: { db: Db; store: MediaStore; live: LiveService }) {
  const { db, store, live } = deps;

  function get(id: number): AlbumRow {
    const row = db.select().from(albums).where(eq(albums.id, id)).get();
    if (!row) throw notFound('album');
    return row;
  }

  /** The dates an album ends up with: in order, and none on a photo challenge (it never takes uploads by their date). */
  function checkDates(start: string | null | undefined, end: string | null | undefined, challenge: boolean) {
    if (challenge && (start || end)) throw badRequest('challengeWithDates', { field: start ? 'start_datetime' : 'end_datetime' });
    if (start && end && Date.parse(start) > Date.parse(end)) {
      throw badRequest('albumEndBeforeStart', { field: 'end_datetime' });
    }
  }

  return {
    get,

    /** The album, if it belongs to the event; else 404 (ids of other events are not revealed). */
    getInEvent(eventId: number, albumId: number): AlbumRow {
      const row = get(albumId);
      if (row.eventId !== eventId) throw notFound('album');
      return row;
    },

    /** Uploads per album of an event (for the admin's and the host's album lists). */
    uploadCounts(eventId: number): Map<number, number> {
      const rows = db
        .select({ albumId: uploads.albumId, count: sql<number>`count(*)` })
        .from(uploads)
        .where(eq(uploads.eventId, eventId))
        .groupBy(uploads.albumId)
        .all();
      return new Map(rows.map((r) => [r.albumId, r.count]));
    },

    list(eventId: number, opts: { visibleOnly: boolean }): AlbumRow[] {
      const rows = db.select().from(albums).where(eq(albums.eventId, eventId)).all();
      return ordered(opts.visibleOnly ? rows.filter((a) => a.visible) : rows);
    },

    create(eventId: number, input: AlbumFields & { name: string }): AlbumRow {
      const startAt = input.start_datetime ?? null;
      const endAt = input.end_datetime ?? null;
      const challenge = input.challenge ?? false;
      checkDates(startAt, endAt, challenge);
      const row = db
        .insert(albums)
        .values({ eventId, name: input.name, startAt, endAt, visible: input.visible ?? true, challenge })
        .returning()
        .get();
      live.albumsChanged(eventId);
      return row;
    },

    /**
     * 'Unsortiert' without dates, the album a guest may create (domain/permissions.ts 'unsortedOnly'): a
     * second call returns the same album. One transaction, so two phones creating it at once get one album.
     */
    ensureUnsorted(eventId: number): AlbumRow {
      return db.transaction((tx) => {
        const existing = tx
          .select()
          .from(albums)
          .where(and(eq(albums.eventId, eventId), eq(albums.name, UNSORTED_ALBUM_NAME), eq(albums.challenge, false)))
          .get();
        if (existing) return existing;
        const made = tx.insert(albums).values({ eventId, name: UNSORTED_ALBUM_NAME }).returning().get();
        live.albumsChanged(eventId);
        return made;
      });
    },

    update(id: number, input: AlbumFields): AlbumRow {
      const current = get(id);
      const { name, start_datetime: startAt, end_datetime: endAt, visible } = input;
      checkDates(startAt === undefined ? current.startAt : startAt, endAt === undefined ? current.endAt : endAt, current.challenge);
      if (name === undefined && startAt === undefined && endAt === undefined && visible === undefined) {
        throw badRequest('albumNothingToChange');
      }
      const updated = db.update(albums).set({ name, startAt, endAt, visible }).where(eq(albums.id, id)).returning().get()!;
      if (visible !== undefined && visible !== current.visible) live.resync(current.eventId);
      else live.albumsChanged(current.eventId);
      return updated;
    },

    /** Deletes the album with all its uploads and their files. */
    delete(id: number) {
      const album = get(id);
      const files = db.select({ key: uploads.storageKey, ext: uploads.originalExt }).from(uploads).where(eq(uploads.albumId, id)).all();
      db.delete(albums).where(eq(albums.id, id)).run();
      for (const f of files) store.removeUploadFiles(album.eventId, f.key, f.ext);
      if (files.length > 0) live.resync(album.eventId);
      else live.albumsChanged(album.eventId);
    },
  };
}

export type AlbumsService = ReturnType<typeof createAlbumsService>;
