import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { guests, uploads } from '../db/schema.ts';
import { AppError } from '../lib/errors.ts';
import { RateLimiter } from '../lib/rate-limiter.ts';

/**
 * New guests per client address (`newGuestsPerAddress`, default 60, one more every 10 s): a phone joins a
 * few events and may lose its cookie, and a venue has a few hundred phones, each with its own address on the
 * venue network; 3,000 consents from one address are a script. Consent again for a known user id (a phone
 * that retries) creates nothing and is not counted.
 */
const NEW_GUEST_REFILL_MS = 10_000;
export type GuestRow = typeof guests.$inferSelect;

/** Guests are known per event by the random user id in their cookie `event_{code}`. */
export function createGuestsService(
  db: Db,
  newGuestsPerAddress: number,
  now: () => Date = () => new Date(),
  /** told after a guest's nickname changed (not when set to the one it was) */
  onNicknameChanged?: (eventId: number, userId: string, nickname: string) => void,
) {
  const newGuests = new RateLimiter({ burst: newGuestsPerAddress, refillMs: NEW_GUEST_REFILL_MS }, () => now().getTime());
  const find = (eventId: number, userId: string) =>
    db
      .select()
      .from(guests)
      .where(and(eq(guests.eventId, eventId), eq(guests.userId, userId)))
      .get();

  return {
    find,

    hasConsent(eventId: number, userId: string): boolean {
      return Boolean(find(eventId, userId)?.consentAt);
    },

    /** Consent of `userId`; a new guest row counts against the client address's allowance (429 past it). */
    giveConsent(eventId: number, userId: string, clientAddress: string): GuestRow {
      if (!find(eventId, userId) && !newGuests.take(clientAddress)) {
        throw new AppError(429, 'TOO_MANY_REQUESTS');
      }
      const consentAt = now().toISOString();
      return db
        .insert(guests)
        .values({ eventId, userId, consentAt })
        .onConflictDoUpdate({ target: [guests.eventId, guests.userId], set: { consentAt } })
        .returning()
        .get();
    },

    /** A nickname already trimmed and checked (1 to 30 characters, the request schema in guest.routes.ts). */
    setNickname(eventId: number, userId: string, nickname: string): string {
      const was = find(eventId, userId)?.nickname;
      db.insert(guests)
        .values({ eventId, userId, nickname })
        .onConflictDoUpdate({ target: [guests.eventId, guests.userId], set: { nickname } })
        .run();
      if (was !== nickname) onNicknameChanged?.(eventId, userId, nickname);
      return nickname;
    },

    nickname(eventId: number, userId: string): string | null {
      return find(eventId, userId)?.nickname ?? null;
    },

    /**
     * Guests of the event who uploaded, most uploads first, named for the host by their row id: their user id
     * is their session (the recovery link is made of it) and only the admin may see it.
     */
    uploaders(eventId: number): { guestId: number; userId: string; nickname: string | null; uploadCount: number }[] {
      return db
        .select({ guestId: guests.id, userId: guests.userId, nickname: guests.nickname, uploadCount: count(uploads.id) })
        .from(guests)
        .innerJoin(uploads, and(eq(uploads.eventId, guests.eventId), eq(uploads.userId, guests.userId)))
        .where(eq(guests.eventId, eventId))
        .groupBy(guests.id)
        .orderBy(desc(count(uploads.id)), guests.id)
        .all();
    },

    /**
     * The event's guests by user id: their row id (`guestId`, the handle the host and the statistics name
     * them by, since the user id is their session) and their nickname.
     */
    handles(eventId: number): Map<string, { guestId: number; nickname: string | null }> {
      const rows = db
        .select({ guestId: guests.id, userId: guests.userId, nickname: guests.nickname })
        .from(guests)
        .where(eq(guests.eventId, eventId))
        .all();
      return new Map(rows.map((g) => [g.userId, { guestId: g.guestId, nickname: g.nickname }]));
    },

    /** The event's nicknames by user id; with `of`, only those guests' (a page of the gallery names a few of hundreds). */
    nicknames(eventId: number, of?: (string | null)[]): Map<string, string | null> {
      const ids = of && [...new Set(of.filter((id): id is string => id !== null))];
      return new Map(
        db
          .select({ userId: guests.userId, nickname: guests.nickname })
          .from(guests)
          .where(and(eq(guests.eventId, eventId), ids ? inArray(guests.userId, ids) : undefined))
          .all()
          .map((g) => [g.userId, g.nickname]),
      );
    },
  };
}

export type GuestsService = ReturnType<typeof createGuestsService>;
