import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
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
  /**
   * Short work a guest is waiting to see (a video's poster): runs in its own worker beside the long jobs,
   * so it never waits behind a transcode, and does not yield to uploads.
   */
  quick?: boolean;
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
 * A persistent job queue in SQLite with two workers: one for quick jobs (posters, seconds at most) and one
 * for the long ones (concurrency 1 there: video work saturates a Pi's CPU). Each takes the oldest queued job of its kinds.
 * State lives in the `jobs` table, so work survives a restart; a job that was running when the process
 * died is queued again at start. A failing job never stops the queue.
 */
export function createJobQueue(opts: QueueOptions) {
  const { db, logger } = opts;
  const maxAttempts = opts.maxAttempts ?? 2;
  const maxYieldMs = opts.maxYieldMs ?? 30_000;
  const idlePollMs = opts.idlePollMs ?? 5_000;
  let running = false;
  let loops: Promise<void>[] = [];
  const wakers = new Set<() => void>();
  const current = new Set<AbortController>();
  const quickKinds = Object.keys(opts.handlers).filter((kind) => opts.handlers[kind]!.quick);

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      wakers.add(wake);
    });
  const wakeAll = () => [...wakers].forEach((wake) => wake());

  /** The oldest queued job of the quick kinds, or of all others (a kind without handler lands there and fails). */
  function next(quick: boolean): JobRow | undefined {
    const ofLane = quick ? inArray(jobs.kind, quickKinds) : notInArray(jobs.kind, quickKinds);
    return db.select().from(jobs).where(and(eq(jobs.state, 'queued'), ofLane)).orderBy(asc(jobs.id)).limit(1).get();
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
    current.add(controller);
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
      current.delete(controller);
    }
  }

  async function work(quick: boolean) {
    while (running) {
      const job = next(quick);
      if (!job) {
        await sleep(idlePollMs);
        continue;
      }
      // Long jobs yield to guests' uploads, but never for so long that previews never come.
      const yieldUntil = Date.now() + maxYieldMs;
      while (running && !quick && opts.busy() && Date.now() < yieldUntil) await sleep(500);
      if (!running) break;
      await runOne(job);
    }
  }

  return {
    start() {
      if (running) return;
      db.update(jobs).set({ state: 'queued' }).where(eq(jobs.state, 'running')).run();
      running = true;
      loops = [work(true), work(false)];
    },

    /** New work was queued: do not wait for the next poll. */
    poke() {
      wakeAll();
    },

    /** Stops after aborting the running jobs (they are queued again for the next start). */
    async stop() {
      running = false;
      for (const controller of current) controller.abort(new Error('shutting down'));
      wakeAll();
      await Promise.all(loops);
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
