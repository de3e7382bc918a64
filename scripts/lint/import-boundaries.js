// ESLint rule `momentbox/import-boundaries`: the layering of DESIGN.md, checked on every import.
//   http -> services -> (domain, db, storage, media, jobs) -> lib
// The table below is the one place that states which layer may import which; an import that is not
// listed is reported. Relative imports are resolved to the file they name, so `../../db/schema.ts`
// is judged by where it lands, not by how it is spelled.
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Which layers (folders of src/, plus config and the web app) each layer may import from. */
export const ALLOWED = {
  // Composition: main.ts wires everything; cli/ and native/ are its subcommands and start-up.
  main: '*',
  cli: '*',
  native: '*',
  http: ['http', 'services', 'domain', 'storage', 'media', 'lib', 'config', 'api-types', 'answer-schemas', 'i18n'],
  services: ['services', 'domain', 'db', 'storage', 'media', 'jobs', 'lib'],
  jobs: ['jobs', 'domain', 'db', 'storage', 'media', 'lib'],
  db: ['db', 'domain', 'lib'],
  storage: ['storage', 'domain', 'lib'],
  media: ['media', 'domain', 'lib'],
  domain: ['domain'],
  lib: ['lib'],
  // The server's texts per language (API messages, the portal page): words and the product's limits, nothing else.
  i18n: ['i18n', 'domain', 'lib'],
  config: ['config', 'lib'],
  // The answer contract: the zod schemas (answer-schemas) and the types derived from them (api-types), which
  // hold nothing but types, so the web app that imports them bundles none of the server (nor zod).
  'answer-schemas': ['answer-schemas', 'domain', 'lib'],
  'api-types': ['api-types', 'answer-schemas', 'lib'],
  // The web app shares the pure rules (src/domain) and the answer types (src/http/api-types.ts), nothing
  // else of the server; it may bundle the static texts of assets/ (legal pages).
  web: ['web', 'domain', 'api-types', 'assets'],
};

/**
 * Packages a layer must not use: services stay free of Hono and of the file system (files are storage/'s:
 * the media store, the chunk store, the file writer), pure code free of I/O, the browser free of the server's runtime.
 */
const FORBIDDEN_PACKAGES = {
  services: [/^hono(\/|$)/, /^(node:)?fs(\/|$)/],
  domain: [/^node:/, /^bun(:|$)/, /^hono(\/|$)/, /^drizzle-orm/, /^sharp$/],
  media: [/^bun:sqlite$/, /^drizzle-orm/, /^hono(\/|$)/],
  lib: [/^hono(\/|$)/, /^drizzle-orm/],
  'answer-schemas': [/^node:/, /^bun(:|$)/, /^hono(\/|$)/, /^drizzle-orm/],
  web: [/^node:/, /^bun(:|$)/, /^hono(\/|$)/, /^drizzle-orm/, /^sharp$/],
};

/** The layer a file belongs to, or undefined for files the rule does not judge (tests, scripts). */
export function layerOf(absolutePath) {
  const path = relative(ROOT, absolutePath)
    .split('\\')
    .join('/')
    .replace(/\.(ts|tsx|js)$/, '');
  if (path.startsWith('web/')) return 'web';
  if (path.startsWith('assets/')) return 'assets';
  if (path === 'src/main') return 'main';
  if (path === 'src/config') return 'config';
  if (path === 'src/http/api-types') return 'api-types';
  if (path === 'src/http/schemas/responses.schemas') return 'answer-schemas';
  const match = /^src\/([^/]+)\//.exec(path);
  if (match) return match[1];
  if (path.startsWith('src/')) return 'main';
  return undefined;
}

export const importBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports follow the layering of DESIGN.md' },
    schema: [],
    messages: {
      layer:
        "'{{from}}' must not import from '{{to}}' ({{spec}}): imports point http -> services -> (domain, db, storage, media, jobs) -> lib, and web/ uses only src/domain and src/http/api-types.ts.",
      outside: "'{{from}}' must not import '{{spec}}': it is outside the layers this code may use.",
      pkg: "'{{from}}' must not use the package '{{spec}}' (services use no Hono and no file system; domain and web use no server runtime).",
    },
  },
  create(context) {
    const from = layerOf(context.filename);
    if (!from) return {};
    // Unit tests beside their source run under Bun, whatever their layer: they may use bun:test and node:.
    const isTest = /\.test\.tsx?$/.test(context.filename);
    const check = (node, spec) => {
      if (typeof spec !== 'string') return;
      if (!spec.startsWith('.')) {
        if (isTest && /^(bun:test|node:)/.test(spec)) return;
        const banned = FORBIDDEN_PACKAGES[from] ?? [];
        if (banned.some((re) => re.test(spec))) context.report({ node, messageId: 'pkg', data: { from, spec } });
        return;
      }
      const allowed = ALLOWED[from];
      if (allowed === '*') return;
      const to = layerOf(resolve(dirname(context.filename), spec));
      if (!to) context.report({ node, messageId: 'outside', data: { from, spec } });
      else if (!allowed.includes(to)) context.report({ node, messageId: 'layer', data: { from, to, spec } });
    };
    const fromSource = (node) => node.source && check(node.source, node.source.value);
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export default { rules: { 'import-boundaries': importBoundaries } };
