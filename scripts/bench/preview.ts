// Part g of `npm run bench`: how fast the server makes a video's playable preview on one core, as on a
// Raspberry Pi-class box where one core is what a transcode may take while guests are served. The clip is
// the iPhone fixture (1080p 30 fps HEVC in a QuickTime file, with sound) looped to 12 s without
// re-encoding. The server runs pinned to one core (taskset; its ffmpeg inherits that); the reference is
// plain ffmpeg with the same arguments (previewArgs), nice level and core. Rounds alternate.
//   g1: the clip's length over the CPU time of the server's transcode (its ffmpeg's user+system time, read
//       from /proc while it runs): what one core does, whatever else the machine runs meanwhile.
//   g2: the preview job's own time (its log line: probe, transcode, atomic write) against plain ffmpeg's,
//       both wall clock; the median of the rounds' ratios.
//   g3: posters first: from the upload's answer until the guest's list shows the video's poster, while its
//       preview is being made on the same core.
// Part h: what a preview costs the venue Wi-Fi: each fixture video's and a noisy clip's preview (previewArgs,
// plain ffmpeg) against its original, in size and in Mbit/s. Aim: never larger, and within PREVIEW_MAX_BITRATE.
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { readdirSync, readFileSync } from 'node:fs';
import { ffmpegPath, ffprobePath, makeClip, noisyClipArgs } from '../../src/media/test-helpers.ts';
import { isBrowserPlayable, PREVIEW_MAX_BITRATE, probeVideo, previewArgs } from '../../src/media/video.ts';
import { FIXTURES, ROOT } from '../../tests/helpers/server.ts';
import type { UploadDto } from '../../src/http/api-types.ts';
import {
  fmt,
  headersOf,
  median,
  serverWithEvent,
  uploadWhole,
  type ApiClient,
  type BenchPart,
  type BenchRow,
  type PartContext,
} from './lib.ts';

const CLIP = { fixture: join(FIXTURES, 'videos', 'iphone-hevc-rotated.mov'), loops: 4 };
const ROUNDS = 3;
const SPEED_AIM = 2;
const RATIO_AIM = 0.95;
const POSTER_AIM_MS = 3000;
/** The last core: the bench's own work and wrk-free parts run elsewhere as far as the machine lets them. */
const CORE = String(availableParallelism() - 1);

export const previewPart: BenchPart = { key: 'g', title: 'video preview speed on one core vs plain ffmpeg', run };
export const previewSizePart: BenchPart = { key: 'h', title: 'video preview size vs its original', run: sizes };

/** The fixture videos, and grain as a dark dance floor has it (noisyClipArgs): 1080p30, 8 s, QuickTime (so it gets a preview). */
const SIZE_CLIPS = ['android-h264.mp4', 'iphone-hevc-rotated.mov', 'no-metadata.mp4'];

async function sizes(ctx: PartContext): Promise<BenchRow[]> {
  const noisy = join(ctx.dir, 'noisy.mov');
  makeClip(noisy, noisyClipArgs('1920x1080', 8));
  const rows: BenchRow[] = [];
  for (const clip of [...SIZE_CLIPS.map((name) => join(FIXTURES, 'videos', name)), noisy]) {
    const probe = await probeVideo(clip, { ffprobePath, timeoutMs: 20_000 });
    const seconds = probe.durationSeconds ?? NaN;
    const preview = join(ctx.dir, 'preview.mp4');
    await tool([ffmpegPath, '-nostdin', '-loglevel', 'error', '-y', ...previewArgs(clip, preview, probe)]);
    const [original, made] = [Bun.file(clip).size, Bun.file(preview).size];
    const rate = (bytes: number) => `${fmt((bytes * 8) / seconds / 1e6, 2)} Mbit/s`;
    const name = clip === noisy ? `noisy clip ${probe.width}x${probe.height}` : clip.split('/').pop();
    // A playable original is served as it is; its row shows what a preview of it would be.
    const served = isBrowserPlayable(probe) ? ' (playable: the original is served)' : '';
    ctx.log(
      `${name}: ${probe.videoCodec} ${probe.width}x${probe.height} ${fmt(seconds)} s, original ${fmt(original / 1e6, 2)} MB, preview ${fmt(made / 1e6, 2)} MB${served}`,
    );
    rows.push({
      figure: `h. preview of ${name}${served}`,
      measured: `${fmt(made / 1e6, 2)} MB, ${rate(made)}`,
      reference: `${fmt(original / 1e6, 2)} MB, ${rate(original)} original`,
      ratio: fmt(made / original, 2),
      aim: served ? 'none: the original is served' : `<= original, <= ${fmt(PREVIEW_MAX_BITRATE / 1e6)} Mbit/s`,
      met: served ? null : made <= original && (made * 8) / seconds <= PREVIEW_MAX_BITRATE,
    });
  }
  return rows;
}

async function run(ctx: PartContext): Promise<BenchRow[]> {
  const clip = join(ctx.dir, 'clip.mov');
  makeClip(clip, ['-stream_loop', String(CLIP.loops - 1), '-i', CLIP.fixture, '-map', '0', '-c', 'copy', '-f', 'mov']);
  const probe = await probeVideo(clip, { ffprobePath, timeoutMs: 20_000 });
  const seconds = probe.durationSeconds ?? NaN;
  ctx.log(
    `clip: ${probe.videoCodec} ${probe.width}x${probe.height}, ${fmt(seconds)} s, ${fmt(Bun.file(clip).size / 1e6)} MB; core ${CORE}`,
  );

  const { server, guest, eventId } = await serverWithEvent(join(ctx.dir, 'server'), {}, ['taskset', '-c', CORE]);
  ctx.track(server);
  const target = { url: server.url, eventId, headers: headersOf(guest) };
  const bytes = new Uint8Array(await Bun.file(clip).arrayBuffer());
  /** from the upload's answer until the guest's list shows its poster, while its preview is made on the same core */
  const posterMs: number[] = [];
  const job = { cpu: [] as number[], wall: [] as number[] };
  const plain = { cpu: [] as number[], wall: [] as number[] };
  for (let r = 0; r < ROUNDS; r++) {
    const upload = await uploadWhole(target, `IMG_${r}.MOV`, withFreeBox(bytes), 'video/quicktime');
    const uploaded = performance.now();
    const [poster, transcode] = await Promise.all([posterShown(guest, eventId, upload.id), childTranscoder(server.proc.pid).then(cpuOf)]);
    posterMs.push(poster - uploaded);
    job.cpu.push(transcode);
    job.wall.push(await previewJobMs(server, upload.id));
    const started = performance.now();
    const proc = Bun.spawn(
      [
        'taskset',
        '-c',
        CORE,
        'nice',
        '-n',
        '10',
        ffmpegPath,
        '-nostdin',
        '-loglevel',
        'error',
        '-y',
        ...previewArgs(clip, join(ctx.dir, `plain-${r}.mp4`), probe),
      ],
      {
        cwd: ROOT,
        stdout: 'ignore',
        stderr: 'inherit',
      },
    );
    plain.cpu.push(await cpuOf(proc.pid));
    if ((await proc.exited) !== 0) throw new Error(`plain ffmpeg exited with ${proc.exitCode}`);
    plain.wall.push(performance.now() - started);
    const x = (ms: number) => `${fmt(seconds / (ms / 1000), 2)}x`;
    ctx.log(
      `round ${r + 1}: poster after ${fmt(posterMs[r]! / 1000, 2)} s; server job ${fmt(job.wall[r]! / 1000, 2)} s (transcode CPU ${fmt(transcode / 1000, 2)} s: ${x(transcode)}), ` +
        `plain ffmpeg ${fmt(plain.wall[r]! / 1000, 2)} s (CPU ${fmt(plain.cpu[r]! / 1000, 2)} s: ${x(plain.cpu[r]!)})`,
    );
  }
  const speed = seconds / (Math.min(...job.cpu) / 1000);
  const plainSpeed = seconds / (Math.min(...plain.cpu) / 1000);
  const ratio = median(job.wall.map((ms, i) => plain.wall[i]! / ms));
  const what = `${probe.height}p${Math.round(probe.frameRate ?? 0)} ${probe.videoCodec.toUpperCase()} phone clip, ${fmt(seconds, 0)} s`;
  return [
    {
      figure: `g1. video preview speed, ${what}, one core (CPU time)`,
      measured: `${fmt(speed, 2)}x real time`,
      reference: `${fmt(plainSpeed, 2)}x plain ffmpeg`,
      ratio: fmt(median(job.cpu.map((ms, i) => plain.cpu[i]! / ms)), 2),
      aim: `>= ${SPEED_AIM}x real time`,
      met: speed >= SPEED_AIM,
    },
    {
      figure: 'g2. preview job vs plain ffmpeg, same settings (wall)',
      measured: `${fmt(Math.min(...job.wall) / 1000, 2)} s`,
      reference: `${fmt(Math.min(...plain.wall) / 1000, 2)} s plain ffmpeg`,
      ratio: fmt(ratio, 2),
      aim: `>= ${RATIO_AIM}`,
      met: ratio >= RATIO_AIM,
    },
    {
      figure: 'g3. poster after the upload, its preview made meanwhile, one core',
      measured: `${fmt(Math.max(...posterMs) / 1000, 2)} s (slowest of ${ROUNDS})`,
      reference: '',
      ratio: '',
      aim: `<= ${POSTER_AIM_MS / 1000} s`,
      met: Math.max(...posterMs) <= POSTER_AIM_MS,
    },
  ];
}

/** When the guest's list first shows the upload with its poster (asked every 50 ms). */
async function posterShown(guest: ApiClient, eventId: number, uploadId: number): Promise<number> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const list = await guest.json<UploadDto[]>(`/api/event/${eventId}/uploads`);
    if (list.find((u) => u.id === uploadId)?.thumbnail_path) return performance.now();
    await Bun.sleep(50);
  }
  throw new Error(`no poster for upload ${uploadId} within 120 s`);
}

/** The server's ffmpeg that encodes H.264 (the preview), once it runs. */
async function childTranscoder(serverPid: number): Promise<number> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        if (ppid === serverPid && readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('libx264')) return Number(entry);
      } catch {
        // gone meanwhile
      }
    }
    await Bun.sleep(10);
  }
  throw new Error('the server started no transcode within 120 s');
}

/** CPU time (ms) a process used until it ended, read every 10 ms while it runs (so at most ~10 ms is missed). */
async function cpuOf(pid: number): Promise<number> {
  let cpu = 0;
  for (;;) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      return cpu; // ended and reaped
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    cpu = (Number(fields[11]) + Number(fields[12])) * 10; // utime, stime in 1/100 s
    if (fields[0] === 'Z') return cpu; // ended, not yet reaped
    await Bun.sleep(10);
  }
}

/** The same clip as another file: a QuickTime `free` box with random bytes after it (players skip it). */
function withFreeBox(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(bytes.length + 16);
  out.set(bytes);
  new DataView(out.buffer).setUint32(bytes.length, 16);
  out.set(new TextEncoder().encode('free'), bytes.length + 4);
  out.set(crypto.getRandomValues(new Uint8Array(8)), bytes.length + 8);
  return out;
}

/** Waits for the preview job of an upload and returns its time from the server's log line. */
async function previewJobMs(server: { output(): string }, uploadId: number): Promise<number> {
  const line = new RegExp(`job done kind=video-preview upload=${uploadId} ms=(\\d+)`);
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    const m = line.exec(server.output());
    if (m) return Number(m[1]);
    if (new RegExp(`job failed kind=video-preview upload=${uploadId}\\b`).test(server.output()))
      throw new Error(`the preview of upload ${uploadId} failed`);
    await Bun.sleep(100);
  }
  throw new Error(`no preview for upload ${uploadId} within 300 s`);
}

async function tool(cmd: string[]): Promise<void> {
  const proc = Bun.spawn(cmd, { cwd: ROOT, stdout: 'ignore', stderr: 'pipe' });
  const [err, code] = await Promise.all([new Response(proc.stderr).text(), proc.exited]);
  if (code !== 0) throw new Error(`${cmd.slice(0, 4).join(' ')} ... exited with ${code}: ${err.slice(0, 300)}`);
}
