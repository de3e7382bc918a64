import { afterAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../db/connection.ts';
import { events } from '../db/schema.ts';
import { AppError } from '../lib/errors.ts';
import type { EventView } from './events.service.ts';
import { createGuestbookService } from './guestbook.service.ts';
import { createGuestsService } from './guests.service.ts';
import { createLiveService } from './live.service.ts';
import type { MediaTools } from '../media/media-tools.ts';
import { MediaStore } from '../storage/media-store.ts';

const dir = mkdtempSync(join(tmpdir(), 'momentbox-guestbook-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('a guest writes 5 entries a minute and 20 in all; each refusal is a 429 that names its reason', () => {
  const db = openDatabase(join(dir, 'limits.db'));
  const row = db
    .insert(events)
    .values({ code: 'gb', name: 'GB', primaryColor: '#000000', secondaryColor: '#ffffff', startAt: new Date().toISOString() })
    .returning()
    .get();
  const event = { ...row, status: 'active' } as EventView;
  let clock = Date.parse('2026-11-26T20:00:00Z');
  const now = () => new Date(clock);
  const guestbook = createGuestbookService({
    db,
    guests: createGuestsService(db, 100, now),
    live: createLiveService({ db }),
    // Text entries only: no file is stored or examined.
    store: new MediaStore(join(dir, 'data')),
    tools: {} as MediaTools,
    now,
  });
  const guest = { kind: 'guest' as const, userId: '00000000-0000-4000-8000-000000000001', consented: true };
  const write = () => guestbook.create(event, guest, { text: 'Hallo', name: 'Eager' });
  const refusal = () => {
    try {
      write();
    } catch (err) {
      return err instanceof AppError ? `${err.status} ${err.variant}` : String(err);
    }
    return 'written';
  };

  for (let i = 0; i < 5; i++) write();
  expect(refusal()).toBe('429 guestbookPerMinute');
  clock += 12_000; // one more every 12 s
  expect(refusal()).toBe('written');
  expect(refusal()).toBe('429 guestbookPerMinute');
  for (let written = 6; written < 20; written++) {
    clock += 60_000;
    write();
  }
  clock += 60_000;
  expect(refusal()).toBe('429 guestbookTotal');
  // Deleting one makes room for one more.
  guestbook.delete(event.id, guestbook.all(event.id)[0]!.id, guest);
  expect(refusal()).toBe('written');
  expect(guestbook.all(event.id).length).toBe(20);
});
