import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

/**
 * The cores this process may keep busy: the CPUs it may run on (affinity), capped by the CPU quota of its
 * cgroup and of every cgroup above it (v2 `cpu.max`, v1 `cpu.cfs_quota_us` / `cpu.cfs_period_us`), at least 1.
 * A box under a one-core quota on a machine of two or four (a systemd CPUQuota=, a container) has one core to
 * work with, whatever os.cpus() says. `root` is where /proc and /sys are found (tests give a fake tree).
 */
export function usableCores(root = '/', affinity = availableParallelism()): number {
  const quota = cgroupQuotaCores(root);
  return Math.max(1, Math.min(affinity, quota === null ? affinity : Math.floor(quota)));
}

/** The smallest CPU quota (in cores) on the way from this process's cgroup up to its hierarchy's root; null when none is set. */
function cgroupQuotaCores(root: string): number | null {
  const read = (path: string) => {
    try {
      return readFileSync(join(root, path), 'utf8').trim();
    } catch {
      return null;
    }
  };
  const lines = (read('proc/self/cgroup') ?? '').split('\n').map((line) => line.split(':'));
  const v1 = lines.find((fields) => fields[1]?.split(',').includes('cpu'));
  const v2 = lines.find((fields) => fields[0] === '0' && fields[1] === '');
  let smallest: number | null = null;
  const consider = (cores: number | null) => {
    if (cores !== null && cores > 0 && (smallest === null || cores < smallest)) smallest = cores;
  };
  if (v1) {
    const mount = cgroupMount(read('proc/self/mounts'), 'cpu');
    for (const dir of mount ? upwards(mount, v1[2]!) : [])
      consider(ratio(read(join(dir, 'cpu.cfs_quota_us')), read(join(dir, 'cpu.cfs_period_us'))));
  } else if (v2) {
    for (const dir of upwards('sys/fs/cgroup', v2[2]!)) {
      const [quota, period] = (read(join(dir, 'cpu.max')) ?? '').split(' ');
      consider(ratio(quota ?? null, period ?? null));
    }
  }
  return smallest;
}

/** quota / period; null for "max", -1 (no quota) or a file that is not there */
function ratio(quota: string | null, period: string | null): number | null {
  const q = Number(quota);
  const p = Number(period);
  return quota && period && q > 0 && p > 0 ? q / p : null;
}

/** Where the cgroup v1 hierarchy of `controller` is mounted (relative to the root), from /proc/self/mounts. */
function cgroupMount(mounts: string | null, controller: string): string | null {
  const fields = (mounts ?? '')
    .split('\n')
    .map((line) => line.split(' '))
    .find((f) => f[2] === 'cgroup' && f[3]?.split(',').includes(controller));
  return fields ? fields[1]!.replace(/^\//, '') : null;
}

/** `base/path` and each folder above it up to `base` (in a container the path may be '/'). */
function upwards(base: string, path: string): string[] {
  const parts = path.split('/').filter(Boolean);
  return parts.map((_, i) => join(base, ...parts.slice(0, parts.length - i))).concat(base);
}
