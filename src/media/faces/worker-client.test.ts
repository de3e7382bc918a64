import { expect, test } from 'bun:test';
import { createLogger } from '../../lib/logger.ts';
import { createFaceWorkerClient, type FaceWorkerProcess } from './worker-client.ts';

// The face worker client's start ahead of a request (warm): a fake `momentbox faces` process speaks the protocol,
// so the client's own rules are seen: one worker, ended when idle, a failed start not kept.

interface Fake extends FaceWorkerProcess {
  say(line: object): void;
  exit(code: number): void;
  ended: boolean;
  killed: boolean;
}

function fakeWorker(pid: number): Fake {
  let push!: ReadableStreamDefaultController<Uint8Array>;
  let exit!: (code: number) => void;
  const fake: Fake = {
    pid,
    ended: false,
    killed: false,
    stdin: {
      write: (line: string) => {
        const { id } = JSON.parse(line) as { id: number };
        fake.say({ id, faces: [] });
      },
      end: () => {
        fake.ended = true;
        fake.exit(0);
      },
    },
    stdout: new ReadableStream<Uint8Array>({ start: (c) => void (push = c) }),
    exited: new Promise<number>((resolve) => (exit = resolve)),
    kill: () => {
      fake.killed = true;
      fake.exit(137);
    },
    say: (line) => push.enqueue(new TextEncoder().encode(JSON.stringify(line) + '\n')),
    exit: (code) => {
      try {
        push.close();
      } catch {
        // closed already
      }
      exit(code);
    },
  };
  return fake;
}

function client(workers: Fake[], { idleMs = 50, startTimeoutMs = 5_000 } = {}) {
  const lines: string[] = [];
  let next = 1;
  const worker = createFaceWorkerClient({
    start: () => {
      const w = fakeWorker(next++);
      workers.push(w);
      return w;
    },
    logger: createLogger('info', (l) => lines.push(l)),
    idleMs,
    startTimeoutMs,
  });
  return { worker, lines };
}

test('warm starts one worker ahead of a request; the request uses it; unused, it ends when idle', async () => {
  const workers: Fake[] = [];
  const { worker } = client(workers);
  worker.warm();
  worker.warm();
  expect(workers.length).toBe(1);
  workers[0]!.say({ ready: true });
  expect(await worker.describeImage(new Uint8Array([1, 2, 3]), { urgent: true })).toEqual([]);
  expect(worker.starts()).toBe(1);
  await Bun.sleep(200);
  expect(workers[0]!.ended).toBe(true);
  expect(worker.pid()).toBeNull();

  // warmed and never asked: it ends after idleMs too, its memory returned
  worker.warm();
  expect(workers.length).toBe(2);
  workers[1]!.say({ ready: true });
  await Bun.sleep(200);
  expect(workers[1]!.ended).toBe(true);
  expect(worker.pid()).toBeNull();
});

test('a warmed worker that never gets ready is ended and logged, not kept: the next request starts another', async () => {
  const workers: Fake[] = [];
  const { worker, lines } = client(workers, { startTimeoutMs: 30 });
  worker.warm();
  await Bun.sleep(200);
  expect(workers[0]!.killed).toBe(true);
  expect(worker.pid()).toBeNull();
  expect(lines.some((l) => l.includes('face worker could not start'))).toBe(true);
  const asked = worker.describeImage(new Uint8Array([1]));
  expect(workers.length).toBe(2);
  workers[1]!.say({ ready: true });
  expect(await asked).toEqual([]);
});
