import { afterAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../db/connection.ts';
import { adminCredentials } from '../db/schema.ts';
import { createAdminService, TEST_PASSWORD_COST } from './admin.service.ts';

const dir = mkdtempSync(join(tmpdir(), 'momentbox-admin-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const storedHash = async (name: string, testCost?: typeof TEST_PASSWORD_COST) => {
  const db = openDatabase(join(dir, `${name}.db`));
  await createAdminService(db, undefined, undefined, testCost).setPassword('a-long-password');
  return db.select().from(adminCredentials).get()!.passwordHash;
};

test("the admin password is hashed with argon2id at Bun's full cost unless the test suite asks for less", async () => {
  expect(await storedHash('production')).toStartWith('$argon2id$v=19$m=65536,t=2,');
  expect(await storedHash('tests', TEST_PASSWORD_COST)).toStartWith('$argon2id$v=19$m=1024,t=1,');
});
