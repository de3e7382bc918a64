import sharp from 'sharp';
import type { CaptureTime } from './capture-time.ts';
import { rm } from 'node:fs/promises';
import { writeAtomically } from './atomic-output.ts';
import { decodeMemory } from './decode-memory.ts';
import { makePhotoDerivatives, readCaptureTime, THUMBNAIL, thumbnailSize } from './images.ts';
import { openUpright } from './sharp-input.ts';
import { limitMallocArenas, releasingMemory } from './native-memory.ts';
import { countVideoFrames, isBrowserPlayable, makePlayablePreview, makePoster, probeVideo, transcodeTimeoutMs } from './video.ts';
import { readVideoHeader } from './video-header.ts';
import type { MediaTools } from './media-tools.ts';
import { sniffAttachment, sniffMediaType } from './sniff.ts';
import { decodedAudioSeconds, makeVoicePreview, probeStreams } from './attachment.ts';

/**
 * A capture time as UTC. Times without a zone are wall-clock times of the camera; the box runs in the
 * venue's zone, so they are read in the server's local time (what `new Date` does with such a string).
 */
const toUtc = (t: CaptureTime | null): string | null => (t ? new Date(t.iso).toISOString() : null);

const PROBE_TIMEOUT_MS = 20_000;
const POSTER_TIMEOUT_MS = 60_000;
/** Decoding a voice message of two minutes takes well under a second; a transcode of one a few seconds. */
const VOICE_TIMEOUT_MS = 60_000;
/** Counting a video's frames reads the whole file (300 MB from an SD card in seconds). */
const COUNT_TIMEOUT_MS = 120_000;
const MB = 1024 * 1024;
/**
 * Memory ceilings of the tools. ffprobe reads a phone video (and an 8192² one) in under 32 MB (a 0.55 MB MP4 of 1,000 tracks
 * made it take 1.48 GB); it runs in jobs only (never in an upload request) and takes its ceiling from the
 * decodes' shared budget. ffmpeg's preview of a 1080p HEVC clip needs ~300 MB of private memory (most of it thread
 * stacks and buffers it never touches: ~140 MB resident); frames larger than 4K are refused before it runs.
 */
const PROBE_MEMORY_BYTES = 64 * MB;
const FFMPEG_MEMORY_BYTES = 512 * MB;

/** The media library behind the MediaTools interface the services use. */
export function createMediaTools(native: { ffmpegPath: string; ffprobePath: string }): MediaTools {
  limitMallocArenas();
  // libvips' operation cache (sharp's default: 100 operations, 50 MB) kept each photo's last operations and
  // what they hold; no photo is made twice, so it never hit (in-process, 16 photos: peak 169 -> 140 MB).
  sharp.cache(false);
  // The derivatives probe again (a fraction of a second) to learn whether the picture is HDR.
  const probeFile = (input: string) =>
    decodeMemory.run(PROBE_MEMORY_BYTES, () =>
      probeVideo(input, { ffprobePath: native.ffprobePath, timeoutMs: PROBE_TIMEOUT_MS, memoryBytes: PROBE_MEMORY_BYTES }),
    );
  return {
    sniff: sniffMediaType,
    sniffAttachment,
    decodesInQueue: (type) => type.mime === 'image/heic',

    async processPhoto(input, out) {
      const made = await releasingMemory(() =>
        makePhotoDerivatives(
          input,
          { thumbnailPath: out.thumbnail, tilePaths: out.tiles, previewPath: out.preview, jpegCopyPath: out.jpegCopy },
          { sharp },
        ),
      );
      return { width: made.width, height: made.height, jpegCopy: made.jpegCopy, takenAt: toUtc(made.takenAt), dhash: made.dhash };
    },
    async readPhotoCaptureTime(input) {
      return toUtc(await readCaptureTime(input));
    },
    async readVideoHeader(input) {
      return { takenAt: toUtc((await readVideoHeader(input)).takenAt) };
    },
    async probeVideo(input) {
      const probe = await probeFile(input);
      return {
        width: probe.width,
        height: probe.height,
        durationSeconds: probe.durationSeconds,
        playable: isBrowserPlayable(probe),
      };
    },

    /** The poster frame, scaled like a photo's grid thumbnail. */
    async makeVideoThumbnail(input, thumbnail) {
      const poster = `${thumbnail}.poster.jpg`;
      try {
        await makePoster(input, poster, await probeFile(input), {
          ffmpegPath: native.ffmpegPath,
          timeoutMs: POSTER_TIMEOUT_MS,
          memoryBytes: FFMPEG_MEMORY_BYTES,
        });
        const meta = await sharp(poster).metadata();
        const size = thumbnailSize({ width: meta.width, height: meta.height });
        await writeAtomically(thumbnail, (tmp) =>
          openUpright(sharp, poster)
            .resize(size.width, size.height, { fit: 'fill' })
            .jpeg({ quality: THUMBNAIL.quality, mozjpeg: true })
            .toFile(tmp),
        );
      } finally {
        await rm(poster, { force: true });
      }
    },

    async makeVideoPreview(input, output, signal) {
      const probe = await probeFile(input);
      const frames = await countVideoFrames(input, {
        ffprobePath: native.ffprobePath,
        timeoutMs: COUNT_TIMEOUT_MS,
        memoryBytes: PROBE_MEMORY_BYTES,
      });
      const timeoutMs = transcodeTimeoutMs(frames, probe);
      await makePlayablePreview(input, output, probe, {
        ffmpegPath: native.ffmpegPath,
        timeoutMs,
        signal,
        memoryBytes: FFMPEG_MEMORY_BYTES,
      });
    },

    probeAttachment: (input, demuxer) =>
      decodeMemory.run(PROBE_MEMORY_BYTES, () =>
        probeStreams(input, demuxer, { ffprobePath: native.ffprobePath, timeoutMs: PROBE_TIMEOUT_MS, memoryBytes: PROBE_MEMORY_BYTES }),
      ),
    decodedAudioSeconds: (input, demuxer, limitSeconds) =>
      decodedAudioSeconds(input, demuxer, limitSeconds, {
        ffmpegPath: native.ffmpegPath,
        timeoutMs: VOICE_TIMEOUT_MS,
        memoryBytes: FFMPEG_MEMORY_BYTES,
      }),
    makeVoicePreview: (input, demuxer, output, signal) =>
      makeVoicePreview(input, demuxer, output, {
        ffmpegPath: native.ffmpegPath,
        timeoutMs: VOICE_TIMEOUT_MS,
        signal,
        memoryBytes: FFMPEG_MEMORY_BYTES,
      }),
  };
}

/** For `momentbox check`: proves sharp and libvips load and can encode. */
export async function sharpSelfTest(): Promise<string> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#8B5CF6' } })
    .png()
    .toBuffer();
  const meta = await sharp(png).metadata();
  return `libvips ${sharp.versions.vips}, made an ${meta.width}x${meta.height} test image`;
}
