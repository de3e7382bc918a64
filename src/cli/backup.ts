import { Database } from 'bun:sqlite';
import { cpSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Config } from '../config.ts';
import { MediaStore } from '../storage/media-store.ts';

/**
 * `momentbox backup <dir>`: a consistent snapshot of the database (`VACUUM INTO`, SQLite's online copy:
 * one read transaction, so uploads may go on meanwhile) plus every media file. Restore by starting
 * with `--data-dir <dir>`. The snapshot is taken first: media files newer than it are copied too but
 * not listed, which is harmless; a file listed in it is always there, as uploads never change files.
 */
export function backup(config: Config, target: string | undefined, print: (line: string) => void): number {
  if (!target) {
    print('Usage: momentbox backup <dir>');
    return 2;
  }
  const dir = resolve(target);
  const store = new MediaStore(config.dataDir);
  if (!existsSync(store.databasePath)) {
    print(`No database at ${store.databasePath}: nothing to back up.`);
    return 1;
  }
  if (existsSync(join(dir, 'momentbox.db'))) {
    print(`${dir} already holds a backup; choose an empty folder.`);
    return 1;
  }
  mkdirSync(dir, { recursive: true });
  const db = new Database(store.databasePath, { readonly: true });
  try {
    db.exec('PRAGMA busy_timeout = 10000');
    db.query('VACUUM INTO ?').run(join(dir, 'momentbox.db'));
  } finally {
    db.close();
  }
  cpSync(store.mediaDir, join(dir, 'media'), { recursive: true });
  const events = existsSync(join(dir, 'media')) ? readdirSync(join(dir, 'media')).length : 0;
  print(`Backup written to ${dir} (database and media of ${events} event(s)).`);
  print(`Restore: momentbox --data-dir ${dir}`);
  return 0;
}
