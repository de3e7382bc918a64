import { dirname, join } from 'node:path';

export type HashRequest =
  | { op: 'add'; key: string; path: string; offset: number; length: number }
  | { op: 'digest'; key: string; id: number; size: number }
  | { op: 'drop'; key: string };
export type HashReply = { id: number; sha256: string | null };

/**
 * The worker's module: beside this file when run from source; in the compiled binary, where Bun keeps each
 * entry point under its path below src/ (scripts/build/compile.ts lists the worker as one).
 */
const WORKER_MODULE = Bun.isStandaloneExecutable
  ? join(dirname(Bun.main), 'storage', 'hash-worker.js')
  : new URL('./hash-worker.ts', import.meta.url).href;

/** Workers that may fail before none is started again (every digest is then null). */
const MAX_FAILURES = 3;
/** Keys whose running hash is kept at most (a few hundred bytes each in the worker). */
const MAX_KEYS = 1000;
/** The worker ends after this long without work (its thread, ~5 MB and two descriptors); the next range starts one. */
const IDLE_MS = 5000;

/**
 * SHA-256 of files as they are written, on a thread of its own: the server writes a chunk into the page
 * cache and hands its range over; the worker reads it back and hashes it (~1.8 GB/s with the CPU's SHA
 * instructions, ~0.5 ms of the event loop per MB if it were done there). Measured in `npm run bench` a:
 * hashing on the event loop took a quarter of the server's time per uploaded byte.
 *
 * Ranges of one key come in file order: each from where `handedOver` says the key stands (0 starts it
 * afresh). A digest is null when that order was broken, a read failed or the worker died: the caller
 * hashes the file itself. The worker runs only while there is work and never keeps the process alive.
 */
export class BackgroundHasher {
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, (sha256: string | null) => void>();
  private nextId = 0;
  private failures = 0;
  /** Per key, the bytes from the file's start handed to the current worker. */
  private readonly handed = new Map<string, number>();
  private idleTimer: ReturnType<typeof setTimeout> | null = null;

  /** `onFailure` hears why a worker could not start or died (the files are then hashed by the caller). */
  constructor(
    private readonly onFailure: (reason: string) => void,
    private readonly opts: { workerModule?: string; idleMs?: number } = {},
  ) {}

  /** How many bytes of `key`'s file, from its start, the worker has been given (0 after it ended). */
  handedOver(key: string): number {
    return this.handed.get(key) ?? 0;
  }

  /** Hashes bytes [offset, offset + length) of the file at `path` next for `key` (offset: handedOver(key), or 0 to start again). */
  add(key: string, path: string, offset: number, length: number): void {
    if (!this.send({ op: 'add', key, path, offset, length })) return;
    this.handed.delete(key);
    this.handed.set(key, offset + length);
    // Only a cache: a key let go here is handed over again from 0 by its next range.
    if (this.handed.size > MAX_KEYS) this.drop(this.handed.keys().next().value!);
  }

  /** The SHA-256 of everything handed over for `key`, once the worker has read it; null unless exactly `size` bytes were hashed. */
  digest(key: string, size: number): Promise<string | null> {
    this.handed.delete(key);
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      if (!this.send({ op: 'digest', key, id, size })) this.answer(id, null);
    });
  }

  drop(key: string): void {
    this.handed.delete(key);
    this.worker?.postMessage({ op: 'drop', key } satisfies HashRequest);
  }

  /** False when no worker can take it (too many failed). */
  private send(request: HashRequest): boolean {
    if (this.failures >= MAX_FAILURES) return false;
    this.worker ??= this.start();
    this.worker.postMessage(request);
    this.idleTimer?.refresh();
    return true;
  }

  private start(): Worker {
    // Bun's Worker can be unref'd (the DOM type the project compiles with does not say so).
    const worker = new Worker(this.opts.workerModule ?? WORKER_MODULE) as Worker & { unref(): void };
    worker.unref();
    worker.onmessage = ({ data }: MessageEvent<HashReply>) => this.answer(data.id, data.sha256);
    worker.onerror = (event) => {
      this.failures++;
      this.onFailure(event.message);
      this.end(worker);
    };
    worker.addEventListener('close', () => this.end(worker));
    this.idleTimer = setTimeout(() => this.endWhenIdle(worker), this.opts.idleMs ?? IDLE_MS);
    this.idleTimer.unref();
    return worker;
  }

  private answer(id: number, sha256: string | null) {
    this.waiting.get(id)?.(sha256);
    this.waiting.delete(id);
  }

  private endWhenIdle(worker: Worker) {
    if (this.waiting.size > 0) this.idleTimer?.refresh();
    else this.end(worker);
  }

  /** A worker that ended takes its hashes with it: every digest waiting is answered null, the keys start again from 0. */
  private end(worker: Worker) {
    if (this.worker !== worker) return; // an earlier worker's late news
    worker.terminate();
    this.worker = null;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    this.handed.clear();
    for (const resolve of this.waiting.values()) resolve(null);
    this.waiting.clear();
  }
}
