import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './server.ts';

/**
 * Runs scripts/setup-hotspot.sh as root would, but writing below `root` (MOMENTBOX_INSTALL_ROOT) and with
 * stand-ins for NetworkManager and systemd, which test machines do not run; the stand-ins log their calls.
 */
export function runSetupScript(root: string, args: string[]) {
  const shims = join(root, 'shims');
  const log = join(root, 'calls.log');
  if (!existsSync(shims)) {
    mkdirSync(shims, { recursive: true });
    for (const [name, body] of [
      ['nmcli', ''],
      ['systemctl', 'exit 0'],
      ['getent', 'exit 0'],
      ['chgrp', ''],
    ] as const) {
      writeFileSync(join(shims, name), `#!/usr/bin/env bash\necho "${name} $*" >> ${log}\n${body}\n`, { mode: 0o755 });
    }
  }
  const proc = Bun.spawnSync(['bash', join(ROOT, 'scripts', 'setup-hotspot.sh'), ...args], {
    env: { PATH: `${shims}:/usr/sbin:/usr/bin:/sbin:/bin`, MOMENTBOX_INSTALL_ROOT: root },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  return {
    code: proc.exitCode,
    stdout: proc.stdout.toString(),
    stderr: proc.stderr.toString(),
    calls: () => (existsSync(log) ? readFileSync(log, 'utf8') : ''),
    /** a file the script wrote, by its path on the box (`/etc/momentbox/momentbox.env`) */
    file: (path: string) => readFileSync(join(root, path), 'utf8'),
  };
}
