import { and, desc, eq, inArray, isNotNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { albums, uploads } from '../db/schema.ts';
import { hammingDistance, SIMILARITY_THRESHOLD } from '../domain/dhash.ts';
import { forbidden, notFound } from '../lib/errors.ts';
import type { MediaStore } from '../storage/media-store.ts';
import type { Viewer } from './viewer.ts';

export type UploadRow = typeof uploads.$inferSelect;

/** Listing, approval and deletion of uploads, with the visibility rules of the permission table. */
export function createUploadsService(deps: { db: Db; store: MediaStore }) {
  const { db, store } = deps;

  function get(eventId: number, uploadId: number): UploadRow {
    const row = db
      .select()
      .from(uploads)
      .where(and(eq(uploads.id, uploadId), eq(uploads.eventId, eventId)))
      .get();
    if (!row) throw notFound('Upload nicht gefunden');
    return row;
  }

  /** Guests may change only their own uploads; admins any. */
  function assertMayChange(row: UploadRow, viewer: Viewer) {
    if (viewer.kind === 'admin') return;
    if (viewer.kind === 'guest' && row.userId === viewer.userId) return;
    throw forbidden('Nur eigene Uploads können geändert werden');
  }

  return {
    get,

    byStorageKey(key: string): UploadRow | undefined {
      return db.select().from(uploads).where(eq(uploads.storageKey, key)).get();
    },

    /**
     * What the viewer may see of an event: admin and host everything; a guest the approved media in
     * visible albums plus their own; a visitor the approved media in visible albums. Newest first.
     */
    list(eventId: number, viewer: Viewer, opts: { albumId?: number; mediaExpired: boolean }): UploadRow[] {
      const privileged = viewer.kind === 'admin' || viewer.kind === 'host';
      if (!privileged && opts.mediaExpired) return [];
      const where: (SQL | undefined)[] = [eq(uploads.eventId, eventId)];
      if (opts.albumId !== undefined) where.push(eq(uploads.albumId, opts.albumId));
      if (!privileged) {
        const visibleAlbums = db
          .select({ id: albums.id })
          .from(albums)
          .where(and(eq(albums.eventId, eventId), eq(albums.visible, true)));
        where.push(inArray(uploads.albumId, visibleAlbums));
        where.push(viewer.kind === 'guest' ? or(eq(uploads.approved, true), eq(uploads.userId, viewer.userId)) : eq(uploads.approved, true));
      }
      return db.select().from(uploads).where(and(...where)).orderBy(desc(uploads.createdAt), desc(uploads.id)).all();
    },

    setApproved(eventId: number, uploadId: number, approved: boolean, viewer: Viewer): UploadRow {
      const row = get(eventId, uploadId);
      assertMayChange(row, viewer);
      return db.update(uploads).set({ approved }).where(eq(uploads.id, row.id)).returning().get()!;
    },

    delete(eventId: number, uploadId: number, viewer: Viewer) {
      const row = get(eventId, uploadId);
      assertMayChange(row, viewer);
      db.delete(uploads).where(eq(uploads.id, row.id)).run();
      store.removeUploadFiles(row.eventId, row.storageKey, row.originalExt);
    },

    findExact(eventId: number, sha256: string): UploadRow | undefined {
      return db
        .select()
        .from(uploads)
        .where(and(eq(uploads.eventId, eventId), eq(uploads.sha256, sha256.toLowerCase())))
        .get();
    },

    /**
     * Photos of the event within `threshold` bits of the hash. The bucket (first hex characters) is only a
     * hint: two hashes within the threshold can differ in their first characters, so every hash of the
     * event is compared (a 16-hex XOR per photo is cheap even for tens of thousands).
     */
    findSimilar(eventId: number, dhash: string, threshold = SIMILARITY_THRESHOLD): { id: number; distance: number }[] {
      return db
        .select({ id: uploads.id, dhash: uploads.dhash })
        .from(uploads)
        .where(and(eq(uploads.eventId, eventId), isNotNull(uploads.dhash)))
        .all()
        .map((r) => ({ id: r.id, distance: hammingDistance(dhash, r.dhash!) }))
        .filter((m) => m.distance <= threshold)
        .sort((a, b) => a.distance - b.distance || a.id - b.id);
    },
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
