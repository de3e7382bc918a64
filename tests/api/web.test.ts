// What is not an API call: unknown /api paths answer JSON 404; other paths get the web app.
import { beforeAll, describe, expect, test } from 'bun:test';
import { ensureWebBuilt, expectError, useAppServer } from './support.ts';

beforeAll(ensureWebBuilt); // registered before the server starts
const srv = useAppServer();

describe('unknown paths', () => {
  test.each([
    ['GET', '/api/nope'],
    ['GET', '/api/event/1/nope'],
    ['POST', '/api/nope'],
    ['DELETE', '/api/admin'],
    ['GET', '/api/admin/api-keys/1/extra'],
    ['PATCH', '/api/event/1'],
  ])('%s %s is 404 JSON NOT_FOUND', async (method, path) => {
    await expectError(await srv.client().fetch(path, { method }), 404, 'NOT_FOUND');
  });

  test.each([
    '/',
    '/admin',
    '/admin/dashboard',
    '/event/some-code',
    '/event/token/settings',
    '/impressum',
    '/no/such/page',
    '/event/x/recover/y',
  ])('%s answers the web app (index.html, 200 text/html)', async (path) => {
    const res = await srv.client().fetch(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('<div id="root"');
    expect(html.toLowerCase()).toContain('<!doctype html>');
  });

  test('built assets are served with their type; a path outside web/dist is not', async () => {
    const html = await (await srv.client().fetch('/')).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const js = await srv.client().fetch(script!);
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toContain('javascript');
    expect(js.headers.get('cache-control')).toContain('immutable');
    // Traversal gets the app page, never a file from elsewhere.
    for (const path of ['/../package.json', '/%2e%2e/package.json', '/assets/..%2f..%2fpackage.json']) {
      const res = await srv.client().fetch(path);
      const text = await res.text();
      expect(text).not.toContain('"devDependencies"');
    }
  });

  test('scripts and styles go out gzipped to a browser that asks (a third of the bytes), as they are to one that does not', async () => {
    const html = await (await srv.client().fetch('/')).text();
    // Every script and style the page names (the entry is a small loader; the app comes as a modulepreload).
    const paths = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
    expect(paths.filter((p) => p.endsWith('.js')).length).toBeGreaterThan(0);
    let largestScript = { raw: 0, gz: 0 };
    for (const path of paths) {
      const plain = await fetch(srv.url + path, { headers: { 'accept-encoding': 'identity' }, decompress: false } as RequestInit);
      const zipped = await fetch(srv.url + path, { headers: { 'accept-encoding': 'gzip, deflate, br' }, decompress: false } as RequestInit);
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(zipped.headers.get('content-encoding')).toBe('gzip');
      expect(zipped.headers.get('vary')).toBe('Accept-Encoding');
      const [raw, gz] = [new Uint8Array(await plain.arrayBuffer()), new Uint8Array(await zipped.arrayBuffer())];
      if (path.endsWith('.js') && raw.length > largestScript.raw) largestScript = { raw: raw.length, gz: gz.length };
      expect(Bun.gunzipSync(gz)).toEqual(raw);
    }
    // The app's code (tens of kilobytes) shrinks to well under half; a loader of a few hundred bytes cannot.
    expect(largestScript.raw).toBeGreaterThan(50_000);
    expect(largestScript.gz).toBeLessThan(largestScript.raw / 2);
  });
});
