// The limits and choices of src/domain/limits.ts exist once: the web app imports them and never writes its
// own copy, neither under the same name nor as the same list of values under another name.
import { describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import * as limits from '../../src/domain/limits.ts';

const ROOT = join(import.meta.dir, '../..');
const webFiles = [...new Bun.Glob('web/src/**/*.{ts,tsx}').scanSync({ cwd: ROOT })];
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `const NAME =` (or let/var) in web code, or an object key of that name (`NAME: ...`) */
const declares = (name: string) => new RegExp(`\\b(const|let|var)\\s+${name}\\b|^\\s*${name}\\s*:`, 'm');
/** the values of a list written out in order: `'single', 'collage', 'pairs'` */
const copies = (values: readonly string[]) => new RegExp(values.map((v) => `['"\`]${escape(v)}['"\`]`).join('\\s*,\\s*'));

/** The web files that declare `name` or copy `value` (a list's elements, in any quotes). */
export function redeclarations(name: string, value: unknown, sources: Record<string, string>): string[] {
  const checks = [declares(name)];
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) checks.push(copies(value));
  return Object.entries(sources)
    .filter(([, text]) => checks.some((re) => re.test(text)))
    .map(([file]) => file);
}

describe('shared constants', () => {
  test('the web app has at least the files that use them', () => {
    expect(webFiles.length).toBeGreaterThan(50);
  });

  test('no web file redeclares or copies a limit of src/domain/limits.ts', async () => {
    const sources = Object.fromEntries(await Promise.all(webFiles.map(async (f) => [f, await Bun.file(join(ROOT, f)).text()] as const)));
    const found = Object.entries(limits).flatMap(([name, value]) => redeclarations(name, value, sources).map((file) => `${file}: ${name}`));
    expect(found).toEqual([]);
  });

  test('the check sees a redeclaration and a copied list', () => {
    expect(redeclarations('MAX_ZIP_FILES', 500, { 'a.ts': 'export const MAX_ZIP_FILES = 500;' })).toEqual(['a.ts']);
    expect(redeclarations('WALL_LAYOUTS', limits.WALL_LAYOUTS, { 'b.tsx': "const LAYOUTS = ['single', 'collage', 'pairs'];" })).toEqual([
      'b.tsx',
    ]);
    expect(redeclarations('MAX_ZIP_FILES', 500, { 'c.ts': "import { MAX_ZIP_FILES } from '../../src/domain/limits.ts';" })).toEqual([]);
  });
});
