import { join } from 'node:path';
import { ConfigError, helpText, loadConfig } from './config.ts';
import { serve } from './cli/serve.ts';
import { diskWebAssets } from './http/web-app.ts';
import { createLogger } from './lib/logger.ts';
import pkg from '../package.json' with { type: 'json' };

// Composition root: config -> database and migrations -> services -> HTTP. The only file that wires modules.

async function main(argv: string[]) {
  if (argv.includes('--help') || argv.includes('-h')) return console.log(helpText());
  if (argv.includes('--version')) return console.log(pkg.version);
  let config;
  try {
    config = loadConfig(argv);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`momentbox: ${err.message}`);
      process.exit(2);
    }
    throw err;
  }
  const logger = createLogger(config.logLevel);
  await serve({ config, logger, version: pkg.version, webAssets: diskWebAssets(join(import.meta.dir, '..', 'web', 'dist')) });
}

await main(process.argv.slice(2));
