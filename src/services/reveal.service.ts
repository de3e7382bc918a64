import { isNotNull } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { events } from '../db/schema.ts';
import { isSealed } from '../domain/event-window.ts';
import type { LiveService } from './live.service.ts';

/** How often the reveals still to come are compared with the clock: the gallery opens within this of its moment. */
export const REVEAL_TICK_MS = 500;

/**
 * Einwegkamera (issue 28): at an event's reveal every open page is told at once (live 'reveal'). The reveals
 * to come are read from the database (at start, so a restart keeps them, and whenever one is set or moved) and
 * compared with the services' clock on a short tick rather than one long timer: a clock moved by tests, or the
 * box's clock set by NTP after boot, is followed within a tick. What guests see never waits for this timer:
 * every read judges `sealed` with the clock itself (events.service `view`).
 */
export function createRevealService(deps: { db: Db; live: LiveService; now: () => Date }) {
  const { db, live, now } = deps;
  /** event id → its reveal (ms), for the events whose reveal is still to come */
  let pending = new Map<number, number>();
  let timer: ReturnType<typeof setInterval> | null = null;

  function reload() {
    const at = now();
    pending = new Map(
      db
        .select({ id: events.id, revealAt: events.revealAt })
        .from(events)
        .where(isNotNull(events.revealAt))
        .all()
        .filter((e) => isSealed(e.revealAt, at))
        .map((e) => [e.id, new Date(e.revealAt!).getTime()]),
    );
  }

  function tick() {
    const t = now().getTime();
    for (const [eventId, revealAt] of pending) {
      if (revealAt > t) continue;
      pending.delete(eventId);
      live.revealed(eventId);
    }
  }

  return {
    /** Reads the reveals to come and starts the tick. */
    start() {
      reload();
      timer ??= setInterval(tick, REVEAL_TICK_MS);
      timer.unref?.();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
    /** An event's reveal was set, moved or cleared (or the event deleted). */
    changed: reload,
  };
}

export type RevealService = ReturnType<typeof createRevealService>;
