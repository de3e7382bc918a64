import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { jobs } from '../db/schema.ts';
import type { Logger } from '../lib/logger.ts';

export type JobRow = typeof jobs.$inferSelect;

export interface JobHandler {
  run(job: JobRow, signal: AbortSignal): Promise<void>;
  /** called once a job has failed for the last time */
  failed(job: JobRow, error: unknown): void;
  /** hard limit for one run of this job */
  timeoutMs(job: JobRow): number;
}

export interface QueueOptions {
  db: Db;
  logger: Logger;
  handlers: Record<string, JobHandler>;
  /** true while uploads are streaming in: the queue waits so it does not starve them */
  busy: () => boolean;
  maxAttempts?: number;
  /** longest a job waits for uploads to pause before it runs anyway */
  maxYieldMs?: number;
  idlePollMs?: number;
}

/**
 * A persistent job queue in SQLite with one worker (concurrency 1: video work saturates a Pi's CPU).
 * State lives in the `jobs` table, so work survives a restart; a job that was running when the process
 * died is queued again at start. A failing job never stops the queue.
 */
export function createJobQueue(opts: QueueOptions) {
  const { db, logger } = opts;
  const maxAttempts = opts.maxAttempts ?? 2;
  const maxYieldMs = opts.maxYieldMs ?? 30_000;
  const idlePollMs = opts.idlePollMs ?? 5_000;
  let running = false;
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;
  let current: AbortController | null = null;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        wake = null;
        resolve();
      }, ms);
      wake = () => {
        clearTimeout(timer);
        wake = null;
        resolve();
      };
    });

  function next(): JobRow | undefined {
    return db.select().from(jobs).where(eq(jobs.state, 'queued')).orderBy(asc(jobs.id)).limit(1).get();
  }

  async function runOne(job: JobRow) {
    const handler = opts.handlers[job.kind];
    const stamp = () => new Date().toISOString();
    if (!handler) {
      db.update(jobs).set({ state: 'failed', lastError: `no handler for ${job.kind}`, updatedAt: stamp() }).where(eq(jobs.id, job.id)).run();
      return;
    }
    const attempt = job.attempts + 1;
    db.update(jobs).set({ state: 'running', attempts: attempt, updatedAt: stamp() }).where(eq(jobs.id, job.id)).run();
    const controller = new AbortController();
    current = controller;
    const limitMs = handler.timeoutMs(job);
    const timeout = setTimeout(() => controller.abort(new Error('time-out')), limitMs);
    const started = performance.now();
    try {
      await handler.run(job, controller.signal);
      db.delete(jobs).where(eq(jobs.id, job.id)).run();
      logger.info('job done', { kind: job.kind, upload: job.uploadId, ms: Math.round(performance.now() - started) });
    } catch (err) {
      const stopping = !running;
      const message = controller.signal.aborted && !stopping ? `time-out after ${limitMs} ms` : String((err as Error)?.message ?? err);
      if (stopping) {
        // Shut down mid-job: it runs again after the restart, without counting this attempt.
        db.update(jobs).set({ state: 'queued', attempts: job.attempts, updatedAt: stamp() }).where(eq(jobs.id, job.id)).run();
      } else if (attempt < maxAttempts) {
        logger.warn('job failed, will retry', { kind: job.kind, upload: job.uploadId, error: message });
        db.update(jobs).set({ state: 'queued', lastError: message, updatedAt: stamp() }).where(eq(jobs.id, job.id)).run();
      } else {
        logger.warn('job failed', { kind: job.kind, upload: job.uploadId, error: message });
        db.update(jobs).set({ state: 'failed', lastError: message, updatedAt: stamp() }).where(eq(jobs.id, job.id)).run();
        try {
          handler.failed(job, err);
        } catch (failErr) {
          logger.error('job failure handler failed', { kind: job.kind, error: failErr });
        }
      }
    } finally {
      clearTimeout(timeout);
      current = null;
    }
  }

  async function work() {
    while (running) {
      const job = next();
      if (!job) {
        await sleep(idlePollMs);
        continue;
      }
      // Yield to guests' uploads, but never for so long that previews never come.
      const yieldUntil = Date.now() + maxYieldMs;
      while (running && opts.busy() && Date.now() < yieldUntil) await sleep(500);
      if (!running) break;
      await runOne(job);
    }
  }

  return {
    start() {
      if (running) return;
      db.update(jobs).set({ state: 'queued' }).where(eq(jobs.state, 'running')).run();
      running = true;
      loop = work();
    },

    /** New work was queued: do not wait for the next poll. */
    poke() {
      wake?.();
    },

    /** Stops after aborting the running job (it is queued again for the next start). */
    async stop() {
      running = false;
      current?.abort(new Error('shutting down'));
      wake?.();
      await loop;
    },

    /** Jobs waiting or running. */
    length(): number {
      return (
        db
          .select({ n: sql<number>`count(*)` })
          .from(jobs)
          .where(inArray(jobs.state, ['queued', 'running']))
          .get()?.n ?? 0
      );
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
