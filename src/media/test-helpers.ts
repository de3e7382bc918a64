import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import ffprobe from '@ffprobe-installer/ffprobe';

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
