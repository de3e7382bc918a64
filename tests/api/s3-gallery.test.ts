import { afterAll, beforeAll, expect, test } from 'bun:test';
import exifr from 'exifr';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { S3Client } from 'bun';
import type { GalleryPublication } from '../../src/http/api-types.ts';
import { folderGalleryTarget, GalleryFolderRefused } from '../../src/storage/gallery-target.ts';
import { GPS_PHOTO, makeGalleryEvent, type GalleryEvent } from '../helpers/gallery-event.ts';
import { S3_BUCKET, S3_KEY, startS3, type TestS3 } from '../helpers/s3rver.ts';
import { ROOT } from '../helpers/server.ts';
import { SERVER_RUNTIME_FLAGS } from '../../src/native/runtime-flags.ts';
import { expectError, expectOk, form, useAppServer } from './support.ts';

// 'Online-Galerie veröffentlichen' (issue 29): the read-only gallery of an event written to a real S3-compatible
// server (s3rver) on loopback. Only what a visitor sees, in every file: no hidden album, no upload waiting for
// approval, no GPS position; Content-Type per object; publishing again replaces it.

const srv = useAppServer();
let s3: TestS3;
let g: GalleryEvent;
const PREFIX = 'box-7';
const BUN = join(ROOT, 'node_modules', '.bin', 'bun');
const client = () => new S3Client({ endpoint: s3.endpoint, bucket: S3_BUCKET, region: 'us-east-1', ...S3_KEY });

beforeAll(async () => {
  s3 = await startS3();
  g = await makeGalleryEvent(srv.admin, srv.client());
  const settings = {
    endpoint: s3.endpoint,
    region: 'us-east-1',
    bucket: S3_BUCKET,
    prefix: PREFIX,
    access_key_id: S3_KEY.accessKeyId,
    secret_access_key: S3_KEY.secretAccessKey,
  };
  await expectOk(await srv.admin.fetch('/api/admin/s3', { method: 'PUT', json: settings }));
}, 120_000);
afterAll(async () => {
  await s3?.stop();
});

const galleryOf = async () =>
  (await srv.admin.json<GalleryPublication[]>('/api/admin/s3/galleries')).find((p) => p.event_id === g.event.id);

async function publish(body: Record<string, unknown> = {}): Promise<GalleryPublication> {
  await expectOk(await srv.admin.fetch('/api/admin/s3/gallery', { method: 'POST', json: { event_id: g.event.id, ...body } }), 202);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const p = await galleryOf();
    if (p && p.state !== 'running') return p;
    if (Date.now() > deadline) throw new Error(`publication did not end: ${JSON.stringify(p)}`);
    await Bun.sleep(100);
  }
}

/** The gallery's objects under its folder: key (relative) -> bytes and Content-Type. */
async function objects(folder: string): Promise<Map<string, { bytes: Buffer; type: string }>> {
  const c = client();
  const listed = await c.list({ prefix: folder, maxKeys: 1000 });
  const out = new Map<string, { bytes: Buffer; type: string }>();
  for (const o of listed.contents ?? []) {
    const file = c.file(o.key);
    out.set(o.key.slice(folder.length), { bytes: Buffer.from(await file.bytes()), type: (await file.stat()).type });
  }
  return out;
}

const keyOf = (id: number) => srv.server.services.uploads.get(g.event.id, id).storageKey;
const folderOf = (url: string) => new URL(url).pathname.replace(`/${S3_BUCKET}/`, '').replace(/index\.html$/, '');

/** Nothing of the hidden album or the waiting upload, in any file: not their storage keys, hashes, names or the album's name. */
function expectNothingPrivate(files: Map<string, { bytes: Buffer }>) {
  const secrets = [g.hiddenAlbumName, 'hidden-album-secret-4b1d', 'pending-upload-secret-9c2a'];
  for (const u of [g.hidden, g.pending]) {
    const row = srv.server.services.uploads.get(g.event.id, u.id);
    secrets.push(row.storageKey, row.sha256);
  }
  for (const [key, { bytes }] of files) {
    const text = bytes.toString('latin1');
    for (const s of secrets) expect({ key, found: text.includes(s) || key.includes(s) }).toEqual({ key, found: false });
  }
}

test('the gallery holds every visible photo (thumbnail, preview, original) and index.html, each with its Content-Type; nothing private, no GPS', async () => {
  const done = await publish();
  expect(done).toMatchObject({ state: 'done', secret_link: true, error: null });
  expect(done.files_done).toBe(done.files_total);
  expect(done.bytes_done).toBe(done.bytes_total);
  // Behind 128 random bits, under the target's prefix and its own gallery/ folder.
  expect(done.url).toMatch(new RegExp(`^${s3.endpoint}/${S3_BUCKET}/${PREFIX}/gallery/[0-9a-f]{32}/index\\.html$`));
  const folder = folderOf(done.url!);
  const files = await objects(folder);

  // Per upload its thumbnail (a video's poster), what the lightbox shows (a video plays its original when that is playable) and its original.
  const expected = ['index.html'];
  for (const u of g.shown) {
    const row = srv.server.services.uploads.get(g.event.id, u.id);
    const view = u.type === 'photo' ? 'preview.jpg' : row.previewFile === 'original' ? `original.${row.originalExt}` : 'preview.mp4';
    expected.push(...new Set(['thumb.jpg', view, `original.${row.originalExt}`].map((f) => `media/${row.storageKey}/${f}`)));
  }
  expect([...files.keys()].sort()).toEqual(expected.sort());
  const TYPES: Record<string, string> = { html: 'text/html; charset=utf-8', jpg: 'image/jpeg', mp4: 'video/mp4' };
  for (const [key, { type }] of files) expect({ key, type }).toEqual({ key, type: TYPES[key.split('.').pop()!]! });

  expectNothingPrivate(files);
  // The photo with GPS: on the box its original has the position; in the gallery no JPEG has one.
  expect((await exifr.gps(readFileSync(GPS_PHOTO)))?.latitude).toBeCloseTo(43.4674, 3);
  for (const [key, { bytes }] of files) {
    if (!key.endsWith('.jpg')) continue;
    const gps: unknown = await exifr.gps(bytes);
    expect({ key, gps }).toEqual({ key, gps: undefined });
  }
  const gpsOriginal = files.get(`media/${keyOf(g.gps.id)}/original.jpg`)!.bytes;
  expect(await exifr.parse(gpsOriginal, ['Make'])).toMatchObject({ Make: 'NIKON' });

  // index.html names the albums as sections and every picture by its relative path, and makes no other request.
  const html = files.get('index.html')!.bytes.toString();
  expect(html).toContain('<title>Hochzeit Anna &amp; Ben</title>');
  expect(html.indexOf('Trauung')).toBeGreaterThan(-1);
  expect(html.indexOf('Party')).toBeGreaterThan(-1);
  for (const key of files.keys()) if (key !== 'index.html' && !key.endsWith('original.jpg')) expect(html).toContain(`"${key}"`);
  expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
  expect(html).toContain('--primary:#7C3AED');
});

test('publishing again replaces the gallery: same link, thumbnails and previews not sent again, what a visitor no longer sees is gone; no downloads, no originals', async () => {
  const first = (await galleryOf())!;
  const folder = folderOf(first.url!);
  // The couple withdraws one photo and turns downloads off.
  await expectOk(await srv.admin.fetch(`/api/event/${g.event.id}/upload/${g.shown[0]!.id}/reject`, { method: 'PUT' }));
  await expectOk(await srv.admin.fetch(`/api/event/${g.event.id}`, { method: 'PUT', body: form({ allow_download: 'false' }) }));
  const sentBefore = s3.created.length;
  const again = await publish();
  expect(again.url).toBe(first.url);
  // Sent again: the page, and originals (what a visitor gets of them follows the event's location setting); never a preview.
  const sent = s3.created.slice(sentBefore).map(([, key]) => key.slice(folder.length));
  expect(sent).toContain('index.html');
  expect(sent.filter((k) => k !== 'index.html' && !/\/original\.[a-z0-9]+$/.test(k))).toEqual([]);
  const files = await objects(folder);
  // No originals now, but a video's playable file where that is its original.
  const expected = ['index.html'];
  for (const u of g.shown.slice(1)) {
    const row = srv.server.services.uploads.get(g.event.id, u.id);
    const view = u.type === 'photo' ? 'preview.jpg' : row.previewFile === 'original' ? `original.${row.originalExt}` : 'preview.mp4';
    expected.push(`media/${row.storageKey}/thumb.jpg`, `media/${row.storageKey}/${view}`);
  }
  expect([...files.keys()].sort()).toEqual(expected.sort());
  expect(files.get('index.html')!.bytes.toString()).not.toContain(keyOf(g.shown[0]!.id));
  expectNothingPrivate(files);
});

test('under the event code instead of a secret folder: the gallery moves and the old folder is emptied', async () => {
  const before = folderOf((await galleryOf())!.url!);
  const moved = await publish({ secret_link: false });
  expect(moved.secret_link).toBe(false);
  expect(moved.url).toBe(`${s3.endpoint}/${S3_BUCKET}/${PREFIX}/gallery/${g.event.code}/index.html`);
  expect((await objects(before)).size).toBe(0);
  expect((await objects(folderOf(moved.url!))).has('index.html')).toBe(true);
});

test('momentbox publish --out: the same files in a folder; a folder holding other files is refused; only the admin publishes', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'momentbox-gallery-out-'));
  try {
    const out = join(dir, 'stick');
    const cli = (target: string) =>
      Bun.spawnSync(
        [
          BUN,
          ...SERVER_RUNTIME_FLAGS,
          join(ROOT, 'src', 'main.ts'),
          'publish',
          '--event',
          g.event.code,
          '--out',
          target,
          '--data-dir',
          srv.server.dataDir,
        ],
        { cwd: ROOT, stdout: 'pipe', stderr: 'pipe' },
      );
    const run = cli(out);
    expect({ exit: run.exitCode, out: run.stdout.toString() }).toMatchObject({
      exit: 0,
      out: expect.stringContaining(`Published to ${out}/index.html`),
    });
    const fromBucket = await objects(folderOf((await galleryOf())!.url!));
    const onDisk = await folderGalleryTarget(out).list();
    expect([...onDisk.keys()].sort()).toEqual([...fromBucket.keys()].sort());
    // A folder with someone's own files is refused, and left as it was.
    const own = join(dir, 'own');
    mkdirSync(own);
    writeFileSync(join(own, 'tax-2026.pdf'), 'mine');
    expect(() => folderGalleryTarget(own)).toThrow(GalleryFolderRefused);
    const refused = cli(own);
    expect(refused.exitCode).toBe(1);
    expect(refused.stdout.toString()).toContain('holds other files');
    expect(readdirSync(own)).toEqual(['tax-2026.pdf']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  expect((await srv.client().fetch('/api/admin/s3/gallery', { method: 'POST', json: { event_id: g.event.id } })).status).toBe(401);
  await expectError(await srv.admin.fetch('/api/admin/s3/gallery', { method: 'POST', json: { event_id: 999999 } }), 404, 'NOT_FOUND');
});

test('one publication of an event at a time: a second click while it runs answers 409 GALLERY_RUNNING', async () => {
  s3.slowWrites(2000); // the second click comes while the first's writes wait, however busy the machine
  try {
    await expectOk(await srv.admin.fetch('/api/admin/s3/gallery', { method: 'POST', json: { event_id: g.event.id } }), 202);
    await expectError(
      await srv.admin.fetch('/api/admin/s3/gallery', { method: 'POST', json: { event_id: g.event.id } }),
      409,
      'GALLERY_RUNNING',
    );
  } finally {
    s3.slowWrites(0);
  }
  const deadline = Date.now() + 60_000;
  while ((await galleryOf())?.state === 'running') {
    if (Date.now() > deadline) throw new Error('publication did not end');
    await Bun.sleep(100);
  }
  expect((await galleryOf())?.state).toBe('done');
});
