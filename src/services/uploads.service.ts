import { and, count, desc, eq, gt, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Db } from '../db/connection.ts';
import { listVersions } from '../db/list-versions.ts';
import { albums, guests, uploads, type UploadRow } from '../db/schema.ts';
import { hammingDistance, SIMILARITY_THRESHOLD } from '../domain/dhash.ts';
import { reachOf, revealScope, seesMedia, seesWholeEvent, type EventNow } from '../domain/permissions.ts';
import { badRequest, notFound } from '../lib/errors.ts';
import type { MediaStore } from '../storage/media-store.ts';
import type { LiveService } from './live.service.ts';
import type { ShotsService } from './shots.service.ts';
import type { ModerationStatus, UploadSort } from '../domain/limits.ts';
import type { Viewer } from '../domain/permissions.ts';
import { authorize } from './authorize.ts';

export type { UploadRow };

export interface ModerationFilter {
  status: ModerationStatus;
  albumId?: number;
  guestId?: number;
  limit: number;
  offset: number;
}

/** One page of the gallery, newest first, and the cursor of the next (null after the last). */
export interface UploadPage {
  rows: UploadRow[];
  nextCursor: string | null;
}

/** What a viewer sees of one album: how many uploads, how many of them videos, how many their own private ones, the cover. */
export interface AlbumSummary {
  count: number;
  videos: number;
  ownPrivate: number;
  /** the viewer's own uploads in it (a guest's; photo challenges count as done with one) */
  own: number;
  /** the newest photo with a thumbnail, else the newest upload with one (a video poster) */
  cover: UploadRow | null;
}

/**
 * A page cursor: where the last page ended (its last upload's sort key and id), opaque to clients. Keyset
 * paging: uploads arriving meanwhile are newer than any cursor, so they never shift the pages still to come.
 * 'Beliebteste' keys on the heart count too: a heart given meanwhile may move a photo across the cursor (it is
 * then seen twice or not at all), as in any list sorted by a live figure; the order itself is total and stable.
 */
const SORT_KEYS: Record<UploadSort, { columns: SQLiteColumn[]; of: (r: UploadRow) => unknown[] }> = {
  newest: { columns: [uploads.createdAt, uploads.id], of: (r) => [r.createdAt, r.id] },
  loved: { columns: [uploads.heartCount, uploads.createdAt, uploads.id], of: (r) => [r.heartCount, r.createdAt, r.id] },
};
const ORDER: Record<UploadSort, SQL[]> = {
  newest: SORT_KEYS.newest.columns.map((c) => desc(c)),
  loved: SORT_KEYS.loved.columns.map((c) => desc(c)),
};
const cursorOf = (sort: UploadSort, row: UploadRow) => Buffer.from(JSON.stringify(SORT_KEYS[sort].of(row))).toString('base64url');
/** The cursor's values, checked against the sort's key (a cursor of another sort is refused, never misread). */
function readCursor(sort: UploadSort, cursor: string): unknown[] {
  try {
    const values = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as unknown;
    const shape = SORT_KEYS[sort].columns.map((c) => (c === uploads.createdAt ? 'string' : 'integer'));
    if (
      Array.isArray(values) &&
      values.length === shape.length &&
      values.every((v, i) => (shape[i] === 'string' ? typeof v === 'string' : Number.isSafeInteger(v)))
    )
      return values;
  } catch {
    // answered below
  }
  throw badRequest('invalidField', { field: 'cursor' });
}

const NEWEST_FIRST = ORDER.newest;
/** Similar photos one check answers at most, closest first: the web app looks at the closest own one. */
export const MAX_SIMILAR = 20;

/** Listing, approval and deletion of uploads, with the visibility rules of the permission table. */
export function createUploadsService(deps: { db: Db; store: MediaStore; live: LiveService; shots: ShotsService }) {
  const { db, store, live, shots } = deps;
  // Every media request looks its upload up by key: built and compiled once.
  const byKey = db
    .select()
    .from(uploads)
    .where(eq(uploads.storageKey, sql.placeholder('key')))
    .prepare();
  const hashesOf = db
    .select({ id: uploads.id, dhash: sql<string>`${uploads.dhash}` })
    .from(uploads)
    .where(and(eq(uploads.eventId, sql.placeholder('eventId')), isNotNull(uploads.dhash)))
    .prepare();

  function get(eventId: number, uploadId: number): UploadRow {
    const row = db
      .select()
      .from(uploads)
      .where(and(eq(uploads.id, uploadId), eq(uploads.eventId, eventId)))
      .get();
    if (!row) throw notFound('upload');
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

  /**
   * The conditions for what a viewer may see of an event, or of one of its albums (see `list`); null when
   * it is nothing (a hidden album, or media after viewable-until: domain/permissions.ts `seesMedia`).
   * live.service `seesUpload` is the same rule for one row; uploads-visibility.test.ts holds them to one table.
   */
  function visibleTo(event: EventNow, viewer: Viewer, albumId: number | undefined): (SQL | undefined)[] | null {
    const eventId = event.id;
    authorize(viewer, 'readEvent', { eventId });
    if (!seesMedia(viewer, event)) return null;
    const where: (SQL | undefined)[] = [eq(uploads.eventId, eventId)];
    if (albumId !== undefined) where.push(eq(uploads.albumId, albumId));
    if (seesWholeEvent(viewer, eventId)) return where;
    // Einwegkamera: before the reveal a guest sees only their own uploads, a visitor none.
    const reveal = revealScope(viewer, event);
    if (reveal === 'none') return null;
    if (reveal === 'own' && viewer.kind === 'guest') where.push(eq(uploads.userId, viewer.userId));
    if (albumId !== undefined) {
      // One album: its own flag, so the query keeps to the album's index.
      const album = db
        .select({ visible: albums.visible })
        .from(albums)
        .where(and(eq(albums.id, albumId), eq(albums.eventId, eventId)))
        .get();
      if (!album?.visible) return null;
    } else {
      const visibleAlbums = db
        .select({ id: albums.id })
        .from(albums)
        .where(and(eq(albums.eventId, eventId), eq(albums.visible, true)));
      where.push(inArray(uploads.albumId, visibleAlbums));
    }
    // 'seeUnapproved' reaching 'own': a consented guest also sees their own (one without consent is a visitor).
    const own = viewer.kind === 'guest' && reachOf(viewer, 'seeUnapproved') === 'own' ? eq(uploads.userId, viewer.userId) : undefined;
    where.push(own ? or(eq(uploads.approved, true), own) : eq(uploads.approved, true));
    return where;
  }

  function deleteRow(row: UploadRow) {
    db.delete(uploads).where(eq(uploads.id, row.id)).run();
    shots.deleted(row);
    store.removeUploadFiles(row.eventId, row.storageKey, row.originalExt);
    live.uploadChanged(row, null);
  }

  const listVersion = listVersions(db.$client);
  const ownUpload = db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.eventId, sql.placeholder('eventId')), eq(uploads.userId, sql.placeholder('userId'))))
    .limit(1)
    .prepare();

  return {
    get,

    /** Changes with every write to what the event's lists show: what `list` answers is the same while it is. */
    listVersion,

    /** Whether the guest has uploads of their own in the event (else they see what a visitor sees). */
    hasOwn(eventId: number, userId: string): boolean {
      return ownUpload.get({ eventId, userId }) !== undefined;
    },

    byStorageKey(key: string): UploadRow | undefined {
      return byKey.get({ key });
    },

    /**
     * What the viewer may see of an event: admin and host everything; a guest the approved media in
     * visible albums plus their own; a visitor the approved media in visible albums; an API key nothing.
     * Newest first.
     */
    list(event: EventNow, viewer: Viewer, opts: { albumId?: number; sort?: UploadSort } = {}): UploadRow[] {
      const where = visibleTo(event, viewer, opts.albumId);
      if (!where) return [];
      return db
        .select()
        .from(uploads)
        .where(and(...where))
        .orderBy(...ORDER[opts.sort ?? 'newest'])
        .all();
    },

    /** One upload, if the viewer sees it (the uploads list's rule); else 404, as if it did not exist. */
    visible(event: EventNow, viewer: Viewer, uploadId: number): UploadRow {
      const where = visibleTo(event, viewer, undefined);
      const row =
        where &&
        db
          .select()
          .from(uploads)
          .where(and(...where, eq(uploads.id, uploadId)))
          .get();
      if (!row) throw notFound('upload');
      return row;
    },

    /** Those of `uploadIds` the viewer sees (the uploads list's rule), in no particular order (the face search ranks them). */
    visibleAmong(event: EventNow, viewer: Viewer, uploadIds: number[]): UploadRow[] {
      const where = visibleTo(event, viewer, undefined);
      if (!where || uploadIds.length === 0) return [];
      return db
        .select()
        .from(uploads)
        .where(and(...where, inArray(uploads.id, uploadIds)))
        .all();
    },

    /** `list` one page at a time: `limit` uploads after the `cursor` of the page before (none: the newest). */
    page(event: EventNow, viewer: Viewer, opts: { albumId?: number; limit: number; cursor?: string; sort?: UploadSort }): UploadPage {
      const sort = opts.sort ?? 'newest';
      const where = visibleTo(event, viewer, opts.albumId);
      if (!where) return { rows: [], nextCursor: null };
      if (opts.cursor !== undefined) {
        const after = readCursor(sort, opts.cursor);
        // A row value, so SQLite walks the (event, album, [heart_count,] created_at) index from the cursor on.
        where.push(
          sql`(${sql.join(SORT_KEYS[sort].columns, sql`, `)}) < (${sql.join(
            after.map((v) => sql`${v}`),
            sql`, `,
          )})`,
        );
      }
      // One more than asked tells whether another page follows.
      const rows = db
        .select()
        .from(uploads)
        .where(and(...where))
        .orderBy(...ORDER[sort])
        .limit(opts.limit + 1)
        .all();
      const more = rows.length > opts.limit;
      if (more) rows.pop();
      return { rows, nextCursor: more ? cursorOf(sort, rows.at(-1)!) : null };
    },

    /** Per album of the event, what `list` would show this viewer of it (the album list's counts and covers). */
    albumSummaries(event: EventNow, viewer: Viewer): Map<number, AlbumSummary> {
      const where = visibleTo(event, viewer, undefined);
      const summaries = new Map<number, AlbumSummary>();
      if (!where) return summaries;
      const ownerId = viewer.kind === 'guest' ? viewer.userId : null;
      const counts = db
        .select({
          albumId: uploads.albumId,
          count: count(),
          videos: sql<number>`sum(${uploads.type} = 'video')`,
          ownPrivate: sql<number>`sum(${uploads.approved} = 0 and ${uploads.userId} is not null and ${uploads.userId} = ${ownerId})`,
          own: sql<number>`sum(${uploads.userId} is not null and ${uploads.userId} = ${ownerId})`,
        })
        .from(uploads)
        .where(and(...where))
        .groupBy(uploads.albumId)
        .all();
      for (const c of counts)
        summaries.set(c.albumId, { count: c.count, videos: c.videos, ownPrivate: c.ownPrivate, own: c.own, cover: null });
      // SQLite's max() takes the other columns from the row it picked: the newest photo (else upload) with a thumbnail per album.
      for (const photosOnly of [true, false]) {
        const covers = db
          .select({ newest: sql`max(${uploads.createdAt})`, row: uploads })
          .from(uploads)
          .where(and(...where, eq(uploads.hasThumbnail, true), photosOnly ? eq(uploads.type, 'photo') : undefined))
          .groupBy(uploads.albumId)
          .all();
        for (const { row } of covers) {
          const summary = summaries.get(row.albumId);
          if (summary && !summary.cover) summary.cover = row;
        }
      }
      return summaries;
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
      if (filter.status === 'loved') where.push(gt(uploads.heartCount, 0));
      if (filter.albumId !== undefined) where.push(eq(uploads.albumId, filter.albumId));
      if (filter.guestId !== undefined) {
        const guest = db
          .select({ userId: guests.userId })
          .from(guests)
          .where(and(eq(guests.id, filter.guestId), eq(guests.eventId, eventId)))
          .get();
        where.push(eq(uploads.userId, guest?.userId ?? ''));
      }
      const condition = and(...where);
      const total = db.select({ n: count() }).from(uploads).where(condition).get()?.n ?? 0;
      const rows = db
        .select()
        .from(uploads)
        .where(condition)
        .orderBy(...(filter.status === 'loved' ? ORDER.loved : NEWEST_FIRST))
        .limit(filter.limit)
        .offset(filter.offset)
        .all();
      return { rows, total };
    },

    /** Approves or withdraws many uploads of one event at once; all or none (each must be the viewer's to change). */
    setApprovedMany(eventId: number, ids: number[], approved: boolean, viewer: Viewer): UploadRow[] {
      const rows = ids.map((id) => get(eventId, id));
      for (const row of rows) assertMayChange(row, viewer, 'moderate');
      return live.bulk(eventId, () => db.transaction(() => rows.map((row) => setApprovedRow(row, approved))));
    },

    deleteMany(eventId: number, ids: number[], viewer: Viewer): number {
      const rows = ids.map((id) => get(eventId, id));
      for (const row of rows) assertMayChange(row, viewer, 'deleteUpload');
      live.bulk(eventId, () => {
        for (const row of rows) deleteRow(row);
      });
      return rows.length;
    },

    /** Ids of every upload by one guest (by their row id in `guests`) of the event. */
    idsOfGuest(eventId: number, guestId: number): number[] {
      const guest = db
        .select({ userId: guests.userId })
        .from(guests)
        .where(and(eq(guests.id, guestId), eq(guests.eventId, eventId)))
        .get();
      if (!guest) throw notFound('guest');
      return db
        .select({ id: uploads.id })
        .from(uploads)
        .where(and(eq(uploads.eventId, eventId), eq(uploads.userId, guest.userId)))
        .all()
        .map((r) => r.id);
    },

    /** A guest shares all their private uploads at once; returns the uploads now shared. */
    shareAllOwn(eventId: number, userId: string): UploadRow[] {
      const own = db
        .select()
        .from(uploads)
        .where(and(eq(uploads.eventId, eventId), eq(uploads.userId, userId), eq(uploads.approved, false)))
        .all();
      return live.bulk(eventId, () => db.transaction(() => own.map((row) => setApprovedRow(row, true))));
    },

    /** A guest's nickname changed: one live message naming their uploads, for those who see them. */
    announceNickname(eventId: number, userId: string, nickname: string) {
      live.nicknameChanged(
        eventId,
        userId,
        nickname,
        db
          .select()
          .from(uploads)
          .where(and(eq(uploads.eventId, eventId), eq(uploads.userId, userId)))
          .all(),
      );
    },

    findExact(eventId: number, sha256: string): UploadRow | undefined {
      return db
        .select()
        .from(uploads)
        .where(and(eq(uploads.eventId, eventId), eq(uploads.sha256, sha256.toLowerCase())))
        .get();
    },

    /**
     * The closest photos of the event within `threshold` bits of the hash (at most `MAX_SIMILAR`). The bucket
     * (first hex characters) is only a hint: two hashes within the threshold can differ in their first
     * characters, so every hash of the event is compared, read from the (event, dhash) index alone; only
     * the matches' rows are loaded.
     */
    findSimilar(eventId: number, dhash: string, threshold = SIMILARITY_THRESHOLD): { row: UploadRow; distance: number }[] {
      const close = hashesOf
        .all({ eventId })
        .map((h) => ({ id: h.id, distance: hammingDistance(dhash, h.dhash) }))
        .filter((m) => m.distance <= threshold)
        .sort((a, b) => a.distance - b.distance || a.id - b.id)
        .slice(0, MAX_SIMILAR);
      if (close.length === 0) return [];
      const rows = new Map(
        db
          .select()
          .from(uploads)
          .where(
            inArray(
              uploads.id,
              close.map((m) => m.id),
            ),
          )
          .all()
          .map((r) => [r.id, r]),
      );
      return close.flatMap((m) => (rows.has(m.id) ? [{ row: rows.get(m.id)!, distance: m.distance }] : []));
    },
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
