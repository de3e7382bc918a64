import { ConfigError, loadConfig, type Config } from './config.ts';
import { backup } from './cli/backup.ts';
import { check } from './cli/check.ts';
import { facesWorker } from './cli/faces.ts';
import { importEvent } from './cli/import.ts';
import { publish } from './cli/publish.ts';
import { push } from './cli/push.ts';
import { answerInfoFlags, VERSION } from './cli/info.ts';
import { resetAdminPassword } from './cli/reset-admin-password.ts';
import { serve } from './cli/serve.ts';
import { createLogger } from './lib/logger.ts';
import { createMediaTools, sharpSelfTest } from './media/create-media-tools.ts';
import { openEmbeddedFile } from './native/embedded-files.ts';
import { prepareNativeTools } from './native/native-tools.ts';
import { SERVER_RUNTIME_FLAGS } from './native/runtime-flags.ts';

// Composition root: config -> native tools -> database and migrations -> services -> HTTP.
// The only file that wires modules together.

const COMMANDS = ['serve', 'reset-admin-password', 'backup', 'check', 'push', 'import', 'publish', 'faces'] as const;
const print = (line: string) => console.log(line);

async function main(argv: string[]): Promise<number> {
  if (answerInfoFlags(argv, print)) return 0;
  const command = argv[0] && !argv[0].startsWith('-') ? argv[0] : 'serve';
  if (!(COMMANDS as readonly string[]).includes(command)) {
    console.error(`momentbox: unknown command '${command}'. Run with --help.`);
    return 2;
  }
  const rest = command === 'serve' && argv[0] !== 'serve' ? argv : argv.slice(1);
  const positional = command === 'backup' && rest[0] && !rest[0].startsWith('-') ? rest.shift() : undefined;
  // push's, import's and publish's own flags, taken out before the settings are read
  const own: Record<string, string | undefined> = {};
  const ownFlags =
    command === 'push' || command === 'import' ? ['--event', '--as', '--from', '--zip'] : command === 'publish' ? ['--event', '--out'] : [];
  for (const flag of ownFlags) {
    const at = rest.indexOf(flag);
    if (at < 0) continue;
    own[flag] = rest.splice(at, 2)[1];
    if (!own[flag] || own[flag].startsWith('-')) {
      console.error(`momentbox: ${flag} needs a value.`);
      return 2;
    }
  }
  const json = command === 'import' && rest.includes('--json') ? rest.splice(rest.indexOf('--json'), 1).length > 0 : false;

  let config: Config;
  try {
    config = loadConfig(rest);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`momentbox: ${err.message}`);
      return 2;
    }
    throw err;
  }
  const native = await prepareNativeTools(config.dataDir);

  switch (command) {
    case 'reset-admin-password':
      return resetAdminPassword(config, print);
    case 'backup':
      return backup(config, positional, print);
    case 'check':
      return check(config, { ...native, sharpSelfTest }, print);
    case 'push':
      return push(config, own['--event'], print);
    case 'import':
      return importEvent(config, { event: own['--event'], as: own['--as'], from: own['--from'], zip: own['--zip'], json }, print);
    case 'publish':
      return publish(config, { event: own['--event'], out: own['--out'] }, print);
    case 'faces':
      return facesWorker();
  }
  const logger = createLogger(config.logLevel);
  const { shutdown } = await serve({
    config,
    logger,
    version: VERSION,
    tools: createMediaTools(native),
    selfCommand: Bun.isStandaloneExecutable ? [process.execPath] : [process.execPath, ...SERVER_RUNTIME_FLAGS, Bun.main],
    webAssets: { get: (path) => openEmbeddedFile(`web/dist/${path}`) },
  });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => void shutdown(signal).then(() => process.exit(0)));
  }
  return -1; // keeps serving
}

const code = await main(process.argv.slice(2));
if (code >= 0) process.exit(code);
