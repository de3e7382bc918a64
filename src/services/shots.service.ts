import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { events, guests, type UploadRow } from '../db/schema.ts';
import { can, type Viewer } from '../domain/permissions.ts';
import { conflict } from '../lib/errors.ts';

/** The transaction handle of `db.transaction` (the shot is taken inside the upload's own transaction). */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What the shot count needs of an event. */
export interface ShotsEvent {
  id: number;
  shotsPerGuest: number | null;
}

const usedUp = (limit: number) => conflict('SHOTS_USED_UP', { shotsPerGuest: limit, shotsLeft: 0 });

/**
 * Einwegkamera (issue 28): each guest has the event's number of shots ('Aufnahmen'). A guest's every upload
 * is counted in their row (`guests.shots_taken`), also while the event has no limit, so a limit set later
 * counts what was taken before. A deleted upload gives its shot back only when the event says so. Who is
 * not counted is the permission table's ('uploadPastShots': the admin, API keys of photo booths; the couple
 * uploads as a guest of their own device, but has no limit on their settings page).
 * Counted per guest identity, which is the cookie's user id (issue 28: identities per device, never per
 * address): a second phone that takes the identity over with the recovery link shares the shots; one that
 * consents anew is a new guest, since nothing ties two consents to one person (tests/api/einwegkamera.test.ts).
 */
/** Who uploads past the shots is the permission table's to say, nobody else's. */
const exempt = (event: ShotsEvent, viewer: Viewer) => can(viewer, 'uploadPastShots', { eventId: event.id });

export function createShotsService(db: Db) {
  const taken = (eventId: number, userId: string) =>
    db
      .select({ n: guests.shotsTaken })
      .from(guests)
      .where(and(eq(guests.eventId, eventId), eq(guests.userId, userId)))
      .get()?.n ?? 0;

  /** The guest's shots still to take, or null when the viewer is not limited (no limit, or not a counted guest). */
  function left(event: ShotsEvent, viewer: Viewer): number | null {
    if (event.shotsPerGuest === null || exempt(event, viewer)) return null;
    // counted by the table, but without a count of its own (no guest identity): no shots
    if (viewer.kind !== 'guest') return 0;
    return Math.max(0, event.shotsPerGuest - taken(event.id, viewer.userId));
  }

  return {
    left,

    /** 409 SHOTS_USED_UP when the guest has no shot left: asked before any bytes come (a whole file, a chunked upload's start). */
    assertLeft(event: ShotsEvent, viewer: Viewer) {
      if (left(event, viewer) === 0) throw usedUp(event.shotsPerGuest!);
    },

    /**
     * Takes one shot inside the transaction that inserts the upload: one conditional UPDATE, so two uploads
     * finishing at once cannot both take the last shot (the loser's transaction rolls back, its files go).
     */
    take(tx: Tx, event: ShotsEvent, viewer: Viewer) {
      if (exempt(event, viewer)) return;
      const limit = event.shotsPerGuest;
      if (viewer.kind !== 'guest') {
        if (limit !== null) throw usedUp(limit);
        return;
      }
      const took = tx
        .update(guests)
        .set({ shotsTaken: sql`${guests.shotsTaken} + 1` })
        .where(
          and(
            eq(guests.eventId, event.id),
            eq(guests.userId, viewer.userId),
            limit === null ? undefined : sql`${guests.shotsTaken} < ${limit}`,
          ),
        )
        .returning({ n: guests.shotsTaken })
        .get();
      if (!took && limit !== null) throw usedUp(limit);
    },

    /** A guest's upload was deleted: its shot comes back when the event says 'Gelöschte Fotos geben Aufnahmen zurück'. */
    deleted(row: UploadRow) {
      if (row.userId === null) return;
      const event = db.select({ giveBack: events.deletedShotsReturn }).from(events).where(eq(events.id, row.eventId)).get();
      if (!event?.giveBack) return;
      db.update(guests)
        .set({ shotsTaken: sql`max(${guests.shotsTaken} - 1, 0)` })
        .where(and(eq(guests.eventId, row.eventId), eq(guests.userId, row.userId)))
        .run();
    },
  };
}

export type ShotsService = ReturnType<typeof createShotsService>;
