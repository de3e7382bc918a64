import { count, eq, lt, sum } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { chunkSessions, events, uploads } from '../../db/schema.ts';
import type { ChunkStore } from '../../storage/chunk-store.ts';
import type { MediaStore } from '../../storage/media-store.ts';
import { unfinishedSessions } from './chunked.ts';

/** Chunked uploads untouched this long are given up (a phone may resume the next morning). */
export const STALE_PARTIALS_MS = 24 * 3600_000;
/** When free space runs low, sessions without a chunk for this long go early. */
export const STALE_PARTIALS_LOW_SPACE_MS = 6 * 3600_000;

/**
 * Tidies tmp/ and the media folders: crash leftovers at start, unfinished chunked uploads and stray temp
 * files once stale. Also answers how much unfinished data the box holds.
 */
export function createSweeper(deps: { db: Db; store: MediaStore; chunks: ChunkStore; now: () => Date }) {
  const { db, store, chunks, now } = deps;

  return {
    /**
     * At start, before any request: temp files, chunk folders without a session and media files that no
     * row lists are leftovers of a crash between writing and committing (a row is inserted only after its
     * files are in place).
     */
    removeOrphans(): number {
      let removed = store.removeTemp();
      const sessions = new Set(
        db
          .select({ key: chunkSessions.key })
          .from(chunkSessions)
          .all()
          .map((s) => s.key),
      );
      for (const key of chunks.keys()) {
        if (sessions.has(key)) continue;
        chunks.remove(key);
        removed++;
      }
      const keys = new Set(
        db
          .select({ key: uploads.storageKey })
          .from(uploads)
          .all()
          .map((u) => u.key),
      );
      const hostKeys = new Set(
        db
          .select({ key: events.hostImageKey })
          .from(events)
          .all()
          .map((e) => e.key),
      );
      removed += store.removeUnknownMedia(keys, hostKeys);
      return removed;
    },

    /** Removes chunked uploads without a chunk for `maxAgeMs`, and temp files as old; the count of sessions removed. */
    removeStale(maxAgeMs = STALE_PARTIALS_MS): number {
      const cutoff = new Date(now().getTime() - maxAgeMs);
      const stale = db
        .select({ key: chunkSessions.key })
        .from(chunkSessions)
        .where(lt(chunkSessions.updatedAt, cutoff.toISOString()))
        .all();
      for (const s of stale) {
        chunks.remove(s.key);
        db.delete(chunkSessions).where(eq(chunkSessions.key, s.key)).run();
      }
      store.removeTemp(cutoff);
      return stale.length;
    },

    /** Unfinished chunked uploads the box holds (for /healthz). */
    held(): { sessions: number; bytes: number } {
      const row = db
        .select({ sessions: count(), bytes: sum(chunkSessions.receivedBytes) })
        .from(chunkSessions)
        .where(unfinishedSessions())
        .get();
      return { sessions: row?.sessions ?? 0, bytes: Number(row?.bytes ?? 0) };
    },
  };
}

export type Sweeper = ReturnType<typeof createSweeper>;
