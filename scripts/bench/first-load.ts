// The guest event page's first load: the JavaScript a phone fetches before the gallery's first thumbnail
// shows (issue 31 item 2). Measured on the built app: the entry of index.html, the EventPage chunk its route
// imports, and every chunk those import statically, each gzipped as the phone receives it (level 9). The
// viewer, the dialogs, the upload engine with exifr and hash-wasm, the QR code are fetched later, on first use.
// Used by tests/lint/guest-first-load.test.ts (which fails over the budget) and by bench part j.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchPart, BenchRow } from './lib.ts';

/** Issue 31: at most 120 KB gzip (142,957 bytes at commit 75c75db, 145,541 before the issue). */
export const FIRST_LOAD_MAX_GZIP = 120_000;

const gzipSize = (path: string) => Bun.gzipSync(readFileSync(path), { level: 9 }).length;

/** The chunks a module imports statically (minified: `import{a as b}from"./x.js"`, `import"./x.js"`; not `import(...)`). */
export const staticImports = (source: string) =>
  [...source.matchAll(/\bimport\s*(?:[^"'`()]*?from\s*)?["'`]\.\/([\w.-]+\.js)["'`]/g)].map((m) => m[1]!);

/** The event page's first load in `dist` (a built web app): each file with its gzip size, the entry first. */
export function eventPageFirstLoad(dist: string): { file: string; gzip: number }[] {
  const assets = join(dist, 'assets');
  const read = (file: string) => readFileSync(join(assets, file), 'utf8');
  const withStaticImports = (start: string[], seen = new Set<string>()) => {
    const walk = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const next of staticImports(read(file))) walk(next);
    };
    start.forEach(walk);
    return seen;
  };
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const entry = /<script type="module"[^>]*src="\/assets\/([\w.-]+\.js)"/.exec(html)?.[1];
  if (!entry) throw new Error('no entry script in index.html');
  const shell = withStaticImports([entry]);
  // the route's import('./EventPage-….js') sits in the shell (the app chunk)
  const page = [...shell].map((f) => /EventPage-[\w-]+\.js/.exec(read(f))?.[0]).find(Boolean);
  if (!page) throw new Error('no chunk of the shell names the EventPage chunk');
  return [...withStaticImports([page], shell)].map((file) => ({ file, gzip: gzipSize(join(assets, file)) }));
}

/** Part j: the first load per chunk, built into the part's folder (a few seconds, no server). */
export const firstLoadPart: BenchPart = {
  key: 'j',
  title: 'guest event page first load (JavaScript, gzip)',
  async run(ctx) {
    const root = join(import.meta.dirname, '..', '..');
    const dist = join(ctx.dir, 'dist');
    const build = Bun.spawnSync(
      [join(root, 'node_modules', '.bin', 'vite'), 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn', '--outDir', dist],
      { cwd: root },
    );
    if (build.exitCode !== 0) throw new Error(`vite build failed: ${build.stderr.toString().slice(0, 500)}`);
    const chunks = eventPageFirstLoad(dist);
    const total = chunks.reduce((sum, c) => sum + c.gzip, 0);
    const kb = (bytes: number) => `${bytes.toLocaleString('en-US')} B`;
    const rows: BenchRow[] = chunks.map((c) => ({
      figure: `  ${c.file.replace(/-[\w-]{8}\.js$/, '.js')}`,
      measured: kb(c.gzip),
      reference: '',
      ratio: '',
      aim: '',
      met: null,
    }));
    return [
      {
        figure: `event page first load, ${chunks.length} chunks`,
        measured: kb(total),
        reference: '',
        ratio: '',
        aim: `<= ${kb(FIRST_LOAD_MAX_GZIP)}`,
        met: total <= FIRST_LOAD_MAX_GZIP,
      },
      ...rows,
    ];
  },
};
