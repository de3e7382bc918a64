// Parts k and l of `npm run bench` (issue 29): pushing an event to S3-compatible storage (a real s3rver on loopback,
// in a process of its own: scripts/bench/s3-server.ts).
//   k. `momentbox push` of an event vs Bun's S3 client alone sending the same files to the same server (s3-plain.ts),
//      alternating in each round: the ratio says what the push's planning, listing and bookkeeping cost.
//   l. (only when named: `npm run bench -- l`; size BENCH_PUSH_MB, default 2048) a ~2 GB event pushed, the push
//      SIGKILLed a third of the way, pushed again: its progress lines, times, throughput, and whether any object
//      was sent twice.
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { paddedVideo } from '../../tests/helpers/padded-video.ts';
import { ROOT } from '../../tests/helpers/server.ts';
import type { ApiClient } from '../../tests/helpers/api-client.ts';
import { fmt, MB, median, serverWithEvent, waitForIdleQueue, type BenchPart, type BenchRow, type PartContext } from './lib.ts';

const BUN = join(ROOT, 'node_modules', '.bin', 'bun');
const BUCKET = 'momentbox'; // tests/helpers/s3rver.ts
const RATIO = { videos: 8, videoBytes: 24 * MB, rounds: 2 };

interface S3Process {
  endpoint: string;
  /** objects created so far: [kind, key] */
  created: [string, string][];
  stop(): Promise<unknown>;
}

/** The lines a child prints, each to `onLine` as it comes. */
async function readLines(stream: ReadableStream<Uint8Array>, onLine: (line: string) => void) {
  const decoder = new TextDecoder();
  let rest = '';
  for await (const chunk of stream) {
    const lines = (rest + decoder.decode(chunk, { stream: true })).split('\n');
    rest = lines.pop()!;
    lines.filter(Boolean).forEach(onLine);
  }
  if (rest) onLine(rest);
}

async function startS3Process(ctx: PartContext): Promise<S3Process> {
  const proc = Bun.spawn([BUN, join(ROOT, 'scripts', 'bench', 's3-server.ts')], { stdout: 'pipe', stderr: 'inherit' });
  const created: [string, string][] = [];
  const endpoint = new Promise<string>((resolve, reject) => {
    void readLines(proc.stdout, (line) => {
      const msg = JSON.parse(line) as { endpoint?: string; created?: [string, string] };
      if (msg.endpoint) resolve(msg.endpoint);
      if (msg.created) created.push(msg.created);
    }).then(() => reject(new Error('s3rver ended before it listened')));
  });
  const s3 = {
    endpoint: await endpoint,
    created,
    stop: async () => {
      proc.kill('SIGTERM');
      return proc.exited;
    },
  };
  ctx.track(s3);
  return s3;
}

/** A box with an event of `count` padded videos of `bytes` each, processed (posters made). */
async function eventOfVideos(ctx: PartContext, count: number, bytes: number) {
  const dataDir = join(ctx.dir, 'box');
  const box = await serverWithEvent(dataDir);
  ctx.track(box.server);
  for (let i = 0; i < count; i++) {
    const form = new FormData();
    form.append('file', new File([await paddedVideo(bytes)], `clip-${i}.mp4`));
    const res = await box.admin.fetch(`/api/event/${box.eventId}/upload`, { method: 'POST', body: form });
    if (res.status !== 201) throw new Error(`upload ${i}: ${res.status} ${await res.text()}`);
  }
  await waitForIdleQueue(box.server.url, 600_000);
  // every file of the event as the push sends it (originals, posters), relative to the event's folder
  const eventDir = join(dataDir, 'media', String(box.eventId));
  const files = (readdirSync(eventDir, { recursive: true }) as string[])
    .map((name) => join(eventDir, name))
    .filter((path) => statSync(path).isFile());
  const total = files.reduce((n, path) => n + statSync(path).size, 0);
  ctx.log(`event: ${count} videos of ${fmt(bytes / MB, 0)} MB, ${files.length} files, ${fmt(total / MB, 0)} MB on disk`);
  return { ...box, dataDir, eventDir, files, total };
}

async function targetPrefix(admin: ApiClient, endpoint: string, prefix: string) {
  const res = await admin.fetch('/api/admin/s3', {
    method: 'PUT',
    json: { endpoint, region: 'us-east-1', bucket: BUCKET, prefix, access_key_id: 'S3RVER', secret_access_key: 'S3RVER' },
  });
  if (!res.ok) throw new Error(`S3 settings: ${res.status} ${await res.text()}`);
}

/** `momentbox push --event CODE` on the box's data folder, as the dashboard's button starts it. */
function startPush(dataDir: string, code: string, onLine: (line: string) => void) {
  const started = performance.now();
  const proc = Bun.spawn([BUN, join(ROOT, 'src', 'main.ts'), 'push', '--event', code, '--data-dir', dataDir], {
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const lines = readLines(proc.stdout, onLine);
  return {
    proc,
    done: async () => {
      const exit = await proc.exited;
      await lines;
      return { exit, ms: performance.now() - started, stderr: await new Response(proc.stderr).text() };
    },
  };
}

// ---- k. push vs plain Bun.s3 ----
async function pushVsPlain(ctx: PartContext): Promise<BenchRow[]> {
  const s3 = await startS3Process(ctx);
  const box = await eventOfVideos(ctx, RATIO.videos, RATIO.videoBytes);
  const list = join(ctx.dir, 'files.json');
  writeFileSync(list, JSON.stringify(box.files.map((path) => [relative(box.eventDir, path), path])));
  const pushMs: number[] = [];
  const plainMs: number[] = [];
  const ratios: number[] = [];
  for (let round = 1; round <= RATIO.rounds; round++) {
    // a fresh prefix each round: both send every byte
    const plain = async () => {
      const proc = Bun.spawn([BUN, join(ROOT, 'scripts', 'bench', 's3-plain.ts'), s3.endpoint, BUCKET, `plain-${round}/`, list], {
        stdout: 'pipe',
      });
      if ((await proc.exited) !== 0) throw new Error('the plain upload failed');
      return Number((await new Response(proc.stdout).text()).trim());
    };
    const push = async () => {
      await targetPrefix(box.admin, s3.endpoint, `push-${round}`);
      const run = startPush(box.dataDir, box.code, () => {});
      const done = await run.done();
      if (done.exit !== 0) throw new Error(`push exited ${done.exit}: ${done.stderr}`);
      return done.ms;
    };
    // alternating which goes first, so neither always meets a warmer page cache
    let p: number;
    let q: number;
    if (round % 2) {
      p = await push();
      q = await plain();
    } else {
      q = await plain();
      p = await push();
    }
    pushMs.push(p);
    plainMs.push(q);
    ratios.push(q / p);
    ctx.log(`round ${round}: push ${fmt(p / 1000, 2)} s, plain Bun.s3 ${fmt(q / 1000, 2)} s`);
  }
  const mbps = (ms: number) => box.total / MB / (ms / 1000);
  return [
    {
      figure: `k. push of ${RATIO.videos} videos (${fmt(box.total / MB, 0)} MB) to s3rver`,
      measured: `${fmt(mbps(Math.min(...pushMs)), 1)} MB/s`,
      reference: `${fmt(mbps(Math.min(...plainMs)), 1)} MB/s plain Bun.s3 (S3Client.write)`,
      ratio: fmt(median(ratios), 2),
      aim: '',
      met: null,
    },
  ];
}

// ---- l. a ~2 GB push, killed and resumed ----
const PROGRESS = /(\d+)\/(\d+) files, ([\d.]+)\/([\d.]+) MB \(sent (\d+) files, ([\d.]+) MB\)/;

async function bigPushResumed(ctx: PartContext): Promise<BenchRow[]> {
  const totalMb = Number(process.env.BENCH_PUSH_MB ?? 2048);
  const videos = 16;
  const s3 = await startS3Process(ctx);
  const box = await eventOfVideos(ctx, videos, Math.round((totalMb * MB) / videos));
  await targetPrefix(box.admin, s3.endpoint, 'big');
  const originals = () => s3.created.filter(([, key]) => key.startsWith('big/originals/')).length;

  const firstLines: string[] = [];
  const first = startPush(box.dataDir, box.code, (line) => {
    firstLines.push(line);
    ctx.log(`push 1: ${line}`);
  });
  // cut once s3rver reports a third of the originals in the bucket (its notices come a little late: more are there by then)
  const deadline = Date.now() + 600_000;
  while (originals() < videos / 3 && first.proc.exitCode === null && Date.now() < deadline) await Bun.sleep(20);
  first.proc.kill('SIGKILL');
  const killed = await first.done();
  const before = s3.created.length;
  const inBucketAtKill = originals();
  ctx.log(`push 1 SIGKILLed after ${fmt(killed.ms / 1000, 1)} s with ${inBucketAtKill} of ${videos} originals in the bucket`);

  const secondLines: string[] = [];
  const second = startPush(box.dataDir, box.code, (line) => {
    secondLines.push(line);
    ctx.log(`push 2: ${line}`);
  });
  const resumed = await second.done();
  if (resumed.exit !== 0) throw new Error(`the second push exited ${resumed.exit}: ${resumed.stderr}`);
  const last = secondLines
    .map((l) => PROGRESS.exec(l))
    .filter((m) => m !== null)
    .at(-1);
  const sentMb = last ? Number(last[6]) : NaN;
  const keys = s3.created.map(([, key]) => key);
  const twice = [...new Set(keys.filter((k, i) => keys.indexOf(k) !== i))];
  const sentAgain = s3.created.slice(before).filter(([, key]) => keys.indexOf(key) < before);
  ctx.log(`objects created twice: ${twice.length ? twice.join(', ') : 'none'}`);
  const progressLines = (lines: string[]) => lines.filter((l) => PROGRESS.test(l)).length;
  return [
    {
      figure: `l1. push of ${videos} videos (${fmt(box.total / MB, 0)} MB), SIGKILLed a third of the way`,
      measured: `after ${fmt(killed.ms / 1000, 1)} s: ${inBucketAtKill}/${videos} originals in the bucket, ${progressLines(firstLines)} progress lines`,
      reference: '',
      ratio: '',
      aim: 'progress shown',
      met: progressLines(firstLines) > 0,
    },
    {
      figure: 'l2. the push again, to the end',
      measured: `${fmt(resumed.ms / 1000, 1)} s, sent ${last?.[5] ?? '?'} files ${fmt(sentMb, 0)} MB (${fmt(sentMb / (resumed.ms / 1000), 1)} MB/s), ${progressLines(secondLines)} progress lines`,
      reference: `whole event ${fmt(box.total / 1e6, 0)} MB`,
      ratio: fmt(sentMb / (box.total / 1e6), 2),
      aim: 'sends only the rest',
      // fewer files sent than the event has (a byte count would hide a push that sent all again, the sizes being rounded)
      met: last !== undefined && Number(last[5]) < Number(last[2]),
    },
    {
      figure: 'l3. objects sent twice (completed in push 1 and again in push 2)',
      measured: sentAgain.length ? sentAgain.map(([, k]) => k.replace(/^big\//, '')).join(', ') : 'none',
      reference: '',
      ratio: '',
      aim: 'none',
      // event.json: with no manifest yet (the kill came before it), the push cannot know it is the same
      met: sentAgain.every(([, k]) => k.endsWith('/event.json')),
    },
  ];
}

export const pushPart: BenchPart = { key: 'k', title: 'push to S3 vs plain Bun.s3', run: pushVsPlain };
export const bigPushPart: BenchPart = { key: 'l', title: 'a ~2 GB push, killed and resumed', run: bigPushResumed, onlyWhenNamed: true };
