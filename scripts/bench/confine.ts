// The Raspberry Pi stand-in of `npm run bench -- p`: real kernel limits around the server, as a Pi sets them.
// One core (CFS quota), a memory ceiling, and the data directory on its own ext4 block device (a loop device
// on a sparse file) whose writes are throttled to an SD card's speed. Built on cgroup v1 (cpu, memory,
// blkio), which this kind of host mounts; each cgroup is a child of the one the bench runs in, so every
// limit the bench is under still holds. Everything made is undone by `release()`, in reverse order and
// bounded in time, also after a failure half-way.
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MB } from './lib.ts';

export interface PiLimits {
  /** CPU time per period, in cores (CFS quota over period) */
  cores: number;
  memoryBytes: number;
  /** write bytes per second on the data device */
  writeBytesPerSecond: number;
  /** size of the sparse file behind the data device */
  diskBytes: number;
}

export interface Confinement {
  /** a command prefix that moves the process into the cgroups and execs the rest (the server, dd) */
  wrap: string[];
  /** a folder on the throttled device */
  dataDir: string;
  /** what confines, for the log */
  describe: string;
  /** dd oflag=direct of `mb` MB onto the device, inside the cgroups: MB/s */
  rawWriteMBps(mb: number): number;
  /** the memory cgroup's high-water mark (page cache included), its failures to charge, OOM kills */
  memory(): { peakBytes: number; failcnt: number; oomKills: number };
  /** CFS periods in which the cgroup was held back by its quota, of all periods it ran in */
  cpuThrottled(): { periods: number; throttled: number };
  /** bytes the cgroup wrote to the data device (the kernel's flusher threads are not charged in cgroup v1) */
  deviceWrittenBytes(): number;
  release(): Promise<void>;
}

const run = (cmd: string[], timeoutMs = 20_000) => {
  const r = Bun.spawnSync(cmd, { timeout: timeoutMs, stdout: 'pipe', stderr: 'pipe' });
  if (r.exitCode !== 0) throw new Error(`${cmd.join(' ')} -> ${r.exitCode ?? 'timed out'}: ${r.stderr.toString().trim().slice(0, 200)}`);
  return r.stdout.toString().trim();
};

/** Where a cgroup v1 controller's hierarchy is mounted and the bench's own cgroup in it; null when not mounted. */
function ownCgroupV1(controller: string): string | null {
  const mount = readFileSync('/proc/self/mounts', 'utf8')
    .split('\n')
    .map((l) => l.split(' '))
    .find((f) => f[2] === 'cgroup' && f[3]!.split(',').includes(controller));
  const line = readFileSync('/proc/self/cgroup', 'utf8')
    .split('\n')
    .map((l) => l.split(':'))
    .find((f) => f[1]?.split(',').includes(controller));
  return mount && line ? join(mount[1]!, line[2]!) : null;
}

/**
 * Sets up the confinement under `dir`, or says why it cannot be (not root, no cgroup v1 cpu/memory/blkio,
 * no loop device): the caller then reports no confined figures.
 */
export async function confine(dir: string, limits: PiLimits): Promise<Confinement | { unavailable: string }> {
  if (process.getuid?.() !== 0) return { unavailable: 'not root: cgroups and loop devices need root' };
  const parents = Object.fromEntries((['cpu', 'memory', 'blkio'] as const).map((c) => [c, ownCgroupV1(c)])) as Record<
    'cpu' | 'memory' | 'blkio',
    string | null
  >;
  const missing = Object.entries(parents).filter(([, p]) => !p || !existsSync(p));
  if (missing.length)
    return {
      unavailable: `no cgroup v1 ${missing.map(([c]) => c).join(', ')} hierarchy (${existsSync('/sys/fs/cgroup/cgroup.controllers') ? 'cgroup v2 host, not supported by this part' : 'not mounted'})`,
    };

  // Undo steps, run last-first by release(); each bounded, each tried even when an earlier one failed.
  const undo: { what: string; step: () => void | Promise<void> }[] = [];
  const release = async () => {
    const problems: string[] = [];
    for (const { what, step } of undo.splice(0).reverse()) {
      try {
        await step();
      } catch (err) {
        problems.push(`${what}: ${(err as Error).message}`);
      }
    }
    if (problems.length) console.log(`  WARNING: Pi stand-in clean-up: ${problems.join('; ')}`);
  };
  try {
    const image = join(dir, 'pi-disk.img');
    writeFileSync(image, '');
    run(['truncate', '-s', String(limits.diskBytes), image]);
    const loop = run(['losetup', '--find', '--show', image]);
    undo.push({ what: `losetup -d ${loop}`, step: () => void run(['losetup', '-d', loop]) });
    run(['mkfs.ext4', '-q', '-F', loop], 60_000);
    const mnt = join(dir, 'pi-mnt');
    mkdirSync(mnt);
    run(['mount', loop, mnt]);
    undo.push({
      what: `umount ${mnt}`,
      step: () => {
        try {
          run(['umount', mnt]);
        } catch {
          run(['umount', '-l', mnt]); // still busy after its processes are gone: detach now, freed when idle
        }
      },
    });
    const device = readFileSync(`/sys/block/${loop.replace('/dev/', '')}/dev`, 'utf8').trim(); // MAJ:MIN

    const name = `momentbox-pi-${process.pid}`;
    const groups = Object.fromEntries(Object.entries(parents).map(([c, p]) => [c, join(p!, name)])) as Record<keyof typeof parents, string>;
    for (const g of Object.values(groups)) {
      mkdirSync(g);
      undo.push({ what: `rmdir ${g}`, step: () => emptyAndRemove(g) });
    }
    const period = 100_000;
    writeFileSync(join(groups.cpu, 'cpu.cfs_period_us'), String(period));
    writeFileSync(join(groups.cpu, 'cpu.cfs_quota_us'), String(Math.round(period * limits.cores)));
    // A cgroup competes for the CPU as one task of its weight: at the default 1024, on a shared machine with 40
    // runnable tasks it got 0.18 of a core. At the highest weight it gets the whole core its quota allows, as on
    // a Pi that is the box's alone (the load generators share the other cores).
    writeFileSync(join(groups.cpu, 'cpu.shares'), '262144');
    writeFileSync(join(groups.memory, 'memory.limit_in_bytes'), String(limits.memoryBytes));
    writeFileSync(join(groups.blkio, 'blkio.throttle.write_bps_device'), `${device} ${limits.writeBytesPerSecond}`);
    const dataDir = join(mnt, 'data');
    mkdirSync(dataDir);
    const enter = Object.values(groups)
      .map((g) => `echo $$ > ${g}/cgroup.procs`)
      .join(' && ');
    const wrap = ['sh', '-c', `${enter} && exec "$@"`, 'sh'];
    const read = (g: string, file: string) => readFileSync(join(g, file), 'utf8');
    return {
      wrap,
      dataDir,
      describe: `cgroup v1: cpu.cfs_quota_us ${limits.cores} core, memory.limit_in_bytes ${limits.memoryBytes / MB} MB, blkio write ${limits.writeBytesPerSecond / 1e6} MB/s (10^6 B) on ${loop} (${device}, ext4)`,
      rawWriteMBps(mb) {
        const r = Bun.spawnSync(
          [...wrap, 'dd', 'if=/dev/zero', `of=${join(mnt, 'raw-write.bin')}`, 'bs=1M', `count=${mb}`, 'oflag=direct'],
          {
            timeout: 120_000,
            stderr: 'pipe',
          },
        );
        const secs = /copied, ([\d.]+) s/.exec(r.stderr.toString());
        run(['rm', '-f', join(mnt, 'raw-write.bin')]);
        if (r.exitCode !== 0 || !secs) throw new Error(`dd failed: ${r.stderr.toString().slice(0, 200)}`);
        return mb / Number(secs[1]);
      },
      memory: () => ({
        peakBytes: Number(read(groups.memory, 'memory.max_usage_in_bytes')),
        failcnt: Number(read(groups.memory, 'memory.failcnt')),
        oomKills: Number(/^oom_kill (\d+)/m.exec(read(groups.memory, 'memory.oom_control'))?.[1] ?? NaN),
      }),
      cpuThrottled: () => {
        const stat = read(groups.cpu, 'cpu.stat');
        return { periods: Number(/nr_periods (\d+)/.exec(stat)?.[1]), throttled: Number(/nr_throttled (\d+)/.exec(stat)?.[1]) };
      },
      deviceWrittenBytes: () =>
        Number(new RegExp(`^${device} Write (\\d+)`, 'm').exec(read(groups.blkio, 'blkio.throttle.io_service_bytes'))?.[1] ?? 0),
      release,
    };
  } catch (err) {
    await release();
    return { unavailable: `setting up failed: ${(err as Error).message}` };
  }
}

/** Kills what is still in a cgroup (only processes this bench put there: the server and its ffmpeg), then removes it. */
async function emptyAndRemove(group: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const pids = readFileSync(join(group, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean).map(Number);
    if (!pids.length) break;
    if (Date.now() > deadline) throw new Error(`processes ${pids.join(' ')} did not end`);
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
    await Bun.sleep(100);
  }
  rmdirSync(group);
}
