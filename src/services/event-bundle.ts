import { eq } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { albums, events, guestbookEntries, guests, hearts, uploads } from '../db/schema.ts';

/**
 * An event as it leaves the box (docs/s3.md, `event.json`): its settings (with the couple's link token), albums,
 * guests (nicknames), uploads, hearts and guestbook, read in one transaction so they fit together. Row ids are the box's own and
 * only link the rows of one bundle (an upload's `albumId` names an album's `id`); an import gives new ones.
 * Without anything that belongs to the box rather than the event (API keys, sessions, jobs, chunked uploads).
 */
export interface EventBundle {
  format: typeof BUNDLE_FORMAT;
  version: typeof BUNDLE_VERSION;
  event: Omit<typeof events.$inferSelect, 'id'>;
  albums: Omit<typeof albums.$inferSelect, 'eventId'>[];
  guests: Omit<typeof guests.$inferSelect, 'id' | 'eventId'>[];
  uploads: Omit<typeof uploads.$inferSelect, 'eventId' | 'apiKeyId'>[];
  /** a guest's heart on an upload (`uploadId` names an upload's `id`) */
  hearts: Omit<typeof hearts.$inferSelect, 'eventId'>[];
  /** the guestbook's entries (plain text) */
  guestbook: Omit<typeof guestbookEntries.$inferSelect, 'id' | 'eventId'>[];
}

export const BUNDLE_FORMAT = 'momentbox-event';
export const BUNDLE_VERSION = 1;

/** The event's rows as one consistent bundle (null when there is no such event). */
export function readEventBundle(db: Db, eventId: number): EventBundle | null {
  return db.transaction((tx) => {
    const event = tx.select().from(events).where(eq(events.id, eventId)).get();
    if (!event) return null;
    const { id: _id, ...eventFields } = event;
    return {
      format: BUNDLE_FORMAT,
      version: BUNDLE_VERSION,
      event: eventFields,
      albums: tx
        .select()
        .from(albums)
        .where(eq(albums.eventId, eventId))
        .orderBy(albums.id)
        .all()
        .map(({ eventId: _e, ...a }) => a),
      guests: tx
        .select()
        .from(guests)
        .where(eq(guests.eventId, eventId))
        .orderBy(guests.id)
        .all()
        .map(({ id: _i, eventId: _e, ...g }) => g),
      uploads: tx
        .select()
        .from(uploads)
        .where(eq(uploads.eventId, eventId))
        .orderBy(uploads.id)
        .all()
        .map(({ eventId: _e, apiKeyId: _k, ...u }) => u),
      hearts: tx
        .select()
        .from(hearts)
        .where(eq(hearts.eventId, eventId))
        .orderBy(hearts.uploadId, hearts.userId)
        .all()
        .map(({ eventId: _e, ...h }) => h),
      guestbook: tx
        .select()
        .from(guestbookEntries)
        .where(eq(guestbookEntries.eventId, eventId))
        .orderBy(guestbookEntries.id)
        .all()
        .map(({ id: _i, eventId: _e, ...g }) => g),
    };
  });
}
