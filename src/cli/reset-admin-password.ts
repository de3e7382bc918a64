import type { Config } from '../config.ts';
import { openDatabase } from '../db/connection.ts';
import { randomToken } from '../lib/ids.ts';
import { createAdminService } from '../services/admin.service.ts';
import { MediaStore } from '../storage/media-store.ts';
import { rmSync } from 'node:fs';
import { initialPasswordFile } from './serve.ts';

/** `momentbox reset-admin-password`: sets a new random password, ends all admin sessions, prints it. */
export async function resetAdminPassword(config: Config, print: (line: string) => void): Promise<number> {
  const db = openDatabase(new MediaStore(config.dataDir).databasePath);
  const password = randomToken(12);
  await createAdminService(db, undefined, () => rmSync(initialPasswordFile(config.dataDir), { force: true })).resetPassword(password);
  db.$client.close();
  print(`New admin password: ${password}`);
  print('All admin sessions were ended.');
  return 0;
}
