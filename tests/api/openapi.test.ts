// The OpenAPI document: valid OpenAPI 3.1, the same as the checked-in docs/openapi.json, and listing every
// route that docs/api.md describes.
import { describe, expect, test } from 'bun:test';
import { Validator } from '@seriousme/openapi-schema-validator';
import { join } from 'node:path';
import { ROOT } from '../helpers/server.ts';
import { useAppServer } from './support.ts';

const srv = useAppServer();

type Document = { openapi: string; paths: Record<string, Record<string, unknown>> };
const served = async () => (await (await srv.client().fetch('/api/openapi.json')).json()) as Document;

/** `METHOD /path` in backticks in docs/api.md, with `{param}` names and query strings dropped for comparison. */
function documentedRoutes(markdown: string): string[] {
  const routes = new Set<string>();
  for (const m of markdown.matchAll(/`(GET|POST|PUT|DELETE|PATCH) (\/[^`?\s]*)[^`]*`/g)) routes.add(`${m[1]} ${normalise(m[2]!)}`);
  return [...routes].sort();
}
const normalise = (path: string) => path.replace(/\{[^}]+\}/g, '{}');

describe('GET /api/openapi.json', () => {
  test('is a valid OpenAPI 3.1 document', async () => {
    const document = await served();
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  test('is the checked-in docs/openapi.json (run `npm run openapi` after changing a route)', async () => {
    const checkedIn = await Bun.file(join(ROOT, 'docs', 'openapi.json')).json();
    expect(await served()).toEqual(checkedIn);
  });

  test('lists every route of docs/api.md', async () => {
    const document = await served();
    const listed = new Set(
      Object.entries(document.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${normalise(path)}`)),
    );
    const documented = documentedRoutes(await Bun.file(join(ROOT, 'docs', 'api.md')).text());
    expect(documented.length).toBeGreaterThan(40);
    expect(documented.filter((r) => !listed.has(r))).toEqual([]);
  });

  test('declares who may call each operation, the server, and one path for the event itself', async () => {
    type Operation = { security?: Record<string, string[]>[] };
    const document = (await served()) as Document & {
      servers: { url: string }[];
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(document.servers.map((s) => s.url)).toEqual(['/']);
    const schemes = Object.keys(document.components.securitySchemes);
    expect(schemes.sort()).toEqual(['adminBearer', 'apiKeyBearer', 'apiKeyHeader', 'guestCookie', 'hostToken']);
    const operations = Object.entries(document.paths).flatMap(([path, ops]) =>
      Object.entries(ops as Record<string, Operation>).map(([method, op]) => ({ path, method, op })),
    );
    for (const { path, method, op } of operations) {
      expect(op.security?.length ?? 0, `${method} ${path} names no caller`).toBeGreaterThan(0);
      for (const requirement of op.security!) for (const name of Object.keys(requirement)) expect(schemes).toContain(name);
    }
    const security = (path: string, method: string) => (document.paths[path]![method] as Operation).security;
    expect(security('/api/client/event-statistics/{token}', 'get')).toEqual([{ hostToken: [] }]);
    expect(security('/api/event/{eventId}/statistics', 'get')).toEqual([{ adminBearer: [] }]);
    expect(security('/api/event/{eventId}/upload', 'post')).toEqual([
      { guestCookie: [] },
      { adminBearer: [] },
      { apiKeyBearer: [] },
      { apiKeyHeader: [] },
    ]);
    expect(security('/api/admin/login', 'post')).toEqual([{}]);
    // GET by code and PUT/DELETE by id: one template (the server takes both, tests/api/events.test.ts)
    expect(Object.keys(document.paths).filter((p) => /^\/api\/event\/\{[^}]+\}$/.test(p))).toEqual(['/api/event/{event}']);
    expect(Object.keys(document.paths['/api/event/{event}']!).sort()).toEqual(['delete', 'get', 'put']);
  });

  test('a described route carries its request schema and the error shape', async () => {
    const consent = (await served()).paths['/api/event/{code}/consent']!.post as {
      requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
      responses: Record<string, unknown>;
    };
    expect(Object.keys(consent.requestBody.content['application/json']!.schema.properties)).toEqual(['userId']);
    expect(consent.responses['400']).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
    });
  });
});
