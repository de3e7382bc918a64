// `npm run bench`: the figures of issues 9 and 15 in one table, each against a reference measured in the same
// run on the same machine (so they mean the same on a laptop, a Pi or CI) and against its aim. Each part is a
// BenchPart (scripts/bench/lib.ts) returning its rows; parts of their own file are listed in PARTS below.
// `npm run bench -- b f` runs only parts b and f; `-- f6` runs f's last figure alone.
//   a. chunked ingest through the API vs a plain loopback sink and the tus reference server (bench/ingest.ts)
//   b. 12 MP photos per second through the API vs sharp alone making the same derivatives in-process
//   c. the server's peak RSS under 20 uploads and a ~2 GB export to a slow reader (bench/ingest.ts)
//   d. 300 idle live streams (GET /api/event/{id}/live, as 300 phones and walls keep open): the server's RSS
//      and CPU time over 30 s with them open vs 30 s without, and how long one upload takes to reach all 300
//   e. a 5,000-photo gallery in Chromium on a phone profile (bench/gallery.ts)
//   f. 200 phones reading while 20 upload: p99, errors, RSS, thumbnails vs static files; the readers' p99 while
//      a guest with 250 photos changes their nickname with 200 live streams open (bench/load.ts)
//   g. video preview speed on one core vs plain ffmpeg, and posters first (bench/preview.ts)
//   h. video preview size vs its original, for the fixture videos and a noisy clip (bench/preview.ts)
//   j. the guest event page's first load: JavaScript gzip per chunk against its 120 KB budget (bench/first-load.ts)
//   k. `momentbox push` of an event to s3rver vs a plain Bun.s3 upload of the same files, as a ratio (bench/push.ts)
//   p. a Raspberry Pi stand-in: the server under cgroup limits (1 core, 1 GiB, 20 MB/s writes on a loop
//      device): ingest vs dd on that device, 100 readers + 10 uploads for 60 s, live latency (bench/pi.ts)
//   l. only when named (`npm run bench -- l`, BENCH_PUSH_MB=2048): a ~2 GB push SIGKILLed and resumed (bench/push.ts)
//   n. the face search's precision and recall at its threshold on the labelled real photos (bench/faces-precision.ts)
//   o. the face search's cost: photos indexed per core by the indexer and its worker vs face-api alone, the worker's
//      and the server's peak memory, a search among 2,000 indexed photos on one core (bench/faces-speed.ts)
// Every part is framed by a fixed CPU loop: the table says when the machine was too busy for its figures.
// ~10 minutes on 2 cores.
// A script, not a test: it prints figures and asserts nothing.
import sharp from 'sharp';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstLoadPart } from './bench/first-load.ts';
import { galleryPart } from './bench/gallery.ts';
import {
  cpuMsOf,
  fmt,
  median,
  settleDisk,
  timed,
  type BenchPart,
  type BenchRow,
  type PartContext,
  MB,
  headersOf,
  makePhoto,
  openLiveStream,
  pool,
  rssOf,
  serverWithEvent,
  uploadWhole,
  withTrailer,
  type Target,
} from './bench/lib.ts';
import { ingestPart, memoryPart } from './bench/ingest.ts';
import { loadPart, nicknamePart } from './bench/load.ts';
import { piPart } from './bench/pi.ts';
import { previewPart, previewSizePart } from './bench/preview.ts';
import { bigPushPart, pushPart } from './bench/push.ts';
import { facesPrecisionPart } from './bench/faces-precision.ts';
import { facesSpeedPart } from './bench/faces-speed.ts';

const PHOTOS = { count: 10, width: 4000, height: 3000, parallel: navigator.hardwareConcurrency, rounds: 3 };
const LIVE = { streams: 300, idleMs: 30_000 };

/**
 * A fixed CPU-bound loop (SHA-256 of 64 MB in this process), timed before and after each part: when it took
 * much longer at one end than the fastest run, other work on the machine was taking the cores.
 */
function cpuReferenceMs(): number {
  const block = new Uint8Array(MB).fill(7);
  const t = performance.now();
  const hasher = new Bun.CryptoHasher('sha256');
  for (let i = 0; i < 64; i++) hasher.update(block);
  hasher.digest();
  return performance.now() - t;
}
/** How much slower than the fastest reference loop of the run a part's slowest end was before it counts as 'too busy'. */
const BUSY_DRIFT = 1.25;

// ---- b. photos per second ----
async function photos(ctx: PartContext): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  ctx.log(
    `photos: ${PHOTOS.count} x ${PHOTOS.width}x${PHOTOS.height} JPEG; sharp ${PHOTOS.parallel} at once, the API from ${PHOTOS.parallel + 1} clients`,
  );
  const dir = join(ctx.dir, 'photos');
  mkdirSync(dir);
  const paths: string[] = [];
  let bytes = 0;
  for (let i = 0; i < PHOTOS.count; i++) {
    const path = join(dir, `IMG_${1000 + i}.jpg`);
    bytes += await makePhoto(sharp, path, PHOTOS.width, PHOTOS.height);
    paths.push(path);
  }
  ctx.log(`generated ${PHOTOS.count} photos, ${fmt(bytes / PHOTOS.count / MB, 2)} MB each on average`);

  // Reference: sharp in this process doing the server's derivative work on the same files, as many at once
  // as the server runs (one per core): one decode to upright pixels that fit 2048 px (scaled on load as the
  // server does it, jpegShrinkOnLoad: a 4000 px JPEG at half size), then from those the
  // preview, a thumbnail with a 480 px short side, the square 1x and 3x tiles and the 9x8 grey pixels of the
  // dHash, with the server's own sizes and qualities.
  const { jpegShrinkOnLoad, PREVIEW, THUMBNAIL, TILE_THUMBNAILS, thumbnailSize } = await import('../src/media/images.ts');
  const out = join(ctx.dir, 'derived');
  mkdirSync(out);
  const sharpAlone = () =>
    timed(() =>
      pool(
        PHOTOS.parallel,
        paths.map((p, i) => async () => {
          const meta = await sharp(p).metadata();
          const upright = { width: meta.autoOrient?.width ?? meta.width!, height: meta.autoOrient?.height ?? meta.height! };
          const thumb = thumbnailSize(upright);
          const shrink = jpegShrinkOnLoad(upright);
          const { data, info } = await sharp(shrink > 1 ? `${p}[shrink=${shrink}]` : p, { failOn: 'none' })
            .rotate()
            .resize({ width: PREVIEW.maxSide, height: PREVIEW.maxSide, fit: 'inside', withoutEnlargement: true })
            .raw()
            .toBuffer({ resolveWithObject: true });
          const decoded = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
          const tile = (side: number) => Math.min(side, meta.width!, meta.height!);
          await Promise.all([
            decoded()
              .jpeg({ quality: PREVIEW.quality, progressive: true })
              .toFile(join(out, `${i}-preview.jpg`)),
            decoded()
              .resize(thumb.width, thumb.height, { fit: 'fill' })
              .jpeg({ quality: THUMBNAIL.quality, mozjpeg: true })
              .toFile(join(out, `${i}-thumb.jpg`)),
            ...Object.values(TILE_THUMBNAILS).map(({ side, quality }) =>
              decoded()
                .resize(tile(side), tile(side), { fit: 'cover' })
                .jpeg({ quality, mozjpeg: true })
                .toFile(join(out, `${i}-tile-${side}.jpg`)),
            ),
            decoded().resize(9, 8, { fit: 'fill' }).grayscale().raw().toBuffer(),
          ]);
        }),
      ),
    );

  const { server, guest, eventId } = await serverWithEvent(join(ctx.dir, 'photo-server'));
  ctx.track(server);
  const api: Target = { url: server.url, eventId, headers: headersOf(guest) };
  // Warm-up on both sides, not counted (the first sharp call loads libvips).
  await uploadWhole(api, 'warm.jpg', withTrailer(readFileSync(paths[0]!), 0x41), 'image/jpeg');
  await sharp(paths[0]!).resize(480).jpeg().toBuffer();
  // Whole-file uploads, three at once as the web app on a laptop sends them; each answer comes after the
  // thumbnail and preview exist. Rounds alternate with the reference; the best of each counts.
  let reference = Infinity;
  let through = Infinity;
  const ratios: number[] = [];
  const states = new Set<string>();
  for (let r = 0; r < PHOTOS.rounds; r++) {
    settleDisk();
    const ref = (await sharpAlone()).ms;
    reference = Math.min(reference, ref);
    const files = paths.map((p) => withTrailer(readFileSync(p), 0x42 + r));
    settleDisk();
    const run = await timed(() =>
      pool(
        PHOTOS.parallel + 1,
        files.map((b, i) => () => uploadWhole(api, `IMG_${1000 + i}.jpg`, b, 'image/jpeg')),
      ),
    );
    for (const res of run.result) states.add(res.upload?.processing_state);
    through = Math.min(through, run.ms);
    ratios.push(ref / run.ms);
    ctx.log(
      `round ${r + 1}: API ${fmt(PHOTOS.count / (run.ms / 1000), 2)} photos/s, sharp alone ${fmt(PHOTOS.count / (ref / 1000), 2)} photos/s (${fmt(ref / run.ms, 2)})`,
    );
  }
  await server.stop({ keepData: true });
  rmSync(join(ctx.dir, 'photo-server'), { recursive: true, force: true });
  rmSync(out, { recursive: true, force: true });
  rmSync(dir, { recursive: true, force: true });

  const refRate = PHOTOS.count / (reference / 1000);
  const apiRate = PHOTOS.count / (through / 1000);
  const ready = states.size === 1 && states.has('ready');
  ctx.log(`best: API ${fmt(apiRate, 2)} photos/s (processing states: ${[...states].join(', ')}), sharp alone ${fmt(refRate, 2)} photos/s`);
  rows.push({
    figure: `b. 12 MP photos (${fmt(bytes / PHOTOS.count / MB, 1)} MB)`,
    measured: ready ? `${fmt(apiRate, 2)} /s` : `n/a (${[...states].join(',')})`,
    reference: `${fmt(refRate, 2)} /s sharp`,
    ratio: ready ? fmt(median(ratios), 2) : 'n/a',
    aim: '>= 0.85',
    met: ready ? median(ratios) >= 0.85 : null,
  });
  return rows;
}

// ---- d. idle live streams ----
async function liveStreams(ctx: PartContext): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  ctx.log(`${LIVE.streams} idle live streams, ${LIVE.idleMs / 1000} s each phase`);
  const { server, guest, eventId } = await serverWithEvent(join(ctx.dir, 'live'));
  ctx.track(server);
  const pid = server.proc.pid;
  const url = new URL(server.url);
  await Bun.sleep(1000);
  const idle = async () => {
    const cpu = cpuMsOf(pid);
    await Bun.sleep(LIVE.idleMs);
    return { cpuMs: cpuMsOf(pid) - cpu, rss: rssOf(pid) };
  };
  const without = await idle();
  const received = new Array<string>(LIVE.streams).fill('');
  const sockets = await pool(
    20,
    Array.from({ length: LIVE.streams }, (_, i) => () => openLiveStream(url, `/api/event/${eventId}/live`, (t) => (received[i] += t))),
  );
  const deadline = Date.now() + 30_000;
  while (received.some((r) => !r.includes('event: ready')) && Date.now() < deadline) await Bun.sleep(100);
  const ready = received.filter((r) => r.includes('event: ready')).length;
  const open = await idle();
  const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#4a7' } })
    .jpeg()
    .toBuffer();
  const sent = performance.now();
  await uploadWhole({ url: server.url, eventId, headers: headersOf(guest) }, 'live.jpg', new Uint8Array(photo), 'image/jpeg');
  const fanDeadline = Date.now() + 30_000;
  while (received.some((r) => !r.includes('event: upload')) && Date.now() < fanDeadline) await Bun.sleep(5);
  const fanOutMs = performance.now() - sent;
  const reached = received.filter((r) => r.includes('event: upload')).length;
  const heartbeats = received.reduce((n, r) => n + (r.match(/: ping/g)?.length ?? 0), 0);
  for (const s of sockets) s.destroy();
  await server.stop({ keepData: true });
  rmSync(join(ctx.dir, 'live'), { recursive: true, force: true });
  ctx.log(
    `${ready} of ${LIVE.streams} streams open; ${heartbeats} heartbeats received; upload reached ${reached} of them in ${fmt(fanOutMs, 0)} ms (upload included)`,
  );
  const perStreamKb = (open.rss - without.rss) / 1024 / LIVE.streams;
  rows.push({
    figure: `d1. RSS with ${LIVE.streams} idle live streams`,
    measured: `${fmt(open.rss / MB, 0)} MB (${fmt(perStreamKb, 0)} kB/stream)`,
    reference: `${fmt(without.rss / MB, 0)} MB without`,
    ratio: fmt(open.rss / without.rss, 2),
    aim: '< 1.5',
    met: open.rss / without.rss < 1.5,
  });
  rows.push({
    figure: `d2. server CPU over ${LIVE.idleMs / 1000} s, ${LIVE.streams} idle streams`,
    measured: `${fmt(open.cpuMs, 0)} ms (${fmt((open.cpuMs / LIVE.idleMs) * 100, 2)} % of a core)`,
    reference: `${fmt(without.cpuMs, 0)} ms without`,
    ratio: fmt(open.cpuMs / Math.max(without.cpuMs, 10), 1),
    aim: '< 1 % of a core',
    met: open.cpuMs / LIVE.idleMs < 0.01,
  });
  return rows;
}

// The parts in the order they run; `npm run bench -- f g` runs only parts f and g.
const PARTS: BenchPart[] = [
  ingestPart,
  { key: 'b', title: '12 MP photos vs sharp alone', run: photos },
  memoryPart,
  { key: 'd', title: `${LIVE.streams} idle live streams`, run: liveStreams },
  galleryPart,
  loadPart,
  nicknamePart,
  previewPart,
  previewSizePart,
  firstLoadPart,
  pushPart,
  bigPushPart,
  piPart,
  facesPrecisionPart,
  facesSpeedPart,
];

const root = mkdtempSync(join(tmpdir(), 'momentbox-bench-'));
const tracked: { stop(): Promise<unknown> }[] = [];
const stopTracked = async () => {
  // Last started, first stopped: a server before the confinement it runs in (part p).
  for (const p of tracked.splice(0).reverse()) await p.stop().catch(() => undefined);
};
process.on('SIGINT', () => {
  void stopTracked().finally(() => {
    rmSync(root, { recursive: true, force: true });
    process.exit(130);
  });
});

const chosen = process.argv.slice(2);
const unknown = chosen.filter((k) => !PARTS.some((p) => p.key === k));
if (unknown.length) throw new Error(`no bench part ${unknown.join(', ')}; parts: ${PARTS.map((p) => `${p.key} (${p.title})`).join(', ')}`);
const started = performance.now();
const results: { part: BenchPart; rows: BenchRow[]; cpuBefore: number; cpuAfter: number; ms: number; load: number[] }[] = [];
try {
  for (const part of PARTS) {
    if (chosen.length > 0 ? !chosen.includes(part.key) : part.onlyWhenNamed) continue;
    console.log(`${part.key}. ${part.title}`);
    const dir = join(root, part.key);
    mkdirSync(dir);
    const cpuBefore = cpuReferenceMs();
    const t = performance.now();
    let rows: BenchRow[];
    try {
      rows = await part.run({ dir, track: (p) => void tracked.push(p), log: (line) => console.log(`  ${line}`) });
    } catch (err) {
      // One failing part does not cost the others' figures: its row says what went wrong.
      console.log(`  FAILED: ${(err as Error)?.stack ?? err}`);
      const message = String((err as Error)?.message ?? err)
        .split('\n')[0]!
        .slice(0, 60);
      rows = [{ figure: `${part.key}. ${part.title}`, measured: `FAILED: ${message}`, reference: '', ratio: '', aim: '', met: false }];
    }
    await stopTracked();
    rmSync(dir, { recursive: true, force: true });
    results.push({ part, rows, cpuBefore, cpuAfter: cpuReferenceMs(), ms: performance.now() - t, load: loadavg() });
  }
} finally {
  await stopTracked();
  rmSync(root, { recursive: true, force: true });
}

// A part is 'busy' when the CPU loop at one of its ends ran much slower than the run's fastest: its figures mean little.
const fastest = Math.min(...results.flatMap((r) => [r.cpuBefore, r.cpuAfter]));
const busyBy = (r: (typeof results)[number]) => Math.max(r.cpuBefore, r.cpuAfter) / fastest - 1;
const isBusy = (r: (typeof results)[number]) => busyBy(r) > BUSY_DRIFT - 1;
const columns = ['figure', 'measured', 'reference', 'ratio', 'aim', 'met'] as const;
const lines = results.flatMap((r) =>
  r.rows.map((row) => ({ ...row, met: (row.met === null ? '' : row.met ? 'yes' : 'NO') + (isBusy(r) ? ' (busy)' : '') })),
);
const all = [Object.fromEntries(columns.map((c) => [c, c])) as Record<(typeof columns)[number], string>, ...lines];
const width = (k: (typeof columns)[number]) => Math.max(...all.map((r) => r[k].length));
const line = (r: Record<(typeof columns)[number], string>) =>
  columns
    .map((k) => r[k].padEnd(width(k)))
    .join('  ')
    .trimEnd();
console.log('');
console.log(line(all[0]!));
console.log(columns.map((k) => '-'.repeat(width(k))).join('  '));
for (const r of lines) console.log(line(r));
console.log(
  'Throughputs: best round of each side; ratios: median of the per-round ratios (both sides measured back to back in each round).',
);
for (const r of results) {
  console.log(
    `part ${r.part.key}: ${fmt(r.ms / 1000, 0)} s, load average ${r.load.map((l) => l.toFixed(1)).join(' ')}; CPU reference loop ${fmt(r.cpuBefore, 0)} ms before, ${fmt(r.cpuAfter, 0)} ms after (fastest ${fmt(fastest, 0)} ms)` +
      (isBusy(r) ? ` -- MACHINE TOO BUSY: ${fmt(busyBy(r) * 100, 0)} % slower, part ${r.part.key}'s figures mean little` : ''),
  );
}
console.log(
  `(total ${fmt((performance.now() - started) / 1000, 0)} s on ${navigator.hardwareConcurrency} cores, Bun ${Bun.version}; ` +
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}: other work on the machine blurs single figures, less so the ratios)`,
);
