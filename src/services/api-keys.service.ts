import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { apiKeys } from '../db/schema.ts';
import { conflict, notFound } from '../lib/errors.ts';
import { hashSecret, randomToken } from '../lib/ids.ts';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** Keys for photo-booth apps: stored hashed, shown once, `last_used_at` kept current. */
export function createApiKeysService(db: Db, now: () => Date = () => new Date()) {
  return {
    list(): ApiKeyRow[] {
      return db.select().from(apiKeys).orderBy(asc(apiKeys.id)).all();
    },

    /** A name as the request schema checked it (trimmed, 1 to 100 characters); 409 when taken. */
    create(name: string): { row: ApiKeyRow; key: string } {
      if (db.select().from(apiKeys).where(eq(apiKeys.name, name)).get()) {
        throw conflict('NAME_ALREADY_EXISTS');
      }
      const key = `mbx_${randomToken(32)}`;
      const row = db
        .insert(apiKeys)
        .values({ name, keyHash: hashSecret(key) })
        .returning()
        .get();
      return { row, key };
    },

    delete(id: number) {
      const deleted = db.delete(apiKeys).where(eq(apiKeys.id, id)).returning({ id: apiKeys.id }).all();
      if (deleted.length === 0) throw notFound('apiKey');
    },

    /** The key's row when valid (and marks it used), else null. */
    authenticate(key: string): ApiKeyRow | null {
      const row = db
        .select()
        .from(apiKeys)
        .where(eq(apiKeys.keyHash, hashSecret(key)))
        .get();
      if (!row) return null;
      db.update(apiKeys).set({ lastUsedAt: now().toISOString() }).where(eq(apiKeys.id, row.id)).run();
      return row;
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
