import { afterAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../db/connection.ts';
import { createLiveService, QUEUE_LIMIT, type LiveSubscription } from './live.service.ts';
import type { UploadRow } from './uploads.service.ts';

const dir = mkdtempSync(join(tmpdir(), 'momentbox-live-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const row = (id: number) => ({ id, eventId: 1, albumId: 1, userId: null, approved: true }) as UploadRow;
const admin = { viewer: { kind: 'admin' as const }, eventNow: () => ({ id: 1, status: 'active' as const, sealed: false }) };
/** The fan-out runs in later turns of the event loop. */
const fannedOut = () => Bun.sleep(20);

/** What a stream has for its connection by now; a read still waiting is kept for the next call (none is lost). */
const waiting = new WeakMap<LiveSubscription, ReturnType<LiveSubscription['next']>>();
async function drain(s: LiveSubscription) {
  const got: string[] = [];
  for (;;) {
    const read = waiting.get(s) ?? s.next();
    waiting.set(s, read);
    const next = await Promise.race([read, Bun.sleep(5).then(() => 'idle' as const)]);
    if (next === 'idle') return { got, ended: false };
    waiting.delete(s);
    if (next === null) return { got, ended: true };
    got.push(next === 'ping' ? 'ping' : next.kind);
  }
}

test('changes reach a stream after the call that made them; a stream that does not read gets a resync for what overflowed, and is closed when as far behind again', async () => {
  const live = createLiveService({ db: openDatabase(join(dir, 'queue.db')) });
  const closed: boolean[] = [];
  const reader = live.subscribe(1, { ...admin, onClose: (farBehind) => closed.push(farBehind) }, null);
  const sleeper = live.subscribe(1, { ...admin, onClose: (farBehind) => closed.push(farBehind) }, null);
  let delivered = false;
  const first = reader.next().then((d) => ((delivered = true), d));
  live.uploadChanged(null, row(1));
  for (let i = 0; i < 5; i++) await Promise.resolve();
  expect(delivered).toBe(false); // nothing inside the call that made the change
  expect(await first).toMatchObject({ kind: 'upload', row: { id: 1 } });

  for (let i = 2; i <= QUEUE_LIMIT; i++) live.uploadChanged(null, row(i));
  await fannedOut();
  expect((await drain(reader)).got).toEqual(Array(QUEUE_LIMIT - 1).fill('upload'));
  for (let i = 1; i <= 10; i++) live.uploadChanged(null, row(QUEUE_LIMIT + i));
  await fannedOut();
  expect((await drain(reader)).got).toEqual(Array(10).fill('upload'));
  // The sleeper held QUEUE_LIMIT, then overflowed: its queue is one resync now, with the id of the last change.
  expect(await sleeper.next()).toEqual({ kind: 'resync', id: live.currentId() });

  for (let i = 0; i <= QUEUE_LIMIT * 2 + 1; i++) live.uploadChanged(null, row(1000 + i));
  await fannedOut();
  expect(closed).toEqual([true]); // the sleeper, for not reading (its connection is cut)
  expect(await sleeper.next()).toBeNull();
  expect(live.openStreams).toBe(1);
  reader.close();
  expect(closed).toEqual([true, false]);
  expect(live.openStreams).toBe(0);
});

test('a bulk action of more than a few uploads is one resync; a few go out one by one', async () => {
  const live = createLiveService({ db: openDatabase(join(dir, 'bulk.db')) });
  const s = live.subscribe(1, admin, null);
  live.bulk(1, () => [1, 2, 3].forEach((i) => live.uploadChanged(row(i), row(i))));
  live.bulk(1, () => Array.from({ length: 40 }, (_, i) => live.uploadChanged(row(i), row(i))));
  await fannedOut();
  expect((await drain(s)).got).toEqual(['update', 'update', 'update', 'resync']);
});
