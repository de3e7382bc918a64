import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { guestbookEntries, type GuestbookRow } from '../db/schema.ts';
import { GUESTBOOK_LIMITS, GUESTBOOK_NAME_MAX, GUESTBOOK_TEXT_MAX, seesGuestbookEntry, visibleLength } from '../domain/guestbook.ts';
import type { Viewer } from '../domain/permissions.ts';
import { cleanDisplayName, cleanMessageText } from '../lib/display-names.ts';
import { AppError, badRequest, notFound } from '../lib/errors.ts';
import { RateLimiter } from '../lib/rate-limiter.ts';
import { authorize } from './authorize.ts';
import type { EventView } from './events.service.ts';
import type { GuestsService } from './guests.service.ts';
import type { LiveService } from './live.service.ts';

export type { GuestbookRow };

/** What a guest (or the admin) writes: the text, and a name typed for this entry (else the guest's nickname). */
export interface GuestbookInput {
  text: string;
  name?: string | null;
}

/** One token back every 12 s: five entries in a minute, then one every 12 s. */
const PER_MINUTE_REFILL_MS = 60_000 / GUESTBOOK_LIMITS.perMinute;

/**
 * The guestbook of an event: guests write while the event takes uploads, everyone reads what the uploads
 * list's rule gives them (domain/guestbook.ts), a guest deletes their own, the host and the admin moderate.
 */
export function createGuestbookService(deps: { db: Db; guests: GuestsService; live: LiveService; now?: () => Date }) {
  const { db, guests, live } = deps;
  const now = deps.now ?? (() => new Date());
  const perMinute = new RateLimiter({ burst: GUESTBOOK_LIMITS.perMinute, refillMs: PER_MINUTE_REFILL_MS }, () => now().getTime());

  function get(eventId: number, entryId: number): GuestbookRow {
    const row = db
      .select()
      .from(guestbookEntries)
      .where(and(eq(guestbookEntries.id, entryId), eq(guestbookEntries.eventId, eventId)))
      .get();
    if (!row) throw notFound('guestbookEntry');
    return row;
  }

  /** The text as stored: plain text without invisible characters, 1 to 1,000 characters. */
  function cleanText(raw: string): string {
    const text = cleanMessageText(raw);
    if (text.length === 0) throw badRequest('guestbookTextEmpty', { field: 'text' });
    const length = visibleLength(text);
    if (length > GUESTBOOK_TEXT_MAX) throw badRequest('guestbookTextTooLong', { field: 'text', length, max: GUESTBOOK_TEXT_MAX });
    return text;
  }

  /** The signature: the name typed for this entry, else the guest's nickname; cleaned as names are. */
  function signature(event: EventView, viewer: Viewer, typed: string | null | undefined): string {
    const name = cleanDisplayName(typed ?? '').trim() || (viewer.kind === 'guest' ? (guests.nickname(event.id, viewer.userId) ?? '') : '');
    if (!name) throw badRequest('guestbookNameRequired', { field: 'name' });
    if (visibleLength(name) > GUESTBOOK_NAME_MAX) throw badRequest('guestbookNameTooLong', { field: 'name', max: GUESTBOOK_NAME_MAX });
    return name;
  }

  /** A guest's allowance: 20 entries in all, 5 a minute (429 saying which). */
  function assertAllowance(eventId: number, userId: string) {
    const written = db
      .select({ n: count() })
      .from(guestbookEntries)
      .where(and(eq(guestbookEntries.eventId, eventId), eq(guestbookEntries.userId, userId)))
      .get()!.n;
    if (written >= GUESTBOOK_LIMITS.perGuest)
      throw new AppError(429, 'TOO_MANY_REQUESTS', 'guestbookTotal', { maxEntries: GUESTBOOK_LIMITS.perGuest });
    if (!perMinute.take(`${eventId}/${userId}`))
      throw new AppError(429, 'TOO_MANY_REQUESTS', 'guestbookPerMinute', { perMinute: GUESTBOOK_LIMITS.perMinute });
  }

  return {
    get,

    /** The entries the viewer may see, newest first. */
    list(event: EventView, viewer: Viewer): GuestbookRow[] {
      authorize(viewer, 'readGuestbook', { eventId: event.id });
      return db
        .select()
        .from(guestbookEntries)
        .where(eq(guestbookEntries.eventId, event.id))
        .orderBy(desc(guestbookEntries.createdAt), desc(guestbookEntries.id))
        .all()
        .filter((row) => seesGuestbookEntry(row, viewer, event.status));
    },

    /** Every entry of the event (the host's moderation, the keepsake), newest first. */
    all(eventId: number): GuestbookRow[] {
      return db
        .select()
        .from(guestbookEntries)
        .where(eq(guestbookEntries.eventId, eventId))
        .orderBy(desc(guestbookEntries.createdAt), desc(guestbookEntries.id))
        .all();
    },

    /** A new entry: shared at once when the event shares uploads at once (or the admin writes it), else after approval. */
    create(event: EventView, viewer: Viewer, input: GuestbookInput): GuestbookRow {
      authorize(viewer, 'writeGuestbook', { eventId: event.id, eventStatus: event.status });
      const text = cleanText(input.text);
      const name = signature(event, viewer, input.name);
      const userId = viewer.kind === 'guest' ? viewer.userId : null;
      if (userId) assertAllowance(event.id, userId);
      const row = db
        .insert(guestbookEntries)
        .values({ eventId: event.id, userId, name, text, approved: viewer.kind === 'admin' || event.autoShareUploads })
        .returning()
        .get();
      live.guestbookChanged(null, row);
      return row;
    },

    delete(eventId: number, entryId: number, viewer: Viewer) {
      const row = get(eventId, entryId);
      authorize(viewer, 'deleteGuestbook', { eventId, ownerUserId: row.userId });
      db.delete(guestbookEntries).where(eq(guestbookEntries.id, row.id)).run();
      live.guestbookChanged(row, null);
    },

    /** Approve (share) or withdraw an entry: the host of the event and the admin. */
    setApproved(eventId: number, entryId: number, approved: boolean, viewer: Viewer): GuestbookRow {
      const row = get(eventId, entryId);
      authorize(viewer, 'moderateGuestbook', { eventId });
      if (row.approved === approved) return row;
      const updated = db.update(guestbookEntries).set({ approved }).where(eq(guestbookEntries.id, row.id)).returning().get()!;
      live.guestbookChanged(row, updated);
      return updated;
    },
  };
}

export type GuestbookService = ReturnType<typeof createGuestbookService>;
