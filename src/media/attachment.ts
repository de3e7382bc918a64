// A guestbook attachment's sound and streams (issue 27): what ffprobe finds in it, how long its sound really
// plays (decoded, not as its header claims: Chrome's WebM recordings have no duration at all), and the AAC
// in MP4 every browser plays, made from whatever the phone recorded (AMR, 3GP, M4A, MP3, Opus/WebM, WAV).
import { resolve } from 'node:path';
import { writeAtomically } from './atomic-output.ts';
import { MediaError } from './media-error.ts';
import { runTool } from './run-tool.ts';
import type { AttachmentDemuxer } from './sniff.ts';
import type { FfmpegOptions, FfprobeOptions } from './video.ts';

export interface AttachmentStreams {
  video: boolean;
  audio: boolean;
  /** the container's duration, or null when it does not say */
  durationSeconds: number | null;
}

const QUIET = ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y'];
const BROKEN = 'This recording is damaged or cut off and cannot be played.';
/** The voice message as stored for playing: AAC-LC, mono is plenty for a voice, with +faststart. */
const VOICE_ENCODING = { bitRate: '96k', sampleRate: '44100' } as const;

interface StreamsProbe {
  streams?: { codec_type?: string; disposition?: { attached_pic?: number } }[];
  format?: { duration?: string };
}

function parseJson(text: string): StreamsProbe | null {
  try {
    return JSON.parse(text) as StreamsProbe;
  } catch {
    return null;
  }
}

/** Which streams the file holds. Throws a MediaError when ffprobe cannot read it. */
export async function probeStreams(path: string, demuxer: AttachmentDemuxer, opts: FfprobeOptions): Promise<AttachmentStreams> {
  const run = await runTool(
    opts.ffprobePath,
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', '-f', demuxer, resolve(path)],
    { timeoutMs: opts.timeoutMs, memoryBytes: opts.memoryBytes },
  );
  const info = parseJson(run.stdout);
  if (run.exitCode !== 0 || !info) throw new MediaError('CORRUPT', BROKEN, run.stderrTail);
  const streams = info.streams ?? [];
  const duration = Number(info.format?.duration);
  return {
    // A cover picture in a voice memo is a "video" stream too, but no video.
    video: streams.some((s) => s.codec_type === 'video' && !s.disposition?.attached_pic),
    audio: streams.some((s) => s.codec_type === 'audio'),
    durationSeconds: Number.isFinite(duration) && duration > 0 ? duration : null,
  };
}

/**
 * How long the sound really plays: ffmpeg decodes it to nothing, at most `limitSeconds` (so a long file
 * costs no more than that), and reports the time it reached. Throws a MediaError when it cannot be
 * decoded or holds no sound.
 */
export async function decodedAudioSeconds(
  path: string,
  demuxer: AttachmentDemuxer,
  limitSeconds: number,
  opts: FfmpegOptions,
): Promise<number> {
  const args = [
    ...QUIET,
    '-f',
    demuxer,
    '-i',
    resolve(path),
    '-map',
    '0:a:0',
    '-t',
    String(limitSeconds),
    '-progress',
    'pipe:1',
    '-f',
    'null',
    '-',
  ];
  const run = await runTool(opts.ffmpegPath, args, opts);
  const times = [...run.stdout.matchAll(/^out_time_us=(\d+)$/gm)].map((m) => Number(m[1]));
  const seconds = (times.at(-1) ?? 0) / 1e6;
  if (run.exitCode !== 0 || seconds <= 0) throw new MediaError('CORRUPT', BROKEN, run.stderrTail);
  return seconds;
}

/** The voice message as AAC in MP4 (`.m4a`), without metadata, written atomically. */
export async function makeVoicePreview(input: string, demuxer: AttachmentDemuxer, output: string, opts: FfmpegOptions): Promise<void> {
  await writeAtomically(output, async (tmp) => {
    const args = [
      ...QUIET,
      '-f',
      demuxer,
      '-i',
      resolve(input),
      '-map',
      '0:a:0',
      '-vn',
      '-c:a',
      'aac',
      '-b:a',
      VOICE_ENCODING.bitRate,
      '-ar',
      VOICE_ENCODING.sampleRate,
      '-map_metadata',
      '-1',
      '-movflags',
      '+faststart',
      '-f',
      'mp4',
      resolve(tmp),
    ];
    const run = await runTool(opts.ffmpegPath, args, { ...opts, lowPriority: true });
    if (run.exitCode !== 0) throw new MediaError('CORRUPT', BROKEN, run.stderrTail);
  });
}
