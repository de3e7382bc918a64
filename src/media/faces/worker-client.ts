import { AppError } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import type { DetectedFace } from './engine.ts';
import { descriptorFromBytes, type FaceAnswer, type FaceRequest } from './protocol.ts';

export type { DetectedFace } from './engine.ts';

/** The face worker as the server sees it: `momentbox faces` started with pipes (src/cli/faces.ts). */
export interface FaceWorkerProcess {
  pid: number;
  stdin: { write(chunk: string): unknown; end(): unknown };
  stdout: ReadableStream<Uint8Array>;
  exited: Promise<number>;
  kill(): void;
}

export interface FaceWorkerOptions {
  /** starts `momentbox faces` (serve.ts: this binary, `nice`d by the worker itself) */
  start: () => FaceWorkerProcess;
  logger: Logger;
  /** the worker ends after this long without a request, so its WebAssembly heap goes back to the box */
  idleMs?: number;
  /** loading the engine (weights, wasm) takes seconds, more on a Pi under load */
  startTimeoutMs?: number;
  /** one picture, on a busy Pi */
  requestTimeoutMs?: number;
}

/**
 * 503: the face worker cannot start (`during: 'start'`) or failed on a picture (`'picture'`: it died, hung or broke);
 * the gallery is not affected and the indexer tries again later.
 */
export const faceEngineUnavailable = (during: 'start' | 'picture') => new AppError(503, 'FACE_ENGINE_UNAVAILABLE', 'default', { during });
/** 415: the worker could not read the picture as a photo. */
export const notAPhoto = () => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE');

interface Pending {
  request: FaceRequest;
  resolve: (faces: DetectedFace[]) => void;
  reject: (err: unknown) => void;
}

/**
 * The server's side of the face worker (issue 30): one `momentbox faces` process at a time, started on the first
 * request and ended when idle. Requests run one by one; a guest's selfie (`urgent`) goes before the indexer's
 * photos. A worker that cannot start, dies or hangs fails the requests it held with FACE_ENGINE_UNAVAILABLE and is
 * started again by the next request: the server itself never loads the engine.
 */
export function createFaceWorkerClient(opts: FaceWorkerOptions) {
  const { logger } = opts;
  const idleMs = opts.idleMs ?? 30_000;
  const startTimeoutMs = opts.startTimeoutMs ?? 120_000;
  const requestTimeoutMs = opts.requestTimeoutMs ?? 60_000;
  const queue: Pending[] = [];
  let worker: { proc: FaceWorkerProcess; ready: Promise<void>; answers: Map<number, (a: FaceAnswer) => void> } | null = null;
  let busy = false;
  let nextId = 1;
  let idleTimer: ReturnType<typeof setTimeout> | null = null;
  let starts = 0;

  function stop(proc: FaceWorkerProcess, reason: string) {
    if (worker?.proc !== proc) return;
    worker = null;
    logger.info('face worker stopped', { pid: proc.pid, reason });
    try {
      proc.stdin.end();
    } catch {
      // its pipe is already closed
    }
    // Idle: it ends by itself when stdin closes. Otherwise (hung, broken) it is ended.
    if (reason !== 'idle') proc.kill();
  }

  async function readAnswers(proc: FaceWorkerProcess, onReady: () => void, answers: Map<number, (a: FaceAnswer) => void>) {
    const decoder = new TextDecoder();
    let buffered = '';
    for await (const chunk of proc.stdout) {
      buffered += decoder.decode(chunk, { stream: true });
      let end: number;
      while ((end = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 1);
        if (!line.trim()) continue;
        let answer: FaceAnswer;
        try {
          answer = JSON.parse(line) as FaceAnswer;
        } catch {
          continue; // not ours (a library printing to stdout)
        }
        if ('ready' in answer) onReady();
        else answers.get(answer.id)?.(answer);
      }
    }
  }

  function launch() {
    let proc: FaceWorkerProcess;
    try {
      proc = opts.start();
    } catch (err) {
      logger.warn('face worker could not start', { error: String(err) });
      throw faceEngineUnavailable('start');
    }
    starts++;
    const answers = new Map<number, (a: FaceAnswer) => void>();
    const ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`not ready within ${startTimeoutMs} ms`)), startTimeoutMs);
      readAnswers(
        proc,
        () => {
          clearTimeout(timer);
          resolve();
        },
        answers,
      ).catch(() => {});
      void proc.exited.then((code) => {
        clearTimeout(timer);
        reject(new Error(`exited with ${code} before it was ready`));
        // Whatever it still held fails now; the next request starts a new one.
        for (const settle of answers.values()) settle({ id: -1, error: { kind: 'engine', message: `face worker exited with ${code}` } });
        if (worker?.proc === proc) {
          worker = null;
          logger.warn('face worker ended', { pid: proc.pid, code });
        }
      });
    });
    ready.catch(() => {});
    worker = { proc, ready, answers };
    logger.info('face worker started', { pid: proc.pid });
    return worker;
  }

  async function runOne(item: Pending) {
    const current = worker ?? launch();
    try {
      await current.ready;
    } catch (err) {
      logger.warn('face worker could not start', { pid: current.proc.pid, error: String((err as Error).message ?? err) });
      stop(current.proc, 'failed to start');
      throw faceEngineUnavailable('start');
    }
    const id = nextId++;
    const answer = await new Promise<FaceAnswer>((resolve) => {
      const timer = setTimeout(() => resolve({ id, error: { kind: 'engine', message: 'time-out' } }), requestTimeoutMs);
      current.answers.set(id, (a) => {
        clearTimeout(timer);
        resolve(a);
      });
      current.proc.stdin.write(JSON.stringify({ ...item.request, id }) + '\n');
      // From here on the worker holds the picture (a test kills it at this line to die mid-picture).
      logger.debug('face worker asked', { pid: current.proc.pid, request: id });
    });
    current.answers.delete(id);
    if ('faces' in answer) {
      return answer.faces.map((f) => ({
        box: f.box,
        score: f.score,
        sharpness: f.sharpness,
        descriptor: descriptorFromBytes(Buffer.from(f.descriptor, 'base64')),
      }));
    }
    if ('error' in answer && answer.error.kind === 'image') throw notAPhoto();
    const message = 'error' in answer ? answer.error.message : 'no answer';
    logger.warn('face worker failed a picture', { pid: current.proc.pid, error: message });
    // A time-out or a broken engine: this process is not trusted with the next picture.
    if (message === 'time-out' || ('id' in answer && answer.id === -1)) stop(current.proc, message);
    throw faceEngineUnavailable('picture');
  }

  async function drain() {
    if (busy) return;
    busy = true;
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
    try {
      let item: Pending | undefined;
      while ((item = queue.shift())) {
        try {
          item.resolve(await runOne(item));
        } catch (err) {
          item.reject(err);
        }
      }
    } finally {
      busy = false;
      endWhenIdle();
    }
  }

  /** The running worker ends after `idleMs` without a request, so its memory is returned. */
  function endWhenIdle() {
    const idle = worker;
    if (!idle) return;
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = setTimeout(() => stop(idle.proc, 'idle'), idleMs);
    idleTimer.unref?.();
  }

  return {
    /**
     * Every face of a picture: a file (an upload's preview) or the encoded bytes of a photo (a selfie; JPEG, PNG,
     * HEIC). `urgent` (a guest waits) goes before the indexer's pictures. Fails with FACE_ENGINE_UNAVAILABLE (503)
     * when the worker cannot start or fails, UNSUPPORTED_MEDIA_TYPE (415) when the picture is no photo.
     */
    describeImage(input: string | Uint8Array, { urgent = false }: { urgent?: boolean } = {}): Promise<DetectedFace[]> {
      const request: FaceRequest =
        typeof input === 'string' ? { id: 0, path: input } : { id: 0, base64: Buffer.from(input).toString('base64') };
      return new Promise<DetectedFace[]>((resolve, reject) => {
        const item = { request, resolve, reject };
        if (urgent) queue.unshift(item);
        else queue.push(item);
        void drain();
      });
    },
    /**
     * Starts the worker now when none runs, without a request: a guest opened the face search and takes a selfie
     * meanwhile, so the engine's seconds of loading are not theirs to wait. It ends when idle like any other; one
     * that cannot start is logged and the next request starts another.
     */
    warm(): void {
      if (worker) return;
      let started: ReturnType<typeof launch>;
      try {
        started = launch();
      } catch {
        return; // launch() logged why
      }
      started.ready.then(
        () => {
          if (!busy && worker === started) endWhenIdle();
        },
        (err: Error) => {
          logger.warn('face worker could not start', { pid: started.proc.pid, error: String(err.message ?? err) });
          stop(started.proc, 'failed to start');
        },
      );
    },
    /** The running worker's process id, or null (tests, the bench). */
    pid: () => worker?.proc.pid ?? null,
    /** How many workers were started so far (tests). */
    starts: () => starts,
    /** Ends the worker now (the server stops). */
    stop() {
      if (idleTimer) clearTimeout(idleTimer);
      if (worker) stop(worker.proc, 'server stopping');
    },
  };
}

export type FaceWorkerClient = ReturnType<typeof createFaceWorkerClient>;
