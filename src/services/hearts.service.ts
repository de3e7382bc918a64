import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { hearts, uploads, type UploadRow } from '../db/schema.ts';
import type { EventNow, Viewer } from '../domain/permissions.ts';
import { authorize } from './authorize.ts';
import type { LiveService } from './live.service.ts';
import type { UploadsService } from './uploads.service.ts';

/**
 * Hearts (issue 28): a consented guest hearts what they see, once per upload, kept per guest identity (the
 * cookie's user id), never per address. The upload's `heart_count` moves with the heart in one transaction, so
 * every answer and the live stream's `update` carry the count, and 'Beliebteste' sorts without a join.
 */
export function createHeartsService(deps: { db: Db; uploads: UploadsService; live: LiveService }) {
  const { db, live } = deps;

  return {
    /** Hearts (`on`) or un-hearts an upload the guest sees; again is no change. Returns the upload as it now is. */
    set(event: EventNow, viewer: Viewer, uploadId: number, on: boolean): UploadRow {
      authorize(viewer, 'heart', { eventId: event.id, eventStatus: event.status });
      const userId = viewer.kind === 'guest' ? viewer.userId : '';
      const row = deps.uploads.visible(event, viewer, uploadId);
      const after = db.transaction((tx) => {
        const changed = on
          ? tx.insert(hearts).values({ uploadId: row.id, eventId: row.eventId, userId }).onConflictDoNothing().returning().all()
          : tx
              .delete(hearts)
              .where(and(eq(hearts.uploadId, row.id), eq(hearts.userId, userId)))
              .returning()
              .all();
        if (changed.length === 0) return row;
        return tx
          .update(uploads)
          .set({ heartCount: sql`${uploads.heartCount} + ${on ? 1 : -1}` })
          .where(eq(uploads.id, row.id))
          .returning()
          .get()!;
      });
      if (after !== row) live.uploadChanged(row, after);
      return after;
    },

    /** The uploads of the event this guest hearted (their own hearts are theirs alone: no answer names who hearted). */
    mine(eventId: number, userId: string): number[] {
      return db
        .select({ id: hearts.uploadId })
        .from(hearts)
        .where(and(eq(hearts.eventId, eventId), eq(hearts.userId, userId)))
        .all()
        .map((h) => h.id);
    },
  };
}

export type HeartsService = ReturnType<typeof createHeartsService>;
