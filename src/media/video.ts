import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { writeAtomically } from './atomic-output.ts';
import { MediaError } from './media-error.ts';
import { runTool, type ToolResult } from './run-tool.ts';
import { DAMAGED_VIDEO } from './video-header.ts';

export interface FfprobeOptions {
  ffprobePath: string;
  timeoutMs: number;
  /** see RunToolOptions.memoryBytes */
  memoryBytes?: number;
}

export interface FfmpegOptions {
  ffmpegPath: string;
  /** hard limit for the whole call; a transcode needs roughly its video's duration or more on a Raspberry Pi */
  timeoutMs: number;
  /** stops the work, e.g. at shutdown; the call then rejects with the signal's reason */
  signal?: AbortSignal;
  /** see RunToolOptions.memoryBytes */
  memoryBytes?: number;
}

export interface VideoProbe {
  durationSeconds: number | null;
  /** as displayed: the rotation of the file (e.g. an upright phone video) is applied */
  width: number;
  height: number;
  /** ffprobe's codec names: 'h264', 'hevc', ... */
  videoCodec: string;
  /** frames per second (the stream's average), or null when the file does not say */
  frameRate: number | null;
  pixelFormat: string | null;
  audioCodec: string | null;
  /** the whole file's bits per second (sound included), or null when ffprobe cannot tell */
  bitRate: number | null;
  /** high dynamic range transfer (iPhones since the 12 record HLG; some Android phones PQ/HDR10), or null for SDR */
  hdr: HdrTransfer | null;
  /** QuickTime (the `qt  ` brand, iPhones) or MP4 */
  container: 'mp4' | 'mov';
  majorBrand: string | null;
}

export type HdrTransfer = 'hlg' | 'pq';
const HDR_TRANSFERS: Record<string, HdrTransfer> = { 'arib-std-b67': 'hlg', smpte2084: 'pq' };

/** Longest side of the poster and of the playable preview: sharp on a phone, light for a Pi to encode. */
export const VIDEO_MAX_SIDE = 1280;
/** The poster shows the frame at 0.5 s: the first frame of a phone video is often black or blurred. */
const POSTER_AT_SECONDS = 0.5;

// `-f mov` on every input: sniffing let only ftyp files through, and forcing the demuxer keeps ffmpeg
// from treating a crafted file as a playlist or another format that opens further files or URLs.
const INPUT_FORMAT = ['-f', 'mov'];
const QUIET = ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y'];
// Fit VIDEO_MAX_SIDE on the long side (never enlarge), even dimensions as H.264 4:2:0 needs.
// ffmpeg has applied the rotation before this filter, so iw/ih are the upright size.
const SCALE = `scale=w='trunc(min(1,${VIDEO_MAX_SIDE}/max(iw,ih))*iw/2)*2':h=-2`;

/**
 * HDR (BT.2020, HLG or PQ, 10-bit) to SDR (BT.709, 8-bit) as phones show it. Without it the 10-bit
 * BT.2020 signal is read as BT.709 and comes out grey and washed out. zscale makes the light linear with
 * 203 nits (BT.2408's HDR reference white) as 1.0, i.e. as SDR white; converts the primaries to BT.709;
 * `tonemap` (Möbius: linear up to 70% of white, then a soft roll-off, colours kept) compresses the
 * highlights above white; zscale applies the BT.709 curve. Runs after SCALE, so at most 1280 px of
 * float work per frame. The input's transfer is named, as ffmpeg 4's scale filter may drop the tags.
 */
const toneMapToSdr = (hdr: HdrTransfer) =>
  `zscale=tin=${hdr === 'hlg' ? 'arib-std-b67' : 'smpte2084'}:pin=bt2020:min=bt2020nc:t=linear:npl=203,format=gbrpf32le,` +
  'zscale=p=bt709,tonemap=tonemap=mobius:param=0.7:desat=0,zscale=t=bt709:m=bt709:r=tv';
/** The picture filters for the poster and the preview: fit 1280 px, tone-mapped when HDR, 8-bit 4:2:0. */
const pictureFilter = (hdr: HdrTransfer | null) => [SCALE, ...(hdr ? [toneMapToSdr(hdr)] : []), 'format=yuv420p'].join(',');
/** The BT.709 tags of a tone-mapped preview, so players do not keep the source's BT.2020 (SDR sources keep theirs). */
const BT709_TAGS = ['-color_primaries', 'bt709', '-color_trc', 'bt709', '-colorspace', 'bt709'];

/** Reads what the gallery needs to know about a video with ffprobe. Throws a MediaError when it is no readable video. */
export async function probeVideo(path: string, opts: FfprobeOptions): Promise<VideoProbe> {
  const run = await runTool(
    opts.ffprobePath,
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', ...INPUT_FORMAT, resolve(path)],
    {
      timeoutMs: opts.timeoutMs,
      memoryBytes: opts.memoryBytes,
    },
  );
  if (run.exitCode !== 0) throw unreadable(run);
  const info = parseProbe(run.stdout);
  if (!info) throw unreadable(run);
  // A cover picture in an audio file is a "video" stream too, but no video.
  const video = info.streams?.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  if (!video) throw new MediaError('UNSUPPORTED', 'This file contains no video.');
  if (!video.width || !video.height || !video.codec_name) throw unreadable(run);
  const audio = info.streams?.find((s) => s.codec_type === 'audio');
  const tags = info.format?.tags ?? {};
  const majorBrand = tags.major_brand?.trim() || null;
  const sideways = Math.abs(rotationOf(video)) % 180 === 90;
  return {
    durationSeconds: positiveNumber(info.format?.duration) ?? positiveNumber(video.duration),
    width: sideways ? video.height : video.width,
    height: sideways ? video.width : video.height,
    videoCodec: video.codec_name,
    frameRate: frameRateOf(video.avg_frame_rate) ?? frameRateOf(video.r_frame_rate),
    pixelFormat: video.pix_fmt ?? null,
    bitRate: positiveNumber(info.format?.bit_rate),
    hdr: HDR_TRANSFERS[video.color_transfer ?? ''] ?? null,
    audioCodec: audio?.codec_name ?? null,
    // No brand at all is a classic QuickTime file.
    container: majorBrand === null || majorBrand === 'qt' ? 'mov' : 'mp4',
    majorBrand,
  };
}

/**
 * The video frames the file really holds: ffprobe reads every packet of the first video stream (demuxing
 * only, no decoding: a second or two for a long phone clip). A header may claim any duration.
 */
export async function countVideoFrames(path: string, opts: FfprobeOptions): Promise<number> {
  const args = [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-count_packets',
    '-show_entries',
    'stream=nb_read_packets',
    '-of',
    'csv=p=0',
    ...INPUT_FORMAT,
    resolve(path),
  ];
  const run = await runTool(opts.ffprobePath, args, { timeoutMs: opts.timeoutMs, memoryBytes: opts.memoryBytes });
  const frames = Number.parseInt(run.stdout.trim(), 10);
  if (run.exitCode !== 0 || !Number.isFinite(frames)) throw unreadable(run);
  return frames;
}

/**
 * Pixels per second a Raspberry Pi 4 decodes, scales and encodes into a preview, with room to spare: the
 * old rule's eight times real time for a 1080p 30 fps clip (~7.8 MP/s).
 */
const TRANSCODE_PIXELS_PER_SECOND = 7_500_000;
const TRANSCODE_BASE_MS = 120_000;

/** How long a preview's transcode may take: from the frames found and their size (what ffmpeg really decodes), not the claimed duration. */
export function transcodeTimeoutMs(frames: number, source: SourcePicture): number {
  // Frames above the preview's rate are dropped before the scaler, but still decoded.
  return TRANSCODE_BASE_MS + Math.ceil(((frames * source.width * source.height) / TRANSCODE_PIXELS_PER_SECOND) * 1000);
}

/**
 * Whether every phone browser plays the original as it is: SDR H.264 in 8-bit 4:2:0, AAC or no sound, in MP4.
 * Otherwise (HEVC from iPhones, QuickTime, 10-bit, HDR) the gallery shows a preview made by makePlayablePreview.
 */
export function isBrowserPlayable(probe: VideoProbe): boolean {
  return (
    probe.container === 'mp4' &&
    probe.hdr === null &&
    probe.videoCodec === 'h264' &&
    (probe.pixelFormat === 'yuv420p' || probe.pixelFormat === 'yuvj420p') &&
    (probe.audioCodec === null || probe.audioCodec === 'aac')
  );
}

/** How the source's picture is coded, as far as the derivatives care (from probeVideo). */
export interface SourcePicture {
  hdr: HdrTransfer | null;
  /** frames per second; unknown (absent or null): kept as it is */
  frameRate?: number | null;
  /** the original's bits per second; unknown (absent or null): the preview keeps to PREVIEW_MAX_BITRATE alone */
  bitRate?: number | null;
  /** the frame's size; every frame ffmpeg holds (several, for references and threads) is this large */
  width: number;
  height: number;
}

/**
 * The largest frame the derivatives are made from: DCI 4K (4096x2160) and a little more, what phones film
 * at most besides 8K. A larger frame (an 8192² clip: 515 MB in ffmpeg) is refused before ffmpeg starts; the
 * original is kept and can be downloaded.
 */
export const MAX_VIDEO_FRAME_PIXELS = 4096 * 2304;

function assertFrameSize(source: SourcePicture) {
  if (source.width * source.height > MAX_VIDEO_FRAME_PIXELS) {
    throw new MediaError('TOO_LARGE', 'This video has too many pixels to be processed.', `${source.width}x${source.height}`);
  }
}

/**
 * How previews are encoded, chosen for a Raspberry Pi, where a preview may take one core while guests are
 * served: `superfast` x264 at CRF 23 encodes a 1080p 30 fps phone clip (HEVC, scaled to 720p) at ~2.4x real
 * time on one core of the bench machine, `veryfast` at ~1.9x, with the same picture (SSIM against the source
 * 0.980 vs 0.979) for about twice the bytes (~1.6 Mbit/s, light for venue Wi-Fi). A phone's 60 fps clip is
 * previewed at 30 fps: half the frames to encode, and smooth enough in a gallery.
 * CRF alone follows the picture: a noisy clip (a dark dance floor) came out at 28 Mbit/s, larger than its
 * original, and 30 guests streaming that swamp the venue Wi-Fi. So the video also keeps to a ceiling
 * (x264's VBV, `maxBitRate` over a one-second buffer that starts a quarter full, so short clips keep to it
 * too): plenty for 1280 px on a phone, and below the original's own rate, so a preview is never larger.
 */
const PREVIEW_ENCODING = { preset: 'superfast', crf: '23', maxFrameRate: 30, maxBitRate: 4_000_000, audioBitRate: 128_000 } as const;
/** What a preview may take on the Wi-Fi, sound and container included: PREVIEW_ENCODING's ceiling with room for the rest. */
export const PREVIEW_MAX_BITRATE = 4_500_000;
/** Of the original's rate, what the preview's video may take at most (the rest: sound, container, the buffer's start). */
const ORIGINAL_SHARE = 0.8;
/** The lowest video ceiling: below it H.264 at 720p falls apart, and originals that small are rare (old cameras). */
const MIN_VIDEO_BITRATE = 300_000;

/** The preview's video ceiling in bits per second: PREVIEW_ENCODING's, or less when the original itself is lighter. */
export function previewVideoBitRate(source: SourcePicture): number {
  const fromOriginal = source.bitRate ? source.bitRate * ORIGINAL_SHARE - PREVIEW_ENCODING.audioBitRate : Infinity;
  return Math.round(Math.max(MIN_VIDEO_BITRATE, Math.min(PREVIEW_ENCODING.maxBitRate, fromOriginal)));
}

/**
 * A JPEG poster: the upright frame at 0.5 s (the first frame for shorter clips), at most 1280 px on the
 * long side, tone-mapped to SDR when the source is HDR, without metadata. Written atomically; throws a
 * MediaError when no frame can be decoded.
 */
export async function makePoster(input: string, output: string, source: SourcePicture, opts: FfmpegOptions): Promise<void> {
  assertFrameSize(source);
  const deadline = Date.now() + opts.timeoutMs;
  await writeAtomically(output, async (tmp) => {
    for (const at of [POSTER_AT_SECONDS, 0]) {
      const args = [
        '-ss',
        String(at),
        ...INPUT_FORMAT,
        '-i',
        resolve(input),
        '-frames:v',
        '1',
        '-vf',
        pictureFilter(source.hdr),
        '-q:v',
        '3',
        '-map_metadata',
        '-1',
        '-f',
        'mjpeg',
        resolve(tmp),
      ];
      await ffmpeg(args, { ...opts, timeoutMs: deadline - Date.now() });
      if (await hasBytes(tmp)) return; // a clip shorter than 0.5 s gives an empty file at 0.5
    }
    throw new MediaError('CORRUPT', 'This video has no picture that could be shown.');
  });
}

/**
 * An MP4 every browser plays: H.264 (PREVIEW_ENCODING, 8-bit 4:2:0, BT.709; HDR sources tone-mapped) at
 * most 1280 px, 30 fps and 4 Mbit/s (less for a lighter original), AAC 128k, upright (the rotation is applied to the pixels, not left as a flag), no metadata
 * (no GPS position), and `+faststart` so playback starts before the whole file has loaded. Runs at low
 * priority; written atomically, so a time-out or a broken input leaves no file.
 */
export async function makePlayablePreview(input: string, output: string, source: SourcePicture, opts: FfmpegOptions): Promise<void> {
  assertFrameSize(source);
  await writeAtomically(output, async (tmp) => {
    await ffmpeg(previewArgs(input, tmp, source), { ...opts, lowPriority: true });
    if (!(await hasBytes(tmp))) throw new MediaError('CORRUPT', 'This video has no picture that could be converted.');
  });
}

/** ffmpeg's arguments for the preview of makePlayablePreview (`npm run bench` times plain ffmpeg with the same). */
export function previewArgs(input: string, output: string, source: SourcePicture): string[] {
  return [
    ...INPUT_FORMAT,
    '-i',
    resolve(input),
    '-map',
    '0:v:0',
    '-map',
    '0:a:0?',
    // Frames dropped first, so the scaler works only on those kept.
    '-vf',
    [
      ...((source.frameRate ?? 0) > PREVIEW_ENCODING.maxFrameRate ? [`fps=${PREVIEW_ENCODING.maxFrameRate}`] : []),
      pictureFilter(source.hdr),
    ].join(','),
    '-c:v',
    'libx264',
    '-preset',
    PREVIEW_ENCODING.preset,
    '-crf',
    PREVIEW_ENCODING.crf,
    '-profile:v',
    'high',
    ...(source.hdr ? BT709_TAGS : []),
    ...vbvArgs(previewVideoBitRate(source)),
    '-c:a',
    'aac',
    '-b:a',
    String(PREVIEW_ENCODING.audioBitRate),
    // The rotation is now in the pixels; a leftover rotate flag would turn the video a second time.
    '-metadata:s:v:0',
    'rotate=0',
    '-map_metadata',
    '-1',
    '-map_chapters',
    '-1',
    '-movflags',
    '+faststart',
    // Phone files interleave audio and video loosely; ffmpeg 4's default queue is too short for some.
    '-max_muxing_queue_size',
    '1024',
    '-f',
    'mp4',
    resolve(output),
  ];
}

/** CRF within x264's VBV: at most `rate` over a one-second buffer, starting a quarter full (no burst at the start). */
const vbvArgs = (rate: number) => ['-maxrate', String(rate), '-bufsize', String(rate), '-rc_init_occupancy', String(Math.round(rate / 4))];

async function ffmpeg(args: string[], opts: FfmpegOptions & { lowPriority?: boolean }): Promise<void> {
  if (opts.timeoutMs <= 0) throw new MediaError('TIMEOUT', 'Processing this video took too long.');
  const run = await runTool(opts.ffmpegPath, [...QUIET, ...args], opts);
  if (run.exitCode !== 0) throw unreadable(run);
}

function unreadable(run: ToolResult): MediaError {
  // The memory limit (RunToolOptions.memoryBytes) was reached: ffmpeg says so in several words.
  if (/Cannot allocate memory|Could not allocate|get_buffer\(\) failed/i.test(run.stderrTail)) {
    return new MediaError('TOO_LARGE', 'This video needs too much memory to be processed.', run.stderrTail);
  }
  if (/Decoder \(codec .*\) not found|not implemented|Unsupported codec/i.test(run.stderrTail)) {
    return new MediaError('UNSUPPORTED', 'This video uses a format that cannot be played here.', run.stderrTail);
  }
  return new MediaError('CORRUPT', DAMAGED_VIDEO, run.stderrTail);
}

async function hasBytes(path: string): Promise<boolean> {
  return ((await stat(path).catch(() => null))?.size ?? 0) > 0;
}

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  pix_fmt?: string;
  /** e.g. '30/1', '30000/1001'; '0/0' when unknown */
  avg_frame_rate?: string;
  r_frame_rate?: string;
  color_transfer?: string;
  duration?: string;
  disposition?: { attached_pic?: number };
  tags?: { rotate?: string };
  side_data_list?: { rotation?: number }[];
}

interface ProbeOutput {
  streams?: ProbeStream[];
  format?: { duration?: string; bit_rate?: string; tags?: Record<string, string | undefined> };
}

function parseProbe(json: string): ProbeOutput | null {
  try {
    return JSON.parse(json) as ProbeOutput;
  } catch {
    return null;
  }
}

/** Degrees from the display matrix (ffprobe 5+) or the `rotate` tag (older ffprobe). */
function rotationOf(stream: ProbeStream): number {
  const fromMatrix = stream.side_data_list?.find((d) => typeof d.rotation === 'number')?.rotation;
  return fromMatrix ?? (Number(stream.tags?.rotate) || 0);
}

function frameRateOf(ratio: string | undefined): number | null {
  const [num, den] = (ratio ?? '').split('/').map(Number);
  return num && den ? num / den : null;
}

function positiveNumber(value: string | undefined): number | null {
  const n = Number(value);
  return value !== undefined && Number.isFinite(n) && n > 0 ? n : null;
}
