import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { MediaError } from './media-error.ts';
import { ffmpegPath, ffprobePath, fixture, hdrClipArgs, makeClip, makeTempDir, noisyClipArgs, sdrClipArgs } from './test-helpers.ts';
import {
  countVideoFrames,
  isBrowserPlayable,
  makePlayablePreview,
  makePoster,
  PREVIEW_MAX_BITRATE,
  probeVideo,
  transcodeTimeoutMs,
} from './video.ts';

const probe = (path: string) => probeVideo(path, { ffprobePath, timeoutMs: 10_000 });
const tools = { ffmpegPath, timeoutMs: 60_000 };
const SDR = { hdr: null, width: 1920, height: 1080 };

const tmp = makeTempDir('video');
/** The iPhone fixture as a real iPhone writes a portrait video; see makeUprightIphoneCopy. */
let portraitIphone: string;

beforeAll(async () => {
  portraitIphone = await makeUprightIphoneCopy(join(tmp.dir, 'portrait-iphone.mov'));
});
afterAll(() => tmp.remove());

/**
 * The shipped iphone-hevc-rotated.mov has an identity matrix in its track header, i.e. no rotation at all
 * (ffprobe shows 1920x1080 and no display matrix). To test rotation, this copy gets what an iPhone held
 * upright writes: landscape pixels with a 90° clockwise matrix (0 1 0 / -1 0 0 / 1080 0 1), ffprobe
 * rotation -90. It also gets a GPS position, as phones write one, to check that previews drop it.
 */
async function makeUprightIphoneCopy(target: string): Promise<string> {
  const withLocation = join(tmp.dir, 'with-location.mov');
  const copy = Bun.spawnSync([
    ffmpegPath,
    '-nostdin',
    '-v',
    'error',
    '-i',
    fixture('videos/iphone-hevc-rotated.mov'),
    '-map',
    '0',
    '-c',
    'copy',
    '-metadata',
    'location=+48.8584+002.2945/',
    '-f',
    'mov',
    withLocation,
  ]);
  if (copy.exitCode !== 0) throw new Error(copy.stderr.toString());
  const bytes = await Bun.file(withLocation).bytes();
  const moov = topLevelBoxes(bytes).find((box) => box.type === 'moov')!;
  const tkhd = Buffer.from(bytes).indexOf('tkhd', moov.at) - 4; // the first track is the video
  // box header, version and flags, times/ids/duration (v0: 20 bytes, v1: 32), reserved/layer/group/volume: 16
  const matrixAt = tkhd + 8 + 4 + (bytes[tkhd + 8] === 1 ? 32 : 20) + 16;
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  [0, 0x10000, 0, -0x10000, 0, 0, 1080 * 0x10000, 0, 0x40000000].forEach((v, i) => view.setInt32(matrixAt + i * 4, v));
  await Bun.write(target, bytes);
  return target;
}

/** The top-level boxes of an MP4/MOV file, in file order. */
function topLevelBoxes(bytes: Uint8Array): { type: string; at: number }[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  const boxes: { type: string; at: number }[] = [];
  for (let at = 0; at + 8 <= bytes.length;) {
    const size32 = view.getUint32(at);
    boxes.push({ type: new TextDecoder().decode(bytes.subarray(at + 4, at + 8)), at });
    at += size32 === 1 ? Number(view.getBigUint64(at + 8)) : size32 === 0 ? bytes.length - at : size32;
  }
  return boxes;
}
const boxOrder = async (path: string) => topLevelBoxes(await Bun.file(path).bytes()).map((box) => box.type);

/** 16x16 grey pixels of a picture, optionally turned clockwise first. */
const tiny = (input: string | Buffer, turn = 0) => sharp(input).rotate(turn).resize(16, 16, { fit: 'fill' }).grayscale().raw().toBuffer();
const meanAbsDiff = (a: Buffer, b: Buffer) => a.reduce((sum, v, i) => sum + Math.abs(v - (b[i] ?? 0)), 0) / a.length;

/** The frame at 0.5 s as ffmpeg decodes it, without applying any rotation. */
function storedFrame(path: string): Buffer {
  const run = Bun.spawnSync([
    ffmpegPath,
    '-nostdin',
    '-v',
    'error',
    '-noautorotate',
    '-ss',
    '0.5',
    '-i',
    path,
    '-frames:v',
    '1',
    '-f',
    'image2pipe',
    '-c:v',
    'png',
    '-',
  ]);
  return run.stdout;
}

describe('probeVideo', () => {
  test('an Android H.264 MP4: 1280x720, plays in every browser as it is', async () => {
    const info = await probe(fixture('videos/android-h264.mp4'));
    expect(info).toMatchObject({ width: 1280, height: 720, videoCodec: 'h264', audioCodec: 'aac', container: 'mp4', durationSeconds: 3 });
    expect(isBrowserPlayable(info)).toBe(true);
  });

  test('an iPhone HEVC MOV: not playable everywhere', async () => {
    const info = await probe(fixture('videos/iphone-hevc-rotated.mov'));
    expect(info).toMatchObject({ videoCodec: 'hevc', audioCodec: 'aac', container: 'mov', majorBrand: 'qt' });
    expect(isBrowserPlayable(info)).toBe(false);
    // As shipped, the fixture carries no rotation (identity matrix), so it displays landscape.
    expect({ width: info.width, height: info.height }).toEqual({ width: 1920, height: 1080 });
  });

  test('an upright iPhone video (90° matrix) displays as 1080x1920 portrait', async () => {
    expect(await probe(portraitIphone)).toMatchObject({ width: 1080, height: 1920, videoCodec: 'hevc' });
  });

  test('a video without metadata: H.264 without sound', async () => {
    const info = await probe(fixture('videos/no-metadata.mp4'));
    expect(info).toMatchObject({ width: 640, height: 360, audioCodec: null, durationSeconds: 2 });
    expect(isBrowserPlayable(info)).toBe(true); // H.264 without sound is fine
  });

  test('a truncated upload and an HTML page are refused with a MediaError, quickly', async () => {
    for (const name of ['truncated.mp4', 'html-disguised-as.mp4']) {
      const started = performance.now();
      await expect(probe(fixture(`videos/${name}`))).rejects.toMatchObject({ name: 'MediaError', reason: 'CORRUPT' });
      expect(performance.now() - started).toBeLessThan(5000);
    }
  });
});

describe('the transcode time-out', () => {
  test('follows the frames the file holds, whatever duration its header claims', async () => {
    const frames = await countVideoFrames(portraitIphone, { ffprobePath, timeoutMs: 20_000 });
    expect(frames).toBe(90); // 3 s at 30 fps
    const onePhoneClip = transcodeTimeoutMs(frames, { hdr: null, width: 1080, height: 1920 });
    expect(onePhoneClip).toBeLessThan(150_000);
    const twentyTimes = transcodeTimeoutMs(frames * 20, { hdr: null, width: 1080, height: 1920 }) - 120_000;
    expect(Math.abs(twentyTimes - 20 * (onePhoneClip - 120_000))).toBeLessThan(50);
  });

  test('a frame larger than 4K is refused before ffmpeg runs', async () => {
    const started = performance.now();
    await expect(
      makePoster(portraitIphone, join(tmp.dir, 'big.jpg'), { hdr: null, width: 8192, height: 8192 }, tools),
    ).rejects.toMatchObject({ reason: 'TOO_LARGE' });
    expect(performance.now() - started).toBeLessThan(50);
  });
});

describe('makePoster', () => {
  test('the poster of an upright iPhone video is portrait, upright (not sideways) and at most 1280 px', async () => {
    const poster = join(tmp.dir, 'poster.jpg');
    await makePoster(portraitIphone, poster, SDR, tools);
    expect(await sharp(poster).metadata()).toMatchObject({ format: 'jpeg', width: 720, height: 1280 });
    const stored = storedFrame(portraitIphone);
    const asShown = meanAbsDiff(await tiny(poster), await tiny(stored, 90));
    const turnedTheOtherWay = meanAbsDiff(await tiny(poster), await tiny(stored, 270));
    expect(asShown).toBeLessThan(6);
    expect(turnedTheOtherWay).toBeGreaterThan(30);
  });

  test('a clip shorter than 0.5 s gets its first frame as poster', async () => {
    const clip = join(tmp.dir, 'short.mp4');
    Bun.spawnSync([
      ffmpegPath,
      '-nostdin',
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=320x240:duration=0.2',
      '-c:v',
      'libx264',
      '-pix_fmt',
      'yuv420p',
      clip,
    ]);
    const poster = join(tmp.dir, 'short.jpg');
    await makePoster(clip, poster, SDR, tools);
    expect(await sharp(poster).metadata()).toMatchObject({ width: 320, height: 240 });
  });
});

describe('makePlayablePreview', () => {
  test('an upright iPhone HEVC video becomes an upright H.264/AAC MP4 that starts playing at once, without its location', async () => {
    const preview = join(tmp.dir, 'preview.mp4');
    await makePlayablePreview(portraitIphone, preview, SDR, tools);

    const info = await probe(preview);
    expect(info).toMatchObject({
      videoCodec: 'h264',
      audioCodec: 'aac',
      pixelFormat: 'yuv420p',
      container: 'mp4',
      width: 720,
      height: 1280,
    });
    expect(info.durationSeconds).toBeCloseTo(3, 1);
    expect(isBrowserPlayable(info)).toBe(true);

    // The rotation is in the pixels now: the stored frame itself is portrait and matches the original as shown.
    const frame = storedFrame(preview);
    expect(await sharp(frame).metadata()).toMatchObject({ width: 720, height: 1280 });
    expect(meanAbsDiff(await tiny(frame), await tiny(storedFrame(portraitIphone), 90))).toBeLessThan(6);

    // +faststart: the index (moov) comes before the media data. The Android original shows the other order.
    const boxes = await boxOrder(preview);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    const original = await boxOrder(fixture('videos/android-h264.mp4'));
    expect(original.indexOf('moov')).toBeGreaterThan(original.indexOf('mdat'));

    const tags = Bun.spawnSync([
      ffprobePath,
      '-v',
      'error',
      '-show_entries',
      'format_tags:stream_tags',
      '-of',
      'json',
      preview,
    ]).stdout.toString();
    const source = Bun.spawnSync([
      ffprobePath,
      '-v',
      'error',
      '-show_entries',
      'format_tags',
      '-of',
      'json',
      portraitIphone,
    ]).stdout.toString();
    expect(source).toContain('+48.8584+002.2945');
    expect(tags).not.toContain('48.8584');
    expect(readdirSync(tmp.dir).filter((f) => f.includes('.tmp-'))).toEqual([]);
  });

  test("a phone's 60 fps clip is previewed at 30 fps (half the frames to encode on a Pi); a 25 fps clip keeps its 25", async () => {
    for (const [rate, expected] of [
      [60, 30],
      [25, 25],
    ] as const) {
      const clip = join(tmp.dir, `rate-${rate}.mov`);
      const made = Bun.spawnSync([
        ffmpegPath,
        '-nostdin',
        '-v',
        'error',
        '-f',
        'lavfi',
        '-i',
        `testsrc2=size=320x240:rate=${rate}:duration=1`,
        '-c:v',
        'mpeg4',
        '-f',
        'mov',
        clip,
      ]);
      expect(made.exitCode).toBe(0);
      const source = await probe(clip);
      expect(source.frameRate).toBe(rate);
      const preview = join(tmp.dir, `rate-${rate}.mp4`);
      await makePlayablePreview(clip, preview, source, tools);
      expect((await probe(preview)).frameRate).toBe(expected);
      const frames = Bun.spawnSync([
        ffprobePath,
        '-v',
        'error',
        '-count_frames',
        '-select_streams',
        'v:0',
        '-show_entries',
        'stream=nb_read_frames',
        '-of',
        'csv=p=0',
        preview,
      ]);
      expect(Number(frames.stdout.toString().trim())).toBe(expected);
    }
  });

  /** Bits per second of a whole file over its duration, as the Wi-Fi carries it. */
  const fileBitRate = async (path: string) => (Bun.file(path).size * 8) / ((await probe(path)).durationSeconds ?? NaN);

  test('a noisy high-bitrate clip (a dark dance floor) gets a preview within the Wi-Fi cap and no larger than its original', async () => {
    // 720p30 with strong grain in a QuickTime file (so not playable as it is): ~30 Mbit/s; CRF alone made ~26 Mbit/s of it.
    const clip = join(tmp.dir, 'noisy.mov');
    makeClip(clip, noisyClipArgs('1280x720', 4));
    const source = await probe(clip);
    expect(isBrowserPlayable(source)).toBe(false);
    expect(source.bitRate).toBeGreaterThan(15_000_000);

    const preview = join(tmp.dir, 'noisy.mp4');
    await makePlayablePreview(clip, preview, source, tools);
    expect(Bun.file(preview).size).toBeLessThanOrEqual(Bun.file(clip).size);
    expect(await fileBitRate(preview)).toBeLessThanOrEqual(PREVIEW_MAX_BITRATE);
    expect(isBrowserPlayable(await probe(preview))).toBe(true);
  });

  test("a light original's preview stays below the original's size, though its grain would take more", async () => {
    // The same grain at 2 Mbit/s (MPEG-4 part 2 in QuickTime, not playable): the preview's ceiling follows the original down.
    const clip = join(tmp.dir, 'light.mov');
    const made = Bun.spawnSync([
      ffmpegPath,
      '-nostdin',
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=1280x720:rate=30:duration=4,noise=alls=10:allf=t',
      '-c:v',
      'mpeg4',
      '-b:v',
      '2M',
      '-maxrate',
      '2M',
      '-bufsize',
      '2M',
      '-f',
      'mov',
      clip,
    ]);
    expect(made.exitCode).toBe(0);
    const source = await probe(clip);
    expect(source.bitRate).toBeLessThan(2_500_000);
    const preview = join(tmp.dir, 'light.mp4');
    await makePlayablePreview(clip, preview, source, tools);
    expect(Bun.file(preview).size).toBeLessThanOrEqual(Bun.file(clip).size);
  });

  test('a truncated upload fails with a MediaError within the time-out and leaves no file behind', async () => {
    const dir = makeTempDir('truncated');
    try {
      const started = performance.now();
      const opts = { ffmpegPath, timeoutMs: 10_000 };
      await expect(makePlayablePreview(fixture('videos/truncated.mp4'), join(dir.dir, 'preview.mp4'), SDR, opts)).rejects.toMatchObject({
        reason: 'CORRUPT',
      });
      await expect(makePoster(fixture('videos/truncated.mp4'), join(dir.dir, 'poster.jpg'), SDR, opts)).rejects.toBeInstanceOf(MediaError);
      expect(performance.now() - started).toBeLessThan(opts.timeoutMs);
      expect(readdirSync(dir.dir)).toEqual([]);
    } finally {
      dir.remove();
    }
  });

  test('a transcode that runs past its time-out is killed with a TIMEOUT error and leaves no file', async () => {
    const dir = makeTempDir('timeout');
    try {
      const started = performance.now();
      const run = makePlayablePreview(portraitIphone, join(dir.dir, 'preview.mp4'), SDR, { ffmpegPath, timeoutMs: 150 });
      await expect(run).rejects.toMatchObject({ name: 'MediaError', reason: 'TIMEOUT' });
      expect(performance.now() - started).toBeLessThan(2000);
      expect(readdirSync(dir.dir)).toEqual([]);
    } finally {
      dir.remove();
    }
  });

  test('shutdown aborts a running transcode and leaves no file', async () => {
    const dir = makeTempDir('abort');
    try {
      const controller = new AbortController();
      setTimeout(() => controller.abort(new Error('shutting down')), 150);
      await expect(
        makePlayablePreview(portraitIphone, join(dir.dir, 'preview.mp4'), SDR, { ...tools, signal: controller.signal }),
      ).rejects.toThrow('shutting down');
      expect(readdirSync(dir.dir)).toEqual([]);
    } finally {
      dir.remove();
    }
  });
});

describe('HDR video', () => {
  /**
   * The same test pattern as an SDR clip (BT.709, 8-bit) and as an iPhone-like HDR clip: 10-bit HEVC,
   * BT.2020, HLG or PQ, with SDR white placed at 203 nits as BT.2408 has it, made by the shipped ffmpeg.
   */
  /** Mean saturation and luma range of a picture's first frame (ffmpeg's signalstats, 8-bit scale). */
  function pictureStats(path: string): { saturation: number; lumaRange: number } {
    const run = Bun.spawnSync([
      ffmpegPath,
      '-nostdin',
      '-v',
      'error',
      '-i',
      path,
      '-frames:v',
      '1',
      '-vf',
      'signalstats,metadata=print:file=-',
      '-f',
      'null',
      '-',
    ]);
    const value = (key: string) => Number(new RegExp(`lavfi\\.signalstats\\.${key}=([\\d.]+)`).exec(run.stdout.toString())?.[1]);
    return { saturation: value('SATAVG'), lumaRange: value('YMAX') - value('YMIN') };
  }
  function colorTags(path: string) {
    const out = Bun.spawnSync([
      ffprobePath,
      '-v',
      'error',
      '-select_streams',
      'v:0',
      '-show_entries',
      'stream=codec_name,pix_fmt,color_space,color_transfer,color_primaries',
      '-of',
      'json',
      path,
    ]).stdout.toString();
    return (JSON.parse(out) as { streams: Record<string, string>[] }).streams[0];
  }

  for (const [name, transfer] of [
    ['HLG', 'arib-std-b67'],
    ['PQ', 'smpte2084'],
  ] as const) {
    test(`a 10-bit ${name} HEVC clip gets an 8-bit BT.709 H.264 preview and poster as colourful as the SDR rendering`, async () => {
      const sdr = join(tmp.dir, `sdr-${name}.mp4`);
      const hdr = join(tmp.dir, `hdr-${name}.mov`);
      makeClip(sdr, sdrClipArgs());
      makeClip(hdr, hdrClipArgs(transfer));
      const info = await probe(hdr);
      expect({ pixelFormat: info.pixelFormat, hdr: info.hdr }).toEqual({ pixelFormat: 'yuv420p10le', hdr: name === 'HLG' ? 'hlg' : 'pq' });
      expect(isBrowserPlayable(info)).toBe(false);

      const preview = join(tmp.dir, `preview-${name}.mp4`);
      await makePlayablePreview(hdr, preview, info, tools);
      expect(colorTags(preview)).toEqual({
        codec_name: 'h264',
        pix_fmt: 'yuv420p',
        color_space: 'bt709',
        color_transfer: 'bt709',
        color_primaries: 'bt709',
      });

      // Washed out means far less saturation and a squeezed luma range (read without tone mapping,
      // the pattern has ~40% of the SDR saturation and ~60% of its range). Tone-mapped, both come close.
      const reference = pictureStats(sdr);
      const shown = pictureStats(preview);
      expect(shown.saturation).toBeGreaterThan(reference.saturation * 0.75);
      expect(shown.lumaRange).toBeGreaterThan(reference.lumaRange * 0.8);

      const poster = join(tmp.dir, `poster-${name}.jpg`);
      await makePoster(hdr, poster, info, tools);
      expect(pictureStats(poster).saturation).toBeGreaterThan(reference.saturation * 0.75);
    });
  }
});
