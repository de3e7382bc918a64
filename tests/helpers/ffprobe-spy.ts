import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ffprobe from '@ffprobe-installer/ffprobe';

/** Starts the server with this preload and the spy's `env` to see when it runs ffprobe. */
export const FFPROBE_SPY_PRELOAD = join(import.meta.dir, 'ffprobe-spy.preload.ts');

/**
 * An ffprobe that runs the real one (same limits, same answer) `delayMs` late and notes when each run started
 * and ended (ms since the epoch). A request that waits for ffprobe takes at least `delayMs`; one that does not
 * is answered before any run it caused has ended.
 */
export function ffprobeSpy(
  dir: string,
  delayMs: number,
): { env: Record<string, string>; runs(): { started: number; ended: number | null }[] } {
  const log = join(dir, 'ffprobe-runs.log');
  const wrapper = join(dir, 'ffprobe-spy.sh');
  writeFileSync(
    wrapper,
    `#!/bin/sh\necho "start $$ $(date +%s%3N)" >> '${log}'\nsleep ${delayMs / 1000}\n'${ffprobe.path}' "$@"\ncode=$?\necho "end $$ $(date +%s%3N)" >> '${log}'\nexit $code\n`,
  );
  chmodSync(wrapper, 0o755);
  return {
    env: { FFPROBE_SPY: wrapper },
    runs() {
      const lines = existsSync(log)
        ? readFileSync(log, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((l) => l.split(' '))
        : [];
      return lines
        .filter(([what]) => what === 'start')
        .map(([, pid, at]) => ({
          started: Number(at),
          ended: Number(lines.find(([what, p]) => what === 'end' && p === pid)?.[2] ?? NaN) || null,
        }));
    },
  };
}
