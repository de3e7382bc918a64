import { Database, type Statement } from 'bun:sqlite';
import { drizzle, type BunSQLiteDatabase } from 'drizzle-orm/bun-sqlite';
import { MIGRATIONS } from './migrations/index.ts';
import * as schema from './schema.ts';

export type Db = BunSQLiteDatabase<typeof schema> & { $client: Database };

/** Opens (and creates) the database file with the pragmas the server relies on, and migrates it. */
export function openDatabase(path: string): Db {
  const sqlite = new Database(path, { create: true, strict: true });
  sqlite.exec('PRAGMA journal_mode = WAL');
  sqlite.exec('PRAGMA foreign_keys = ON');
  sqlite.exec('PRAGMA busy_timeout = 5000');
  // WAL + NORMAL is durable across process crashes (the SIGKILL test); only power loss may lose
  // the last transactions, never corrupt the file.
  sqlite.exec('PRAGMA synchronous = NORMAL');
  migrate(sqlite);
  keepStatements(sqlite);
  return drizzle(sqlite, { schema }) as Db;
}

/** Distinct SQL texts kept compiled; more only with queries of varying length (`IN (?, ?, ...)` lists). */
const KEPT_STATEMENTS = 500;

/**
 * drizzle asks SQLite to compile every query's SQL anew, a tenth of the time of a thumbnail request; the
 * compiled statements are kept by their text instead (the oldest dropped past KEPT_STATEMENTS), so each
 * query of the server is compiled once. drizzle runs a statement to its end in one synchronous call, so
 * sharing one between calls is safe.
 */
function keepStatements(sqlite: Database): void {
  const kept = new Map<string, Statement>();
  const compile = sqlite.prepare.bind(sqlite);
  const close = sqlite.close.bind(sqlite);
  // SQLite keeps a connection with unfinalized statements open past close(), locks and all.
  sqlite.close = (throwOnError?: boolean) => {
    for (const statement of kept.values()) statement.finalize();
    kept.clear();
    close(throwOnError);
  };
  sqlite.prepare = ((sql: string) => {
    let statement = kept.get(sql);
    if (!statement) {
      statement = compile(sql);
      if (kept.size >= KEPT_STATEMENTS) kept.delete(kept.keys().next().value!);
      kept.set(sql, statement);
    }
    return statement;
  }) as Database['prepare'];
}

/** Applies the embedded migrations that have not run yet, each in its own transaction. */
export function migrate(sqlite: Database): string[] {
  sqlite.exec('CREATE TABLE IF NOT EXISTS schema_migrations (tag TEXT PRIMARY KEY, applied_at TEXT NOT NULL)');
  const done = new Set(
    sqlite
      .query<{ tag: string }, []>('SELECT tag FROM schema_migrations')
      .all()
      .map((r) => r.tag),
  );
  const applied: string[] = [];
  for (const m of MIGRATIONS) {
    if (done.has(m.tag)) continue;
    sqlite.transaction(() => {
      for (const statement of m.sql.split('--> statement-breakpoint')) {
        if (statement.trim()) sqlite.exec(statement);
      }
      sqlite.query('INSERT INTO schema_migrations (tag, applied_at) VALUES (?, ?)').run(m.tag, new Date().toISOString());
    })();
    applied.push(m.tag);
  }
  return applied;
}
