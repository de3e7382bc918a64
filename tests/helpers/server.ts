import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEST_CHEAP_PASSWORD_HASHING } from '../../src/config.ts';
import { SERVER_RUNTIME_FLAGS } from '../../src/native/runtime-flags.ts';

export const ROOT = join(import.meta.dir, '..', '..');
export const FIXTURES = join(ROOT, 'tests', 'fixtures');
const BUN = join(ROOT, 'node_modules', '.bin', 'bun');

export interface TestServer {
  url: string;
  dataDir: string;
  adminPassword: string;
  proc: ReturnType<typeof Bun.spawn>;
  /** everything the server printed so far */
  output(): string;
  /** SIGTERM, wait for exit; removes the data dir unless keepData */
  stop(opts?: { keepData?: boolean }): Promise<number>;
}

/**
 * Starts the real server (`bun src/main.ts`) on a free port with a fresh data dir, as a user would,
 * and resolves once it answers.
 */
export async function startServer(
  opts: {
    env?: Record<string, string>;
    dataDir?: string;
    args?: string[];
    /** a command that runs the server, e.g. `ip netns exec <ns>` */
    wrap?: string[];
    /** a script Bun runs before the server (`--preload`), e.g. tests/helpers/ffprobe-spy.preload.ts */
    preload?: string;
  } = {},
): Promise<TestServer> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'momentbox-test-'));
  const adminPassword = opts.env?.MOMENTBOX_ADMIN_PASSWORD ?? 'test-admin-password';
  const proc = Bun.spawn(
    [
      ...(opts.wrap ?? []),
      BUN,
      ...SERVER_RUNTIME_FLAGS,
      ...(opts.preload ? ['--preload', opts.preload] : []),
      join(ROOT, 'src', 'main.ts'),
      '--port',
      '0',
      '--host',
      '127.0.0.1',
      '--data-dir',
      dataDir,
      ...(opts.args ?? []),
    ],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        MOMENTBOX_ADMIN_PASSWORD: adminPassword,
        MOMENTBOX_LOG_LEVEL: 'info',
        // argon2 at a test cost (a production hash takes ~2 s per start and per login on a loaded box); only under
        // bun test, which the server requires: the bench and scripts/write-openapi.ts start it with the real cost
        ...(process.env.NODE_ENV === 'test' ? { [TEST_CHEAP_PASSWORD_HASHING]: '1' } : {}),
        ...opts.env,
      },
      stdout: 'pipe',
      stderr: 'pipe',
    },
  );
  let out = '';
  const collect = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) out += decoder.decode(chunk, { stream: true });
  };
  void collect(proc.stdout as ReadableStream<Uint8Array>);
  void collect(proc.stderr as ReadableStream<Uint8Array>);

  const deadline = Date.now() + 30_000;
  let url = '';
  while (!url) {
    const m = /listening address=(http:\/\/\S+)/.exec(out);
    if (m) url = m[1]!.replace('localhost', '127.0.0.1');
    else if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}:\n${out}`);
    else if (Date.now() > deadline) throw new Error(`server did not start:\n${out}`);
    else await Bun.sleep(50);
  }
  return {
    url,
    dataDir,
    adminPassword,
    proc,
    output: () => out,
    async stop({ keepData = false } = {}) {
      if (proc.exitCode === null) proc.kill('SIGTERM');
      const code = await proc.exited;
      if (!keepData && !opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}
