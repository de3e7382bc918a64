import { afterAll, expect, test } from 'bun:test';
import { createHash, randomBytes } from 'node:crypto';
import type { UploadDto } from '../../src/http/api-types.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { ChaosProxy } from '../helpers/chaos-proxy.ts';
import { fdCount, tmpContents, waitFor } from '../helpers/raw-upload.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

// Venue Wi-Fi with real parts: the server runs in its own network namespace behind a veth link shaped
// like a crowded 2.4 GHz cell (tbf), and 20 simulated phones upload through a proxy that delays, stalls,
// resets and cuts their connections and loses answers. The phones follow the spec's upload rules (chunk
// sizes and time-outs for iOS and other phones, whole files up to 2 MB, iOS's one retry after 2 s, pause
// and resume through upload-chunk/status). The server must come through it unchanged: same process, every
// file stored exactly once and byte-identical, nothing left in tmp/, its file descriptors back to the start.

const PHONES = 20;
const SIZES_MB = [0.8, 1.6, 2.5, 4, 6, 11];
const MB = 1024 * 1024;
const IDLE_SECONDS = 4; // the server cuts stalls longer than this; shorter ones it waits out
const MAX_ATTEMPTS = 40; // as the web app: a paused upload resumes this often before it gives up
const RESUME_DELAY_MS = 500;
const PROXY = {
  seed: 20260622,
  faults: { stall: 0.12, reset: 0.08, cut: 0.12, 'lose-answer': 0.06 },
  delayMs: 2,
  jitterMs: 15,
  stallMs: [1000, 8000] as [number, number],
};

const id = process.pid;
const ns = `mbc${id}`;
const hostSide = `mbc${id}h`;
const serverSide = `mbc${id}s`;
// A /30 of its own per run, from the process id, so parallel runs do not collide.
const net = `10.${100 + (id % 150)}.${(id >> 8) % 250}`;
const hostAddress = `${net}.1`;
const serverAddress = `${net}.2`;

function sh(cmd: string[]) {
  const proc = Bun.spawnSync(cmd, { stdout: 'pipe', stderr: 'pipe' });
  if (proc.exitCode !== 0) throw new Error(`${cmd.join(' ')} failed: ${proc.stderr.toString().trim()}`);
}

/** Namespace, veth pair and the shaping of both directions; throws with a readable message where impossible. */
function buildNetwork() {
  try {
    sh(['ip', 'netns', 'add', ns]);
  } catch (err) {
    throw new Error(
      `The chaos test needs network namespaces (root with CAP_SYS_ADMIN and CAP_NET_ADMIN) and cannot run here: ${(err as Error).message}`,
    );
  }
  sh(['ip', 'link', 'add', hostSide, 'type', 'veth', 'peer', 'name', serverSide]);
  sh(['ip', 'link', 'set', serverSide, 'netns', ns]);
  sh(['ip', 'addr', 'add', `${hostAddress}/30`, 'dev', hostSide]);
  sh(['ip', 'link', 'set', hostSide, 'up']);
  sh(['ip', '-n', ns, 'addr', 'add', `${serverAddress}/30`, 'dev', serverSide]);
  sh(['ip', '-n', ns, 'link', 'set', serverSide, 'up']);
  sh(['ip', '-n', ns, 'link', 'set', 'lo', 'up']);
  // A crowded 2.4 GHz cell: ~50 Mbit/s shared, queues that hold ~100 ms. (These kernels have no netem; the
  // proxy adds delay and jitter.)
  sh(['tc', 'qdisc', 'add', 'dev', hostSide, 'root', 'tbf', 'rate', '50mbit', 'burst', '64kb', 'latency', '100ms']);
  sh([
    'ip',
    'netns',
    'exec',
    ns,
    'tc',
    'qdisc',
    'add',
    'dev',
    serverSide,
    'root',
    'tbf',
    'rate',
    '50mbit',
    'burst',
    '64kb',
    'latency',
    '100ms',
  ]);
}

function destroyNetwork() {
  Bun.spawnSync(['ip', 'netns', 'del', ns]);
  Bun.spawnSync(['ip', 'link', 'del', hostSide]);
}

let server: TestServer | null = null;
let proxy: ChaosProxy | null = null;
afterAll(async () => {
  await proxy?.stop();
  await server?.stop();
  destroyNetwork();
});

// ---- the phones ----

interface PhoneProfile {
  ios: boolean;
  /** sends a chunk's fields before its bytes, as the web app does (the server writes it in place); else the spec's order */
  fieldsFirst: boolean;
}

/** Spec §9 for phones: chunked above 2 MB; chunk size by file size (iOS / other mobile). */
function chunkSizeFor(size: number, p: PhoneProfile): number {
  if (size <= 5 * MB) return 1 * MB;
  if (size <= 50 * MB) return p.ios ? 5 * MB : 10 * MB;
  if (size <= 200 * MB) return p.ios ? 10 * MB : 20 * MB;
  return p.ios ? 20 * MB : 30 * MB;
}
const chunkTimeoutMs = (p: PhoneProfile) => (p.ios ? 120_000 : 60_000);

interface PhoneFile {
  name: string;
  bytes: Uint8Array<ArrayBuffer>;
  sha256: string;
}

interface Outcome {
  file: PhoneFile;
  /** the server's answer that the file is stored: its upload id */
  acknowledged: number | null;
  attempts: number;
  /** what went wrong on the way, for the report of a failing run */
  trouble: string[];
}

class NetworkFailure extends Error {}

/** A request through the proxy; a dropped, reset or timed-out connection is a NetworkFailure, as XHR reports it. */
async function send(url: string, init: RequestInit & { timeoutMs?: number }): Promise<{ status: number; body: any }> {
  try {
    const res = await fetch(url, {
      ...init,
      keepalive: false,
      headers: { ...(init.headers as Record<string, string>), connection: 'close' },
      signal: init.timeoutMs ? AbortSignal.timeout(init.timeoutMs) : undefined,
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  } catch (err) {
    throw new NetworkFailure(String(err));
  }
}

class Phone {
  readonly outcomes: Outcome[] = [];
  requests = 0;
  constructor(
    readonly base: string,
    readonly eventId: number,
    readonly cookie: string,
    readonly profile: PhoneProfile,
  ) {}

  private post(path: string, form: FormData, timeoutMs?: number) {
    this.requests++;
    return send(this.base + path, { method: 'POST', body: form, headers: { cookie: this.cookie }, timeoutMs });
  }

  async upload(file: PhoneFile): Promise<Outcome> {
    const outcome: Outcome = { file, acknowledged: null, attempts: 0, trouble: [] };
    this.outcomes.push(outcome);
    if (file.bytes.length <= 2 * MB) await this.whole(outcome);
    else await this.chunked(outcome);
    return outcome;
  }

  /** Whole file, no time-out; a network error pauses and sends it again; 409 means the server has it. */
  private async whole(o: Outcome) {
    for (; o.attempts < MAX_ATTEMPTS; o.attempts++) {
      const form = new FormData();
      form.append('file', new File([o.file.bytes], o.file.name));
      form.append('autoApprove', 'true');
      try {
        const res = await this.post(`/api/event/${this.eventId}/upload`, form);
        if (res.status === 408) throw new NetworkFailure('408: the server gave up waiting for the body'); // a time-out: pause, resume
        if (res.status === 201) o.acknowledged = res.body.id;
        else if (res.status === 409)
          o.acknowledged = res.body.existingId; // an earlier attempt arrived, its answer did not
        else o.trouble.push(`${res.status} ${JSON.stringify(res.body)}`);
        return;
      } catch (err) {
        if (!(err instanceof NetworkFailure)) throw err;
        o.trouble.push(err.message);
        await Bun.sleep(RESUME_DELAY_MS);
      }
    }
  }

  /** Chunks with a stable uploadId; after a network error, the status says which chunks to send again. */
  private async chunked(o: Outcome) {
    const { bytes, name } = o.file;
    const size = chunkSizeFor(bytes.length, this.profile);
    const total = Math.ceil(bytes.length / size);
    const uploadId = `chaos-${crypto.randomUUID()}`;
    const received = new Set<number>();
    const sendChunk = (i: number) => {
      const form = new FormData();
      const chunk = () => form.append('chunk', new File([bytes.subarray(i * size, Math.min(bytes.length, (i + 1) * size))], 'blob'));
      if (!this.profile.fieldsFirst) chunk();
      for (const [k, v] of Object.entries({
        chunkIndex: i,
        totalChunks: total,
        fileName: name,
        fileSize: bytes.length,
        uploadId,
        autoApprove: 'true',
      })) {
        form.append(k, String(v));
      }
      if (this.profile.fieldsFirst) chunk();
      return this.post(`/api/event/${this.eventId}/upload-chunk`, form, chunkTimeoutMs(this.profile));
    };
    const withIosRetry = async (i: number) => {
      try {
        return await sendChunk(i);
      } catch (err) {
        if (!(err instanceof NetworkFailure) || !this.profile.ios) throw err;
        await Bun.sleep(2000); // iOS: a failed chunk is retried once after 2 s
        return sendChunk(i);
      }
    };
    for (; o.attempts < MAX_ATTEMPTS; o.attempts++) {
      try {
        if (o.attempts > 0) {
          this.requests++;
          const q = new URLSearchParams({ fileName: name, fileSize: String(bytes.length), totalChunks: String(total), uploadId });
          const st = await send(`${this.base}/api/event/${this.eventId}/upload-chunk/status?${q}`, {
            headers: { cookie: this.cookie },
            timeoutMs: chunkTimeoutMs(this.profile),
          });
          if (st.status !== 200) {
            o.trouble.push(`status: ${st.status} ${JSON.stringify(st.body)}`);
            return;
          }
          if (st.body.complete) {
            o.acknowledged = st.body.id;
            return;
          }
          received.clear();
          for (const i of st.body.received as number[]) received.add(i);
        }
        for (let i = 0; i < total; i++) {
          if (received.has(i)) continue;
          const res = await withIosRetry(i);
          if (res.status !== 200) o.trouble.push(`chunk ${i}: ${res.status} ${JSON.stringify(res.body)}`);
          if (res.status >= 500) return; // the spec aborts the upload on a server error
          if (res.status !== 200) continue; // other chunk errors only warn
          received.add(i);
          if (res.body.partial === false) {
            o.acknowledged = res.body.id;
            return;
          }
        }
        throw new NetworkFailure('every chunk sent, none assembled: ask the server'); // resumes through the status
      } catch (err) {
        if (!(err instanceof NetworkFailure)) throw err;
        o.trouble.push(err.message);
        await Bun.sleep(RESUME_DELAY_MS);
      }
    }
  }
}

/** A file as a phone would pick it: JPEG or MP4 by its first bytes, random (so unique) after them. */
function makeFile(phone: number, index: number, sizeMb: number): PhoneFile {
  const bytes = new Uint8Array(randomBytes(Math.round(sizeMb * MB)));
  const video = (phone + index) % 2 === 1;
  bytes.set(video ? [0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x6d, 0x70, 0x34, 0x32] : [0xff, 0xd8, 0xff, 0xe0], 0);
  const name = `phone${phone}-${index}.${video ? 'mp4' : 'jpg'}`;
  return { name, bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
}

test('20 phones upload through stalls, resets, cut bodies and lost answers: every file once and whole, no restart, no leftovers, no leaked descriptors', async () => {
  for (const tool of ['ip', 'tc']) {
    if (!Bun.which(tool, { PATH: `${process.env.PATH}:/usr/sbin:/sbin` }))
      throw new Error(`The chaos test needs '${tool}' (Debian: iproute2); run scripts/ensure-test-deps.sh as root.`);
  }
  buildNetwork();
  server = await startServer({
    wrap: ['ip', 'netns', 'exec', ns],
    args: ['--host', serverAddress, '--port', '8080'],
    env: { MOMENTBOX_REQUEST_IDLE_SECONDS: String(IDLE_SECONDS), MOMENTBOX_MAX_UPLOAD_MB: '50' },
  });
  const direct = `http://${serverAddress}:8080`;
  const admin = new ApiClient(direct);
  await admin.login(server.adminPassword);
  const event = await admin.createEvent({ name: 'Chaos' });

  proxy = new ChaosProxy({ upstream: { host: serverAddress, port: 8080 }, ...PROXY });
  await proxy.start();
  const viaProxy = `http://127.0.0.1:${proxy.port}`;

  // Each phone is a guest (consent over the plain link: joining is not what is tested here).
  const phones: Phone[] = [];
  for (let i = 0; i < PHONES; i++) {
    const guest = new ApiClient(direct);
    await guest.joinAsGuest(event.code);
    const cookie = [...guest.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    phones.push(new Phone(viaProxy, event.id, cookie, { ios: i % 3 === 0, fieldsFirst: i % 2 === 1 }));
  }
  const files = phones.map((_, p) =>
    Array.from({ length: p % 2 === 0 ? 2 : 1 }, (_, k) => makeFile(p, k, SIZES_MB[(p + k) % SIZES_MB.length]!)),
  );

  const pid = server.proc.pid;
  await Bun.sleep((IDLE_SECONDS + 2) * 1000); // the setup's kept-alive connections time out first
  const fdsBefore = fdCount(pid);
  const started = performance.now();
  // Phones upload one file at a time, 1 s apart (0.5 s on iOS), all phones at once.
  await Promise.all(
    phones.map(async (phone, p) => {
      for (const file of files[p]!) {
        await phone.upload(file);
        await Bun.sleep(phone.profile.ios ? 500 : 1000);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const all = phones.flatMap((p) => p.outcomes);
  const requests = phones.reduce((n, p) => n + p.requests, 0);
  const megabytes = all.reduce((n, o) => n + o.file.bytes.length, 0) / MB;
  console.log(
    `chaos: ${PHONES} phones, ${all.length} files (${megabytes.toFixed(0)} MB), ${requests} requests, ${seconds.toFixed(0)} s; ` +
      `connections by fault: ${JSON.stringify(proxy.counts)}; attempts per file up to ${Math.max(...all.map((o) => o.attempts))}`,
  );

  // The same process served it all.
  expect(server.proc.exitCode).toBeNull();
  expect(server.proc.pid).toBe(pid);
  expect(server.output()).not.toMatch(/FileHandle|panic|Unhandled|uncaught/i);

  // Every file was acknowledged, and the event holds each exactly once, byte for byte.
  expect(all.filter((o) => o.acknowledged === null).map((o) => `${o.file.name}: ${o.trouble.slice(-4).join(' | ')}`)).toEqual([]);
  // New connections for the checks: a kept-alive one may just have met the server's short idle time-out.
  const fresh = { headers: { connection: 'close' }, keepalive: false };
  const stored = await admin.json<UploadDto[]>(`/api/event/${event.id}/uploads`, fresh);
  expect(stored.map((u) => u.original_name).sort()).toEqual(all.map((o) => o.file.name).sort());
  for (const o of all) {
    const row = stored.find((u) => u.id === o.acknowledged)!;
    expect(row.original_name).toBe(o.file.name);
    const served = new Uint8Array(await (await admin.fetch(row.file_path, fresh)).arrayBuffer());
    expect(createHash('sha256').update(served).digest('hex')).toBe(o.file.sha256);
  }

  // Nothing of the interrupted requests stays: tmp/ is empty once the cut connections have timed out.
  await proxy.stop();
  const clean = () => {
    const tmp = tmpContents(server!.dataDir);
    return tmp.files.length === 0 && tmp.chunkSessions.length === 0;
  };
  await waitFor(clean, (IDLE_SECONDS + 10) * 1000);
  expect(tmpContents(server.dataDir)).toEqual({ files: [], chunkSessions: [] });
  await waitFor(() => fdCount(pid) <= fdsBefore, 15_000);
  console.log(`chaos: open descriptors of the server ${fdsBefore} before, ${fdCount(pid)} after`);
  expect(fdCount(pid)).toBe(fdsBefore);
}, 300_000);
