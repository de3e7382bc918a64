import { afterEach, expect, test } from 'bun:test';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { usableCores } from './usable-cores.ts';

// A fake / with the files usableCores reads: /proc/self/cgroup, /proc/self/mounts and the cgroup folders.
let root = '';
afterEach(() => root && rmSync(root, { recursive: true, force: true }));

function fakeRoot(files: Record<string, string>): string {
  root = mkdtempSync(join(tmpdir(), 'usable-cores-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const V1_MOUNTS = 'cgroup /sys/fs/cgroup/cpu,cpuacct cgroup rw,nosuid,nodev,noexec,relatime,cpu,cpuacct 0 0\n';
const v1 = (group: string, files: Record<string, string>) => ({
  'proc/self/cgroup': `4:memory:${group}\n3:cpu,cpuacct:${group}\n1:name=systemd:/\n`,
  'proc/self/mounts': V1_MOUNTS,
  ...Object.fromEntries(Object.entries(files).map(([path, text]) => [`sys/fs/cgroup/cpu,cpuacct/${path}`, text])),
});

test('cgroup v1: the CFS quota over its period, on a machine of more cores (the Pi stand-in: one core of two)', () => {
  const tree = fakeRoot(v1('/box', { 'box/cpu.cfs_quota_us': '100000', 'box/cpu.cfs_period_us': '100000', 'cpu.cfs_quota_us': '-1' }));
  expect(usableCores(tree, 2)).toBe(1);
});

test('cgroup v1: a quota on a cgroup above counts too; none anywhere leaves the affinity', () => {
  const limited = v1('/a/b', {
    'a/b/cpu.cfs_quota_us': '-1',
    'a/b/cpu.cfs_period_us': '100000',
    'a/cpu.cfs_quota_us': '200000',
    'a/cpu.cfs_period_us': '100000',
  });
  expect(usableCores(fakeRoot(limited), 4)).toBe(2);
  rmSync(root, { recursive: true });
  expect(usableCores(fakeRoot(v1('/a', { 'a/cpu.cfs_quota_us': '-1', 'a/cpu.cfs_period_us': '100000' })), 4)).toBe(4);
});

test('cgroup v2: cpu.max, whole cores only and at least one; "max" is no quota', () => {
  const v2 = (max: string) =>
    fakeRoot({ 'proc/self/cgroup': '0::/system.slice/momentbox.service\n', 'sys/fs/cgroup/system.slice/momentbox.service/cpu.max': max });
  expect(usableCores(v2('150000 100000'), 4)).toBe(1);
  rmSync(root, { recursive: true });
  expect(usableCores(v2('50000 100000'), 4)).toBe(1);
  rmSync(root, { recursive: true });
  expect(usableCores(v2('300000 100000'), 4)).toBe(3);
  rmSync(root, { recursive: true });
  expect(usableCores(v2('max 100000'), 4)).toBe(4);
});

test('fewer CPUs by affinity than the quota allows: the affinity; no cgroup files at all: the affinity', () => {
  const tree = fakeRoot(v1('/box', { 'box/cpu.cfs_quota_us': '400000', 'box/cpu.cfs_period_us': '100000' }));
  expect(usableCores(tree, 2)).toBe(2);
  rmSync(root, { recursive: true });
  expect(usableCores(fakeRoot({}), 3)).toBe(3);
});
