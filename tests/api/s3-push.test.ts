import { afterAll, beforeAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { S3Client } from 'bun';
import type { EventPush, S3Settings } from '../../src/http/api-types.ts';
import { MULTIPART_FROM_BYTES, S3Bucket } from '../../src/storage/s3-bucket.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { S3_BUCKET, S3_KEY, startS3, type TestS3 } from '../helpers/s3rver.ts';
import { s3Settings } from './s3-moves.ts';
import { ROOT, startServer, type TestServer } from '../helpers/server.ts';
import { SERVER_RUNTIME_FLAGS } from '../../src/native/runtime-flags.ts';
import { daysFromNow, expectError, expectOk, PHOTOS } from './support.ts';

// 'Nach dem Event sichern' (issue 29): the push of an event to a real S3-compatible server (s3rver) on loopback.

let s3: TestS3;
let server: TestServer;
let admin: ApiClient;
let eventId: number;
let code: string;
const BUN = join(ROOT, 'node_modules', '.bin', 'bun');

// s3rver checks the key id only: a secret of our own shows where it would leak.
const SECRET = 'geheim-7d41c0ffee';
const settings = (prefix: string, secret = SECRET) => s3Settings(s3, prefix, secret);
const client = () => new S3Client({ endpoint: s3.endpoint, bucket: S3_BUCKET, region: 'us-east-1', ...S3_KEY });

/** Every object under the prefix: key (relative) -> SHA-256 and size, read back from the store. */
async function bucketContents(prefix: string): Promise<Map<string, { sha256: string; size: number }>> {
  const c = client();
  const listed = await c.list({ prefix: `${prefix}/`, maxKeys: 1000 });
  const out = new Map<string, { sha256: string; size: number }>();
  for (const o of listed.contents ?? []) {
    const bytes = await c.file(o.key).bytes();
    out.set(o.key.slice(prefix.length + 1), { sha256: new Bun.CryptoHasher('sha256').update(bytes).digest('hex'), size: bytes.length });
  }
  return out;
}

async function manifestOf(prefix: string) {
  return JSON.parse(await client().file(`${prefix}/events/${code}/manifest.json`).text()) as {
    objects: { key: string; sha256: string; size: number }[];
  };
}

/** The bucket under `prefix` holds exactly the manifest's objects (and the manifest), each with its hash and size. */
async function expectBucketEqualsManifest(prefix: string) {
  const manifest = await manifestOf(prefix);
  const contents = await bucketContents(prefix);
  const expected = new Map(manifest.objects.map((o) => [o.key, { sha256: o.sha256, size: o.size }]));
  contents.delete(`events/${code}/manifest.json`);
  expect([...contents.keys()].sort()).toEqual([...expected.keys()].sort());
  for (const [key, value] of expected) expect(contents.get(key)).toEqual(value);
  return manifest;
}

const pushOf = async () => (await admin.json<EventPush[]>('/api/admin/s3/pushes')).find((p) => p.event_id === eventId);

async function waitForPush(): Promise<EventPush> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const p = await pushOf();
    if (p && p.state !== 'running') return p;
    if (Date.now() > deadline) throw new Error(`push did not end: ${JSON.stringify(p)}`);
    await Bun.sleep(100);
  }
}

const createdUnder = (prefix: string) => s3.created.filter(([, key]) => key.startsWith(`${prefix}/`)).map(([, key]) => key);

beforeAll(async () => {
  s3 = await startS3();
  server = await startServer();
  admin = new ApiClient(server.url);
  await admin.login(server.adminPassword);
  // A finished event (it ended yesterday) with three photos and their thumbnails and previews.
  const event = await admin.createEvent({ event_start_datetime: daysFromNow(-8), event_duration_days: '7' });
  eventId = event.id;
  code = event.code;
  for (const photo of PHOTOS.slice(0, 3)) await admin.uploadOk(eventId, photo);
  const deadline = Date.now() + 90_000;
  while ((await admin.json<{ processing_state: string }[]>(`/api/event/${eventId}/uploads`)).some((u) => u.processing_state !== 'ready')) {
    if (Date.now() > deadline) throw new Error('photos not processed');
    await Bun.sleep(200);
  }
});
afterAll(async () => {
  await server?.stop();
  await s3?.stop();
});

test('the S3 settings are stored without ever sending the secret back, and Verbindung testen checks them', async () => {
  expect(await admin.json('/api/admin/s3')).toBeNull();
  await expectError(await admin.fetch('/api/admin/s3/push', { method: 'POST', json: {} }), 409, 'S3_NOT_CONFIGURED');
  const saved = await expectOk<S3Settings>(await admin.fetch('/api/admin/s3', { method: 'PUT', json: settings('/box-1/') }));
  expect(saved).toEqual({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    bucket: S3_BUCKET,
    prefix: 'box-1',
    access_key_id: 'S3RVER',
    has_secret: true,
  });
  // Saved again without a secret: the stored one stays (the browser never has it).
  await expectOk(await admin.fetch('/api/admin/s3', { method: 'PUT', json: { ...settings('box-1'), secret_access_key: '' } }));
  const read = await (await admin.fetch('/api/admin/s3')).text();
  expect(read).not.toContain('secret_access_key');
  expect(read).not.toContain(SECRET);
  expect(JSON.parse(read).has_secret).toBe(true);
  await expectOk(await admin.fetch('/api/admin/s3/test', { method: 'POST', json: { ...settings('box-1'), secret_access_key: '' } }));
  const wrongKey = { ...settings('box-1'), access_key_id: 'wrong-key-id' };
  const refused = await expectError(await admin.fetch('/api/admin/s3/test', { method: 'POST', json: wrongKey }), 502, 'S3_CHECK_FAILED');
  expect(refused.error).toContain('InvalidAccessKeyId');
  const closed = { ...settings('box-1'), endpoint: 'http://127.0.0.1:9' };
  await expectError(await admin.fetch('/api/admin/s3/test', { method: 'POST', json: closed }), 502, 'S3_CHECK_FAILED');
  await expectError(
    await admin.fetch('/api/admin/s3', { method: 'PUT', json: { ...settings('x'), endpoint: 'ftp://x' } }),
    400,
    'VALIDATION_ERROR',
  );
  // Only the admin.
  expect((await fetch(`${server.url}/api/admin/s3`)).status).toBe(401);
  // The secret is in no line the server wrote.
  expect(server.output()).not.toContain(SECRET);
});

test('the dashboard button pushes an event: originals by SHA-256, derived files, event.json, a manifest the bucket equals; a second push sends nothing', async () => {
  await expectOk(await admin.fetch('/api/admin/s3', { method: 'PUT', json: settings('box-1') }));
  await expectOk(await admin.fetch('/api/admin/s3/push', { method: 'POST', json: { event_id: eventId } }), 202);
  const done = await waitForPush();
  expect(done.state).toBe('done');
  expect(done.files_done).toBe(done.files_total);
  expect(done.bytes_done).toBe(done.bytes_total);
  expect(done.files_sent).toBe(done.files_total);
  const manifest = await expectBucketEqualsManifest('box-1');
  const uploads = await admin.json<{ id: number }[]>(`/api/event/${eventId}/uploads`);
  const originals = manifest.objects.filter((o) => o.key.startsWith('originals/'));
  expect(originals.length).toBe(uploads.length);
  for (const o of originals) expect(o.key).toBe(`originals/${o.sha256}`);
  expect(manifest.objects.filter((o) => o.key.startsWith(`events/${code}/derived/`)).length).toBeGreaterThanOrEqual(3 * 2);
  const bundle = JSON.parse(await client().file(`box-1/events/${code}/event.json`).text());
  expect(bundle.format).toBe('momentbox-event');
  expect(bundle.event.code).toBe(code);
  expect(bundle.uploads.length).toBe(3);

  const before = s3.created.length;
  await expectOk(await admin.fetch('/api/admin/s3/push', { method: 'POST', json: { event_id: eventId } }), 202);
  const again = await waitForPush();
  expect(again.state).toBe('done');
  expect(again.files_sent).toBe(0);
  expect(s3.created.length).toBe(before);
});

test('a push killed with SIGKILL mid-way continues on the next run: no object is sent twice and the bucket equals the manifest', async () => {
  await expectOk(await admin.fetch('/api/admin/s3', { method: 'PUT', json: settings('box-2') }));
  s3.slowWrites(300);
  const run = () =>
    Bun.spawn([BUN, ...SERVER_RUNTIME_FLAGS, join(ROOT, 'src', 'main.ts'), 'push', '--event', code, '--data-dir', server.dataDir], {
      cwd: ROOT,
      stdout: 'pipe',
      stderr: 'pipe',
    });
  const first = run();
  const deadline = Date.now() + 30_000;
  while (createdUnder('box-2').length < 2) {
    if (Date.now() > deadline || first.exitCode !== null) throw new Error(`no objects arrived: ${await new Response(first.stderr).text()}`);
    await Bun.sleep(10);
  }
  first.kill('SIGKILL');
  await first.exited;
  // Its requests still in the store's hands finish (or fail) before the next run looks.
  const settle = Date.now() + 10_000;
  while (s3.inFlight() > 0 && Date.now() < settle) await Bun.sleep(20);
  const cut = createdUnder('box-2');
  expect(cut).not.toContain(`box-2/events/${code}/manifest.json`);
  expect((await pushOf())?.state).toBe('interrupted');
  s3.slowWrites(0);

  const second = run();
  const out = await new Response(second.stdout).text();
  expect(await second.exited).toBe(0);
  expect(out).toMatch(new RegExp(`${code}: (\\d+)/\\1 files`));
  const sent = createdUnder('box-2');
  const twice = sent.filter((key, i) => sent.indexOf(key) !== i);
  expect(twice).toEqual([]);
  const manifest = await expectBucketEqualsManifest('box-2');
  expect(sent.length).toBe(manifest.objects.length + 1);
  expect(cut.length).toBeLessThan(manifest.objects.length);
  const result = await pushOf();
  expect(result?.state).toBe('done');
  expect(result?.files_sent).toBe(manifest.objects.length - cut.length);
});

test('large files go up in parts (multipart) and arrive whole', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'momentbox-big-'));
  try {
    const path = join(dir, 'big.bin');
    const bytes = new Uint8Array(MULTIPART_FROM_BYTES + 3 * 1024 * 1024).map((_, i) => i % 251);
    writeFileSync(path, bytes);
    const bucket = new S3Bucket({ endpoint: s3.endpoint, region: 'us-east-1', bucket: S3_BUCKET, prefix: 'big', ...S3_KEY });
    let counted = 0;
    await bucket.putFile('file.bin', path, (n) => (counted += n));
    expect(counted).toBe(bytes.length);
    expect(s3.created.at(-1)).toEqual(['ObjectCreated:Post', 'big/file.bin']);
    const back = await client().file('big/file.bin').bytes();
    expect(Buffer.from(back).equals(Buffer.from(bytes))).toBe(true);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
