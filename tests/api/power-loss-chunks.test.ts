import { afterAll, expect, test } from 'bun:test';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChunkStatus } from '../../src/http/api-types.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { chunkRequest } from '../helpers/chunked-upload.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

// A chunk's "received" marker is written without an fsync of its bytes (a file is fsynced once, when it is
// complete). After a power cut the box boots anew with the server never having stopped: then a phone must be
// asked for its chunks again, not told they are there. After a clean stop (systemd's SIGTERM, also before a
// reboot) the server has put the bytes on the disk, and the phone resumes where it was.

const root = mkdtempSync(join(tmpdir(), 'momentbox-power-'));
const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers) if (s.proc.exitCode === null) await s.stop({ keepData: true });
  rmSync(root, { recursive: true, force: true });
});

const FILE = crypto.getRandomValues(new Uint8Array(2 * 65536));
const fields = { fileName: 'rede.mp4', fileSize: FILE.length, totalChunks: 2, uploadId: 'rede-am-abend' };

/** Sends chunk 0 of 2 as the admin, then stops the server with SIGTERM; the data folder and the event. */
async function oneChunkThenStop(name: string): Promise<{ dataDir: string; eventId: number; token: string }> {
  const dataDir = join(root, name);
  const server = await startServer({ dataDir });
  servers.push(server);
  const admin = new ApiClient(server.url);
  const token = await admin.login(server.adminPassword);
  const event = await admin.createEvent();
  const { path, body } = chunkRequest(event.id, FILE.subarray(0, 65536), { ...fields, chunkIndex: 0 });
  expect((await admin.fetch(path, { method: 'POST', body })).status).toBe(200);
  await server.stop({ keepData: true });
  return { dataDir, eventId: event.id, token };
}

/** Starts the server again on the same data and asks what it holds of the upload. */
async function receivedAfterRestart(run: { dataDir: string; eventId: number; token: string }): Promise<number[]> {
  const server = await startServer({ dataDir: run.dataDir });
  servers.push(server);
  const admin = new ApiClient(server.url);
  admin.adminToken = run.token;
  const q = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]));
  const status = await admin.json<ChunkStatus>(`/api/event/${run.eventId}/upload-chunk/status?${q}`);
  await server.stop({ keepData: true });
  return status.received;
}

/** What a boot of the machine since the server last started looks like on disk: another boot id. */
const bootedAnew = (dataDir: string) => writeFileSync(join(dataDir, 'tmp', 'chunks', '.boot'), 'a-boot-before-this-one');

test('after a clean stop and a reboot the phone resumes from the chunk the server had', async () => {
  const run = await oneChunkThenStop('clean');
  bootedAnew(run.dataDir);
  expect(await receivedAfterRestart(run)).toEqual([0]);
});

test('after a power cut (a new boot, the server never stopped) the phone is asked for that chunk again', async () => {
  const run = await oneChunkThenStop('power-cut');
  // A power cut: no clean stop was recorded (the server had no chance), and the machine booted anew.
  const cleanStop = join(run.dataDir, 'tmp', 'chunks', '.clean-stop');
  expect(existsSync(cleanStop)).toBe(true);
  rmSync(cleanStop);
  bootedAnew(run.dataDir);
  expect(await receivedAfterRestart(run)).toEqual([]);
});

test('a server killed and started again in the same boot keeps the chunk (its bytes are in the page cache)', async () => {
  const run = await oneChunkThenStop('killed');
  rmSync(join(run.dataDir, 'tmp', 'chunks', '.clean-stop'));
  expect(await receivedAfterRestart(run)).toEqual([0]);
});
