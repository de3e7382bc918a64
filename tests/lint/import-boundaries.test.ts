// The lint step guards the layering: a wrong-way import must make ESLint (with the project's own config) fail.
import { describe, expect, test } from 'bun:test';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const ROOT = join(import.meta.dir, '../..');
const lintTools = createRequire(join(ROOT, 'scripts/lint/package.json'));
// ESLint lives in scripts/lint/node_modules (see eslint.config.js); only the part used here is typed.
type LintMessage = { ruleId: string | null; message: string };
type LintApi = {
  ESLint: new (o: { cwd: string }) => { lintText(code: string, o: { filePath: string }): Promise<{ messages: LintMessage[] }[]> };
};
const { ESLint } = lintTools('eslint') as LintApi;
const eslint = new ESLint({ cwd: ROOT });

/** The boundary findings ESLint reports for `code` placed at `file` (relative to the repository). */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'momentbox/import-boundaries').map((m) => m.message);
}

describe('import boundaries', () => {
  test.each([
    [
      'a service importing a route module',
      'src/services/x.service.ts',
      "import { createApp } from '../http/app.ts';\nexport const a = createApp;",
    ],
    ['a service importing Hono', 'src/services/x.service.ts', "import { Hono } from 'hono';\nexport const h = Hono;"],
    [
      'a service using the file system (storage/ does)',
      'src/services/ingest/x.ts',
      "import { rmSync } from 'node:fs';\nexport const r = rmSync;",
    ],
    [
      'a service using the file system through its promises',
      'src/services/x.service.ts',
      "import { rm } from 'node:fs/promises';\nexport const r = rm;",
    ],
    [
      'a route module reading the database directly',
      'src/http/routes/x.routes.ts',
      "import { uploads } from '../../db/schema.ts';\nexport const u = uploads;",
    ],
    ['domain importing the database', 'src/domain/x.ts', "import { uploads } from '../db/schema.ts';\nexport const u = uploads;"],
    [
      'media importing a service',
      'src/media/x.ts',
      "import { createServices } from '../services/index.ts';\nexport const s = createServices;",
    ],
    ['lib importing domain', 'src/lib/x.ts', "import { eventStatus } from '../domain/event-window.ts';\nexport const s = eventStatus;"],
    [
      'the web app importing a server service',
      'web/src/x.ts',
      "import { createServices } from '../../src/services/index.ts';\nexport const s = createServices;",
    ],
    ['the web app importing node:fs', 'web/src/x.ts', "import { readFileSync } from 'node:fs';\nexport const r = readFileSync;"],
  ])('refuses %s', async (_name, file, code) => {
    expect((await boundaryErrors(file, code)).length).toBe(1);
  });

  test.each([
    [
      'a route module asking a service',
      'src/http/routes/x.routes.ts',
      "import { createServices } from '../../services/index.ts';\nexport const s = createServices;",
    ],
    [
      'the web app using the shared domain and the answer types',
      'web/src/x.ts',
      "import { eventStatus } from '../../src/domain/event-window.ts';\nimport type { EventDto } from '../../src/http/api-types.ts';\nexport const s = eventStatus;\nexport type E = EventDto;",
    ],
    [
      'a service using the database and storage',
      'src/services/x.service.ts',
      "import { uploads } from '../db/schema.ts';\nimport { MediaStore } from '../storage/media-store.ts';\nexport const u = [uploads, MediaStore];",
    ],
  ])('allows %s', async (_name, file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([]);
  });
});
