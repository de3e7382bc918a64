// The gallery's paged queries walk an index, newest first: no scan of the event's uploads, no sort of them.
import { describe, expect, test } from 'bun:test';
import { drizzle } from 'drizzle-orm/bun-sqlite';
import type { Db } from '../../src/db/connection.ts';
import { openDatabase } from '../../src/db/connection.ts';
import * as schema from '../../src/db/schema.ts';
import { makeTempDir } from '../../src/media/test-helpers.ts';
import type { ShotsService } from '../../src/services/shots.service.ts';
import { createUploadsService } from '../../src/services/uploads.service.ts';
import type { LiveService } from '../../src/services/live.service.ts';
import type { MediaStore } from '../../src/storage/media-store.ts';
import type { Viewer } from '../../src/domain/permissions.ts';

/** The uploads service on a fresh database, with every query it sends recorded. */
function recordingService() {
  const tmp = makeTempDir('plan');
  const sqlite = openDatabase(`${tmp.dir}/momentbox.db`).$client;
  sqlite.exec(
    `INSERT INTO events (id, code, name, primary_color, secondary_color, event_start_datetime) VALUES (1, 'plan', 'Plan', 'purple', 'pink', '2026-11-23T10:00:00.000Z')`,
  );
  sqlite.exec(`INSERT INTO albums (id, event_id, name) VALUES (7, 1, 'Feier')`);
  const queries: { sql: string; params: unknown[] }[] = [];
  const db = drizzle(sqlite, { schema, logger: { logQuery: (sql, params) => queries.push({ sql, params }) } }) as unknown as Db;
  const service = createUploadsService({ db, store: {} as MediaStore, live: {} as LiveService, shots: {} as ShotsService });
  const plans = (of: typeof queries) =>
    of.map((q) =>
      sqlite
        .query(`EXPLAIN QUERY PLAN ${q.sql}`)
        .all(...(q.params as never[]))
        .map((r) => (r as { detail: string }).detail)
        .join(' | '),
    );
  return { service, queries, plans, remove: tmp.remove };
}

const guest: Viewer = { kind: 'guest', userId: '5d1b3a8e-3c43-4f7a-9d7e-2b8c4d3f1a11', consented: true };
const viewers: [string, Viewer][] = [
  ['admin', { kind: 'admin' }],
  ['guest', guest],
  ['visitor', { kind: 'visitor' }],
];

describe('EXPLAIN QUERY PLAN of a gallery page', () => {
  for (const [name, viewer] of viewers) {
    test(`${name}: a page of an album and of the event, first and after a cursor, search an index in its order`, () => {
      const { service, queries, plans, remove } = recordingService();
      try {
        const cursor = Buffer.from(JSON.stringify(['2026-11-23T10:00:00.000Z', 42])).toString('base64url');
        for (const albumId of [7, undefined]) {
          for (const at of [undefined, cursor])
            service.page({ id: 1, status: 'active', sealed: false }, viewer, { albumId, limit: 60, cursor: at });
        }
        const pages = queries.filter((q) => /from "uploads"/.test(q.sql));
        expect(pages.length).toBe(4);
        for (const [i, plan] of plans(pages).entries()) {
          expect(plan).toMatch(
            i < 2 ? /SEARCH uploads USING INDEX uploads_event_album_created_idx/ : /SEARCH uploads USING INDEX uploads_event_created_idx/,
          );
          expect(plan).not.toContain('TEMP B-TREE');
          expect(plan).not.toMatch(/SCAN uploads/);
        }
      } finally {
        remove();
      }
    });
  }
});
