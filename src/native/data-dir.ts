import { resolve } from 'node:path';

/**
 * The data dir as src/config.ts reads it (`--data-dir X` or `--data-dir=X`, then MOMENTBOX_DATA_DIR,
 * then ./data), without validating anything else: binary-entry.ts needs it before main.ts and
 * sharp may be loaded. Keep in step with the `dataDir` setting in src/config.ts.
 */
export function dataDirFromArgs(argv: readonly string[], env: Record<string, string | undefined>): string {
  let dir = env.MOMENTBOX_DATA_DIR;
  argv.forEach((arg, i) => {
    if (arg === '--data-dir' && argv[i + 1] !== undefined) dir = argv[i + 1];
    else if (arg.startsWith('--data-dir=')) dir = arg.slice('--data-dir='.length);
  });
  return resolve(dir?.trim() || './data');
}
