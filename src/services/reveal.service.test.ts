import { afterAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../db/connection.ts';
import { events } from '../db/schema.ts';
import type { LiveService } from './live.service.ts';
import type { Timers } from '../lib/timers.ts';
import { createRevealService, REVEAL_MAX_SLEEP_MS } from './reveal.service.ts';

const dir = mkdtempSync(join(tmpdir(), 'momentbox-reveal-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const MINUTE = 60_000;

/** The service over a fresh database, with the services' clock and a timer the test fires by hand. */
function setUp() {
  const db = openDatabase(join(dir, `${crypto.randomUUID()}.db`));
  let clock = Date.parse('2026-11-26T18:00:00Z');
  let armed: { fn: () => void; ms: number } | null = null;
  const timers: Timers = {
    set: (fn, ms) => (armed = { fn, ms }),
    clear: () => (armed = null),
  };
  const told: number[] = [];
  const live = { revealed: (id: number) => told.push(id) } as unknown as LiveService;
  const reveal = createRevealService({ db, live, now: () => new Date(clock), timers });
  const addEvent = (code: string, revealInMs: number | null) =>
    db
      .insert(events)
      .values({
        code,
        name: code,
        primaryColor: '#000000',
        secondaryColor: '#ffffff',
        startAt: new Date(clock).toISOString(),
        revealAt: revealInMs === null ? null : new Date(clock + revealInMs).toISOString(),
      })
      .returning()
      .get().id;
  return {
    db,
    reveal,
    told,
    addEvent,
    armed: () => armed,
    /** Real time passes (the clock with it) until the armed timer fires. */
    sleep() {
      const timer = armed!;
      clock += timer.ms;
      armed = null;
      timer.fn();
    },
    moveClock: (ms: number) => (clock += ms),
  };
}

test('without a reveal to come nothing is armed; with one, the timer sleeps until it (at most a minute at a time) and tells it once', () => {
  const s = setUp();
  s.addEvent('none', null);
  s.addEvent('past', -MINUTE);
  s.reveal.start();
  expect(s.armed()).toBeNull();

  const soon = s.addEvent('soon', 20_000);
  s.reveal.changed();
  expect(s.armed()?.ms).toBe(20_000);
  s.sleep();
  expect(s.told).toEqual([soon]);
  expect(s.armed()).toBeNull();

  const later = s.addEvent('later', 2 * 3600_000);
  s.reveal.changed();
  expect(s.armed()?.ms).toBe(REVEAL_MAX_SLEEP_MS); // a jump of the wall clock is followed within a minute
  for (let i = 0; i < 119; i++) s.sleep();
  expect(s.told).toEqual([soon]);
  s.sleep();
  expect(s.told).toEqual([soon, later]);
  expect(s.armed()).toBeNull();
  s.reveal.stop();
});

test('a moved reveal re-arms the timer; a cleared one disarms it; a moved clock tells at once', () => {
  const s = setUp();
  s.reveal.start();
  const id = s.addEvent('moved', 10 * MINUTE);
  s.reveal.changed();
  expect(s.armed()?.ms).toBe(REVEAL_MAX_SLEEP_MS);
  s.db
    .update(events)
    .set({ revealAt: new Date(Date.parse('2026-11-26T18:00:30Z')).toISOString() })
    .where(eq(events.id, id))
    .run();
  s.reveal.changed();
  expect(s.armed()?.ms).toBe(30_000);
  s.db.update(events).set({ revealAt: null }).where(eq(events.id, id)).run();
  s.reveal.changed();
  expect(s.armed()).toBeNull();

  const other = s.addEvent('clock', 2 * 3600_000);
  s.reveal.changed();
  s.moveClock(2 * 3600_000 + 1000);
  s.reveal.clockMoved();
  expect(s.told).toEqual([other]);
  expect(s.armed()).toBeNull();

  s.reveal.stop();
  s.addEvent('stopped', MINUTE);
  s.reveal.changed();
  expect(s.armed()).toBeNull();
});
