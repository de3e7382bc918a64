// `npm run build [-- --target x64|arm64|all] [--skip-web]`: the web app, then one self-contained executable
// per architecture in dist/ (momentbox-linux-x64, momentbox-linux-arm64). See src/native/. `--skip-web` embeds
// web/dist as it is: the test suite builds it once, and rebuilding it (its folder emptied first) would pull
// it from under the browser tests running beside the binaries' test.
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { compileBinary } from './build/compile.ts';
import { type Arch, nativePackages } from './build/native-packages.ts';

const root = resolve(import.meta.dir, '..');

function parseTargets(argv: string[]): Arch[] {
  const i = argv.findIndex((a) => a === '--target' || a.startsWith('--target='));
  const value = i < 0 ? 'all' : argv[i] === '--target' ? argv[i + 1] : argv[i]?.slice('--target='.length);
  if (value === 'all') return ['x64', 'arm64'];
  if (value === 'x64' || value === 'arm64') return [value];
  throw new Error(`--target must be x64, arm64 or all, not ${value}`);
}

async function buildWebApp(): Promise<void> {
  if (!existsSync(join(root, 'web/vite.config.ts'))) {
    console.warn('web/vite.config.ts is missing: not building the web app; the binary embeds whatever web/dist holds');
    return;
  }
  const vite = Bun.spawn([join(root, 'node_modules/.bin/vite'), 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
    cwd: root,
    stdout: 'inherit',
    stderr: 'inherit',
  });
  if ((await vite.exited) !== 0) throw new Error('vite build failed');
}

const targets = parseTargets(process.argv.slice(2));
if (!process.argv.includes('--skip-web')) await buildWebApp();
if (!existsSync(join(root, 'web/dist/index.html'))) throw new Error('web/dist/index.html is missing: the binary would have no web app');
for (const arch of targets) {
  const started = performance.now();
  const outfile = join(root, 'dist', `momentbox-linux-${arch}`);
  await compileBinary({ root, natives: await nativePackages(root, arch), outfile });
  const mib = (statSync(outfile).size / 2 ** 20).toFixed(1);
  console.log(`${outfile}: ${mib} MiB (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
