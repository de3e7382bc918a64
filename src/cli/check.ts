import { accessSync, constants, mkdirSync } from 'node:fs';
import { freeDiskBytes } from '../storage/media-store.ts';
import type { Config } from '../config.ts';

export interface CheckDeps {
  ffmpegPath: string;
  ffprobePath: string;
  /** makes a tiny image with sharp; throws when sharp cannot work */
  sharpSelfTest(): Promise<string>;
}

/** `momentbox check`: one plain verdict per line; exit code 1 when anything is wrong. */
export async function check(config: Config, deps: CheckDeps, print: (line: string) => void): Promise<number> {
  let failed = false;
  const verdict = (ok: boolean | 'warn', what: string, detail: string) => {
    if (ok === false) failed = true;
    print(`${ok === true ? 'OK  ' : ok === 'warn' ? 'WARN' : 'FAIL'} ${what}: ${detail}`);
  };

  for (const [name, path] of [['ffmpeg', deps.ffmpegPath], ['ffprobe', deps.ffprobePath]] as const) {
    try {
      const proc = Bun.spawnSync([path, '-version'], { stdout: 'pipe', stderr: 'pipe' });
      const first = proc.stdout.toString().split('\n')[0] ?? '';
      verdict(proc.exitCode === 0, name, proc.exitCode === 0 ? first : `exit code ${proc.exitCode}`);
    } catch (err) {
      verdict(false, name, (err as Error).message);
    }
  }
  try {
    verdict(true, 'sharp', await deps.sharpSelfTest());
  } catch (err) {
    verdict(false, 'sharp', (err as Error).message);
  }
  try {
    mkdirSync(config.dataDir, { recursive: true });
    accessSync(config.dataDir, constants.W_OK);
    verdict(true, 'data folder', `${config.dataDir} is writable`);
  } catch (err) {
    verdict(false, 'data folder', `${config.dataDir} is not writable (${(err as Error).message})`);
  }
  try {
    const freeMb = Math.floor(freeDiskBytes(config.dataDir) / 1048576);
    const enough = freeMb >= config.minFreeDiskMb + config.maxUploadMb;
    verdict(enough ? true : 'warn', 'free disk space', `${freeMb} MB free${enough ? '' : `: uploads stop below ${config.minFreeDiskMb} MB`}`);
  } catch (err) {
    verdict(false, 'free disk space', (err as Error).message);
  }
  try {
    const probe = Bun.listen({ hostname: config.host, port: config.port, socket: { data() {} } });
    probe.stop(true);
    verdict(true, 'port', `${config.host}:${config.port} is free`);
  } catch (err) {
    verdict(false, 'port', `${config.host}:${config.port} is in use or not allowed (${(err as Error).message})`);
  }
  print(failed ? 'Some checks failed.' : 'All checks passed.');
  return failed ? 1 : 0;
}
