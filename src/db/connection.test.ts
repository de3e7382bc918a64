import { afterAll, expect, test } from 'bun:test';
import { Database } from 'bun:sqlite';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from './connection.ts';
import { events } from './schema.ts';

const dir = mkdtempSync(join(tmpdir(), 'momentbox-db-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('a database closed after its queries leaves nothing open: the next process opens and writes it at once', () => {
  const path = join(dir, 'momentbox.db');
  const db = openDatabase(path);
  db.transaction((tx) => {
    tx.insert(events)
      .values({
        code: 'fest',
        name: 'Fest',
        primaryColor: '#000000',
        secondaryColor: '#ffffff',
        clientToken: 'token',
        startAt: '2026-01-01T00:00:00Z',
      })
      .run();
  });
  expect(db.select().from(events).all()).toHaveLength(1);
  db.$client.close();

  // As the server starting next (busy_timeout 0: a lock still held fails at once instead of waiting).
  const next = new Database(path);
  next.exec('PRAGMA journal_mode = DELETE');
  next.exec("UPDATE events SET name = 'Sommerfest'");
  expect(next.query('SELECT name FROM events').get()).toEqual({ name: 'Sommerfest' });
  next.close();
});
