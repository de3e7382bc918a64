import { eq } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { boxSettings } from '../db/schema.ts';
import { AppError } from '../lib/errors.ts';
import { S3Bucket, type S3Target } from '../storage/s3-bucket.ts';

const S3_KEY = 's3';

/** The target as the dashboard sees it: everything but the secret, of which only whether one is stored. */
export type S3TargetView = Omit<S3Target, 'secretAccessKey'> & { hasSecret: boolean };

/** A change from the dashboard: an absent or empty secret keeps the stored one (the browser never has it). */
export type S3TargetChange = Omit<S3Target, 'secretAccessKey'> & { secretAccessKey?: string };

const cleanPrefix = (prefix: string) => prefix.trim().replace(/^\/+|\/+$/g, '');

/**
 * The S3 bucket events are pushed to (issue 29), kept in the box's settings. The secret key stays on the
 * server: no answer carries it and nothing logs it.
 */
export function createS3TargetService(deps: { db: Db; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  const stored = (): S3Target | null => {
    const row = db.select().from(boxSettings).where(eq(boxSettings.key, S3_KEY)).get();
    return row ? (JSON.parse(row.value) as S3Target) : null;
  };

  const view = (t: S3Target | null): S3TargetView | null => {
    if (!t) return null;
    const { secretAccessKey, ...rest } = t;
    return { ...rest, hasSecret: secretAccessKey !== '' };
  };

  const merged = (change: S3TargetChange): S3Target => ({
    endpoint: change.endpoint.trim(),
    region: change.region.trim(),
    bucket: change.bucket.trim(),
    prefix: cleanPrefix(change.prefix),
    accessKeyId: change.accessKeyId.trim(),
    secretAccessKey: change.secretAccessKey || stored()?.secretAccessKey || '',
  });

  return {
    /** The stored target with its secret, for the push and the import (null until the admin saved one). */
    target: stored,

    /** The bucket of the stored target; 409 S3_NOT_CONFIGURED without one. */
    bucket(): S3Bucket {
      const t = stored();
      if (!t) throw new AppError(409, 'S3_NOT_CONFIGURED');
      return new S3Bucket(t);
    },

    view: () => view(stored()),

    save(change: S3TargetChange): S3TargetView {
      const value = JSON.stringify(merged(change));
      const updatedAt = now().toISOString();
      db.insert(boxSettings)
        .values({ key: S3_KEY, value, updatedAt })
        .onConflictDoUpdate({ target: boxSettings.key, set: { value, updatedAt } })
        .run();
      return view(stored())!;
    },

    /**
     * 'Verbindung testen': writes, lists and removes a small object under the prefix with these settings (the
     * stored secret when none is given). A refusal answers 502 S3_CHECK_FAILED with what the store said.
     */
    async check(change: S3TargetChange): Promise<void> {
      const bucket = new S3Bucket(merged(change));
      const probe = `.momentbox-check-${now().getTime()}`;
      try {
        await bucket.putText(probe, 'momentbox', 'text/plain');
        await bucket.list(probe);
        await bucket.remove(probe);
      } catch (err) {
        throw new AppError(502, 'S3_CHECK_FAILED', 'default', { reason: s3Reason(err) });
      }
    },
  };
}

/** What the store answered, in a line (its code and message; never the request with its signature). */
export function s3Reason(err: unknown): string {
  const e = err as { code?: string; message?: string };
  return [e.code, e.message].filter(Boolean).join(': ').slice(0, 300) || String(err);
}

export type S3TargetService = ReturnType<typeof createS3TargetService>;
