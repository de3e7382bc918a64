// The binaries' tests share this: both binaries built once per test run (`npm run build` as the operator would),
// each copied into an empty folder and started there with no node_modules, Node or Bun in reach (PATH limited to
// /usr/bin:/bin, a clean environment); arm64 through user-mode qemu with Debian's arm64 C and C++ runtimes.
import { afterAll, beforeAll } from 'bun:test';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AdminEventDto } from '../../src/http/api-types.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { ROOT } from '../helpers/server.ts';
import { ensureWebBuilt } from '../api/support.ts';

export type Arch = 'x64' | 'arm64';

export const QEMU = '/usr/bin/qemu-aarch64-static';
const ARM64_RUNTIMES = '/usr/aarch64-linux-gnu';
export const ADMIN_PASSWORD = 'smoke-test-password';

let built: Promise<void> | null = null;

/** Both binaries, built once for all files of the run (the build takes a while). */
function buildBinaries(): Promise<void> {
  return (built ??= (async () => {
    // web/dist as the suite built it (or built here when missing); rebuilt, it would vanish under the browser tests.
    await ensureWebBuilt();
    const build = Bun.spawnSync(
      [join(ROOT, 'node_modules', '.bin', 'bun'), join(ROOT, 'scripts', 'build-binary.ts'), '--target', 'all', '--skip-web'],
      { cwd: ROOT, stdout: 'inherit', stderr: 'inherit' },
    );
    if (build.exitCode !== 0) throw new Error('npm run build failed');
  })());
}

const temps: string[] = [];
const started: ReturnType<typeof Bun.spawn>[] = [];

/** Call once at the top of a test file: builds the binaries before its tests, removes its folders and stops its binaries after. */
export function useBinaries(): void {
  beforeAll(buildBinaries, 600_000);
  afterAll(() => {
    for (const proc of started.splice(0)) if (proc.exitCode === null) proc.kill('SIGKILL');
    temps.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true }));
  });
}

/** A new empty folder, removed after the file's tests. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temps.push(dir);
  return dir;
}

/**
 * How to run a binary of `arch`: as it is on x64, through qemu on arm64. A machine without qemu or the arm64
 * runtimes fails here with what to install, never by skipping the arm64 tests.
 */
export function commandFor(arch: Arch, binary: string): string[] {
  if (arch === 'x64') return [binary];
  for (const needed of [QEMU, join(ARM64_RUNTIMES, 'lib', 'ld-linux-aarch64.so.1'), join(ARM64_RUNTIMES, 'lib', 'libstdc++.so.6')]) {
    if (!existsSync(needed)) {
      throw new Error(
        `${needed} is missing: the arm64 binary cannot run here. Install qemu-user-static, libc6-arm64-cross and libstdc++6-arm64-cross (scripts/ensure-test-deps.sh does, as root)`,
      );
    }
  }
  return [QEMU, '-L', ARM64_RUNTIMES, binary];
}

/** The binary of `arch` copied into an empty folder, as an operator would, and how to run it there. */
export function installBinary(arch: Arch): { dir: string; command: string[] } {
  const dir = tempDir(`momentbox-bin-${arch}-`);
  const binary = join(dir, 'momentbox');
  copyFileSync(join(ROOT, 'dist', `momentbox-linux-${arch}`), binary);
  Bun.spawnSync(['chmod', '755', binary]);
  return { dir, command: commandFor(arch, binary) };
}

/** Starts `command` in `dir` with a clean environment (PATH /usr/bin:/bin); stopped after the file's tests at the latest. */
export function spawnIn(dir: string, command: string[], opts: { stdin?: 'pipe' } = {}) {
  const proc = Bun.spawn(command, {
    cwd: dir,
    env: { PATH: '/usr/bin:/bin', HOME: dir, MOMENTBOX_ADMIN_PASSWORD: ADMIN_PASSWORD },
    stdin: opts.stdin ?? 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
  });
  started.push(proc);
  return proc;
}

/** Collects the streams' text, interleaved as it comes. */
export function collect(...streams: ReadableStream<Uint8Array>[]): () => string {
  let out = '';
  for (const stream of streams) {
    void (async () => {
      const decoder = new TextDecoder();
      for await (const chunk of stream) out += decoder.decode(chunk, { stream: true });
    })();
  }
  return () => out;
}

export interface Running {
  url: string;
  proc: ReturnType<typeof Bun.spawn>;
  output(): string;
}

/** Copies the binary into an empty folder and starts its server there, as an operator would. */
export async function startBinary(arch: Arch, args: string[] = []): Promise<{ dir: string; run: Running }> {
  const { dir, command } = installBinary(arch);
  const proc = spawnIn(dir, [...command, '--port', '0', '--host', '127.0.0.1', ...args]);
  const output = collect(proc.stdout as ReadableStream<Uint8Array>, proc.stderr as ReadableStream<Uint8Array>);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const m = /listening address=(http:\/\/\S+)/.exec(output());
    if (m) return { dir, run: { url: m[1]!.replace('localhost', '127.0.0.1'), proc, output } };
    if (proc.exitCode !== null || Date.now() > deadline) throw new Error(`binary did not start:\n${output()}`);
    await Bun.sleep(100);
  }
}

/** The admin logged in, a new event (`fields` added to its form), and a guest who joined it. */
export async function adminWithEvent(
  url: string,
  fields: Record<string, string> = {},
): Promise<{ admin: ApiClient; guest: ApiClient; event: AdminEventDto }> {
  const admin = new ApiClient(url);
  await admin.login(ADMIN_PASSWORD);
  const event = await admin.createEvent({ name: 'Smoke Test', ...fields });
  const guest = new ApiClient(url);
  await guest.joinAsGuest(event.code, 'Smoke');
  return { admin, guest, event };
}
