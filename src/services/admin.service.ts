import { eq, lt } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { adminCredentials, adminSessions } from '../db/schema.ts';
import { AppError, unauthorized } from '../lib/errors.ts';
import { hashSecret, randomToken } from '../lib/ids.ts';
import { RateLimiter } from '../lib/rate-limiter.ts';

const SESSION_DAYS = 7;
/** Login attempts per client address: 10 at once, then one more every 90 s (all 10 again after 15 minutes). */
const MAX_FAILED_ATTEMPTS = 10;
const ATTEMPT_WINDOW_MS = 15 * 60_000;

/** argon2id's cost for the test suite only (config.ts testCheapPasswordHashing); production uses Bun's defaults (64 MiB, 2 passes). */
export const TEST_PASSWORD_COST = { memoryCost: 1024, timeCost: 1 } as const;

/** Admin credentials (argon2id via Bun.password), bearer sessions and login rate limiting. */
export function createAdminService(
  db: Db,
  now: () => Date = () => new Date(),
  onPasswordChanged: () => void = () => {},
  testCost?: typeof TEST_PASSWORD_COST,
) {
  // Failed logins (and those being checked) per client address; in memory, as the limit is a brake, not a lock. It lifts by itself
  // (ATTEMPT_WINDOW_MS without failures), on a restart, and when the password changes (also by
  // `momentbox reset-admin-password` from another process, seen as a new updatedAt), so the operator can
  // always get the real admin back in (README).
  const attempts = new RateLimiter({ burst: MAX_FAILED_ATTEMPTS, refillMs: ATTEMPT_WINDOW_MS / MAX_FAILED_ATTEMPTS }, () =>
    now().getTime(),
  );
  let attemptsSince: string | undefined;

  async function setPassword(password: string) {
    const passwordHash = await Bun.password.hash(password, { algorithm: 'argon2id', ...testCost });
    const updatedAt = now().toISOString();
    db.insert(adminCredentials)
      .values({ id: 1, passwordHash, updatedAt })
      .onConflictDoUpdate({ target: adminCredentials.id, set: { passwordHash, updatedAt } })
      .run();
  }

  return {
    hasPassword(): boolean {
      return db.select().from(adminCredentials).get() !== undefined;
    },

    setPassword,

    /** Sets a new password and ends every session (used by `reset-admin-password`). */
    async resetPassword(password: string) {
      await setPassword(password);
      onPasswordChanged();
      db.delete(adminSessions).run();
    },

    async login(password: string, client: string): Promise<{ token: string; expiresAt: string }> {
      const cred = db.select().from(adminCredentials).get();
      if (cred?.updatedAt !== attemptsSince) {
        attempts.clear();
        attemptsSince = cred?.updatedAt;
      }
      // Counted as a failure before the (expensive) check: attempts sent at once cannot all pass the limit
      // while the first ones are still being checked. A success takes it back.
      if (!attempts.take(client)) throw new AppError(429, 'TOO_MANY_ATTEMPTS');
      const ok = password !== '' && cred !== undefined && (await Bun.password.verify(password, cred.passwordHash));
      if (!ok) throw unauthorized('invalidCredentials');
      attempts.forget(client);
      const token = randomToken(32);
      const expiresAt = new Date(now().getTime() + SESSION_DAYS * 86_400_000).toISOString();
      db.delete(adminSessions).where(lt(adminSessions.expiresAt, now().toISOString())).run();
      db.insert(adminSessions)
        .values({ tokenHash: hashSecret(token), expiresAt })
        .run();
      return { token, expiresAt };
    },

    /** True when the bearer token belongs to a live admin session. */
    verifyToken(token: string): boolean {
      const row = db
        .select()
        .from(adminSessions)
        .where(eq(adminSessions.tokenHash, hashSecret(token)))
        .get();
      return row !== undefined && row.expiresAt > now().toISOString();
    },

    logout(token: string) {
      db.delete(adminSessions)
        .where(eq(adminSessions.tokenHash, hashSecret(token)))
        .run();
    },

    /** Passwords as the request schema checked them (both text, the new one at least 8 characters). */
    async changePassword(currentPassword: string, newPassword: string, keepToken: string) {
      const cred = db.select().from(adminCredentials).get();
      if (!cred || !(await Bun.password.verify(currentPassword, cred.passwordHash))) {
        throw new AppError(400, 'INVALID_PASSWORD', 'default', { field: 'currentPassword' });
      }
      await setPassword(newPassword);
      onPasswordChanged();
      // Other sessions end; the one that changed the password stays until the client logs out.
      const keep = hashSecret(keepToken);
      for (const s of db.select().from(adminSessions).all()) {
        if (s.tokenHash !== keep) db.delete(adminSessions).where(eq(adminSessions.tokenHash, s.tokenHash)).run();
      }
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
