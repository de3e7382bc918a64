import { beforeAll, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AdminEventDto, AlbumDto, ClientTokenAnswer, UploadResult } from '../../src/http/api-types.ts';
import { FIXTURES, ROOT } from '../helpers/server.ts';
import { ensureWebBuilt, PHOTOS, useServer } from './support.ts';

// Issue 11: a bounded fuzz run over every route of docs/api.md. A few thousand requests mutate the method,
// the path parameters, the query, the headers (credentials, Origin, content types, ranges) and the body
// (JSON of every shape, broken JSON, multipart with real, truncated and random files). Every answer must
// be below 500 (a degraded /healthz may say 503), and no body may show a stack trace or a path of the
// machine. Afterwards the server still answers and a sentinel upload is byte for byte what was sent.
//
// The seed is printed with every failure (MOMENTBOX_FUZZ_SEED repeats a run). The sentinel lives in its
// own event whose ids are never handed to a write, so only a bug can touch it.

const REQUESTS = 3000;
const seed = Number(process.env.MOMENTBOX_FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));

// The fuzzed routes include the web app's pages: without a build they answer differently (run alone, before `vite build`).
beforeAll(ensureWebBuilt); // registered before the server starts
const srv = useServer();

/** mulberry32: a small seeded generator, so a failing run can be repeated. */
function rng(state: number) {
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Method, path template and query names of every route in docs/api.md (`PUT /a/{x}/approve` / `reject` gives both). */
function routesOfDocs(): { method: string; path: string; query: string[] }[] {
  const routes: { method: string; path: string; query: string[] }[] = [];
  for (const line of readFileSync(join(ROOT, 'docs', 'api.md'), 'utf8').split('\n')) {
    const m = /^\|\s*`(GET|POST|PUT|DELETE|PATCH) ([^`\s]+)`(?:\s*\/\s*`(\w+)`)?/.exec(line);
    if (!m) continue;
    const [path, search = ''] = m[2]!.split('?') as [string, string?];
    const query = search
      .split('&')
      .map((pair) => pair.split('=')[0]!)
      .filter((name) => name !== '');
    routes.push({ method: m[1]!, path, query });
    // '`PUT …/heart` / `DELETE` same': the same path with another method; '`POST …/approve` / `withdraw`': another last segment.
    if (m[3] && /^(GET|POST|PUT|DELETE|PATCH)$/.test(m[3])) routes.push({ method: m[3], path, query });
    else if (m[3]) routes.push({ method: m[1]!, path: path.replace(/[^/]+$/, m[3]), query });
  }
  return routes;
}

type Operation = {
  parameters?: { name: string; in: string; description?: string; schema?: object }[];
  responses?: Record<string, { content?: Record<string, { schema?: object }>; headers?: Record<string, unknown> }>;
};
type OpenApiDocument = { paths: Record<string, Record<string, Operation>> };

/**
 * What a client generator would miss for each route of docs/api.md: the operation itself, a described
 * schema for each path parameter (the library's own stand-in is a bare string without description), each
 * query parameter api.md names, and a success answer with a schema (or a redirect's Location).
 */
function undescribed(document: OpenApiDocument, routes: ReturnType<typeof routesOfDocs>): string[] {
  const template = (path: string) => path.replace(/\{[^}]+\}/g, '{}');
  const problems: string[] = [];
  for (const route of routes) {
    const name = `${route.method} ${template(route.path)}`;
    // `/api/event/{code}` and `/api/event/{id}` share a template: the one with this method.
    const entry = Object.entries(document.paths)
      .filter(([path]) => template(path) === template(route.path))
      .map(([path, operations]) => ({ path, operation: operations[route.method.toLowerCase()] }))
      .find((e) => e.operation);
    if (!entry) {
      problems.push(`${name}: not in the document`);
      continue;
    }
    const operation = entry.operation!;
    const parameters = operation.parameters ?? [];
    for (const param of entry.path.match(/\{[^}]+\}/g) ?? []) {
      const described = parameters.find((p) => p.in === 'path' && `{${p.name}}` === param);
      if (!described?.description || !described.schema) problems.push(`${name}: path parameter ${param} has no schema of its own`);
    }
    for (const query of route.query) {
      if (!parameters.some((p) => p.in === 'query' && p.name === query)) problems.push(`${name}: query parameter ${query} missing`);
    }
    const success = Object.entries(operation.responses ?? {}).filter(([status]) => /^[23]\d\d$/.test(status));
    const answered = success.some(
      ([status, r]) =>
        (status.startsWith('3') && r.headers?.Location) ||
        Object.values(r.content ?? {}).some((media) => media.schema && Object.keys(media.schema).length > 0),
    );
    if (!answered) problems.push(`${name}: no success answer with a schema`);
  }
  return problems;
}

test('every documented route is described in the OpenAPI document: path parameters, query parameters, success answer', async () => {
  const document = (await (await fetch(`${srv.url}/api/openapi.json`)).json()) as OpenApiDocument;
  const routes = routesOfDocs();
  expect(undescribed(document, routes)).toEqual([]);

  // The check sees a gap: one route without its parameter's schema, its query and its answer's schema.
  const gap = structuredClone(document);
  const albums = gap.paths['/api/event/{eventId}/uploads']!.get!;
  albums.parameters = albums
    .parameters!.map((p) => (p.in === 'path' ? { name: p.name, in: 'path', schema: { type: 'string' } } : p))
    .filter((p) => p.in !== 'query');
  albums.responses!['200']!.content!['application/json']!.schema = {};
  expect(undescribed(gap, routes)).toEqual([
    'GET /api/event/{}/uploads: path parameter {eventId} has no schema of its own',
    'GET /api/event/{}/uploads: query parameter albumId missing',
    'GET /api/event/{}/uploads: query parameter limit missing',
    'GET /api/event/{}/uploads: query parameter cursor missing',
    'GET /api/event/{}/uploads: query parameter sort missing',
    'GET /api/event/{}/uploads: no success answer with a schema',
  ]);
});

test(`fuzz: ${REQUESTS} mutated requests over every documented route; no 5xx, no stack, no internal path, sentinel intact`, async () => {
  const random = rng(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const chance = (p: number) => random() < p;
  const { admin } = srv;

  // The sentinel: its own event, uploaded first; its ids stay out of every pool a write draws from.
  // Originals as stored (the camera photo carries a GPS position that 'Standortdaten entfernen' would hide).
  const sentinelEvent = await admin.createEvent({ name: 'Sentinel', strip_location: 'false' });
  const sentinelBytes = readFileSync(PHOTOS[0]!);
  const sentinel = await admin.uploadOk(sentinelEvent.id, PHOTOS[0]!);

  // The world the fuzz may change: an event, albums (one hidden), a guest, a host token, uploads. The fuzz
  // may delete the event or change its code and token (as admin): then the world is read again or made anew.
  async function makeWorld() {
    const event = await admin.createEvent({ name: 'Fuzz' });
    const album = await admin.createAlbum(event.id, { name: 'Tanz' });
    const hidden = await admin.createAlbum(event.id, { name: 'Versteckt' });
    await admin.json<AlbumDto>(`/api/album/${hidden.id}`, { method: 'PUT', json: { visible: false } });
    const guest = srv.client();
    const userId = await guest.joinAsGuest(event.code, 'Fuzzi');
    const guestUpload = await guest.uploadOk(event.id, PHOTOS[1]!);
    const adminUpload = await admin.uploadOk(event.id, PHOTOS[2]!, { albumId: String(album.id) });
    const { client_token: token } = await admin.json<ClientTokenAnswer>(`/api/client/generate-token/${event.id}`, { method: 'POST' });
    return { event, album, hidden, userId, guestUpload, adminUpload, token };
  }
  async function refreshWorld(w: Awaited<ReturnType<typeof makeWorld>>) {
    const now = (await admin.json<AdminEventDto[]>('/api/event/events')).find((e) => e.id === w.event.id);
    if (!now) return makeWorld();
    return { ...w, event: now, token: now.client_token ?? w.token };
  }
  let world = await makeWorld();
  const key = await admin.json<{ id: number; api_key: string }>('/api/admin/api-keys', { method: 'POST', json: { name: 'Fuzz-Box' } });
  const storageKey = (u: UploadResult) => u.upload.file_path.split('/')[2]!;

  const routes = routesOfDocs();
  expect(routes.length).toBeGreaterThanOrEqual(40);

  // Values that are not ids (none of them parses to a positive integer, so no sentinel id can appear).
  const bogus = [
    '0',
    '-1',
    '9007199254740993',
    '99999999',
    'abc',
    '1e3',
    '1.5',
    '%00',
    '%2e%2e',
    '..',
    '%ff',
    'null',
    'undefined',
    ' ',
    'A'.repeat(300),
    '😀',
    '%E2%80%AE',
    '{id}',
    '[]',
  ];
  const pools: Record<string, () => string> = {
    eventId: () => (chance(0.7) ? String(world.event.id) : pick(bogus)),
    id: () => (chance(0.7) ? String(world.event.id) : pick(bogus)),
    albumId: () => (chance(0.7) ? String(pick([world.album.id, world.hidden.id])) : pick(bogus)),
    uploadId: () => (chance(0.7) ? String(pick([world.guestUpload.id, world.adminUpload.id])) : pick(bogus)),
    code: () => (chance(0.7) ? world.event.code : pick([...bogus, 'SELECT*', 'a'.repeat(80), sentinelEvent.code])),
    token: () => (chance(0.6) ? world.token : pick([...bogus, 'f'.repeat(64)])),
    userId: () => (chance(0.6) ? world.userId : pick([...bogus, crypto.randomUUID()])),
    key: () => pick([storageKey(world.adminUpload), storageKey(world.guestUpload), storageKey(sentinel), '0'.repeat(32), ...bogus]),
    file: () => pick(['original.jpg', 'thumbnail.jpg', 'preview.jpg', 'preview.mp4', 'original.png', '..%2f..%2fmomentbox.db', ...bogus]),
  };
  /** Album and API key routes name their own kinds of {id}. */
  const poolFor = (path: string, name: string) => {
    if (name === 'id' && path.startsWith('/api/album/')) return pools.albumId!;
    if (name === 'id' && path.startsWith('/api/admin/api-keys/')) return () => (chance(0.3) ? String(key.id) : pick(bogus));
    return pools[name] ?? (() => pick(bogus));
  };

  const jsonValues = (): unknown =>
    pick([
      null,
      true,
      false,
      0,
      -1,
      1.5,
      2 ** 53 + 2,
      NaN,
      '',
      'Unsortiert',
      'x'.repeat(5000),
      '<script>alert(1)</script>',
      '\u202E\u0000',
      world.userId,
      crypto.randomUUID(),
      world.event.id,
      String(world.event.id),
      world.album.id,
      world.hidden.id,
      [],
      [1, 'a'],
      {},
      { a: { b: { c: [] } } },
      '2026-02-30T25:61:00Z',
      '2025-06-01T20:00:00Z',
      '0000000000000000',
      'ffffffffffffffff',
      64,
      65,
      '#8B5CF6',
      'split',
      'A4',
    ]);
  const FIELDS = [
    'name',
    'code',
    'userId',
    'nickname',
    'password',
    'currentPassword',
    'newPassword',
    'visible',
    'start_datetime',
    'end_datetime',
    'phash',
    'phash_bucket',
    'eventId',
    'threshold',
    'albumId',
    'autoApprove',
    'primary_color',
    'header_style',
    'allow_download',
    'event_duration_days',
    'event_start_datetime',
    '__proto__',
    'constructor',
  ];
  const jsonBody = (): string => {
    if (chance(0.1)) return pick(['{', '[]', 'null', '"x"', '{"a":', '\u0000', '{"name":"\ud800"}', '1'.repeat(2000), '{"a":1,"a":2}']);
    const body: Record<string, unknown> = {};
    for (let i = Math.floor(random() * 6); i > 0; i--) body[pick(FIELDS)] = jsonValues();
    return JSON.stringify(body);
  };
  const jpeg = readFileSync(PHOTOS[3]!);
  const files = [
    () => new Blob([jpeg]),
    () => new Blob([jpeg.subarray(0, 2000)]),
    () => new Blob([crypto.getRandomValues(new Uint8Array(Math.floor(random() * 4000)))]),
    () => new Blob([new Uint8Array(0)]),
    () => new Blob([readFileSync(join(FIXTURES, 'photos', 'cameras', 'Nikon_D70.jpg')).subarray(0, 300)]),
    () => new Blob([Buffer.from('\x00\x00\x00\x18ftypmp42\x00\x00\x00\x00mp42isom' + 'x'.repeat(500), 'latin1')]),
    () => new Blob([Buffer.from('\x89PNG\r\n\x1a\n' + 'y'.repeat(100), 'latin1')]),
  ];
  const multipartBody = (): FormData => {
    const form = new FormData();
    if (chance(0.8))
      form.append(
        pick(['file', 'chunk', 'host_image', 'other']),
        pick(files)(),
        pick(['a.jpg', '', '../../x.jpg', '\u202Egpj.exe', 'x'.repeat(400), 'ü😀.mov']),
      );
    const fields = ['albumId', 'autoApprove', 'userId', 'chunkIndex', 'totalChunks', 'fileName', 'fileSize', 'uploadId', ...FIELDS];
    for (let i = Math.floor(random() * 7); i > 0; i--) form.append(pick(fields), String(jsonValues()));
    return form;
  };

  const credentials: (() => Record<string, string>)[] = [
    () => ({}),
    () => ({ authorization: `Bearer ${admin.adminToken}` }),
    () => ({ cookie: `event_${world.event.code}=${world.userId}` }),
    () => ({ 'x-api-key': key.api_key }),
    () => ({ authorization: `Bearer ${key.api_key}` }),
    () => ({ authorization: pick(['Bearer', 'Basic YTpi', 'Bearer x y', `Bearer ${'a'.repeat(5000)}`, 'bearer \u0000']) }),
    () => ({
      cookie: pick([
        `event_${world.event.code}=not-a-uuid`,
        `event_${world.event.code}=${crypto.randomUUID()}`,
        '=;;=',
        `event_${world.event.code}=%E2%80%AE`,
      ]),
    }),
  ];
  const extraHeaders = (): Record<string, string> => {
    const h: Record<string, string> = {};
    if (chance(0.2)) h.origin = pick(['http://evil.example', srv.url, 'null', 'garbage']);
    if (chance(0.15)) h['sec-fetch-site'] = pick(['cross-site', 'same-site', 'same-origin', 'none']);
    if (chance(0.1)) h.host = pick(['evil.example', 'localhost', '[::1]:1', 'a'.repeat(300)]);
    if (chance(0.15)) h.range = pick(['bytes=0-10', 'bytes=-5', 'bytes=999999-', 'bytes=5-1', 'bytes=a-b', 'items=0-1', 'bytes=0-1,3-4']);
    if (chance(0.1)) h['if-none-match'] = pick(['*', '"x"', 'W/"y"']);
    if (chance(0.1)) h['accept-encoding'] = pick(['gzip', 'br', 'identity', '*;q=0']);
    return h;
  };

  const machinePaths = [ROOT, srv.server.dataDir, '/work/', '/tmp/', 'node_modules', '/usr/'];
  const stackTrace = /\bat .+\.(ts|js|mjs):\d+|\n\s+at |TypeError|ReferenceError|SQLITE_|ENOENT|EACCES/;
  const failures: string[] = [];
  const statuses = new Map<number, number>();
  let skipped = 0;
  const adminToken = admin.adminToken!;

  for (let i = 0; i < REQUESTS; i++) {
    const route = pick(routes);
    const method = chance(0.8) ? route.method : pick(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS']);
    let path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => poolFor(route.path, name)());
    if (chance(0.3))
      path += `?${pick(['albumId', 'sha256', 'eventId', 'ticket', 'download', 'fileName', 'fileSize', 'totalChunks', 'uploadId', 'x'])}=${encodeURIComponent(String(jsonValues()))}`;
    if (chance(0.05))
      path = pick([path + '/', path + '%00', path.replace(/\/[^/]*$/, '/..'), path + '/' + 'Z'.repeat(400), path.toUpperCase()]);
    const headers: Record<string, string> = { ...pick(credentials)(), ...extraHeaders() };
    // Writes with the admin's token never log it out (the fuzz keeps its admin session).
    if (headers.authorization === `Bearer ${adminToken}` && path.startsWith('/api/admin/logout')) delete headers.authorization;
    let body: BodyInit | undefined;
    if (method !== 'GET' && method !== 'HEAD') {
      const kind = random();
      if (kind < 0.45) {
        body = jsonBody();
        headers['content-type'] = pick([
          'application/json',
          'application/json; charset=utf-8',
          'text/plain',
          'application/x-www-form-urlencoded',
        ]);
      } else if (kind < 0.85) {
        body = multipartBody();
      } else if (kind < 0.95) {
        body = pick(['a=1&b=2', '', '\u0000\u0001', '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc']);
        headers['content-type'] = pick([
          'multipart/form-data; boundary=x',
          'multipart/form-data',
          'application/x-www-form-urlencoded',
          'application/octet-stream',
        ]);
      }
    }
    const label = `#${i} ${method} ${path.slice(0, 160)} (seed ${seed})`;
    let res: Response;
    try {
      res = await fetch(srv.url + path, { method, headers, body, redirect: 'manual' });
    } catch (err) {
      // A request the client itself cannot build (a header value it refuses) is no finding about the server.
      if (err instanceof TypeError && /header|invalid/i.test(err.message)) {
        skipped++;
        continue;
      }
      failures.push(`${label}: no answer (${(err as Error).message})`);
      break;
    }
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    const type = res.headers.get('content-type') ?? '';
    const text = /json|text|html/.test(type) ? await res.text() : (await res.arrayBuffer(), '');
    const degradedHealth = path === '/healthz' && res.status === 503;
    if (res.status >= 500 && !degradedHealth) failures.push(`${label}: ${res.status} ${text.slice(0, 200)}`);
    if (stackTrace.test(text)) failures.push(`${label}: stack trace in body: ${text.slice(0, 200)}`);
    for (const p of machinePaths) if (text.includes(p)) failures.push(`${label}: machine path ${p} in body`);
    if (failures.length > 20) break;
    if (i % 50 === 49) world = await refreshWorld(world);
  }
  console.log(`fuzz seed ${seed}: ${JSON.stringify(Object.fromEntries(statuses))}, ${skipped} not sendable`);
  expect(failures).toEqual([]);

  // Still alive, and the sentinel is untouched: the same bytes through HTTP and on disk.
  const health = await fetch(`${srv.url}/healthz`);
  expect(health.status).toBe(200);
  const original = await admin.fetch(sentinel.upload.file_path); // the uploader sees its file as sent
  expect(original.status).toBe(200);
  expect(Buffer.from(await original.arrayBuffer()).equals(sentinelBytes)).toBe(true);
  const onDisk = new Bun.Glob(`media/*/originals/${storageKey(sentinel)}*`).scanSync({ cwd: srv.server.dataDir, absolute: true });
  const diskFiles = [...onDisk];
  expect(diskFiles).toHaveLength(1);
  expect(readFileSync(diskFiles[0]!).equals(sentinelBytes)).toBe(true);
  expect(srv.server.output()).not.toContain('request failed');
}, 600_000);
