// Shared pieces of `npm run bench`: the real server and a plain sink as child processes, generated upload
// files that never sit whole in memory, chunked and whole-file uploaders, RSS of a process, a slow reader.
import type sharpModule from 'sharp';
import { readFileSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { ApiClient } from '../../tests/helpers/api-client.ts';
import { uploadChunked as uploadChunkedBy, type UploadSource } from '../../tests/helpers/chunked-upload.ts';
import { FIXTURES, ROOT, startServer, type TestServer } from '../../tests/helpers/server.ts';

export { ApiClient, ROOT, startServer, type TestServer, type UploadSource };

export const MB = 1024 * 1024;
export const BUN = join(ROOT, 'node_modules', '.bin', 'bun');

export const seconds = (ms: number) => ms / 1000;
export const mbps = (bytes: number, ms: number) => bytes / MB / seconds(ms);

// ---- the table ----

/** One line of the bench's table: a figure, what it is measured against, and whether its aim is met. */
export interface BenchRow {
  figure: string;
  measured: string;
  /** the same work done by a reference in the same run (a sink, sharp alone, plain ffmpeg, ...), or '' */
  reference: string;
  ratio: string;
  aim: string;
  /** null when the figure has no aim of its own or could not be measured */
  met: boolean | null;
}

/** What a part gets from the bench. */
export interface PartContext {
  /** a fresh folder of its own, removed after the part */
  dir: string;
  /** a process the part started (a server, a sink): stopped after the part, also when it fails or the bench is interrupted */
  track(process: { stop(): Promise<unknown> }): void;
  /** a progress line under the part's heading */
  log(line: string): void;
}

/** One part of `npm run bench`; `npm run bench -- f` runs only the part with key f. */
export interface BenchPart {
  key: string;
  title: string;
  run(ctx: PartContext): Promise<BenchRow[]>;
  /** a figure of another part, measured alone: runs only when named */
  onlyWhenNamed?: boolean;
}

export const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');

/** The median of some rounds' figures (a burst of other work on the machine hits one round, not the figure). */
export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

export async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const t = performance.now();
  const result = await work();
  return { ms: performance.now() - t, result };
}

/** Writes back dirty pages (of earlier phases) so they do not slow down the next measurement. */
export const settleDisk = () => Bun.spawnSync(['sync']);

// ---- generated files ----

/** 1 MB of random bytes, repeated as the padding of every generated video (so no file sits whole in memory). */
const PATTERN = crypto.getRandomValues(new Uint8Array(MB));
const MP4 = new Uint8Array(readFileSync(join(FIXTURES, 'videos', 'android-h264.mp4')));

/**
 * A valid MP4 of exactly `size` bytes: the fixture's H.264 clip, then one `free` box holding 32 unique
 * random bytes and the repeated pattern. Every file has its own SHA-256 (no duplicate answers); bytes are
 * made per chunk on demand.
 */
export class GeneratedVideo implements UploadSource {
  readonly head: Uint8Array;
  constructor(
    readonly name: string,
    readonly size: number,
  ) {
    const head = new Uint8Array(MP4.length + 8 + 32);
    head.set(MP4);
    new DataView(head.buffer).setUint32(MP4.length, size - MP4.length);
    head.set(new TextEncoder().encode('free'), MP4.length + 4);
    head.set(crypto.getRandomValues(new Uint8Array(32)), MP4.length + 8);
    this.head = head;
  }

  /** Bytes [start, end) of the file. */
  slice(start: number, end: number): Uint8Array<ArrayBuffer> {
    const out = new Uint8Array(end - start);
    let pos = start;
    while (pos < end) {
      if (pos < this.head.length) {
        const n = Math.min(end, this.head.length) - pos;
        out.set(this.head.subarray(pos, pos + n), pos - start);
        pos += n;
      } else {
        const at = (pos - this.head.length) % PATTERN.length;
        const n = Math.min(end - pos, PATTERN.length - at);
        out.set(PATTERN.subarray(at, at + n), pos - start);
        pos += n;
      }
    }
    return out;
  }
}

/** A file of bytes in memory. */
export class BytesFile implements UploadSource {
  constructor(
    readonly name: string,
    readonly bytes: Uint8Array<ArrayBuffer>,
  ) {}
  get size() {
    return this.bytes.length;
  }
  slice(start: number, end: number) {
    return this.bytes.slice(start, end);
  }
}

/** Distinct files of one JPEG: a byte after its end marker (decoders stop at the marker) makes another SHA-256. */
export function withTrailer(jpeg: Uint8Array, trailer: number): Uint8Array<ArrayBuffer> {
  const copy = new Uint8Array(jpeg.length + 1);
  copy.set(jpeg);
  copy[jpeg.length] = trailer;
  return copy;
}

/**
 * A 12 MP JPEG like a phone's: smooth colour gradients (a random 8x6 image scaled up) under per-pixel noise,
 * quality 90, 3.5-5 MB.
 */
export async function makePhoto(sharp: typeof sharpModule, path: string, width = 4000, height = 3000): Promise<number> {
  const small = crypto.getRandomValues(new Uint8Array(8 * 6 * 3));
  const base = await sharp(Buffer.from(small), { raw: { width: 8, height: 6, channels: 3 } })
    .resize(width, height, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  const pixels = new Uint8ClampedArray(width * height * 3);
  let x = (Math.random() * 2 ** 31) | 1;
  for (let i = 0; i < pixels.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    pixels[i] = base[i]! + ((x & 255) + ((x >>> 8) & 255) - 255) * 0.12;
  }
  const jpeg = await sharp(Buffer.from(pixels.buffer), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
  writeFileSync(path, jpeg);
  return jpeg.length;
}

// ---- uploads ----

export interface Target {
  /** base URL of the server or the sink */
  url: string;
  eventId: number;
  headers: Record<string, string>;
}

/** Headers of a client (its cookie or admin token), for requests sent with plain fetch. */
export function headersOf(client: ApiClient): Record<string, string> {
  const h: Record<string, string> = {};
  if (client.adminToken) h.authorization = `Bearer ${client.adminToken}`;
  if (client.cookies.size) h.cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return h;
}

/** No request of the bench may hang it: a stuck request fails the run instead. */
const REQUEST_TIMEOUT_MS = 120_000;

/**
 * Uploads a file chunk by chunk as the web app does (tests/helpers/chunked-upload.ts); returns the last
 * answer, which must complete the upload (or come from the sink). `specOrder` sends the chunk before its
 * fields, as the spec lists them; `onSend` is told as each chunk's request goes out. A stuck request fails the run.
 */
export async function uploadChunked(
  t: Target,
  file: UploadSource,
  chunkSize: number,
  opts: { bytesPerSecond?: number; signal?: AbortSignal; specOrder?: boolean; onChunk?: () => void; onSend?: () => void } = {},
): Promise<any> {
  const send = (path: string, init: RequestInit) => {
    opts.onSend?.();
    const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
    return fetch(t.url + path, { ...init, headers: t.headers, signal: init.signal ? AbortSignal.any([init.signal, timeout]) : timeout });
  };
  const last = await uploadChunkedBy(send, t.eventId, file, chunkSize, {
    ...opts,
    uploadId: `bench-${crypto.randomUUID()}`,
    way: opts.specOrder ? 'spec order' : 'fields first',
  });
  if (last?.partial !== false && !last?.sink)
    throw new Error(`upload of ${file.name} did not complete: ${JSON.stringify(last).slice(0, 300)}`);
  return last;
}

/** A whole-file upload of bytes already in memory (`fields`: e.g. albumId). */
export async function uploadWhole(
  t: Target,
  name: string,
  bytes: Uint8Array<ArrayBuffer>,
  type: string,
  fields: Record<string, string> = {},
): Promise<any> {
  const form = new FormData();
  form.append('file', new File([bytes], name, { type }));
  form.append('autoApprove', 'true');
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await fetch(`${t.url}/api/event/${t.eventId}/upload`, {
    method: 'POST',
    headers: t.headers,
    body: form,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`upload of ${name} -> ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** Runs `jobs` with at most `limit` at once. */
export async function pool<T>(limit: number, jobs: (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = new Array(jobs.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, jobs.length) }, async () => {
      while (next < jobs.length) {
        const i = next++;
        results[i] = await jobs[i]!();
      }
    }),
  );
  return results;
}

/** Waits until the server's job queue (video posters, previews) is empty, so it does not blur a measurement. */
export async function waitForIdleQueue(url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const health = (await (await fetch(`${url}/healthz`)).json()) as { queue?: { length: number } };
    if (!health.queue?.length) return;
    await Bun.sleep(250);
  }
  throw new Error(`the job queue of ${url} did not empty within ${timeoutMs / 1000} s`);
}

// ---- processes ----

/** A started server with an admin and a consented guest on a fresh event. */
export async function serverWithEvent(
  dataDir: string,
  env: Record<string, string> = {},
  /** a command the server runs under, e.g. `taskset -c 1` */
  wrap?: string[],
): Promise<{ server: TestServer; admin: ApiClient; guest: ApiClient; eventId: number; code: string }> {
  const server = await startServer({ dataDir, env: { MOMENTBOX_LOG_LEVEL: 'info', ...env }, wrap });
  const admin = new ApiClient(server.url);
  await admin.login(server.adminPassword);
  const event = await admin.createEvent({ name: 'Bench Event' });
  const guest = new ApiClient(server.url);
  await guest.joinAsGuest(event.code, 'Bench');
  return { server, admin, guest, eventId: event.id, code: event.code };
}

/** Request headers of `count` more consented guests of the event (each phone is its own guest). */
export async function moreGuests(url: string, code: string, count: number): Promise<Record<string, string>[]> {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const guest = new ApiClient(url);
      await guest.joinAsGuest(code);
      return headersOf(guest);
    }),
  );
}

/** The reference for ingest: a minimal Bun.serve in its own process that writes each request body to disk. */
export async function startSink(dir: string): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const proc = Bun.spawn([BUN, join(import.meta.dir, 'sink.ts'), dir], { cwd: ROOT, stdout: 'pipe', stderr: 'inherit' });
  const reader = (proc.stdout as ReadableStream<Uint8Array>).getReader();
  let out = '';
  while (!/port=\d+/.test(out)) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`sink exited: ${out}`);
    out += new TextDecoder().decode(value);
  }
  const port = /port=(\d+)/.exec(out)![1];
  return {
    url: `http://127.0.0.1:${port}`,
    pid: proc.pid,
    async stop() {
      proc.kill('SIGTERM');
      await proc.exited;
    },
  };
}

// ---- memory ----

function statusField(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : NaN;
}

export const rssOf = (pid: number) => statusField(pid, 'VmRSS');
/** The peak resident memory of a process since it started (the kernel's high-water mark). */
export const peakRssOf = (pid: number) => statusField(pid, 'VmHWM');

/**
 * Peak resident memory of a process over a phase: the kernel's high-water mark (VmHWM), reset at the start
 * (clear_refs 5), and VmRSS polled every 20 ms as a second opinion where the reset is not allowed.
 */
export function watchPeakRss(pid: number): { stop(): number } {
  let resetOk = true;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    resetOk = false;
  }
  let polled = rssOf(pid);
  const timer = setInterval(() => {
    try {
      polled = Math.max(polled, rssOf(pid));
    } catch {
      /* process gone */
    }
  }, 20);
  return {
    stop() {
      clearInterval(timer);
      try {
        polled = Math.max(polled, rssOf(pid));
        return resetOk ? Math.max(polled, statusField(pid, 'VmHWM')) : polled;
      } catch {
        return polled;
      }
    },
  };
}

/** CPU time (user + system) a process has used so far, in ms (from /proc/<pid>/stat, 100 ticks a second). */
export function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10; // utime, stime (fields 14 and 15 of the line)
}

// ---- a slow reader ----

export interface SlowReadResult {
  status: number;
  headers: Record<string, string>;
  /** body bytes (chunked framing removed) */
  bytes: number;
  ms: number;
  /** the body's last 22+ bytes held a ZIP end-of-central-directory record */
  zipEnd: boolean;
}

/**
 * GET over a raw socket that reads at most `rate` bytes per second and stops reading for `pauseMs` after each
 * `pauseEvery` bytes: the socket is paused (no reads), so the kernel's window fills and the server must hold
 * back, exactly as a slow phone on Wi-Fi makes it. fetch() would read ahead into memory without limit.
 */
export function slowGet(
  url: string,
  headers: Record<string, string>,
  opts: { rate: number; pauseEvery: number; pauseMs: number; onProgress?: (bytes: number) => void },
): Promise<SlowReadResult> {
  const u = new URL(url);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const socket = connect({ host: u.hostname, port: Number(u.port) });
    const lines = [
      `GET ${u.pathname}${u.search} HTTP/1.1`,
      `Host: ${u.host}`,
      'Connection: close',
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    ];
    socket.on('connect', () => socket.write(lines.join('\r\n') + '\r\n\r\n'));
    socket.on('error', reject);

    let head = Buffer.alloc(0);
    let status = 0;
    let resHeaders: Record<string, string> = {};
    let chunked = false;
    let body = 0;
    let raw = 0;
    let nextPause = opts.pauseEvery;
    let paused = 0;
    let tail = Buffer.alloc(0);
    // chunked decoding state
    let chunkLeft = 0;
    let sizeLine = '';
    let state: 'size' | 'data' | 'crlf' | 'done' = 'size';

    const countBody = (buf: Buffer) => {
      if (!chunked) {
        body += buf.length;
        keepTail(buf);
        return;
      }
      let i = 0;
      while (i < buf.length && state !== 'done') {
        if (state === 'size') {
          const nl = buf.indexOf(10, i);
          if (nl < 0) {
            sizeLine += buf.toString('latin1', i);
            return;
          }
          sizeLine += buf.toString('latin1', i, nl);
          chunkLeft = parseInt(sizeLine.trim(), 16);
          sizeLine = '';
          i = nl + 1;
          state = chunkLeft === 0 ? 'done' : 'data';
        } else if (state === 'data') {
          const n = Math.min(chunkLeft, buf.length - i);
          body += n;
          keepTail(buf.subarray(i, i + n));
          chunkLeft -= n;
          i += n;
          if (chunkLeft === 0) state = 'crlf';
        } else {
          const nl = buf.indexOf(10, i);
          if (nl < 0) return;
          i = nl + 1;
          state = 'size';
        }
      }
    };
    const keepTail = (buf: Buffer) => {
      tail = Buffer.concat([tail, buf.subarray(Math.max(0, buf.length - 256))]);
      if (tail.length > 256) tail = tail.subarray(tail.length - 256);
    };

    socket.on('data', (data: Buffer) => {
      raw += data.length;
      if (!status) {
        head = Buffer.concat([head, data]);
        const end = head.indexOf('\r\n\r\n');
        if (end < 0) return;
        const [statusLine, ...rest] = head.toString('latin1', 0, end).split('\r\n');
        status = Number(statusLine!.split(' ')[1]);
        resHeaders = Object.fromEntries(rest.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
        chunked = /chunked/i.test(resHeaders['transfer-encoding'] ?? '');
        countBody(head.subarray(end + 4));
      } else {
        countBody(data);
      }
      opts.onProgress?.(body);
      const length = Number(resHeaders['content-length'] ?? NaN);
      if (status && (state === 'done' || (!chunked && body >= length))) return finish();
      // Throttle: hold reading until the rate allows these bytes (pauses not counted, so no burst after
      // one); stop reading for a while at each mark.
      const due = (raw / opts.rate) * 1000 - (performance.now() - started - paused);
      let wait = Math.max(0, due);
      if (raw >= nextPause) {
        nextPause += opts.pauseEvery;
        wait += opts.pauseMs;
        paused += opts.pauseMs;
      }
      if (wait > 1) {
        socket.pause();
        setTimeout(() => socket.resume(), wait);
      }
    });
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      socket.destroy();
      const eocd = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
      resolve({ status, headers: resHeaders, bytes: body, ms: performance.now() - started, zipEnd: eocd >= 0 && tail.length - eocd >= 22 });
    };
    socket.on('end', finish);
    socket.on('close', finish);
  });
}

/** Raw sockets, not fetch: Bun's fetch runs at most 256 requests at once, and a stream never ends. */
export function openLiveStream(url: URL, path: string, onData: (text: string) => void): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${url.host}\r\nAccept: text/event-stream\r\n\r\n`);
      resolve(socket);
    });
    socket.setEncoding('utf8');
    socket.on('data', onData);
    socket.on('error', reject);
  });
}
