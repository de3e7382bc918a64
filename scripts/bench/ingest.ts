// Bench parts of the ingest path:
//   a. chunked ingest through the API (chunks laid out as the web app sends them: the fields first, so each
//      chunk is written straight into its place) vs a plain loopback sink that only writes the request
//      bytes to disk, and vs a peer: the Node reference server of the tus protocol (@tus/server with its
//      file store, fed by tus-js-client) receiving the same files in the same chunks
//   c. the server's peak RSS while 20 guests upload 50 MB files at once, and while a ~2 GB ZIP export
//      streams to a slow reader (against the idle server's RSS)
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import * as tus from 'tus-js-client';
import {
  ApiClient,
  cpuMsOf,
  fmt,
  GeneratedVideo,
  headersOf,
  MB,
  mbps,
  median,
  moreGuests,
  pool,
  ROOT,
  rssOf,
  serverWithEvent,
  settleDisk,
  slowGet,
  startServer,
  startSink,
  timed,
  uploadChunked,
  waitForIdleQueue,
  watchPeakRss,
  type BenchPart,
  type BenchRow,
  type PartContext,
  type Target,
  type UploadSource,
} from './lib.ts';

/**
 * 12 files of 50 MB a round, 4 phones at once: the steady state of a venue, where one phone's last chunk
 * (hash, fsync, probe) overlaps the others' transfers. (With 4 files that all start and end together,
 * 15 % of a round was the four endings with no bytes moving, and a 0.5 s round swung with the machine.)
 */
const INGEST = { files: 12, fileSize: 50 * MB, chunkSize: 10 * MB, parallel: 4, rounds: 3 };
const LOAD = { clients: 20, fileSize: 50 * MB, chunkSize: 10 * MB };
/** Export: 40 x 50 MB; the first 20 are the load phase's uploads. */
const EXPORT = { files: 40, rate: 50 * MB, pauseEvery: 256 * MB, pauseMs: 1000 };

// ---- the tus peer ----

/** @tus/server with its file store, run by Node in its own process (scripts/bench/tus-peer.mjs). */
async function startTusPeer(dir: string): Promise<{ url: string; stop(): Promise<void> }> {
  const proc = Bun.spawn(['node', join(import.meta.dir, 'tus-peer.mjs'), dir], { cwd: ROOT, stdout: 'pipe', stderr: 'inherit' });
  const reader = (proc.stdout as ReadableStream<Uint8Array>).getReader();
  let out = '';
  while (!/port=\d+/.test(out)) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`tus peer exited: ${out}`);
    out += new TextDecoder().decode(value);
  }
  return {
    url: `http://127.0.0.1:${/port=(\d+)/.exec(out)![1]}`,
    async stop() {
      proc.kill('SIGTERM');
      await proc.exited;
    },
  };
}

/** One file through tus-js-client: a creation POST, then PATCHes of `chunkSize` bytes, one after the other. */
function uploadTus(url: string, file: UploadSource, chunkSize: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const upload = new tus.Upload(Buffer.from(file.slice(0, file.size).buffer), {
      endpoint: `${url}/files`,
      chunkSize,
      retryDelays: [],
      metadata: { filename: file.name, filetype: 'video/mp4' },
      onError: reject,
      onSuccess: () => resolve(),
    });
    upload.start();
  });
}

// ---- a. ingest throughput ----
async function ingest(ctx: PartContext): Promise<BenchRow[]> {
  ctx.log(`chunked ingest: ${INGEST.files} x ${INGEST.fileSize / MB} MB, ${INGEST.chunkSize / MB} MB chunks, ${INGEST.parallel} at once`);
  const sinkDir = join(ctx.dir, 'sink');
  const tusDir = join(ctx.dir, 'tus');
  mkdirSync(sinkDir);
  mkdirSync(tusDir);
  const sink = await startSink(sinkDir);
  ctx.track(sink);
  const peer = await startTusPeer(tusDir);
  ctx.track(peer);
  const { server, guest, eventId } = await serverWithEvent(join(ctx.dir, 'ingest'));
  ctx.track(server);
  const api: Target = { url: server.url, eventId, headers: headersOf(guest) };
  const plain: Target = { url: sink.url, eventId, headers: {} };
  const total = INGEST.files * INGEST.fileSize;
  const files = (tag: string) => Array.from({ length: INGEST.files }, (_, i) => new GeneratedVideo(`${tag}-${i}.mp4`, INGEST.fileSize));
  const run = (send: (f: GeneratedVideo) => Promise<unknown>, tag: string) =>
    timed(() =>
      pool(
        INGEST.parallel,
        files(tag).map((f) => () => send(f)),
      ),
    );
  // Where the API's time goes: how long each chunk's answer took, a file's last chunk (hash, fsync, probe,
  // commit) apart from the others, and the CPU time per MB of the server and of the sink.
  const answerMs = { last: [] as number[], other: [] as number[] };
  const toApi = (f: GeneratedVideo) => {
    let sent = 0;
    let answered = 0;
    const chunks = Math.ceil(f.size / INGEST.chunkSize);
    return uploadChunked(api, f, INGEST.chunkSize, {
      onSend: () => (sent = performance.now()),
      onChunk: () => (++answered === chunks ? answerMs.last : answerMs.other).push(performance.now() - sent),
    });
  };
  const cpuMs = { api: 0, sink: 0 };
  const cpuOf = async (pid: number, side: keyof typeof cpuMs, work: () => Promise<{ ms: number }>) => {
    const from = cpuMsOf(pid);
    const result = await work();
    cpuMs[side] += cpuMsOf(pid) - from;
    return result;
  };
  const toSink = (f: GeneratedVideo) => uploadChunked(plain, f, INGEST.chunkSize);
  const toPeer = (f: GeneratedVideo) => uploadTus(peer.url, f, INGEST.chunkSize);
  const fresh = (dir: string) => {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir);
  };
  // Warm-up (JIT, first-file costs), then alternate rounds so all three see the same machine; the best round counts.
  await toSink(new GeneratedVideo('warm.mp4', 12 * MB));
  await toPeer(new GeneratedVideo('warm.mp4', 12 * MB));
  await toApi(new GeneratedVideo('warm.mp4', 12 * MB));
  answerMs.last.length = answerMs.other.length = 0;
  const best = { sink: 0, peer: 0, api: 0 };
  const ofSink: number[] = [];
  const ofPeer: number[] = [];
  for (let r = 0; r < INGEST.rounds; r++) {
    // Each side starts with no dirty pages of the one before waiting to be written back.
    settleDisk();
    const s = mbps(total, (await cpuOf(sink.pid, 'sink', () => run(toSink, `sink${r}`))).ms);
    fresh(sinkDir);
    settleDisk();
    const p = mbps(total, (await run(toPeer, `tus${r}`)).ms);
    fresh(tusDir);
    await waitForIdleQueue(server.url); // the previous round's video posters are made by now
    settleDisk();
    const a = mbps(total, (await cpuOf(server.proc.pid, 'api', () => run(toApi, `api${r}`))).ms);
    ctx.log(`round ${r + 1}: API ${fmt(a)} MB/s, sink ${fmt(s)} MB/s (${fmt(a / s, 2)}), tus peer ${fmt(p)} MB/s (${fmt(a / p, 2)})`);
    best.sink = Math.max(best.sink, s);
    best.peer = Math.max(best.peer, p);
    best.api = Math.max(best.api, a);
    ofSink.push(a / s);
    ofPeer.push(a / p);
  }
  const lastExtra = median(answerMs.last) - median(answerMs.other);
  // The API's time over all rounds, taking each at the best round's speed: the endings' share is then an upper bound.
  const apiSeconds = (total * INGEST.rounds) / MB / best.api;
  ctx.log(
    `API chunk answers: median ${fmt(median(answerMs.other), 0)} ms, a file's last ${fmt(median(answerMs.last), 0)} ms ` +
      `(hash, fsync, probe, commit: +${fmt(lastExtra, 0)} ms a file, ~${fmt(((lastExtra * INGEST.files * INGEST.rounds) / INGEST.parallel / (apiSeconds * 1000)) * 100, 0)} % of the API's time); ` +
      `CPU per MB: server ${fmt(cpuMs.api / (total / MB) / INGEST.rounds, 2)} ms, sink ${fmt(cpuMs.sink / (total / MB) / INGEST.rounds, 2)} ms`,
  );
  const figure = `a. chunked ingest (${(total / MB).toFixed(0)} MB)`;
  return [
    {
      figure,
      measured: `${fmt(best.api)} MB/s`,
      reference: `${fmt(best.sink)} MB/s sink`,
      ratio: fmt(median(ofSink), 2),
      aim: '>= 0.80',
      met: median(ofSink) >= 0.8,
    },
    {
      figure,
      measured: `${fmt(best.api)} MB/s`,
      reference: `${fmt(best.peer)} MB/s tus peer`,
      ratio: fmt(median(ofPeer), 2),
      aim: '>= 1.00',
      met: median(ofPeer) >= 1,
    },
  ];
}

// ---- c. memory under load and during a large export ----
async function memory(ctx: PartContext): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  ctx.log(
    `memory: ${LOAD.clients} clients x ${LOAD.fileSize / MB} MB in ${LOAD.chunkSize / MB} MB chunks, then a ${((EXPORT.files * LOAD.fileSize) / 1e9).toFixed(1)} GB export to a slow reader`,
  );
  const { server, guest, admin, eventId, code } = await serverWithEvent(join(ctx.dir, 'memory'));
  ctx.track(server);
  const pid = server.proc.pid;
  const api: Target = { url: server.url, eventId, headers: headersOf(guest) };
  // Each client is its own guest, as at a venue (one guest may hold only a few unfinished uploads).
  const clients = await moreGuests(server.url, code, LOAD.clients);
  await uploadChunked(api, new GeneratedVideo('warm.mp4', 12 * MB), LOAD.chunkSize);
  await waitForIdleQueue(server.url);
  await Bun.sleep(500);
  const idle = rssOf(pid);
  ctx.log(`idle server RSS ${fmt(idle / MB)} MB`);

  const upload = (from: number, opts: { specOrder?: boolean } = {}) =>
    timed(() =>
      Promise.all(
        clients.map((headers, i) =>
          uploadChunked({ ...api, headers }, new GeneratedVideo(`guest-${from + i}.mp4`, LOAD.fileSize), LOAD.chunkSize, opts),
        ),
      ),
    );
  const loadWatch = watchPeakRss(pid);
  const load = await upload(0);
  const loadPeak = loadWatch.stop();
  ctx.log(
    `${LOAD.clients} concurrent uploads: ${fmt(mbps(LOAD.clients * LOAD.fileSize, load.ms))} MB/s, peak RSS ${fmt(loadPeak / MB)} MB`,
  );
  rows.push({
    figure: `c1. peak RSS, ${LOAD.clients} x ${LOAD.fileSize / MB} MB uploads`,
    measured: `${fmt(loadPeak / MB, 0)} MB`,
    reference: `${fmt(idle / MB, 0)} MB idle`,
    ratio: fmt(loadPeak / idle, 2),
    aim: '< 250 MB',
    met: loadPeak < 250 * MB,
  });

  // The rest of the ~2 GB export, uploaded by clients that send the spec's field order (each chunk first to a
  // temp file, then copied into its place): the peak RSS of that path, for the log.
  for (let from = LOAD.clients; from < EXPORT.files; from += LOAD.clients) {
    const watch = watchPeakRss(pid);
    const spec = await upload(from, { specOrder: true });
    ctx.log(
      `${LOAD.clients} concurrent uploads in the spec's field order: ${fmt(mbps(LOAD.clients * LOAD.fileSize, spec.ms))} MB/s, peak RSS ${fmt(watch.stop() / MB)} MB`,
    );
  }
  const listed = await admin.json<unknown[]>(`/api/event/${eventId}/uploads`);
  // A fresh process on the same data, so the export's memory is not hidden in what the uploads left behind;
  // the video jobs of the uploads are done first, so only the export runs.
  await waitForIdleQueue(server.url);
  await server.stop({ keepData: true });
  settleDisk();
  const again = await startServer({ dataDir: join(ctx.dir, 'memory') });
  ctx.track(again);
  const exporter = new ApiClient(again.url);
  await exporter.login(again.adminPassword);
  await exporter.json(`/api/event/${eventId}/export`); // one ordinary call, as the export page makes first
  await Bun.sleep(500);
  const before = rssOf(again.proc.pid);
  ctx.log(
    `${listed.length} uploads in the event; restarted (RSS ${fmt(before / MB)} MB); exporting at ${EXPORT.rate / MB} MB/s, ${EXPORT.pauseMs} ms pause every ${EXPORT.pauseEvery / MB} MB`,
  );
  const exportWatch = watchPeakRss(again.proc.pid);
  // RSS at every 256 MB read: flat means constant memory, a climb means the archive is held somewhere.
  const trend: number[] = [];
  const result = await slowGet(`${again.url}/api/event/${eventId}/export-zip`, headersOf(exporter), {
    rate: EXPORT.rate,
    pauseEvery: EXPORT.pauseEvery,
    pauseMs: EXPORT.pauseMs,
    onProgress: (bytes) => {
      if (bytes >= (trend.length + 1) * EXPORT.pauseEvery) trend.push(rssOf(again.proc.pid));
    },
  });
  const exportPeak = exportWatch.stop();
  await again.stop({ keepData: true });
  rmSync(join(ctx.dir, 'memory'), { recursive: true, force: true });
  ctx.log(`server RSS every ${EXPORT.pauseEvery / MB} MB of the export: ${trend.map((b) => fmt(b / MB, 0)).join(' ')} MB`);
  if (result.status !== 200) {
    ctx.log(`export answered ${result.status}: skipped`);
    rows.push({
      figure: 'c2. peak RSS, ~2 GB export',
      measured: `n/a (${result.status})`,
      reference: '',
      ratio: '',
      aim: '< 150 MB',
      met: null,
    });
    return rows;
  }
  const expected = Number(result.headers['x-archive-size'] ?? result.headers['content-length'] ?? NaN);
  ctx.log(
    `export: ${fmt(result.bytes / MB, 0)} MB in ${fmt(result.ms / 1000)} s (${fmt(mbps(result.bytes, result.ms))} MB/s)` +
      `${Number.isFinite(expected) ? `, announced ${fmt(expected / MB, 0)} MB` : ''}, ZIP end record ${result.zipEnd ? 'present' : 'MISSING'}, peak RSS ${fmt(exportPeak / MB)} MB`,
  );
  rows.push({
    figure: `c2. peak RSS, ${fmt(result.bytes / 1e9, 2)} GB export, slow reader`,
    measured: `${fmt(exportPeak / MB, 0)} MB`,
    reference: `${fmt(before / MB, 0)} MB idle`,
    ratio: fmt(exportPeak / before, 2),
    aim: '< 150 MB',
    met: exportPeak < 150 * MB,
  });
  if (Number.isFinite(expected) && expected !== result.bytes) ctx.log(`WARNING: export body ${result.bytes} bytes, announced ${expected}`);
  return rows;
}

export const ingestPart: BenchPart = { key: 'a', title: 'chunked ingest vs a loopback sink and the tus reference server', run: ingest };
export const memoryPart: BenchPart = { key: 'c', title: 'memory under 20 uploads and a large export', run: memory };
