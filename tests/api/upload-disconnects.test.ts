import { afterAll, beforeAll, expect, test } from 'bun:test';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import type { AdminEventDto, ChunkStatus } from '../../src/http/api-types.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { BOUNDARY, fdCount, multipartHead, openPartialPost, tmpContents, waitFor, writingInto } from '../helpers/raw-upload.ts';
import { FIXTURES, startServer, type TestServer } from '../helpers/server.ts';

// Phones leave the Wi-Fi and lock their screens in the middle of uploads. Each cut-off or silent upload
// must end on the server: the process lives on, every file handle is closed, no temp file stays, and
// the chunks a phone already delivered stay for it to resume.

const IDLE_SECONDS = 2;
let server: TestServer;
let admin: ApiClient;
let guest: ApiClient;
let event: AdminEventDto;
let cookie: string;

beforeAll(async () => {
  server = await startServer({ env: { MOMENTBOX_REQUEST_IDLE_SECONDS: String(IDLE_SECONDS) } });
  admin = new ApiClient(server.url);
  await admin.login(server.adminPassword);
  event = await admin.createEvent();
  guest = new ApiClient(server.url);
  await guest.joinAsGuest(event.code);
  cookie = [...guest.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
});
afterAll(async () => {
  await server.stop();
});

const DECLARED = 60 * 1024 * 1024;
// Real file heads, so the server accepts the type and starts writing before the cut.
const photoHead = readFileSync(join(FIXTURES, 'photos', 'cameras', 'Canon_40D.jpg')).subarray(0, 4096);
const someBytes = (head: Buffer) => Buffer.concat([head, randomBytes(512 * 1024)]);

function wholeFile() {
  return { path: `/api/event/${event.id}/upload`, body: Buffer.concat([multipartHead({}, 'file', 'big.jpg'), someBytes(photoHead)]) };
}

function chunk(uploadId: string, index: number) {
  const fields = { chunkIndex: String(index), totalChunks: '100', fileName: 'big.mp4', fileSize: String(DECLARED), uploadId };
  return {
    path: `/api/event/${event.id}/upload-chunk`,
    body: Buffer.concat([multipartHead(fields, 'chunk', 'blob'), someBytes(photoHead)]),
  };
}

/** The server is writing the body we sent (a temp file, or a chunk in place). */
const writing = () => writingInto(server.proc.pid, server.dataDir);

async function cutOff(req: { path: string; body: Buffer }) {
  const { socket, closed } = await openPartialPost(server.url, req.path, { Cookie: cookie }, DECLARED, req.body);
  expect(await waitFor(writing, 10_000)).toBe(true);
  socket.destroy();
  await closed;
}

async function healthy() {
  const res = await fetch(`${server.url}/healthz`, { headers: { connection: 'close' } });
  expect(res.status).toBe(200);
  await res.arrayBuffer();
}

test('100 uploads cut off or gone silent: same process, same file descriptors, nothing left in tmp/, delivered chunks kept', async () => {
  // Warm-up: one of everything once, so lazily opened descriptors are counted in the baseline.
  await guest.uploadOk(event.id, join(FIXTURES, 'photos', 'cameras', 'Nikon_D70.jpg'));
  await cutOff(wholeFile());
  await healthy();
  expect(await waitFor(() => !writing(), 10_000)).toBe(true);
  const pid = server.proc.pid;
  await Bun.sleep((IDLE_SECONDS + 1) * 1000); // the warm-up's kept-alive connections are closed first, so the baseline holds none
  const fdsBefore = fdCount(pid);

  for (let i = 0; i < 45; i++) {
    await cutOff(wholeFile());
    await cutOff(chunk(`cut-chunk-${i}-abcdef`, 0));
    if (i % 10 === 0) await healthy();
  }
  // Ten phones that go silent mid-body: the server ends each after the idle time and closes the socket.
  const silent = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      openPartialPost(
        server.url,
        i % 2 ? wholeFile().path : chunk(`silent-${i}-abcdef`, 0).path,
        { Cookie: cookie },
        DECLARED,
        (i % 2 ? wholeFile() : chunk(`silent-${i}-abcdef`, 0)).body,
      ),
    ),
  );
  const ended = await Promise.race([
    Promise.all(silent.map((s) => s.closed)).then(() => true),
    Bun.sleep((IDLE_SECONDS + 15) * 1000).then(() => false),
  ]);
  expect(ended).toBe(true);

  // The server is the same process and serves ordinary requests.
  for (let i = 0; i < 10; i++) await healthy();
  expect(server.proc.exitCode).toBeNull();
  expect(server.proc.pid).toBe(pid);
  expect(server.output()).not.toContain('FileHandle');

  // Nothing of the 100 bodies remains; every descriptor they used is closed again.
  expect(await waitFor(() => tmpContents(server.dataDir).files.length === 0, 10_000)).toBe(true);
  expect(tmpContents(server.dataDir)).toEqual({ files: [], chunkSessions: [] });
  await waitFor(() => fdCount(pid) <= fdsBefore, 10_000);
  console.log(`open descriptors of the server: ${fdsBefore} before, ${fdCount(pid)} after 100 aborted uploads`);
  expect(fdCount(pid)).toBe(fdsBefore);
}, 120_000);

test('a chunked upload cut in its second chunk keeps the first, and the phone resumes from the status', async () => {
  const bytes = randomBytes(3 * 256 * 1024);
  const size = 256 * 1024;
  const uploadId = 'resume-after-cut-1';
  const fields = (index: number) => ({
    chunkIndex: String(index),
    totalChunks: '3',
    fileName: 'clip.jpg',
    fileSize: String(bytes.length),
    uploadId,
  });
  const part = (index: number) => bytes.subarray(index * size, (index + 1) * size);
  const sendChunk = (index: number) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields(index))) form.append(k, v);
    form.append('chunk', new File([part(index)], 'blob'));
    return guest.fetch(`/api/event/${event.id}/upload-chunk`, { method: 'POST', body: form });
  };
  bytes.set(photoHead.subarray(0, 2048), 0); // a JPEG by content

  expect((await sendChunk(0)).status).toBe(200);
  const head = Buffer.concat([multipartHead(fields(1), 'chunk', 'blob'), part(1).subarray(0, 100 * 1024)]);
  await cutOff({ path: `/api/event/${event.id}/upload-chunk`, body: head });
  expect(await waitFor(() => !writing(), 10_000)).toBe(true);

  const query = new URLSearchParams({ totalChunks: '3', fileName: 'clip.jpg', fileSize: String(bytes.length), uploadId });
  const status = await guest.json<ChunkStatus>(`/api/event/${event.id}/upload-chunk/status?${query}`);
  expect(status.received).toEqual([0]);
  expect((await sendChunk(1)).status).toBe(200);
  const last = await sendChunk(2);
  expect(last.status).toBe(200);
  const done = (await last.json()) as { partial: boolean; id: number };
  expect(done.partial).toBe(false);
  const stored = await guest.fetch(`/api/event/${event.id}/uploads`);
  const list = (await stored.json()) as { id: number; file_path: string }[];
  const file = list.find((u) => u.id === done.id)!;
  const served = Buffer.from(await (await guest.fetch(file.file_path)).arrayBuffer());
  expect(served.equals(bytes)).toBe(true);
}, 60_000);

test('a slow upload that keeps sending (above the minimum rate of 1 KB/s) is not cut, however long it takes beyond the idle time', async () => {
  // 12 KB in 5 s: slower than any phone on venue Wi-Fi, faster than a trickle that holds a request open (body-limits.test.ts).
  const photo = readFileSync(join(FIXTURES, 'photos', 'cameras', 'Pentax_K10D.jpg'));
  const body = Buffer.concat([multipartHead({}, 'file', 'slow.jpg'), photo, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
  const { socket, closed } = await openPartialPost(
    server.url,
    `/api/event/${event.id}/upload`,
    { Cookie: cookie },
    body.length,
    Buffer.alloc(0),
  );
  let answer = '';
  socket.on('data', (d) => (answer += d.toString()));
  // In 20 pieces over (IDLE_SECONDS * 2.5) seconds: every pause is far below the idle time, the whole far above it.
  const pieces = 20;
  for (let i = 0; i < pieces; i++) {
    socket.write(body.subarray(Math.floor((i * body.length) / pieces), Math.floor(((i + 1) * body.length) / pieces)));
    await Bun.sleep((IDLE_SECONDS * 2500) / pieces);
  }
  await Promise.race([closed, waitFor(() => answer.includes('\r\n\r\n{'), 30_000)]);
  socket.destroy();
  expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 201 Created');
}, 60_000);

/** GETs `path` on a raw socket, reading about 1.5 MB/s for the first 6 MB, then at full speed; the bytes received. */
async function slowGet(path: string, stopAt: number): Promise<number> {
  const { hostname, port } = new URL(server.url);
  const reader = connect({ host: hostname, port: Number(port) });
  await new Promise<void>((resolve) => reader.once('connect', () => resolve()));
  reader.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAuthorization: Bearer ${admin.adminToken}\r\n\r\n`);
  let received = 0;
  const ended = new Promise<void>((resolve) => reader.on('close', () => resolve()));
  reader.on('error', () => {});
  reader.on('data', (d: Buffer) => {
    received += d.length;
    if (received >= stopAt) return void reader.destroy();
    // Slow for the first 6 MB (three times the idle time, while the server still has far more to send than
    // the kernel buffers hold), then at full speed.
    if (received > 6 * 1024 * 1024) return;
    reader.pause();
    setTimeout(() => reader.resume(), Math.ceil((d.length / (1.5 * 1024 * 1024)) * 1000));
  });
  await Promise.race([ended, Bun.sleep(60_000)]);
  return received;
}

test('a long download and a ZIP export to a slow reader are not cut by the idle time', async () => {
  const bytes = Buffer.concat([
    Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x6d, 0x70, 0x34, 0x32]),
    randomBytes(40 * 1024 * 1024),
  ]);
  const form = new FormData();
  form.append('file', new File([bytes], 'long.mp4'));
  const { upload } = await admin.json<{ upload: { file_path: string } }>(`/api/event/${event.id}/upload`, { method: 'POST', body: form });
  expect(await slowGet(upload.file_path, bytes.length)).toBeGreaterThanOrEqual(bytes.length);
  expect(await slowGet(`/api/event/${event.id}/export-zip`, bytes.length)).toBeGreaterThanOrEqual(bytes.length);
}, 120_000);

test('a kept-alive connection after a short answer is closed by the server after the idle time', async () => {
  const { hostname, port } = new URL(server.url);
  const socket = connect({ host: hostname, port: Number(port) });
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  let answer = '';
  socket.on('data', (d) => (answer += d.toString()));
  const closed = new Promise<boolean>((resolve) => socket.on('close', () => resolve(true)));
  socket.on('error', () => {});
  socket.write(`GET /healthz HTTP/1.1\r\nHost: ${hostname}:${port}\r\n\r\n`);
  expect(await Promise.race([closed, Bun.sleep((IDLE_SECONDS + 10) * 1000).then(() => false)])).toBe(true);
  expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
}, 60_000);
