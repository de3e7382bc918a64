import { afterAll, expect, test } from 'bun:test';
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statfsSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Socket } from 'node:net';
import type { AdminEventDto } from '../../src/http/api-types.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { BOUNDARY, multipartHead, openPartialPost } from '../helpers/raw-upload.ts';
import { FIXTURES, startServer, type TestServer } from '../helpers/server.ts';

// Issue 32, finding 6: the free-space reserve counts the bytes on their way (uploads admitted, chunked
// uploads not complete), so a burst of phones cannot take the disk below it; and a disk that fills all
// the same (another program writes to it) answers 507 with the partial file removed, never 500. On a
// real, small file system: a tmpfs mounted for the test (the tests run as root).

const MB = 1024 * 1024;
const mounts: string[] = [];

function mountTmpfs(sizeMb: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'momentbox-disk-'));
  const run = Bun.spawnSync(['mount', '-t', 'tmpfs', '-o', `size=${sizeMb}m`, 'tmpfs', dir]);
  if (run.exitCode !== 0) throw new Error(`mount failed (the test needs root): ${run.stderr.toString()}`);
  mounts.push(dir);
  return dir;
}

const free = (dir: string) => {
  const fs = statfsSync(dir);
  return fs.bavail * fs.bsize;
};

/** A photo of `size` bytes: a real JPEG with distinct bytes after its end (decoders stop at the end marker). */
function photoOf(size: number, n: number): Buffer {
  const jpeg = readFileSync(join(FIXTURES, 'photos', 'cameras', 'Canon_40D.jpg'));
  const padding = Buffer.alloc(size - jpeg.length, n);
  return Buffer.concat([jpeg, padding]);
}

/** The status line of what the server answers on this socket. */
function statusOf(socket: Socket): Promise<number> {
  return new Promise((resolve) => {
    let text = '';
    socket.on('data', (piece: Buffer) => {
      text += piece.toString('latin1');
      const m = /^HTTP\/1\.1 (\d{3})/.exec(text);
      if (m) resolve(Number(m[1]));
    });
    socket.on('close', () => resolve(0));
  });
}

async function guestCookie(server: TestServer, event: AdminEventDto): Promise<string> {
  const guest = new ApiClient(server.url);
  await guest.joinAsGuest(event.code);
  return [...guest.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}

const servers: TestServer[] = [];

/** A server whose data folder is a fresh 32 MB file system, with an 8 MB free-space reserve, and an event. */
async function serverOnSmallDisk() {
  const dataDir = mountTmpfs(32);
  const server = await startServer({ dataDir, env: { MOMENTBOX_MIN_FREE_DISK_MB: '8' } });
  servers.push(server);
  const admin = new ApiClient(server.url);
  await admin.login(server.adminPassword);
  return { server, dataDir, event: await admin.createEvent() };
}

afterAll(async () => {
  for (const server of servers) await server.stop();
  for (const dir of mounts) {
    Bun.spawnSync(['umount', '-l', dir]);
    rmSync(dir, { recursive: true, force: true });
  }
});

test('12 phones start 3 MB uploads at once with ~30 MB free and an 8 MB reserve: those that fit are taken, the rest get 507, the disk stays above the reserve', async () => {
  const { server, dataDir, event } = await serverOnSmallDisk();
  const reserve = 8 * MB;
  const photos = Array.from({ length: 12 }, (_, n) => photoOf(3 * MB, n + 1));
  const lowest = { free: free(dataDir) };
  const watch = setInterval(() => (lowest.free = Math.min(lowest.free, free(dataDir))), 5);
  // Every phone sends its headers and the first 256 KB before any finishes, as phones on one Wi-Fi do.
  const open = await Promise.all(
    photos.map(async (photo, n) => {
      const head = multipartHead({}, 'file', `photo-${n}.jpg`);
      const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
      const body = Buffer.concat([head, photo, tail]);
      const { socket } = await openPartialPost(
        server.url,
        `/api/event/${event.id}/upload`,
        { Cookie: await guestCookie(server, event) },
        body.length,
        body.subarray(0, 256 * 1024),
      );
      return { socket, rest: body.subarray(256 * 1024), status: statusOf(socket) };
    }),
  );
  await Bun.sleep(300);
  for (const { socket, rest } of open) if (!socket.destroyed) socket.write(rest);
  const statuses = await Promise.all(open.map((o) => o.status));
  clearInterval(watch);
  for (const { socket } of open) socket.destroy();
  console.log(`statuses: ${statuses.join(' ')}; lowest free ${(lowest.free / MB).toFixed(1)} MB`);
  expect(statuses.filter((s) => s !== 201 && s !== 507)).toEqual([]);
  expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(3);
  expect(statuses.filter((s) => s === 507).length).toBeGreaterThanOrEqual(1);
  expect(lowest.free).toBeGreaterThanOrEqual(reserve - 1 * MB); // derivatives are not counted ahead: ~50 KB per photo
  expect(readdirSync(join(dataDir, 'tmp')).filter((f) => f !== 'chunks')).toEqual([]);
}, 60_000);

test('the disk filled by another program mid-upload: 507 with the partial file removed; once there is room again, uploads work', async () => {
  const { server, dataDir, event } = await serverOnSmallDisk();
  const head = multipartHead({}, 'file', 'big.jpg');
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const body = Buffer.concat([head, photoOf(6 * MB, 99), tail]);
  const { socket } = await openPartialPost(
    server.url,
    `/api/event/${event.id}/upload`,
    { Cookie: await guestCookie(server, event) },
    body.length,
    body.subarray(0, MB),
  );
  const status = statusOf(socket);
  let answer = '';
  socket.on('data', (piece: Buffer) => (answer += piece.toString('utf8')));
  await Bun.sleep(300);
  // Another program takes every free byte.
  const filler = join(dataDir, 'filler');
  const fd = openSync(filler, 'w');
  const block = Buffer.alloc(MB, 1);
  try {
    for (;;) writeSync(fd, block);
  } catch {
    // ENOSPC: the disk is full
  } finally {
    closeSync(fd);
  }
  socket.write(body.subarray(MB));
  expect(await status).toBe(507);
  await Bun.sleep(100);
  expect(
    JSON.parse(
      answer
        .slice(answer.indexOf('\r\n\r\n') + 4)
        .replace(/^[0-9a-f]+\r\n/, '')
        .split('\r\n')[0]!,
    ),
  ).toMatchObject({ code: 'INSUFFICIENT_STORAGE', error: expect.stringContaining('Speicher') });
  socket.destroy();
  expect(readdirSync(join(dataDir, 'tmp')).filter((f) => f !== 'chunks')).toEqual([]);

  rmSync(filler);
  const guest = new ApiClient(server.url);
  await guest.joinAsGuest(event.code);
  const form = new FormData();
  form.append('file', new File([new Uint8Array(photoOf(200 * 1024, 7))], 'after.jpg'));
  expect((await guest.fetch(`/api/event/${event.id}/upload`, { method: 'POST', body: form })).status).toBe(201);
}, 60_000);
