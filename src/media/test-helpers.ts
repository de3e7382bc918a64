import { closeSync, ftruncateSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import ffprobe from '@ffprobe-installer/ffprobe';
import type { PieceReader } from './piece-reader.ts';

const projectRoot = resolve(import.meta.dir, '../..');

/** A file of the test media in `tests/fixtures/` (see its README for where each comes from). */
export const fixture = (relativePath: string): string => resolve(projectRoot, 'tests/fixtures', relativePath);

/** The ffmpeg and ffprobe of this platform from node_modules, as src/native finds them in development. */
export const ffmpegPath = ffmpeg.path;
export const ffprobePath = ffprobe.path;

/**
 * Makes a test clip at `out` with the development ffmpeg from `args` (its inputs, filters and codecs): the one
 * way the unit tests, the binary's smoke test and the bench make their clips. Throws with ffmpeg's error text.
 */
export function makeClip(out: string, args: string[]): void {
  const run = Bun.spawnSync([ffmpegPath, '-nostdin', '-v', 'error', '-y', ...args, out], { stdout: 'ignore', stderr: 'pipe' });
  if (run.exitCode !== 0) throw new Error(`ffmpeg could not make ${out}: ${run.stderr.toString()}`);
}

/** One second of ffmpeg's test pattern, 640x360 at 25 fps: the source of the SDR and HDR clips. */
const PATTERN = ['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25', '-t', '1'];

/** The test pattern as an SDR clip: 8-bit H.264, BT.709. */
export const sdrClipArgs = (): string[] => [
  ...PATTERN,
  '-vf',
  'format=yuv420p',
  '-c:v',
  'libx264',
  '-color_primaries',
  'bt709',
  '-color_trc',
  'bt709',
  '-colorspace',
  'bt709',
];

/**
 * The test pattern as an iPhone-like HDR clip: 10-bit HEVC in QuickTime, BT.2020, HLG (arib-std-b67) or PQ
 * (smpte2084), with SDR white placed at 203 nits as BT.2408 has it.
 */
export const hdrClipArgs = (transfer: 'arib-std-b67' | 'smpte2084'): string[] => [
  ...PATTERN,
  '-vf',
  `format=yuv420p,zscale=tin=bt709:min=bt709:pin=bt709:rin=tv:t=${transfer}:m=bt2020nc:p=bt2020:r=tv:npl=203,format=yuv420p10le`,
  '-c:v',
  'libx265',
  '-x265-params',
  `colorprim=bt2020:transfer=${transfer}:colormatrix=bt2020nc:log-level=error`,
  '-tag:v',
  'hvc1',
  '-f',
  'mov',
];

/** Grain as a dark dance floor has it, with a tone, at 30 fps in QuickTime (so not playable as it is): ~30 Mbit/s at 720p and more. */
export const noisyClipArgs = (size: string, seconds: number): string[] => [
  '-f',
  'lavfi',
  '-i',
  `testsrc2=size=${size}:rate=30:duration=${seconds},noise=alls=10:allf=t`,
  '-f',
  'lavfi',
  '-i',
  `sine=frequency=440:duration=${seconds}`,
  '-c:v',
  'libx264',
  '-preset',
  'ultrafast',
  '-crf',
  '23',
  '-c:a',
  'aac',
  '-f',
  'mov',
];

/** A fresh temp folder and its removal, for tests that write files. */
export function makeTempDir(prefix: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), `momentbox-${prefix}-`));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A PieceReader of `size` bytes made as they are read: `fill(piece, at)` writes those from offset `at` (zeros when omitted). */
export function generatedReader(size: number, fill: (piece: Uint8Array, at: number) => void = (piece) => piece.fill(0)): PieceReader {
  let at = 0;
  return {
    async read(into) {
      const piece = into.subarray(0, Math.min(into.length, size - at));
      fill(piece, at);
      at += piece.length;
      return piece.length;
    },
    async close() {},
  };
}

/** A PieceReader of bytes in memory. */
export const bytesReader = (data: Uint8Array): PieceReader =>
  generatedReader(data.length, (piece, at) => piece.set(data.subarray(at, at + piece.length)));

/** Writes a stream to a file and returns its length; all-zero chunks are only seeked over (a sparse file, for archives past 4 GB). */
export async function writeSparse(stream: ReadableStream<Uint8Array>, path: string): Promise<number> {
  const fd = openSync(path, 'w');
  let zeros = new Uint8Array();
  let position = 0;
  try {
    for await (const chunk of stream) {
      if (zeros.length < chunk.length) zeros = new Uint8Array(chunk.length);
      if (!Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length).equals(zeros.subarray(0, chunk.length)))
        writeSync(fd, chunk, 0, chunk.length, position);
      position += chunk.length;
    }
    ftruncateSync(fd, position);
  } finally {
    closeSync(fd);
  }
  return position;
}
