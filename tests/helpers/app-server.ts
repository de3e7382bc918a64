import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VERSION } from '../../src/cli/info.ts';
import { serve } from '../../src/cli/serve.ts';
import { loadConfig, TEST_CHEAP_PASSWORD_HASHING } from '../../src/config.ts';
import { createLogger } from '../../src/lib/logger.ts';
import { createMediaTools } from '../../src/media/create-media-tools.ts';
import { openEmbeddedFile } from '../../src/native/embedded-files.ts';
import { prepareNativeTools } from '../../src/native/native-tools.ts';
import { SERVER_RUNTIME_FLAGS } from '../../src/native/runtime-flags.ts';
import { ROOT, type TestServer } from './server.ts';

/** A server in this test process: everything of TestServer but the process, plus the services and the clock. */
export interface AppServer extends Omit<TestServer, 'proc'> {
  services: Awaited<ReturnType<typeof serve>>['services'];
  /** the services' clock: `clock.set(date)` moves it, `clock.set(null)` follows the wall clock again */
  clock: { now(): Date; set(date: Date | null): void };
}

/**
 * The whole server (`serve` of src/cli/serve.ts: database, migrations, services, jobs, createApp) served by
 * Bun.serve on a free port inside the test process, over a fresh data dir: the same HTTP paths as
 * startServer's `bun src/main.ts` without starting a process per file. For tests that need no process of
 * their own (signals, crashes, memory or a bystander's timing go through startServer).
 */
export async function startAppServer(
  opts: {
    env?: Record<string, string>;
    dataDir?: string;
    args?: string[];
    /** every log line as it is written, in the server's own call (a test acts at the exact moment of a line) */
    onLog?: (line: string) => void;
  } = {},
): Promise<AppServer> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'momentbox-test-'));
  const env: Record<string, string | undefined> = {
    ...process.env,
    MOMENTBOX_ADMIN_PASSWORD: 'test-admin-password',
    MOMENTBOX_LOG_LEVEL: 'info',
    [TEST_CHEAP_PASSWORD_HASHING]: '1',
    ...opts.env,
  };
  const config = loadConfig(['--port', '0', '--host', '127.0.0.1', '--data-dir', dataDir, ...(opts.args ?? [])], env);
  let out = '';
  let fixed: Date | null = null;
  const clock = {
    now: () => fixed ?? new Date(),
    set(date: Date | null) {
      fixed = date;
      running.services.reveal.clockMoved(); // the reveal service sleeps by real time: it re-reads the moved clock
    },
  };
  const running = await serve({
    config,
    logger: createLogger(config.logLevel, (line) => {
      out += line + '\n';
      opts.onLog?.(line);
    }),
    version: VERSION,
    tools: createMediaTools(await prepareNativeTools(dataDir)),
    webAssets: { get: (path) => openEmbeddedFile(`web/dist/${path}`) },
    selfCommand: [process.execPath, ...SERVER_RUNTIME_FLAGS, join(ROOT, 'src', 'main.ts')],
    now: () => clock.now(),
  });
  return {
    url: `http://127.0.0.1:${running.server.port}`,
    dataDir,
    adminPassword: config.adminPassword!,
    services: running.services,
    clock,
    output: () => out,
    async stop({ keepData = false } = {}) {
      await running.shutdown('test end');
      if (!keepData && !opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
      return 0;
    },
  };
}
