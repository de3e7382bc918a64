import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import exifr from 'exifr';
import sharp from 'sharp';
import { readdirSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import type { AdminEventDto, CheckExactAnswer, ChunkResult, ChunkStatus, UploadDto, UploadResult } from '../../src/http/api-types.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { chunkRequest, type ChunkWay } from '../helpers/chunked-upload.ts';
import { FIXTURES, startServer, type TestServer } from '../helpers/server.ts';
import { waitForProcessing } from './support.ts';

// Uploads through the real server: validation by content, derivatives, duplicates, chunked uploads with
// resume, visibility and permission rules, and file serving.

let server: TestServer;
let admin: ApiClient;

beforeAll(async () => {
  server = await startServer({ env: { MOMENTBOX_MAX_UPLOAD_MB: '20' } });
  admin = new ApiClient(server.url);
  await admin.login(server.adminPassword);
});
afterAll(async () => {
  await server.stop();
});

const photo = (dir: string, name: string) => join(FIXTURES, 'photos', dir, name);
const video = (name: string) => join(FIXTURES, 'videos', name);

async function guestOf(event: AdminEventDto, nickname?: string) {
  const guest = new ApiClient(server.url);
  const userId = await guest.joinAsGuest(event.code, nickname);
  return { guest, userId };
}

async function listAs(client: ApiClient, eventId: number, albumId?: number): Promise<UploadDto[]> {
  return client.json<UploadDto[]>(`/api/event/${eventId}/uploads${albumId ? `?albumId=${albumId}` : ''}`);
}

async function fetchBytes(client: ApiClient, path: string): Promise<Buffer> {
  const res = await client.fetch(path);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

/**
 * How a client lays out a chunk request: the spec's field order (the chunk first), the web app's (the
 * fields first, so the server writes the chunk straight into its place), or the fields in the query string.
 */
/** Sends one chunk of `bytes` (as the spec's client does, unless `way` says otherwise). */
async function sendChunkAs(
  client: ApiClient,
  eventId: number,
  bytes: Uint8Array,
  opts: { index: number; total: number; chunkSize: number; fileName: string; uploadId?: string; albumId?: number; way?: ChunkWay },
): Promise<Response> {
  const part = bytes.subarray(opts.index * opts.chunkSize, Math.min(bytes.length, (opts.index + 1) * opts.chunkSize));
  const fields = {
    chunkIndex: opts.index,
    totalChunks: opts.total,
    fileName: opts.fileName,
    fileSize: bytes.length,
    uploadId: opts.uploadId,
    albumId: opts.albumId,
    autoApprove: true,
  };
  const { path, body } = chunkRequest(eventId, part, fields, opts.way ?? 'spec order');
  return client.fetch(path, { method: 'POST', body });
}

describe('photos', () => {
  test('every EXIF orientation comes out upright and unmirrored, without metadata', async () => {
    const event = await admin.createEvent();
    const { guest } = await guestOf(event);
    const dir = join(FIXTURES, 'photos', 'orientation');
    // Reference: orientation 1 of each shape, as sharp sees it upright.
    const signature = async (buf: Buffer) => sharp(buf).resize(16, 16, { fit: 'fill' }).grayscale().raw().toBuffer();
    for (const shape of ['landscape', 'portrait']) {
      const ref = await guest.uploadOk(event.id, join(dir, `${shape}_1.jpg`));
      const refThumb = await fetchBytes(guest, ref.upload.thumbnail_path!);
      const refSig = await signature(refThumb);
      for (let o = 2; o <= 8; o++) {
        const res = await guest.uploadOk(event.id, join(dir, `${shape}_${o}.jpg`));
        const thumb = await fetchBytes(guest, res.upload.thumbnail_path!);
        const meta = await sharp(thumb).metadata();
        expect(meta.orientation ?? 1).toBe(1);
        if (shape === 'landscape') expect(meta.width!).toBeGreaterThan(meta.height!);
        else expect(meta.height!).toBeGreaterThan(meta.width!);
        const sig = await signature(thumb);
        const diff = sig.reduce((sum, v, i) => sum + Math.abs(v - refSig[i]!), 0) / sig.length;
        expect(diff).toBeLessThan(12);
        expect(res.upload.width! > res.upload.height!).toBe(shape === 'landscape');
      }
    }
  });

  test('derivatives of GPS photos carry no GPS, the original keeps it for its owner', async () => {
    const event = await admin.createEvent();
    const { guest } = await guestOf(event);
    for (const name of readdirSync(join(FIXTURES, 'photos', 'gps'))) {
      const res = await guest.uploadOk(event.id, photo('gps', name));
      expect(res.upload.processing_state).toBe('ready');
      for (const path of [res.upload.thumbnail_path!, res.upload.preview_path!]) {
        const bytes = await fetchBytes(guest, path);
        const gps = await exifr.gps(bytes).catch(() => undefined);
        expect(gps?.latitude).toBeUndefined();
      }
    }
  });

  test('broken photos are kept as failed with a placeholder, never crash, and the next upload works', async () => {
    const event = await admin.createEvent();
    const { guest } = await guestOf(event);
    const states: Record<string, string> = {};
    for (const name of readdirSync(join(FIXTURES, 'photos', 'invalid'))) {
      const res = await guest.upload(event.id, photo('invalid', name));
      // Every one is a JPEG by content, so it is accepted and kept, whatever its damage.
      expect(res.status).toBe(201);
      const body = (await res.json()) as UploadResult;
      states[name] = body.upload.processing_state;
      if (body.upload.processing_state === 'failed') expect(body.upload.thumbnail_path).toBeNull();
      else expect((await guest.fetch(body.upload.thumbnail_path!)).status).toBe(200);
      const original = await fetchBytes(guest, body.upload.file_path);
      expect(original.length).toBe(Bun.file(photo('invalid', name)).size);
    }
    // Only the truncated-data file cannot be decoded; the odd but readable ones get their thumbnails.
    expect(
      Object.entries(states)
        .filter(([, state]) => state === 'failed')
        .map(([name]) => name),
    ).toEqual(['corrupted.jpg']);
    expect(Object.values(states).filter((state) => state === 'ready')).toHaveLength(Object.keys(states).length - 1);
    const next = await guest.uploadOk(event.id, photo('cameras', 'Canon_40D.jpg'));
    expect(next.upload.processing_state).toBe('ready');
    expect((await guest.fetch(next.upload.thumbnail_path!)).status).toBe(200);
  });

  test('an HTML file named .mp4 is refused by content with the message naming the allowed types', async () => {
    const event = await admin.createEvent();
    const { guest } = await guestOf(event);
    const res = await guest.upload(event.id, video('html-disguised-as.mp4'));
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ error: 'Nur JPG, PNG, HEIC, MP4 und MOV Dateien erlaubt', code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(await listAs(admin, event.id)).toHaveLength(0);
  });

  test('an exact duplicate answers 409 with the existing id and stores nothing', async () => {
    const event = await admin.createEvent();
    const { guest } = await guestOf(event);
    const first = await guest.uploadOk(event.id, photo('cameras', 'Nikon_D70.jpg'));
    const again = await guest.upload(event.id, photo('cameras', 'Nikon_D70.jpg'));
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      code: 'DUPLICATE',
      error: 'Diese Datei wurde bereits hochgeladen',
      duplicate: { id: first.id },
    });
    expect(await listAs(admin, event.id)).toHaveLength(1);
    // Nothing of the second copy stays on disk: one original, one derived folder, no leftover in tmp/.
    const eventDir = join(server.dataDir, 'media', String(event.id));
    expect(readdirSync(join(eventDir, 'originals'))).toHaveLength(1);
    expect(readdirSync(join(eventDir, 'derived'))).toHaveLength(1);
    expect(readdirSync(join(server.dataDir, 'tmp')).filter((n) => n !== 'chunks')).toEqual([]);

    const sha = new Bun.CryptoHasher('sha256').update(await Bun.file(photo('cameras', 'Nikon_D70.jpg')).arrayBuffer()).digest('hex');
    expect(await guest.json(`/api/media/check-exact?sha256=${sha}&eventId=${event.id}`)).toEqual({
      exists: true,
      duplicate: { id: first.id },
    });
    expect(await guest.json(`/api/media/check-exact?sha256=${'0'.repeat(64)}&eventId=${event.id}`)).toEqual({
      exists: false,
      duplicate: null,
    });
  });

  test('without an album the capture date picks the album, else Unsortiert', async () => {
    const event = await admin.createEvent();
    // Canon_40D was taken 2008-05-30; the cameras are all 2007-2008.
    const dated = await admin.createAlbum(event.id, {
      name: 'Mai 2008',
      start_datetime: '2008-05-01T00:00:00Z',
      end_datetime: '2008-06-30T23:59:59Z',
    });
    const { guest } = await guestOf(event);
    const inWindow = await guest.uploadOk(event.id, photo('cameras', 'Canon_40D.jpg'));
    expect(inWindow.album_id).toBe(dated.id);
    const outside = await guest.uploadOk(event.id, photo('no-exif', 'no_exif.jpg'));
    const albums = await guest.json<{ id: number; name: string }[]>(`/api/event/${event.id}/albums`);
    const unsorted = albums.find((a) => a.name === 'Unsortiert');
    expect(unsorted).toBeDefined();
    expect(outside.album_id).toBe(unsorted!.id);
  });

  test('files are served with exact type, ETag, ranges, caching and nosniff; downloads as attachments', async () => {
    const event = await admin.createEvent();
    const { guest } = await guestOf(event);
    const up = await guest.uploadOk(event.id, photo('cameras', 'Pentax_K10D.jpg'), { autoApprove: 'true' });
    expect(up.upload.file_path).toMatch(/^\/media\/[0-9a-f]{32}\/original\.jpg$/);
    const res = await guest.fetch(up.upload.thumbnail_path!);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const etag = res.headers.get('etag')!;
    expect((await guest.fetch(up.upload.thumbnail_path!, { headers: { 'if-none-match': etag } })).status).toBe(304);
    const range = await guest.fetch(up.upload.file_path, { headers: { range: 'bytes=0-9' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe(`bytes 0-9/${Bun.file(photo('cameras', 'Pentax_K10D.jpg')).size}`);
    expect((await range.arrayBuffer()).byteLength).toBe(10);
    // Each form a player or a resuming download sends gets exactly those bytes of the file.
    const whole = new Uint8Array(await Bun.file(photo('cameras', 'Pentax_K10D.jpg')).arrayBuffer());
    const size = whole.length;
    for (const [header, start, end] of [
      ['bytes=-100', size - 100, size - 1],
      ['bytes=1000-', 1000, size - 1],
      ['bytes=500-1499', 500, 1499],
      [`bytes=${size - 5}-${size + 99}`, size - 5, size - 1],
    ] as const) {
      const part = await guest.fetch(up.upload.file_path, { headers: { range: header } });
      expect([header, part.status, part.headers.get('content-range')]).toEqual([header, 206, `bytes ${start}-${end}/${size}`]);
      expect(Buffer.from(await part.arrayBuffer()).equals(whole.subarray(start, end + 1))).toBe(true);
    }
    expect((await guest.fetch(up.upload.file_path, { headers: { range: `bytes=${size}-` } })).status).toBe(416);
    const dl = await guest.fetch(up.upload.download_path);
    expect(dl.headers.get('content-disposition')).toContain('attachment; filename="Pentax_K10D.jpg"');
    expect(dl.headers.get('content-type')).toBe('image/jpeg');
    // Nothing outside the media folder, no unknown key, no other extension of a known key.
    for (const bad of [
      '/media/%2e%2e%2f%2e%2e%2fetc/passwd',
      `/media/${up.upload.file_path.split('/')[2]}/..%2f..%2f..%2fmomentbox.db`,
      `/media/${'0'.repeat(32)}/original.jpg`,
      up.upload.file_path.replace('original.jpg', 'original.png'),
    ]) {
      const r = await guest.fetch(bad);
      expect(r.status).toBe(404);
      expect(await r.text()).not.toContain('root:');
    }
  });
});

describe('videos', () => {
  test('an iPhone HEVC MOV gets a poster and an H.264 preview; an Android MP4 plays as it is', async () => {
    const event = await admin.createEvent();
    const { guest } = await guestOf(event);
    const mov = await guest.uploadOk(event.id, video('iphone-hevc-rotated.mov'), { autoApprove: 'true' });
    expect(mov.upload.type).toBe('video');
    expect(mov.upload.mime_type).toBe('video/quicktime');
    const mp4 = await guest.uploadOk(event.id, video('android-h264.mp4'), { autoApprove: 'true' });
    // Answered before ffprobe has looked at it (the probe job does): its capture time, read from the header, is there already.
    expect(mp4.upload).toMatchObject({
      processing_state: 'pending',
      width: null,
      preview_path: null,
      taken_at: '2026-06-20T21:15:00.000Z',
    });
    const playable = await waitForProcessing(guest, event.id, mp4.id);
    expect(playable).toMatchObject({
      processing_state: 'ready',
      width: 1280,
      height: 720,
      duration_seconds: 3,
      preview_path: mp4.upload.file_path,
    });
    const ready = await waitForProcessing(guest, event.id, mov.id);
    expect(ready.processing_state).toBe('ready');
    expect(ready.preview_path).toMatch(/preview\.mp4$/);
    expect(ready.thumbnail_path).not.toBeNull();
    const preview = await fetchBytes(guest, ready.preview_path!);
    // +faststart: the moov box comes before mdat.
    const text = preview.toString('latin1');
    expect(text.indexOf('moov')).toBeLessThan(text.indexOf('mdat'));
    expect(text.includes('avc1')).toBe(true);
    // The fixture's README speaks of a 90° rotation, but its track matrix is the identity (ffprobe shows no
    // display matrix), so it is displayed as stored: 1920x1080.
    expect([ready.width, ready.height]).toEqual([1920, 1080]);
    expect(ready.duration_seconds).toBeCloseTo(3.02, 1);
    expect(ready.taken_at).toBe('2026-06-20T18:30:00.000Z');
  });

  test('a truncated video is kept as failed and does not stop the queue', async () => {
    const event = await admin.createEvent();
    const { guest } = await guestOf(event);
    const broken = await guest.upload(event.id, video('truncated.mp4'));
    expect(broken.status).toBe(201);
    const body = (await broken.json()) as UploadResult;
    const after = await waitForProcessing(guest, event.id, body.id);
    expect(after.processing_state).toBe('failed');
    expect(after.thumbnail_path).toBeNull();
    const next = await guest.uploadOk(event.id, video('no-metadata.mp4'));
    const done = await waitForProcessing(guest, event.id, next.id);
    expect(done.processing_state).toBe('ready');
  });
});

describe('chunked uploads', () => {
  const ways: (ChunkWay | 'mixed')[] = ['spec order', 'fields first', 'query string', 'mixed'];
  test.each(ways)('chunks out of order, twice, and with a gap resumed later assemble into the same file (%s)', async (way) => {
    const event = await admin.createEvent();
    const { guest } = await guestOf(event);
    const bytes = new Uint8Array(await Bun.file(video('iphone-hevc-rotated.mov')).arrayBuffer());
    const chunkSize = 100_000;
    const total = Math.ceil(bytes.length / chunkSize);
    const mixed: ChunkWay[] = ['query string', 'spec order', 'fields first'];
    const opts = { total, chunkSize, fileName: 'IMG_0001.MOV', uploadId: 'resume-test-0001' };
    const sendChunk = (client: ApiClient, eventId: number, b: Uint8Array, o: typeof opts & { index: number }) =>
      sendChunkAs(client, eventId, b, { ...o, way: way === 'mixed' ? mixed[o.index % 3] : way });
    // Out of order and one twice; chunk 3 missing (the connection "dropped").
    for (const index of [5, 0, 2, 1, 2, 4, ...Array.from({ length: total - 6 }, (_, i) => i + 6)]) {
      const res = await sendChunk(guest, event.id, bytes, { ...opts, index });
      expect(res.status).toBe(200);
      expect(((await res.json()) as ChunkResult).partial).toBe(true);
    }
    const status = await guest.json<ChunkStatus>(
      `/api/event/${event.id}/upload-chunk/status?fileName=IMG_0001.MOV&fileSize=${bytes.length}&totalChunks=${total}&uploadId=${opts.uploadId}`,
    );
    expect(status.complete).toBe(false);
    expect(status.received).toEqual(Array.from({ length: total }, (_, i) => i).filter((i) => i !== 3));
    const last = await sendChunk(guest, event.id, bytes, { ...opts, index: 3 });
    expect(last.status).toBe(200);
    const done = (await last.json()) as ChunkResult;
    expect(done.id).toBeNumber();
    expect(done.approved).toBe(true);
    const stored = await fetchBytes(guest, done.upload!.file_path);
    const sha256 = new Bun.CryptoHasher('sha256').update(bytes).digest('hex');
    expect(new Bun.CryptoHasher('sha256').update(stored).digest('hex')).toBe(sha256);
    // The hash kept while the chunks came in is the file's: the duplicate check knows it.
    expect(await guest.json<CheckExactAnswer>(`/api/media/check-exact?sha256=${sha256}&eventId=${event.id}`)).toMatchObject({
      exists: true,
      duplicate: { id: done.id },
    });
    // The last chunk again (its answer was lost): same upload, not a duplicate error.
    const repeat = (await (await sendChunk(guest, event.id, bytes, { ...opts, index: 3 })).json()) as ChunkResult;
    expect(repeat.id).toBe(done.id);
    expect(await listAs(admin, event.id)).toHaveLength(1);
  });

  test("the last chunk's answer lost: the status tells the phone the file was stored but cannot be read", async () => {
    const event = await admin.createEvent();
    const { guest } = await guestOf(event);
    const bytes = new Uint8Array(await Bun.file(video('truncated.mp4')).arrayBuffer());
    const chunkSize = Math.ceil(bytes.length / 3);
    const opts = { total: 3, chunkSize, fileName: 'broken.mp4', uploadId: 'lost-answer-0001', way: 'fields first' as const };
    for (const index of [0, 1, 2]) expect((await sendChunkAs(guest, event.id, bytes, { ...opts, index })).status).toBe(200); // the last answer never arrives
    const status = await guest.json<ChunkStatus>(
      `/api/event/${event.id}/upload-chunk/status?fileName=broken.mp4&fileSize=${bytes.length}&totalChunks=3&uploadId=${opts.uploadId}`,
    );
    expect(status).toMatchObject({ complete: true, received: [0, 1, 2], approved: true });
    expect(status.upload).toMatchObject({ id: status.id, processing_state: 'failed' });
  });

  test('the declared size over the limit is refused with FILE_TOO_LARGE and maxSizeBytes', async () => {
    const event = await admin.createEvent();
    const { guest } = await guestOf(event);
    const form = new FormData();
    form.append('chunk', new File([new Uint8Array(10)], 'blob'));
    form.append('chunkIndex', '0');
    form.append('totalChunks', '30');
    form.append('fileName', 'huge.mp4');
    form.append('fileSize', String(21 * 1024 * 1024));
    const res = await guest.fetch(`/api/event/${event.id}/upload-chunk`, { method: 'POST', body: form });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'FILE_TOO_LARGE', maxSizeBytes: 20 * 1024 * 1024 });
  });

  test('chunk fields that do not fit are refused with 400, the field named, and nothing kept', async () => {
    const event = await admin.createEvent();
    const { guest } = await guestOf(event);
    const bytes = new Uint8Array(3000);
    const base = { total: 3, chunkSize: 1000, fileName: 'v.mp4', uploadId: 'bad-fields-0001', index: 0 };
    const cases: [Partial<typeof base> & { way?: ChunkWay }, string][] = [
      [{ index: 3 }, 'chunkIndex'],
      [{ total: 0 }, 'totalChunks'],
      [{ uploadId: 'no spaces!', way: 'fields first' }, 'uploadId'],
      [{ index: 5, way: 'query string' }, 'chunkIndex'],
    ];
    for (const [change, field] of cases) {
      const res = await sendChunkAs(guest, event.id, bytes, { ...base, ...change });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'VALIDATION_ERROR', field, error: `${field} ist ungültig` });
    }
    const status = await guest.fetch(`/api/event/${event.id}/upload-chunk/status?fileName=v.mp4&fileSize=x&totalChunks=3`);
    expect(status.status).toBe(400);
    expect(await status.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'fileSize', error: 'fileSize ist ungültig' });
    const held = await guest.json<ChunkStatus>(
      `/api/event/${event.id}/upload-chunk/status?fileName=v.mp4&fileSize=3000&totalChunks=3&uploadId=bad-fields-0001`,
    );
    expect(held).toMatchObject({ received: [], complete: false });
  });

  test('a whole file whose declared length is over the limit is refused before it is read', async () => {
    const event = await admin.createEvent();
    const { guest } = await guestOf(event);
    // Declares 21 MB but sends only the multipart head and 64 KB, then waits with the connection open.
    // The answer can only come from the declared length: a server that read on until its streaming cap
    // would wait for bytes that never come, and the test ends at its guard without an answer.
    const boundary = 'momentbox-declared-size';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
    const declared = 21 * 1024 * 1024;
    const firstBytes = new Uint8Array(64 * 1024);
    firstBytes.set([0xff, 0xd8, 0xff, 0xe0]);
    const { hostname, port } = new URL(server.url);
    const cookie = [...guest.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const answer = await new Promise<string>((resolve, reject) => {
      let received = '';
      const guard = setTimeout(() => {
        socket.destroy();
        reject(new Error(`no answer while the body was still unsent; got: ${received.slice(0, 200)}`));
      }, 15_000);
      const socket = connect({ host: hostname, port: Number(port) }, () => {
        socket.write(
          `POST /api/event/${event.id}/upload HTTP/1.1\r\nHost: ${hostname}:${port}\r\nCookie: ${cookie}\r\n` +
            `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${declared}\r\n\r\n${head}`,
        );
        socket.write(firstBytes);
      });
      socket.on('data', (d) => {
        received += d.toString('latin1');
        if (received.includes('\r\n\r\n') && received.includes('}')) {
          clearTimeout(guard);
          socket.destroy();
          resolve(received);
        }
      });
      socket.on('error', (err) => {
        clearTimeout(guard);
        reject(err);
      });
    });
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 413 Payload Too Large');
    expect(JSON.parse(answer.slice(answer.indexOf('{')))).toMatchObject({ code: 'FILE_TOO_LARGE' });
    expect(await listAs(admin, event.id)).toHaveLength(0);
  });
});

test('a whole file over the limit sent without a declared length is cut off while it streams', async () => {
  const event = await admin.createEvent();
  const { guest } = await guestOf(event);
  const boundary = 'momentbox-test-boundary';
  const enc = new TextEncoder();
  let sent = 0;
  // A streamed body (chunked transfer, no Content-Length): 25 MB of JPEG-looking bytes.
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(
        enc.encode(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
      );
      c.enqueue(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]));
    },
    pull(c) {
      if (sent >= 25 * 1024 * 1024) {
        c.enqueue(enc.encode(`\r\n--${boundary}--\r\n`));
        c.close();
        return;
      }
      c.enqueue(new Uint8Array(1024 * 1024));
      sent += 1024 * 1024;
    },
  });
  const res = await guest
    .fetch(`/api/event/${event.id}/upload`, {
      method: 'POST',
      body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      duplex: 'half',
    } as RequestInit)
    .catch(() => null);
  // The server answers 413 as soon as the limit is passed (or closes the connection on the sender).
  if (res) {
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'FILE_TOO_LARGE', maxSizeBytes: 20 * 1024 * 1024 });
  }
  expect(await listAs(admin, event.id)).toHaveLength(0);
  expect(readdirSync(join(server.dataDir, 'tmp')).filter((n) => n !== 'chunks')).toEqual([]);
});

test('a bad albumId is refused and leaves nothing behind in tmp/', async () => {
  const event = await admin.createEvent();
  const { guest } = await guestOf(event);
  const res = await guest.upload(event.id, photo('cameras', 'Canon_40D.jpg'), { albumId: 'drop table' });
  expect(res.status).toBe(400);
  expect(await res.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'albumId' });
  expect(readdirSync(join(server.dataDir, 'tmp')).filter((n) => n !== 'chunks')).toEqual([]);
});

describe('who may do what with uploads', () => {
  test('listing, approve, withdraw and delete follow the permission table', async () => {
    const event = await admin.createEvent();
    const { guest: owner } = await guestOf(event, 'Anna');
    const { guest: other } = await guestOf(event, 'Ben');
    const visitor = new ApiClient(server.url);
    const up = await owner.uploadOk(event.id, photo('cameras', 'Sony_HDR-HC3.jpg'));
    expect(up.approved).toBe(false);

    const ids = async (c: ApiClient) => (await listAs(c, event.id)).map((u) => u.id);
    expect(await ids(owner)).toEqual([up.id]);
    expect(await ids(other)).toEqual([]);
    expect(await ids(visitor)).toEqual([]);
    expect(await ids(admin)).toEqual([up.id]);

    const path = `/api/event/${event.id}/upload/${up.id}`;
    expect((await other.fetch(`${path}/approve`, { method: 'PUT' })).status).toBe(403);
    expect((await visitor.fetch(`${path}/approve`, { method: 'PUT' })).status).toBe(403);
    const approved = await owner.json<UploadDto>(`${path}/approve`, { method: 'PUT' });
    expect(approved.approved).toBe(true);
    const seen = await listAs(other, event.id);
    expect(seen.map((u) => u.id)).toEqual([up.id]);
    expect(seen[0]!.uploader_nickname).toBe('Anna');
    expect(await ids(visitor)).toEqual([up.id]);

    expect((await owner.json<UploadDto>(`${path}/reject`, { method: 'PUT' })).approved).toBe(false);
    expect(await ids(other)).toEqual([]);
    expect((await admin.json<UploadDto>(`${path}/approve`, { method: 'PUT' })).approved).toBe(true);

    expect((await other.fetch(path, { method: 'DELETE' })).status).toBe(403);
    expect((await visitor.fetch(path, { method: 'DELETE' })).status).toBe(403);
    const file = up.upload.file_path;
    // Served a moment ago (the media route keeps which upload a key names for a few seconds), gone at once after the delete.
    const thumbnail = up.upload.thumbnail_path!;
    expect((await other.fetch(thumbnail)).status).toBe(200);
    expect((await owner.fetch(path, { method: 'DELETE' })).status).toBe(200);
    expect(await ids(admin)).toEqual([]);
    expect((await admin.fetch(file)).status).toBe(404);
    expect((await other.fetch(thumbnail)).status).toBe(404);
  });

  test('a visitor cannot upload, and uploads outside the event window are refused with their code', async () => {
    const active = await admin.createEvent();
    const visitor = new ApiClient(server.url);
    const refused = await visitor.upload(active.id, photo('cameras', 'Canon_40D.jpg'));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'CONSENT_REQUIRED' });

    const cases = [
      { start: new Date(Date.now() + 86_400_000), code: 'EVENT_NOT_STARTED' },
      { start: new Date(Date.now() - 20 * 86_400_000), code: 'EVENT_ENDED' },
      { start: new Date(Date.now() - 60 * 86_400_000), code: 'EVENT_EXPIRED' },
    ];
    for (const c of cases) {
      const event = await admin.createEvent({ event_start_datetime: c.start.toISOString(), event_duration_days: '14' });
      const { guest } = await guestOf(event);
      const res = await guest.upload(event.id, photo('cameras', 'Canon_40D.jpg'));
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ code: c.code });
      // The admin may still add to it.
      expect((await admin.upload(event.id, photo('cameras', 'Canon_40D.jpg'))).status).toBe(201);
    }
  });

  test('an API key uploads without a cookie, approved, and is marked used', async () => {
    const event = await admin.createEvent();
    const key = await admin.json<{ id: number; api_key: string }>('/api/admin/api-keys', {
      method: 'POST',
      json: { name: `booth-${event.id}` },
    });
    const booth = new ApiClient(server.url);
    const viaHeader = await booth.upload(event.id, photo('cameras', 'Canon_40D.jpg'), {});
    expect(viaHeader.status).toBe(403);
    const form = new FormData();
    form.append('file', new File([await Bun.file(photo('cameras', 'Canon_40D.jpg')).arrayBuffer()], 'booth.jpg'));
    const res = await booth.fetch(`/api/event/${event.id}/upload`, { method: 'POST', body: form, headers: { 'X-API-Key': key.api_key } });
    expect(res.status).toBe(201);
    expect(((await res.json()) as UploadResult).approved).toBe(true);
    const keys = await admin.json<{ id: number; last_used_at: string | null }[]>('/api/admin/api-keys');
    expect(keys.find((k) => k.id === key.id)!.last_used_at).not.toBeNull();
    // A key is no admin: it cannot list events.
    expect((await booth.fetch('/api/event/events', { headers: { authorization: `Bearer ${key.api_key}` } })).status).toBe(403);
  });

  test('statistics and the dashboard count the real bytes on disk', async () => {
    const event = await admin.createEvent();
    const { guest } = await guestOf(event);
    await guest.uploadOk(event.id, photo('phones', 'iphone_hdr_YES.jpg'));
    const stats = await admin.json<{ uploads: number; total_size_mb: number }>(`/api/event/${event.id}/statistics`);
    expect(stats.uploads).toBe(1);
    const originalMb = Bun.file(photo('phones', 'iphone_hdr_YES.jpg')).size / 1048576;
    expect(stats.total_size_mb).toBeGreaterThan(originalMb);
    const listed = (await admin.json<AdminEventDto[]>('/api/event/events')).find((e) => e.id === event.id)!;
    expect(listed.total_size_mb).toBe(stats.total_size_mb);
  });
});

test('JSON lists are gzip-compressed for clients that accept it; media bytes are not', async () => {
  const event = await admin.createEvent();
  const { guest } = await guestOf(event);
  const ids: number[] = [];
  for (const name of ['Canon_40D.jpg', 'Nikon_D70.jpg', 'Pentax_K10D.jpg'])
    ids.push((await guest.uploadOk(event.id, photo('cameras', name))).id);
  const res = await fetch(`${server.url}/api/event/${event.id}/uploads`, {
    headers: { 'accept-encoding': 'gzip', authorization: `Bearer ${admin.adminToken}` },
    decompress: false,
  } as RequestInit);
  expect(res.headers.get('content-encoding')).toBe('gzip');
  const list = JSON.parse(new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await res.arrayBuffer())))) as UploadDto[];
  expect(list.map((u) => u.id).sort()).toEqual(ids.sort());
  const media = await fetch(server.url + list[0]!.file_path, { headers: { 'accept-encoding': 'gzip' }, decompress: false } as RequestInit);
  expect(media.headers.get('content-encoding')).toBeNull();
});
