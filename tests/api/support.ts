// Shared pieces of the API tests: one real server per test file, error-shape assertions, snapshots.
import { afterAll, beforeAll, expect } from 'bun:test';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { AdminEventDto, AlbumDto, ApiError, ErrorCode, UploadDto } from '../../src/http/api-types.ts';
import { ERROR_CODES } from '../../src/lib/errors.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { startAppServer, type AppServer } from '../helpers/app-server.ts';
import { FIXTURES, ROOT, startServer, type TestServer } from '../helpers/server.ts';

export { ApiClient };

/** Small camera JPEGs (different bytes, so no duplicate answers between them). */
export const PHOTOS = ['Canon_40D.jpg', 'Nikon_D70.jpg', 'Panasonic_DMC-FZ30.jpg', 'Pentax_K10D.jpg', 'Sony_HDR-HC3.jpg'].map((f) =>
  join(FIXTURES, 'photos', 'cameras', f),
);
export const PHOTO = PHOTOS[0]!;

/** The keys of an event as guests see it (GET /api/event/{code}), sorted. */
export const EVENT_FIELDS = [
  'allow_download',
  'auto_share_uploads',
  'camera',
  'code',
  'created_at',
  'event_duration_days',
  'event_end_datetime',
  'event_start_datetime',
  'event_viewable_until_datetime',
  'face_search',
  'header_style',
  'host_image_url',
  'id',
  'language',
  'name',
  'primary_color',
  'print',
  'secondary_color',
  'status',
  'strip_location',
  'wall',
];

/** The keys of an event as the admin sees it: the guest fields plus client token, size and upload count, sorted. */
export const ADMIN_EVENT_FIELDS = [
  ...EVENT_FIELDS,
  'client_token',
  'total_size_mb',
  'upload_count',
  'private_count',
  'last_upload_at',
  'setup',
].sort();

export interface ServerHandle<S = TestServer> {
  server: S;
  url: string;
  /** logged in as admin */
  admin: ApiClient;
  /** a fresh client without cookie or token */
  client(): ApiClient;
}

/**
 * Starts one real server for the test file (beforeAll) and stops it afterwards. Fields are filled in
 * beforeAll, so read them inside tests only.
 */
export function useServer(opts: Parameters<typeof startServer>[0] = {}): ServerHandle {
  return useHandle(() => startServer(opts));
}

/**
 * The same for a file whose tests need no server process of their own: the app served inside the test
 * process (tests/helpers/app-server.ts), the same HTTP paths without a process start; `server.clock` and
 * `server.services` are at hand.
 */
export function useAppServer(opts: Parameters<typeof startAppServer>[0] = {}): ServerHandle<AppServer> {
  return useHandle(() => startAppServer(opts));
}

function useHandle<S extends Omit<TestServer, 'proc'>>(start: () => Promise<S>): ServerHandle<S> {
  const handle = {} as ServerHandle<S>;
  beforeAll(async () => {
    handle.server = await start();
    handle.url = handle.server.url;
    handle.client = () => new ApiClient(handle.url);
    handle.admin = new ApiClient(handle.url);
    await handle.admin.login(handle.server.adminPassword);
  });
  afterAll(async () => {
    await handle.server?.stop();
  });
  return handle;
}

/** Builds web/dist when it is missing, so the server can answer non-API paths with the app. */
export async function ensureWebBuilt(): Promise<void> {
  if (existsSync(join(ROOT, 'web', 'dist', 'index.html'))) return;
  const proc = Bun.spawn([join(ROOT, 'node_modules', '.bin', 'vite'), 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdout: 'pipe',
    stderr: 'pipe',
  });
  if ((await proc.exited) !== 0) throw new Error(`vite build failed:\n${await new Response(proc.stderr).text()}`);
}

export type ErrorBody = ApiError;

/** Asserts a refusal: the status, a JSON body `{ error, code }` with a readable message, no stack trace. */
export async function expectError(res: Response, status: number, code?: ErrorCode, message?: string | RegExp): Promise<ErrorBody> {
  const text = await res.text();
  if (res.status !== status) throw new Error(`expected ${status}${code ? ` ${code}` : ''}, got ${res.status}: ${text.slice(0, 300)}`);
  expect(res.headers.get('content-type') ?? '').toContain('application/json');
  const body = JSON.parse(text) as ErrorBody;
  expect(typeof body.error).toBe('string');
  expect(body.error.length).toBeGreaterThan(0);
  expect(typeof body.code).toBe('string');
  expect(ERROR_CODES).toContain(body.code); // a code the contract lists (src/lib/errors.ts, the document's enum)
  expect(text).not.toMatch(/\bat .+\.(ts|js):\d+/); // no stack trace
  if (code) expect(body.code).toBe(code);
  if (typeof message === 'string') expect(body.error).toBe(message);
  else if (message) expect(body.error).toMatch(message);
  return body;
}

/** Asserts a 2xx JSON answer and returns its body. */
export async function expectOk<T = any>(res: Response, status?: number): Promise<T> {
  const text = await res.text();
  if (status ? res.status !== status : !res.ok) throw new Error(`expected ${status ?? '2xx'}, got ${res.status}: ${text.slice(0, 300)}`);
  expect(res.headers.get('content-type') ?? '').toContain('application/json');
  return JSON.parse(text) as T;
}

/** A JSON request with any body (including invalid or non-object JSON) and optional extra headers. */
export function send(
  client: ApiClient,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  if (body === undefined) return client.fetch(path, { method, headers });
  return client.fetch(path, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** A multipart form from plain fields. */
export function form(fields: Record<string, string | Blob>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
}

/** A unique, valid event code. */
export const uniqueCode = (prefix = 'ev') => `${prefix}-${crypto.randomUUID().slice(0, 8)}`;

export interface EventSnapshot {
  event: AdminEventDto | undefined;
  albums: AlbumDto[];
  uploads: UploadDto[];
  eventCount: number;
}

/** Everything the admin can read about an event, to compare before and after a refused call. */
export async function snapshot(admin: ApiClient, eventId: number): Promise<EventSnapshot> {
  const events = await admin.json<AdminEventDto[]>('/api/event/events');
  const event = events.find((e) => e.id === eventId);
  const albums = event ? await admin.json<AlbumDto[]>(`/api/event/${eventId}/albums`) : [];
  const uploads = event ? await admin.json<UploadDto[]>(`/api/event/${eventId}/uploads`) : [];
  // processing_state may move on by itself (queue); everything else must stay.
  return { event, albums, uploads: uploads.map((u) => ({ ...u, processing_state: 'ready' as const })), eventCount: events.length };
}

export async function expectUnchanged(admin: ApiClient, before: EventSnapshot): Promise<void> {
  const after = await snapshot(admin, before.event!.id);
  expect(after).toEqual(before);
}

/** The id of the event's 'Default Album' (uploads without albumId go by capture date or to 'Unsortiert'). */
export async function defaultAlbumId(admin: ApiClient, eventId: number): Promise<string> {
  const albums = await admin.json<AlbumDto[]>(`/api/event/${eventId}/albums`);
  return String(albums.find((a) => a.name === 'Default Album')!.id);
}

/** An ISO time `days` days from now. */
export const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** Polls the uploads list (bounded: 90 s) until the upload's processing has ended one way or the other. */
export async function waitForProcessing(client: ApiClient, eventId: number, id: number): Promise<UploadDto> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const row = (await client.json<UploadDto[]>(`/api/event/${eventId}/uploads`)).find((u) => u.id === id);
    if (row && row.processing_state !== 'pending' && row.processing_state !== 'processing') return row;
    if (Date.now() > deadline) throw new Error(`upload ${id} did not finish processing: ${JSON.stringify(row)}`);
    await Bun.sleep(250);
  }
}
