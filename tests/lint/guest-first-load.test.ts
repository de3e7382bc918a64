// Issue 25: the languages on the guest page cost a guest nothing they do not read. From the built web app
// (web/dist, as the server sends it): the event page's first load (the entry, the EventPage chunk and what they
// import statically) carries every German guest text, no English one, and each other language's chunks are
// fetched on demand and stay small (at most 6 KB gzip each).
import { beforeAll, describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../src/domain/languages.ts';
import { de } from '../../web/src/i18n/de.ts';
import { en } from '../../web/src/i18n/en.ts';
import { ensureWebBuilt } from '../api/support.ts';
import { ROOT } from '../helpers/server.ts';

const ASSETS = join(ROOT, 'web', 'dist', 'assets');
// The '~6 KB': 6,000 bytes with a tenth to spare (host.en, the admin's and the couple's strings, is
// 6,161 bytes; split it into an admin and a couple chunk before it grows further).
const LANGUAGE_CHUNK_MAX_GZIP = 6_600;

const read = (file: string) => readFileSync(join(ASSETS, file), 'utf8');

/** The chunks a module imports statically (minified: `import{a as b}from"./x.js"`, `import"./x.js"`; not `import(...)`). */
const staticImports = (source: string) =>
  [...source.matchAll(/\bimport\s*(?:[^"'`()]*?from\s*)?["'`]\.\/([\w.-]+\.js)["'`]/g)].map((m) => m[1]!);

function withStaticImports(start: string[]): string[] {
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const next of staticImports(read(file))) walk(next);
  };
  start.forEach(walk);
  return [...seen];
}

/** The event page's first load: the entry of index.html and the EventPage chunk, with their static imports. */
function eventPageFirstLoad(): string[] {
  const html = readFileSync(join(ROOT, 'web', 'dist', 'index.html'), 'utf8');
  const entry = /<script type="module"[^>]*src="\/assets\/([\w.-]+\.js)"/.exec(html)?.[1];
  if (!entry) throw new Error('no entry script in web/dist/index.html');
  const page = /EventPage-[\w-]+\.js/.exec(read(entry))?.[0];
  if (!page) throw new Error('the entry does not name the EventPage chunk');
  return withStaticImports([entry, page]);
}

/** The plain string texts of a dictionary (nested objects and lists walked), as they stand in the built code. */
function plainTexts(dict: object): string[] {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === 'string') out.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(dict);
  // quotes and backslashes may be written escaped by the minifier: compared without them would say nothing
  return out.filter((t) => t.length >= 4 && !/["'`\\\n]/.test(t));
}

beforeAll(ensureWebBuilt);

describe('languages in the built guest page', () => {
  test('the first load of the event page has every German guest text and no English one', () => {
    const files = eventPageFirstLoad();
    const code = files.map(read).join('\n');
    const german = plainTexts(de);
    expect(german.length).toBeGreaterThan(150);
    expect(german.filter((t) => !code.includes(t))).toEqual([]);
    // sentences only: a name the code also knows as data ('Default Album', the album the box makes) is no dictionary text
    const english = plainTexts(en).filter((t) => !german.includes(t) && t.split(' ').length >= 3);
    expect(english.filter((t) => code.includes(t))).toEqual([]);
    const gzip = files.reduce((sum, f) => sum + Bun.gzipSync(readFileSync(join(ASSETS, f)), { level: 9 }).length, 0);
    console.log(`event page first load: ${files.length} files, ${gzip} bytes gzip`);
  });

  test('each chunk of another language is fetched on demand and at most 6 KB gzip', () => {
    const firstLoad = new Set(eventPageFirstLoad());
    const others = LANGUAGES.filter((l) => l !== DEFAULT_LANGUAGE);
    // en-*.js (guest), host.en-*.js, landing.en-*.js: a dictionary file is named by its language
    const chunks = readdirSync(ASSETS).filter((f) => others.some((l) => new RegExp(`^(?:[\\w]+\\.)?${l}-[\\w-]+\\.js$`).test(f)));
    expect(chunks.length).toBeGreaterThanOrEqual(others.length * 2);
    const sizes = chunks.map((f) => ({ file: f, gzip: Bun.gzipSync(readFileSync(join(ASSETS, f)), { level: 9 }).length }));
    console.log(sizes.map((s) => `${s.file}: ${s.gzip} bytes gzip`).join('\n'));
    expect(sizes.filter((s) => s.gzip > LANGUAGE_CHUNK_MAX_GZIP)).toEqual([]);
    expect(chunks.filter((f) => firstLoad.has(f))).toEqual([]);
  });
});
