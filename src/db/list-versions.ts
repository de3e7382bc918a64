import type { Database } from 'bun:sqlite';

/**
 * A counter per event that moves with every write to what its uploads list shows: the event's uploads, the
 * visibility of its albums and its guests' nicknames. Kept by the database itself, so no code path can forget
 * it, in TEMP triggers and a TEMP table: they belong to this connection (the server's only one), not to the
 * schema. Writes that change nothing a list shows (a guest's consent again, jobs, sessions) leave it alone.
 */
const SETUP = `
CREATE TEMP TABLE IF NOT EXISTS list_versions (event_id INTEGER PRIMARY KEY, version INTEGER NOT NULL);
${[
  ['list_upload_added', 'AFTER INSERT ON main.uploads', ['NEW.event_id']],
  ['list_upload_changed', 'AFTER UPDATE ON main.uploads', ['OLD.event_id', 'NEW.event_id']],
  ['list_upload_deleted', 'AFTER DELETE ON main.uploads', ['OLD.event_id']],
  ['list_album_shown', 'AFTER UPDATE OF visible ON main.albums', ['NEW.event_id']],
  ['list_album_deleted', 'AFTER DELETE ON main.albums', ['OLD.event_id']],
  ['list_guest_added', 'AFTER INSERT ON main.guests', ['NEW.event_id']],
  ['list_guest_named', 'AFTER UPDATE OF nickname ON main.guests', ['NEW.event_id']],
]
  .map(
    ([name, when, events]) =>
      `CREATE TEMP TRIGGER IF NOT EXISTS ${name} ${when} BEGIN ${(events as string[])
        .map((e) => `INSERT INTO list_versions VALUES (${e}, 1) ON CONFLICT (event_id) DO UPDATE SET version = version + 1;`)
        .join(' ')} END;`,
  )
  .join('\n')}`;

/** Installs the counters on this connection (again: nothing changes) and returns the reader of an event's. */
export function listVersions(sqlite: Database): (eventId: number) => string {
  sqlite.exec(SETUP);
  // data_version moves with commits of other connections (a backup restore, a test's own writes), which the triggers do not see.
  const read = sqlite.prepare<{ version: number | null; others: number }, [number]>(
    'SELECT (SELECT version FROM temp.list_versions WHERE event_id = ?) AS version, (SELECT data_version FROM pragma_data_version) AS others',
  );
  return (eventId) => {
    const row = read.get(eventId)!;
    return `${row.version ?? 0}.${row.others}`;
  };
}
