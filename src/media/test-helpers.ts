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
