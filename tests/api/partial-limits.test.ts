import { afterAll, beforeAll, expect, test } from 'bun:test';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AdminEventDto, ChunkResult } from '../../src/http/api-types.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { chunkRequest } from '../helpers/chunked-upload.ts';
import { tmpContents } from '../helpers/raw-upload.ts';
import { FIXTURES, startServer, type TestServer } from '../helpers/server.ts';

// One guest must not fill the box with uploads it never finishes: past its limit of unfinished chunked
// uploads (sessions, bytes) a new one is refused with 429 and a German hint, while other guests upload.

let server: TestServer;
let admin: ApiClient;
let event: AdminEventDto;

beforeAll(async () => {
  server = await startServer({ env: { MOMENTBOX_MAX_PARTIAL_MB: '4' } }); // the session limit stays at its default, 10
  admin = new ApiClient(server.url);
  await admin.login(server.adminPassword);
  event = await admin.createEvent();
});
afterAll(async () => {
  await server.stop();
});

async function newGuest() {
  const guest = new ApiClient(server.url);
  await guest.joinAsGuest(event.code);
  return guest;
}

function sendChunk(guest: ApiClient, f: { bytes: Uint8Array; index: number; total: number; fileSize: number; uploadId: string }) {
  const { path, body } = chunkRequest(
    event.id,
    f.bytes,
    { chunkIndex: f.index, totalChunks: f.total, fileName: 'video.mp4', fileSize: f.fileSize, uploadId: f.uploadId },
    'spec order',
  );
  return guest.fetch(path, { method: 'POST', body });
}

const LIMIT_TEXT = /^Du hast zu viele unfertige Uploads .*Bitte warte, bis deine laufenden Uploads fertig sind/;

test('1,000 unfinished uploads from one guest: 10 are kept, the rest refused with 429; other guests still upload', async () => {
  const greedy = await newGuest();
  const piece = randomBytes(256 * 1024);
  const statuses: number[] = [];
  const bodies: { code?: string; error?: string }[] = [];
  // Eight at a time, as a script would, 1,000 in all.
  for (let start = 0; start < 1000; start += 8) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(8, 1000 - start) }, (_, k) =>
        sendChunk(greedy, { bytes: piece, index: 0, total: 100, fileSize: 100 * piece.length, uploadId: `greedy-${start + k}-session` }),
      ),
    );
    for (const res of batch) {
      statuses.push(res.status);
      bodies.push((await res.json()) as { code?: string; error?: string });
    }
  }
  expect(statuses.filter((s) => s === 200)).toHaveLength(10);
  expect(statuses.filter((s) => s === 429)).toHaveLength(990);
  const refused = bodies.find((b) => b.code === 'TOO_MANY_PARTIAL_UPLOADS')!;
  expect(refused.error).toMatch(LIMIT_TEXT);

  // What the box holds for it: 10 sessions of 256 KB, shown in /healthz; nothing of the refused ones.
  expect(tmpContents(server.dataDir)).toMatchObject({ files: [], chunkSessions: expect.any(Array) });
  expect(tmpContents(server.dataDir).chunkSessions).toHaveLength(10);
  const health = (await (await fetch(`${server.url}/healthz`)).json()) as { partial_uploads: { sessions: number; bytes: number } };
  expect(health.partial_uploads).toEqual({ sessions: 10, bytes: 10 * piece.length });

  // Another guest's chunked photo goes through, and the greedy guest may still finish what it started.
  const other = await newGuest();
  const photo = readFileSync(join(FIXTURES, 'photos', 'cameras', 'Pentax_K10D.jpg'));
  const third = Math.ceil(photo.length / 3);
  let last: ChunkResult | null = null;
  for (let i = 0; i < 3; i++) {
    const res = await sendChunk(other, {
      bytes: photo.subarray(i * third, (i + 1) * third),
      index: i,
      total: 3,
      fileSize: photo.length,
      uploadId: 'other-guest-photo',
    });
    expect(res.status).toBe(200);
    last = (await res.json()) as ChunkResult;
  }
  expect(last!.partial).toBe(false);
  expect(typeof last!.id).toBe('number');
  const more = await sendChunk(greedy, { bytes: piece, index: 1, total: 100, fileSize: 100 * piece.length, uploadId: 'greedy-0-session' });
  expect(more.status).toBe(200);
  expect(((await more.json()) as ChunkResult).received).toEqual([0, 1]);
}, 240_000);

test('the bytes held count too: past 4 MB of unfinished uploads a new one is refused', async () => {
  const guest = await newGuest();
  const big = randomBytes(1536 * 1024); // 1.5 MB chunks
  const first = await sendChunk(guest, { bytes: big, index: 0, total: 10, fileSize: 10 * big.length, uploadId: 'bytes-session-1' });
  const second = await sendChunk(guest, { bytes: big, index: 0, total: 10, fileSize: 10 * big.length, uploadId: 'bytes-session-2' });
  const third = await sendChunk(guest, { bytes: big, index: 0, total: 10, fileSize: 10 * big.length, uploadId: 'bytes-session-3' });
  expect([first.status, second.status, third.status]).toEqual([200, 200, 429]);
  expect(((await third.json()) as { error: string }).error).toMatch(LIMIT_TEXT);
}, 60_000);
