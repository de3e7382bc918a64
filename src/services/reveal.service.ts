import { isNotNull } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { events } from '../db/schema.ts';
import { isSealed } from '../domain/event-window.ts';
import { realTimers, type Timers } from '../lib/timers.ts';
import type { LiveService } from './live.service.ts';

/**
 * The longest the service sleeps while a reveal is to come: a timer counts real time, so a wall clock that
 * jumps (a Raspberry Pi without a clock chip set by NTP after boot) is followed within this. (It also keeps
 * the delay below setTimeout's limit of 24.8 days.)
 */
export const REVEAL_MAX_SLEEP_MS = 60_000;

/**
 * Einwegkamera (issue 28): at an event's reveal every open page is told at once (live 'reveal'). The reveals
 * to come are read from the database (at start, so a restart keeps them, and whenever one is set, moved or
 * cleared) and one timer sleeps until the next of them: with no reveal to come nothing runs at all. A clock
 * moved by hand (the tests' clock) calls `clockMoved()`. What guests see never waits for
 * this timer: every read judges `sealed` with the clock itself (events.service `view`).
 */
export function createRevealService(deps: { db: Db; live: LiveService; now: () => Date; timers?: Timers }) {
  const { db, live, now } = deps;
  const timers = deps.timers ?? realTimers;
  /** event id → its reveal (ms), for the events whose reveal is still to come */
  let pending = new Map<number, number>();
  let timer: unknown = null;
  let started = false;

  function disarm() {
    if (timer !== null) timers.clear(timer);
    timer = null;
  }

  /** Tells the events whose reveal has come, then sleeps until the next one (or not at all). */
  function wake() {
    disarm();
    const t = now().getTime();
    for (const [eventId, revealAt] of pending) {
      if (revealAt > t) continue;
      pending.delete(eventId);
      live.revealed(eventId);
    }
    if (pending.size === 0) return;
    const next = Math.min(...pending.values());
    timer = timers.set(wake, Math.min(next - t, REVEAL_MAX_SLEEP_MS));
  }

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
    if (started) wake();
  }

  return {
    /** Reads the reveals to come and sleeps until the next. */
    start() {
      started = true;
      reload();
    },
    stop() {
      started = false;
      disarm();
    },
    /** An event's reveal was set, moved or cleared (or the event deleted). */
    changed: reload,
    /** The clock was moved by hand (tests' clock): the reveals it passed are told now, the timer re-armed. */
    clockMoved() {
      if (started) wake();
    },
  };
}

export type RevealService = ReturnType<typeof createRevealService>;
