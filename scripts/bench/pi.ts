// Part p of `npm run bench`: the server where the box lives, a Raspberry Pi, stood in for by kernel limits
// (scripts/bench/confine.ts): one core, 1 GiB, the data directory on a device that writes at an SD card's
// 20 MB/s. The reference is that device's raw write speed, dd oflag=direct under the same throttle, in the
// same run. Phases on one confined server:
//   1. ingest: 4 phones send 50 MB videos in 10 MB chunks as fast as loopback allows, against dd's speed;
//   2. 60 s of 100 phones reading (wrk, as in part f) while 10 upload 12 MP photos at a Wi-Fi phone's pace
//      and one sends a video: JSON and thumbnail p99, errors, peak memory, photos per minute, the time from an
//      upload's last chunk until 10 other phones' live streams show it, and until the video's poster shows.
// Where the limits cannot be set (not root, no cgroup v1) the part's row says so and measures nothing.
import sharp from 'sharp';
import { join } from 'node:path';
import { confine, type PiLimits } from './confine.ts';
import {
  fmt,
  GeneratedVideo,
  MB,
  mbps,
  median,
  makePhoto,
  moreGuests,
  pool,
  rssOf,
  settleDisk,
  timed,
  uploadChunked,
  waitForIdleQueue,
  type BenchPart,
  type BenchRow,
  type PartContext,
  type Target,
} from './lib.ts';
import { readers, seedGallery, UPLOADERS, uploadingPhones } from './load.ts';

const LIMITS: PiLimits = { cores: 1, memoryBytes: 1024 * MB, writeBytesPerSecond: 20e6, diskBytes: 4096 * MB };
const INGEST = { files: 6, fileSize: 50 * MB, chunkSize: 10 * MB, parallel: 4 };
const LOAD = { readers: 100, json: 25, uploaders: 10, seconds: 60, streams: 10 };
/** A smaller gallery than part f's: seeding it on one core is not what is measured. */
const GALLERY = { albums: 3, photosPerAlbum: 30, width: 1600, height: 1200 };
/** The video phone: one 20 MB clip in 2 MB chunks at 2 MB/s (a phone close to the access point). */
const VIDEO = { size: 20 * MB, chunkSize: 2 * MB, bytesPerSecond: 2 * MB };
const AIMS = { p99Ms: 300, ingest: 0.8, rss: 250 * MB, seenMs: 3000 };
const RAW_MB = 100;

export const piPart: BenchPart = { key: 'p', title: 'Raspberry Pi stand-in: 1 core, 1 GiB, SD-card writes', run };

async function run(ctx: PartContext): Promise<BenchRow[]> {
  const pi = await confine(ctx.dir, LIMITS);
  if ('unavailable' in pi) {
    ctx.log(`not measured: ${pi.unavailable}`);
    return [{ figure: 'p. Pi stand-in', measured: `not measured: ${pi.unavailable}`, reference: '', ratio: '', aim: '', met: null }];
  }
  ctx.track({ stop: () => pi.release() });
  ctx.log(pi.describe);
  const rawBefore = pi.rawWriteMBps(RAW_MB);
  ctx.log(`raw write of the device, dd oflag=direct ${RAW_MB} MB inside the cgroups: ${fmt(rawBefore)} MB/s`);

  const seeded = await seedGallery(ctx, {
    readers: LOAD.readers,
    uploaders: LOAD.uploaders + INGEST.parallel + 1,
    gallery: GALLERY,
    dataDir: pi.dataDir,
    wrap: pi.wrap,
  });
  const { server, eventId, code } = seeded;
  const pid = server.proc.pid;
  await waitForIdleQueue(server.url, 300_000);
  settleDisk();

  // ---- 1. ingest against the throttled device ----
  const ingestGuests = await moreGuests(server.url, code, INGEST.parallel);
  const total = INGEST.files * INGEST.fileSize;
  const writtenBefore = pi.deviceWrittenBytes();
  const ingest = await timed(() =>
    pool(
      INGEST.parallel,
      Array.from(
        { length: INGEST.files },
        (_, i) => () =>
          uploadChunked(
            { url: server.url, eventId, headers: ingestGuests[i % INGEST.parallel]! },
            new GeneratedVideo(`ingest-${i}.mp4`, INGEST.fileSize),
            INGEST.chunkSize,
          ),
      ),
    ),
  );
  const ingestMBps = mbps(total, ingest.ms);
  const charged = pi.deviceWrittenBytes() - writtenBefore;
  ctx.log(
    `ingest: ${INGEST.files} x ${INGEST.fileSize / MB} MB, ${INGEST.parallel} at once: ${fmt(ingestMBps)} MB/s; ` +
      `written to the device by the cgroup meanwhile ${fmt(charged / MB, 0)} MB of ${fmt(total / MB, 0)} MB uploaded`,
  );
  await waitForIdleQueue(server.url, 300_000);
  settleDisk();
  const rawAfter = pi.rawWriteMBps(RAW_MB);
  const raw = Math.max(rawBefore, rawAfter);
  ctx.log(`raw write again after the ingest: ${fmt(rawAfter)} MB/s`);

  // ---- 2. readers, uploading phones, one video, live streams ----
  await Bun.sleep(2000);
  const idleRss = rssOf(pid);
  await makePhoto(sharp, join(ctx.dir, 'upload.jpg'), UPLOADERS.width, UPLOADERS.height);
  const photo = new Uint8Array(await Bun.file(join(ctx.dir, 'upload.jpg')).arrayBuffer());
  const live = openStreams(server.url, eventId, LOAD.streams);
  await Promise.race([
    live.ready,
    Bun.sleep(30_000).then(() => {
      throw new Error(`the ${LOAD.streams} live streams did not open within 30 s`);
    }),
  ]);
  const lastSent = new Map<string, number>();
  const completed = new Map<string, number>();
  const phones = uploadingPhones(server.url, eventId, await moreGuests(server.url, code, LOAD.uploaders), photo, {
    onSend: (name) => lastSent.set(name, performance.now()),
    onDone: (name) => completed.set(name, performance.now()),
  });
  const [videoGuest] = await moreGuests(server.url, code, 1);
  const video = new GeneratedVideo('poster-clip.mp4', VIDEO.size);
  const throttledFrom = pi.cpuThrottled();
  const videoTarget: Target = { url: server.url, eventId, headers: videoGuest! };
  const videoDone = uploadChunked(videoTarget, video, VIDEO.chunkSize, { bytesPerSecond: VIDEO.bytesPerSecond }).then((answer) => ({
    id: answer.id as number,
    at: performance.now(),
  }));
  const { json, thumbs, peakRss, serverCores, from, to } = await readers(ctx, server.url, pid, seeded, {
    guests: LOAD.readers,
    json: LOAD.json,
    seconds: LOAD.seconds,
  });
  const throttled = pi.cpuThrottled();
  await phones.stop();
  const poster = await videoDone;
  // Uploads completed in the window reach every stream within a bounded time after it, or count as not seen.
  const deadline = Date.now() + 15_000;
  const inWindow = [...completed].filter(([, at]) => at >= from && at <= to).map(([name]) => name);
  while (Date.now() < deadline && (inWindow.some((n) => !live.seenByAll(n)) || live.posterAt(poster.id) === null)) await Bun.sleep(50);
  live.close();

  const seenMs = inWindow.map((n) => (live.seenByAll(n) ?? Infinity) - lastSent.get(n)!);
  // What limits p7: the phones start together, so their first photos arrive within a moment of each other and
  // take turns on the one core; the photos after them arrive spread out. Both shown, the aim judged on all.
  const firstRound = (n: string) => Number(/_(\d+)\.jpg$/.exec(n)![1]) < LOAD.uploaders;
  const seenFirst = inWindow.filter(firstRound).map((n) => (live.seenByAll(n) ?? Infinity) - lastSent.get(n)!);
  const seenLater = inWindow.filter((n) => !firstRound(n)).map((n) => (live.seenByAll(n) ?? Infinity) - lastSent.get(n)!);
  const firstSent = [...lastSent].filter(([n]) => firstRound(n)).map(([, at]) => at);
  const firstSpreadMs = firstSent.length ? Math.max(...firstSent) - Math.min(...firstSent) : NaN;
  // The poster may come on the stream just before the upload's own answer: then it showed at once.
  const posterMs = Math.max(0, (live.posterAt(poster.id) ?? Infinity) - poster.at);
  const photosPerMinute = (inWindow.length / (to - from)) * 60_000;
  // What the phones would finish if every answer came at once: their pace alone.
  const perPhoneMs = (photo.length / UPLOADERS.bytesPerSecond) * 1000 + UPLOADERS.pauseMs;
  const pacePerMinute = (LOAD.uploaders * 60_000) / perPhoneMs;
  const mem = pi.memory();
  const errors = json.errors + thumbs.errors + phones.uploads.failed.length;
  ctx.log(
    `JSON: ${json.requests} answers, p50 ${fmt(json.p50)} ms, p99 ${fmt(json.p99)} ms, ${json.errors} errors; thumbnails: ${thumbs.requests}, p50 ${fmt(thumbs.p50)} ms, p99 ${fmt(thumbs.p99)} ms, ${thumbs.errors} errors`,
  );
  ctx.log(
    `uploads: ${inWindow.length} photos completed in the window (${phones.uploads.failed.length} failed${phones.uploads.failed.length ? `: ${phones.uploads.failed[0]}` : ''}); ` +
      `seen by all ${LOAD.streams} streams after their last chunk: median ${fmt(median(seenMs), 0)} ms, max ${fmt(Math.max(...seenMs), 0)} ms; video poster ${fmt(posterMs, 0)} ms after its upload completed`,
  );
  ctx.log(
    `p7 by round: the phones' first photos (${seenFirst.length}, last chunks within ${fmt(firstSpreadMs, 0)} ms of each other) max ${fmt(Math.max(...seenFirst), 0)} ms; ` +
      `the ${seenLater.length} after them median ${fmt(median(seenLater), 0)} ms, max ${fmt(Math.max(...seenLater), 0)} ms. ` +
      `Photos take turns (one per usable core); ten arriving together need ~${LOAD.uploaders} turns of the core the readers share. ` +
      `What would lift the first round: thumbnails made by the phones, or derivatives made durable later`,
  );
  ctx.log(
    `server used ${fmt(serverCores, 2)} cores (quota ${LIMITS.cores}); CFS throttled in ${throttled.throttled - throttledFrom.throttled} of ${throttled.periods - throttledFrom.periods} periods; ` +
      `peak RSS ${fmt(peakRss / MB, 0)} MB (idle ${fmt(idleRss / MB, 0)} MB); memory cgroup high-water ${fmt(mem.peakBytes / MB, 0)} MB with page cache, failcnt ${mem.failcnt}, OOM kills ${mem.oomKills}`,
  );

  const under = `${LOAD.readers} readers + ${LOAD.uploaders} uploads, ${LOAD.seconds} s`;
  // Held back by its quota, or using nearly all of it: the server had its core. Otherwise the machine did not
  // give it one, and p2-p8 describe a starved server rather than a Pi.
  const hadItsCore = throttled.throttled > throttledFrom.throttled || serverCores >= 0.9 * LIMITS.cores;
  if (!hadItsCore)
    ctx.log(`WARNING: the server got ${fmt(serverCores, 2)} of its ${LIMITS.cores} core: the machine was too busy, p2-p8 mean little`);
  return [
    {
      figure: `p0. Pi: CPU the server got, ${under}`,
      measured: `${fmt(serverCores, 2)} cores`,
      reference: `quota ${LIMITS.cores}; held back in ${throttled.throttled - throttledFrom.throttled} of ${throttled.periods - throttledFrom.periods} periods`,
      ratio: fmt(serverCores / LIMITS.cores, 2),
      aim: 'its core',
      met: hadItsCore,
    },
    {
      figure: 'p1. Pi: ingest vs the throttled device',
      measured: `${fmt(ingestMBps)} MB/s`,
      reference: `${fmt(raw)} MB/s dd oflag=direct`,
      ratio: fmt(ingestMBps / raw, 2),
      aim: `>= ${AIMS.ingest}`,
      met: ingestMBps / raw >= AIMS.ingest,
    },
    {
      figure: `p2. Pi: JSON calls p99, ${under}`,
      measured: `${fmt(json.p99, 0)} ms (${fmt(json.requests / json.seconds, 0)}/s)`,
      reference: `p50 ${fmt(json.p50, 0)} ms; ${fmt(serverCores, 2)} cores`,
      ratio: '',
      aim: `<= ${AIMS.p99Ms} ms`,
      met: json.p99 <= AIMS.p99Ms,
    },
    {
      figure: `p3. Pi: thumbnails p99, ${under}`,
      measured: `${fmt(thumbs.p99, 0)} ms (${fmt(thumbs.requests / thumbs.seconds, 0)}/s)`,
      reference: `p50 ${fmt(thumbs.p50, 0)} ms`,
      ratio: '',
      aim: `<= ${AIMS.p99Ms} ms`,
      met: thumbs.p99 <= AIMS.p99Ms,
    },
    {
      figure: `p4. Pi: errors, ${under}`,
      measured: `${errors} of ${json.requests + thumbs.requests} + ${inWindow.length} uploads`,
      reference: '',
      ratio: '',
      aim: '0',
      met: errors === 0,
    },
    {
      figure: `p5. Pi: peak memory, ${under}`,
      measured: `${fmt(peakRss / MB, 0)} MB RSS, ${mem.oomKills} OOM kills`,
      reference: `${fmt(idleRss / MB, 0)} MB idle; cgroup ${fmt(mem.peakBytes / MB, 0)} MB with page cache`,
      ratio: fmt(peakRss / idleRss, 2),
      aim: '< 250 MB, no OOM kill',
      met: peakRss < AIMS.rss && mem.oomKills === 0,
    },
    {
      figure: `p6. Pi: photos per minute, ${under}`,
      measured: `${fmt(photosPerMinute, 1)} /min`,
      reference: `${fmt(pacePerMinute, 1)} /min the phones' pace`,
      ratio: fmt(photosPerMinute / pacePerMinute, 2),
      aim: '',
      met: null,
    },
    {
      figure: `p7. Pi: upload's last chunk until ${LOAD.streams} other phones see it`,
      measured: `max ${fmt(Math.max(...seenMs), 0)} ms`,
      reference:
        `median ${fmt(median(seenMs), 0)} ms of ${seenMs.length}; the ${seenFirst.length} first photos, arriving together, ` +
        `max ${fmt(Math.max(...seenFirst), 0)} ms; the ${seenLater.length} after them max ${fmt(Math.max(...seenLater), 0)} ms`,
      ratio: '',
      aim: `<= ${AIMS.seenMs} ms`,
      met: seenMs.length > 0 && Math.max(...seenMs) <= AIMS.seenMs,
    },
    {
      figure: `p8. Pi: a ${VIDEO.size / MB} MB video's poster shows, under load`,
      measured: `${fmt(posterMs / 1000, 1)} s after its upload`,
      reference: '',
      ratio: '',
      aim: '',
      met: null,
    },
  ];
}

/**
 * `count` live streams of other phones (fetch, which removes the chunked framing): when each first showed an
 * upload by its file name, and when one showed a poster for an upload id.
 */
function openStreams(url: string, eventId: number, count: number) {
  const abort = new AbortController();
  const seen = Array.from({ length: count }, () => new Map<string, number>());
  const posters = new Map<number, number>();
  let opened = 0;
  const { promise: ready, resolve: markReady } = Promise.withResolvers<void>();
  for (const streamSeen of seen) {
    void (async () => {
      const res = await fetch(`${url}/api/event/${eventId}/live`, { headers: { accept: 'text/event-stream' }, signal: abort.signal });
      const decoder = new TextDecoder();
      let text = '';
      try {
        for await (const chunk of res.body!) {
          text += decoder.decode(chunk, { stream: true });
          let end: number;
          while ((end = text.indexOf('\n\n')) >= 0) {
            const message = text.slice(0, end);
            text = text.slice(end + 2);
            const kind = /^event: (\w+)$/m.exec(message)?.[1];
            if (kind === 'ready' && ++opened === count) markReady();
            const data = /^data: (.*)$/m.exec(message)?.[1];
            if ((kind !== 'upload' && kind !== 'update') || !data) continue;
            const row = JSON.parse(data) as { id: number; original_name: string; thumbnail_path: string | null };
            if (!streamSeen.has(row.original_name)) streamSeen.set(row.original_name, performance.now());
            if (row.thumbnail_path && !posters.has(row.id)) posters.set(row.id, performance.now());
          }
        }
      } catch {
        /* closed */
      }
    })();
  }
  return {
    ready,
    /** when the last of the streams showed the upload, or null while one has not */
    seenByAll: (name: string) => (seen.every((s) => s.has(name)) ? Math.max(...seen.map((s) => s.get(name)!)) : null),
    posterAt: (id: number) => posters.get(id) ?? null,
    close: () => abort.abort(),
  };
}
