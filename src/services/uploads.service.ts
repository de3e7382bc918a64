import { and, count, desc, eq, inArray, isNotNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { albums, guests, uploads } from '../db/schema.ts';
import { hammingDistance, SIMILARITY_THRESHOLD } from '../domain/dhash.ts';
import { seesWholeEvent } from '../domain/permissions.ts';
import { notFound } from '../lib/errors.ts';
import type { MediaStore } from '../storage/media-store.ts';
import type { LiveService } from './live.service.ts';
import type { Viewer } from '../domain/permissions.ts';
import { authorize } from './authorize.ts';

export type UploadRow = typeof uploads.$inferSelect;

export const MODERATION_STATUSES = ['all', 'pending', 'approved', 'failed'] as const;
export interface ModerationFilter {
  status: (typeof MODERATION_STATUSES)[number];
  albumId?: number;
  guestId?: number;
  limit: number;
  offset: number;
}

/** Listing, approval and deletion of uploads, with the visibility rules of the permission table. */
export function createUploadsService(deps: { db: Db; store: MediaStore; live: LiveService }) {
  const { db, store, live } = deps;

  function get(eventId: number, uploadId: number): UploadRow {
    const row = db
      .select()
      .from(uploads)
      .where(and(eq(uploads.id, uploadId), eq(uploads.eventId, eventId)))
      .get();
    if (!row) throw notFound('Upload nicht gefunden');
    return row;
  }

  /** The permission table (domain/permissions.ts): guests their own uploads, the host any of its event, the admin any. */
  function assertMayChange(row: UploadRow, viewer: Viewer, action: 'moderate' | 'deleteUpload') {
    authorize(viewer, action, { eventId: row.eventId, ownerUserId: row.userId });
  }

  function setApprovedRow(row: UploadRow, approved: boolean): UploadRow {
    if (row.approved === approved) return row;
    const updated = db.update(uploads).set({ approved }).where(eq(uploads.id, row.id)).returning().get()!;
    live.uploadChanged(row, updated);
    return updated;
  }

  function deleteRow(row: UploadRow) {
    db.delete(uploads).where(eq(uploads.id, row.id)).run();
    store.removeUploadFiles(row.eventId, row.storageKey, row.originalExt);
    live.uploadChanged(row, null);
  }

  return {
    get,

    byStorageKey(key: string): UploadRow | undefined {
      return db.select().from(uploads).where(eq(uploads.storageKey, key)).get();
    },

    /**
     * What the viewer may see of an event: admin and host everything; a guest the approved media in
     * visible albums plus their own; a visitor the approved media in visible albums; an API key nothing.
     * Newest first.
     */
    list(eventId: number, viewer: Viewer, opts: { albumId?: number; mediaExpired: boolean }): UploadRow[] {
      authorize(viewer, 'readEvent', { eventId });
      const privileged = seesWholeEvent(viewer, eventId);
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
      assertMayChange(row, viewer, 'moderate');
      return setApprovedRow(row, approved);
    },

    delete(eventId: number, uploadId: number, viewer: Viewer) {
      const row = get(eventId, uploadId);
      assertMayChange(row, viewer, 'deleteUpload');
      deleteRow(row);
    },

    /**
     * The host's moderation list: every upload of the event, newest first, filtered by state, album or guest
     * (the guest's row id in `guests`, never their user id, which is their session), one page at a time.
     */
    moderationPage(eventId: number, filter: ModerationFilter): { rows: UploadRow[]; total: number } {
      const where: (SQL | undefined)[] = [eq(uploads.eventId, eventId)];
      if (filter.status === 'pending') where.push(eq(uploads.approved, false));
      if (filter.status === 'approved') where.push(eq(uploads.approved, true));
      if (filter.status === 'failed') where.push(eq(uploads.processingState, 'failed'));
      if (filter.albumId !== undefined) where.push(eq(uploads.albumId, filter.albumId));
      if (filter.guestId !== undefined) {
        const guest = db.select({ userId: guests.userId }).from(guests).where(and(eq(guests.id, filter.guestId), eq(guests.eventId, eventId))).get();
        where.push(eq(uploads.userId, guest?.userId ?? ''));
      }
      const condition = and(...where);
      const total = db.select({ n: count() }).from(uploads).where(condition).get()?.n ?? 0;
      const rows = db.select().from(uploads).where(condition).orderBy(desc(uploads.createdAt), desc(uploads.id)).limit(filter.limit).offset(filter.offset).all();
      return { rows, total };
    },

    /** Approves or withdraws many uploads of one event at once; all or none (each must be the viewer's to change). */
    setApprovedMany(eventId: number, ids: number[], approved: boolean, viewer: Viewer): UploadRow[] {
      const rows = ids.map((id) => get(eventId, id));
      for (const row of rows) assertMayChange(row, viewer, 'moderate');
      return db.transaction(() => rows.map((row) => setApprovedRow(row, approved)));
    },

    deleteMany(eventId: number, ids: number[], viewer: Viewer): number {
      const rows = ids.map((id) => get(eventId, id));
      for (const row of rows) assertMayChange(row, viewer, 'deleteUpload');
      for (const row of rows) deleteRow(row);
      return rows.length;
    },

    /** Ids of every upload by one guest (by their row id in `guests`) of the event. */
    idsOfGuest(eventId: number, guestId: number): number[] {
      const guest = db.select({ userId: guests.userId }).from(guests).where(and(eq(guests.id, guestId), eq(guests.eventId, eventId))).get();
      if (!guest) throw notFound('Gast nicht gefunden');
      return db.select({ id: uploads.id }).from(uploads).where(and(eq(uploads.eventId, eventId), eq(uploads.userId, guest.userId))).all().map((r) => r.id);
    },

    /** A guest shares all their private uploads at once; returns the uploads now shared. */
    shareAllOwn(eventId: number, userId: string): UploadRow[] {
      const own = db.select().from(uploads).where(and(eq(uploads.eventId, eventId), eq(uploads.userId, userId), eq(uploads.approved, false))).all();
      return db.transaction(() => own.map((row) => setApprovedRow(row, true)));
    },

    /** Sends a guest's uploads out again as live updates (their nickname changed; the message carries the new one). */
    announceOwner(eventId: number, userId: string) {
      for (const row of db.select().from(uploads).where(and(eq(uploads.eventId, eventId), eq(uploads.userId, userId))).all()) live.uploadChanged(row, row);
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
    findSimilar(eventId: number, dhash: string, threshold = SIMILARITY_THRESHOLD): { row: UploadRow; distance: number }[] {
      return db
        .select()
        .from(uploads)
        .where(and(eq(uploads.eventId, eventId), isNotNull(uploads.dhash)))
        .all()
        .map((row) => ({ row, distance: hammingDistance(dhash, row.dhash!) }))
        .filter((m) => m.distance <= threshold)
        .sort((a, b) => a.distance - b.distance || a.row.id - b.row.id);
    },
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
