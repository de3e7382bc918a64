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
  /** the worker that runs this kind of job (see JOB_LANES) */
  lane: JobLane;
}

/**
 * One worker per lane, each taking the oldest queued job of its kinds, so short work a guest waits to see
 * never queues behind long work: a photo's thumbnails (HEIC, seconds) and a video's poster (seconds) each
 * have their own lane beside the transcodes (minutes, concurrency 1: video work saturates a Pi's CPU).
 * Only the transcode lane yields to uploads that are moving.
 */
export const JOB_LANES = ['photo', 'poster', 'transcode'] as const;
export type JobLane = (typeof JOB_LANES)[number];

export interface QueueOptions {
  db: Db;
  logger: Logger;
  handlers: Record<string, JobHandler>;
  /** true while uploads are streaming in: the transcode lane waits so it does not starve them */
  busy: () => boolean;
  maxAttempts?: number;
  /** longest a job waits for uploads to pause before it runs anyway */
  maxYieldMs?: number;
  idlePollMs?: number;
}

/**
 * A persistent job queue in SQLite with one worker per lane (JOB_LANES).
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
  const kindsOf = (lane: JobLane) => Object.keys(opts.handlers).filter((kind) => opts.handlers[kind]!.lane === lane);
  const otherLanes = JOB_LANES.filter((lane) => lane !== 'transcode').flatMap(kindsOf);

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

  /** The oldest queued job of the lane's kinds (a kind without handler lands in the transcode lane and fails there). */
  const oldestOf = (lane: JobLane) =>
    db
      .select()
      .from(jobs)
      .where(and(eq(jobs.state, 'queued'), lane === 'transcode' ? notInArray(jobs.kind, otherLanes) : inArray(jobs.kind, kindsOf(lane))))
      .orderBy(asc(jobs.id))
      .limit(1)
      .prepare();
  // Asked on every wake of every lane: built and compiled once.
  const oldest = new Map(JOB_LANES.map((lane) => [lane, oldestOf(lane)]));
  const next = (lane: JobLane): JobRow | undefined => oldest.get(lane)!.get();

  async function runOne(job: JobRow) {
    const handler = opts.handlers[job.kind];
    const stamp = () => new Date().toISOString();
    if (!handler) {
      db.update(jobs)
        .set({ state: 'failed', lastError: `no handler for ${job.kind}`, updatedAt: stamp() })
        .where(eq(jobs.id, job.id))
        .run();
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
      wakeAll(); // it may have queued jobs of other lanes (a video's probe queues its poster and preview)
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

  async function work(lane: JobLane) {
    while (running) {
      const job = next(lane);
      if (!job) {
        await sleep(idlePollMs);
        continue;
      }
      // Transcodes yield to guests' uploads, but never for so long that previews never come.
      const yieldUntil = Date.now() + maxYieldMs;
      while (running && lane === 'transcode' && opts.busy() && Date.now() < yieldUntil) await sleep(500);
      if (!running) break;
      await runOne(job);
    }
  }

  return {
    start() {
      if (running) return;
      db.update(jobs).set({ state: 'queued' }).where(eq(jobs.state, 'running')).run();
      running = true;
      loops = JOB_LANES.map(work);
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
