import type { Config } from '../config.ts';
import { openDatabase } from '../db/connection.ts';
import { randomToken } from '../lib/ids.ts';
import { createAdminService } from '../services/admin.service.ts';
import { rmSync } from 'node:fs';
import { MediaStore } from '../storage/media-store.ts';

/** `momentbox reset-admin-password`: sets a new random password, ends all admin sessions, prints it. */
export async function resetAdminPassword(config: Config, print: (line: string) => void): Promise<number> {
  const store = new MediaStore(config.dataDir);
  const db = openDatabase(store.databasePath);
  const password = randomToken(12);
  await createAdminService(db, undefined, () => rmSync(store.initialPasswordPath, { force: true })).resetPassword(password);
  db.$client.close();
  print(`New admin password: ${password}`);
  print('All admin sessions were ended.');
  return 0;
}
