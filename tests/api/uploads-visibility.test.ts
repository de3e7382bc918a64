// One table of who sees which upload, run through both places that apply the rule: the uploads list's SQL
// (uploads.service `list`, also behind the album summaries and the guest ZIP) and the live stream's per-viewer
// filter (live.service `seesUpload` and `kindFor`). They must agree with the table and so with each other.
// The Einwegkamera's reveal (issue 28) is a column of its own: before it, guests see only their own.
import { afterAll, describe, expect, test } from 'bun:test';
import { openDatabase } from '../../src/db/connection.ts';
import type { EventStatus } from '../../src/domain/event-window.ts';
import type { EventNow, Viewer } from '../../src/domain/permissions.ts';
import { AppError } from '../../src/lib/errors.ts';
import { makeTempDir } from '../../src/media/test-helpers.ts';
import { kindFor, seesUpload, type LiveService } from '../../src/services/live.service.ts';
import type { ShotsService } from '../../src/services/shots.service.ts';
import { createUploadsService, type UploadRow } from '../../src/services/uploads.service.ts';
import type { MediaStore } from '../../src/storage/media-store.ts';

const OWNER = '5d1b3a8e-3c43-4f7a-9d7e-2b8c4d3f1a11';
const OTHER = '7e2c4b9f-4d54-4a8b-8e8f-3c9d5e4a2b22';

/** The uploads of event 1: [label, album (visible or hidden), approved, uploader (a guest, or null: admin/API key)]. */
// prettier-ignore
const UPLOADS: [label: string, album: 'visible' | 'hidden', approved: boolean, userId: string | null][] = [
  ['shared',              'visible', true,  OTHER],
  ['ownPrivate',          'visible', false, OWNER],
  ['othersPrivate',       'visible', false, OTHER],
  ['unapprovedByKey',     'visible', false, null],
  ['sharedInHidden',      'hidden',  true,  OTHER],
  ['ownPrivateInHidden',  'hidden',  false, OWNER],
];
type Label = (typeof UPLOADS)[number][0];
const ALL = UPLOADS.map(([label]) => label);

/** THE table: what each viewer sees of event 1 while it is viewable, after its viewable-until, and before its reveal. */
// prettier-ignore
const SEES: [name: string, viewer: Viewer, untilViewable: Label[], afterViewable: Label[], beforeReveal: Label[]][] = [
  ['admin',                    { kind: 'admin' },                                   ALL,                      ALL, ALL],
  ['host of the event',        { kind: 'host', eventId: 1 },                        ALL,                      ALL, ALL],
  ['host of another event',    { kind: 'host', eventId: 2 },                        [],                       [],  []],
  ['guest who uploaded',       { kind: 'guest', userId: OWNER, consented: true },   ['shared', 'ownPrivate'], [],  ['ownPrivate']],
  ['another guest',            { kind: 'guest', userId: OTHER, consented: true },   ['shared', 'othersPrivate'], [], ['shared', 'othersPrivate']],
  ['guest without consent',    { kind: 'guest', userId: OWNER, consented: false },  ['shared'],               [],  []],
  ['visitor',                  { kind: 'visitor' },                                 ['shared'],               [],  []],
  ['API key',                  { kind: 'apiKey', apiKeyId: 3 },                     [],                       [],  []],
];
const STATUSES: [EventStatus, boolean, 'untilViewable' | 'afterViewable' | 'beforeReveal'][] = [
  ['not_started', false, 'untilViewable'],
  ['active', false, 'untilViewable'],
  ['ended', false, 'untilViewable'],
  ['expired', false, 'afterViewable'],
  ['not_started', true, 'beforeReveal'],
  ['active', true, 'beforeReveal'],
];

const tmp = makeTempDir('visibility');
const sqlite = openDatabase(`${tmp.dir}/momentbox.db`);
sqlite.$client.exec(
  `INSERT INTO events (id, code, name, primary_color, secondary_color, event_start_datetime) VALUES (1, 'vis', 'Vis', 'purple', 'pink', '2026-11-23T10:00:00.000Z')`,
);
sqlite.$client.exec(`INSERT INTO albums (id, event_id, name, visible) VALUES (10, 1, 'Feier', 1), (11, 1, 'Versteckt', 0)`);
const insert = sqlite.$client.prepare(
  `INSERT INTO uploads (event_id, album_id, user_id, type, mime_type, storage_key, original_ext, original_name, size_bytes, stored_bytes, sha256, approved)
   VALUES (1, ?, ?, 'photo', 'image/jpeg', ?, 'jpg', 'x.jpg', 1, 1, ?, ?)`,
);
for (const [label, album, approved, userId] of UPLOADS) insert.run(album === 'visible' ? 10 : 11, userId, label, label, approved ? 1 : 0);
const service = createUploadsService({ db: sqlite, store: {} as MediaStore, live: {} as LiveService, shots: {} as ShotsService });
const rows = new Map(service.list({ id: 1, status: 'active', sealed: false }, { kind: 'admin' }).map((r) => [r.storageKey as Label, r]));
const albumVisible = (row: UploadRow) => row.albumId === 10;
afterAll(() => tmp.remove());

/** The list's answer as labels; a viewer it refuses (403) sees nothing. */
function listed(viewer: Viewer, event: EventNow): string[] {
  try {
    return service
      .list(event, viewer)
      .map((r) => r.storageKey)
      .sort();
  } catch (e) {
    if (e instanceof AppError && e.status === 403) return [];
    throw e;
  }
}

describe('who sees which upload: the SQL list and the live filter against one table', () => {
  test('every upload of the table is in the database', () => expect([...rows.keys()].sort()).toEqual([...ALL].sort()));

  for (const [name, viewer, untilViewable, afterViewable, beforeReveal] of SEES) {
    for (const [status, sealed, column] of STATUSES) {
      const event: EventNow = { id: 1, status, sealed };
      const expected = [...{ untilViewable, afterViewable, beforeReveal }[column]].sort();
      test(`${name}, event ${status}${sealed ? ' before its reveal' : ''}: sees ${JSON.stringify(expected)}`, () => {
        expect(listed(viewer, event)).toEqual(expected);
        const live = ALL.filter((label) => seesUpload(rows.get(label)!, albumVisible(rows.get(label)!), viewer, event)).sort();
        expect(live).toEqual(expected);
        // The stream tells an appearing upload to exactly those who see it, and its removal likewise.
        for (const label of ALL) {
          const row = rows.get(label)!;
          const change = { seq: 1, eventId: 1, beforeAlbumVisible: albumVisible(row), afterAlbumVisible: albumVisible(row) };
          const sees = expected.includes(label);
          expect(kindFor({ ...change, before: null, after: row }, viewer, event)).toBe(sees ? 'upload' : null);
          expect(kindFor({ ...change, before: row, after: null }, viewer, event)).toBe(sees ? 'remove' : null);
        }
      });
    }
  }
});
