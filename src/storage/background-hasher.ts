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
const WORKER_MODULE = Bun.isStandaloneExecutable ? join(dirname(Bun.main), 'storage', 'hash-worker.js') : new URL('./hash-worker.ts', import.meta.url).href;

const MAX_FAILURES = 3;

/**
 * SHA-256 of files as they are written, on a thread of its own: the server writes a chunk into the page
 * cache and hands its range over; the worker reads it back and hashes it (~1.8 GB/s with the CPU's SHA
 * instructions, ~0.5 ms of the event loop per MB if it were done there). Measured in `npm run bench` a:
 * hashing on the event loop took a quarter of the server's time per uploaded byte.
 *
 * Ranges of one key must come in file order from offset 0; a range from 0 starts the key afresh. A digest
 * is null when the ranges had a gap, a read failed or the worker died: the caller hashes the file itself.
 * The worker starts with the first range and does not keep the process alive (it ends with the server).
 */
export class BackgroundHasher {
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, (sha256: string | null) => void>();
  private nextId = 0;
  /** Workers that failed; after MAX_FAILURES none is started again (every digest is null). */
  private failures = 0;

  /** `onFailure` hears why the worker could not start or died (the files are then hashed by the caller). */
  constructor(
    private readonly onFailure: (reason: string) => void,
    private readonly workerModule = WORKER_MODULE,
  ) {}

  /** Hashes bytes [offset, offset + length) of the file at `path` next for `key`. */
  add(key: string, path: string, offset: number, length: number): void {
    this.send({ op: 'add', key, path, offset, length });
  }

  /** The SHA-256 of everything added for `key`, once the worker has read it; null unless exactly `size` bytes were hashed. */
  digest(key: string, size: number): Promise<string | null> {
    if (this.failures >= MAX_FAILURES) return Promise.resolve(null);
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.send({ op: 'digest', key, id, size });
    });
  }

  drop(key: string): void {
    this.worker?.postMessage({ op: 'drop', key } satisfies HashRequest);
  }

  private send(request: HashRequest) {
    if (this.failures >= MAX_FAILURES) return;
    if (!this.worker) this.worker = this.start();
    this.worker.postMessage(request);
  }

  private start(): Worker {
    // Bun's Worker can be unref'd (the DOM type the project compiles with does not say so).
    const worker = new Worker(this.workerModule) as Worker & { unref(): void };
    worker.unref();
    worker.onmessage = ({ data }: MessageEvent<HashReply>) => {
      this.waiting.get(data.id)?.(data.sha256);
      this.waiting.delete(data.id);
    };
    // A dead worker takes its hashes with it: every digest waiting is answered null, the next range starts a new worker.
    worker.onerror = (event) => {
      this.failures++;
      this.onFailure(event.message);
      worker.terminate();
      this.lost(worker);
    };
    worker.addEventListener('close', () => this.lost(worker));
    return worker;
  }

  private lost(worker: Worker) {
    if (this.worker !== worker) return; // an earlier worker's late news
    this.worker = null;
    for (const resolve of this.waiting.values()) resolve(null);
    this.waiting.clear();
  }
}
