import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ffmpegPath } from '../../src/media/test-helpers.ts';

const SECONDS = 8;

/**
 * A valid H.264/AAC MP4 of about `megabytes` MB (10^6 bytes): 8 s of test picture at a constant bitrate
 * (x264's CBR with filler), so a phone sends it in chunks. `noise`: the grain of a dark dance floor, so
 * its bytes are as incompressible as a real clip's. Made once per size and grain with the shipped ffmpeg
 * and kept in the temp folder between runs and suites; its name (`cbr-60mb-noise.mp4`) says what it is.
 */
export async function cbrVideo({ megabytes, noise = false }: { megabytes: number; noise?: boolean }): Promise<string> {
  const dir = join(tmpdir(), 'momentbox-test-media');
  mkdirSync(dir, { recursive: true });
  const out = join(dir, `cbr-${megabytes}mb${noise ? '-noise' : ''}.mp4`);
  if (existsSync(out)) return out;
  // Written under a name of its own and renamed when whole: suites running at once never see half a file.
  const part = `${out}.${process.pid}.part`;
  const rate = `${Math.round((megabytes * 8) / SECONDS)}M`;
  const p = Bun.spawn(
    [
      ffmpegPath,
      '-nostdin',
      '-y',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      `testsrc2=size=640x360:rate=25${noise ? ',noise=alls=60:allf=t' : ''}`,
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:sample_rate=44100',
      '-t',
      String(SECONDS),
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-b:v',
      rate,
      '-minrate',
      rate,
      '-maxrate',
      rate,
      '-bufsize',
      `${Math.max(1, Math.round(megabytes / 4))}M`,
      '-x264-params',
      'nal-hrd=cbr',
      '-c:a',
      'aac',
      '-pix_fmt',
      'yuv420p',
      '-movflags',
      '+faststart',
      '-metadata',
      'creation_time=2026-06-20T21:15:00Z',
      '-f',
      'mp4',
      part,
    ],
    { stdout: 'inherit', stderr: 'inherit' },
  );
  if ((await p.exited) !== 0) {
    rmSync(part, { force: true });
    throw new Error(`ffmpeg could not make the ${megabytes} MB test video`);
  }
  renameSync(part, out);
  return out;
}
