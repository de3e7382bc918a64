import { afterAll, beforeAll, expect, test } from 'bun:test';
import { request } from 'node:http';
import type { AdminEventDto } from '../../src/http/api-types.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

// Issue 32, finding 11: the caps on unfinished chunked uploads hold per client address as well as per
// guest cookie (one phone can make dozens of guests), and the byte cap holds as the bytes arrive, not only
// when a file starts. Scaled down: 4 MB per guest, 10 MB and 12 files per address.

const MB = 1024 * 1024;
const BOUNDARY = 'caps-boundary';
let server: TestServer;
let event: AdminEventDto;

beforeAll(async () => {
  server = await startServer({
    env: { MOMENTBOX_MAX_PARTIAL_MB: '4', MOMENTBOX_MAX_PARTIAL_MB_PER_ADDRESS: '10', MOMENTBOX_MAX_PARTIAL_UPLOADS_PER_ADDRESS: '12' },
  });
  const admin = new ApiClient(server.url);
  await admin.login(server.adminPassword);
  event = await admin.createEvent();
});
afterAll(async () => {
  await server.stop();
});

/** A POST from a chosen loopback address (127.0.0.x: distinct clients), JSON or multipart; status, body and cookies. */
function postFrom(from: string, path: string, body: { json?: unknown; form?: Record<string, string | Uint8Array> }, cookie = '') {
  let payload: Buffer;
  let type: string;
  if (body.json !== undefined) {
    payload = Buffer.from(JSON.stringify(body.json));
    type = 'application/json';
  } else {
    const parts: Buffer[] = [];
    for (const [name, value] of Object.entries(body.form!)) {
      const file = typeof value !== 'string';
      parts.push(
        Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${file ? '; filename="blob"' : ''}\r\n\r\n`),
        Buffer.from(value),
        Buffer.from('\r\n'),
      );
    }
    parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
    payload = Buffer.concat(parts);
    type = `multipart/form-data; boundary=${BOUNDARY}`;
  }
  const url = new URL(server.url);
  return new Promise<{ status: number; json: { code?: string; scope?: string; userId?: string }; cookie: string }>((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: Number(url.port),
        path,
        method: 'POST',
        localAddress: from,
        headers: { 'content-type': type, 'content-length': String(payload.length), cookie },
      },
      (res) => {
        let text = '';
        res.on('data', (piece: Buffer) => (text += piece.toString()));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            json: text ? JSON.parse(text) : {},
            cookie: (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; '),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function guestFrom(from: string): Promise<string> {
  const answer = await postFrom(from, `/api/event/${event.code}/consent`, { json: {} });
  expect(answer.status).toBe(200);
  return answer.cookie;
}

const chunk = (cookie: string, from: string, f: { uploadId: string; index: number; total: number; bytes: number }) =>
  postFrom(
    from,
    `/api/event/${event.id}/upload-chunk`,
    {
      form: {
        chunkIndex: String(f.index),
        totalChunks: String(f.total),
        fileName: 'video.mp4',
        fileSize: String(f.total * MB),
        uploadId: f.uploadId,
        chunk: new Uint8Array(f.bytes).fill(f.index + 1),
      },
    },
    cookie,
  );

async function partialBytes(): Promise<number> {
  const health = (await (await fetch(`${server.url}/healthz`)).json()) as { partial_uploads: { bytes: number } };
  return health.partial_uploads.bytes;
}

test('20 guests made on one phone cannot hold more than its address may: 10 MB, then 429 with scope address; another address still uploads', async () => {
  const phone = '127.0.0.2';
  const statuses: { status: number; scope?: string }[] = [];
  for (let g = 0; g < 20; g++) {
    const cookie = await guestFrom(phone);
    // Each guest starts two 10 MB files with 1 MB: within its own 4 MB.
    for (let s = 0; s < 2; s++) {
      const answer = await chunk(cookie, phone, { uploadId: `phone-guest-${g}-file-${s}`, index: 0, total: 10, bytes: MB });
      statuses.push({ status: answer.status, scope: answer.json.scope });
    }
  }
  console.log(
    `one address: ${statuses.filter((a) => a.status === 200).length} of 40 first chunks kept, ${(await partialBytes()) / MB} MB held`,
  );
  expect(await partialBytes()).toBeLessThanOrEqual(10 * MB);
  // 9: the tenth's first chunk comes with its form's envelope, a little over 1 MB.
  expect(statuses.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(9);
  expect(statuses.filter((a) => a.status === 429).every((a) => a.scope === 'address')).toBe(true);

  const neighbour = await guestFrom('127.0.0.3');
  expect((await chunk(neighbour, '127.0.0.3', { uploadId: 'neighbour-file-1', index: 0, total: 10, bytes: MB })).status).toBe(200);
}, 60_000);

test("a guest's byte cap holds as its chunks arrive: the chunk that would take it past 4 MB is refused", async () => {
  const from = '127.0.0.4';
  const cookie = await guestFrom(from);
  const statuses: number[] = [];
  for (let i = 0; i < 8; i++) {
    const answer = await chunk(cookie, from, { uploadId: 'one-long-video', index: i, total: 20, bytes: MB });
    statuses.push(answer.status);
    if (answer.status === 429) expect(answer.json).toMatchObject({ code: 'TOO_MANY_PARTIAL_UPLOADS', scope: 'owner' });
  }
  console.log(`chunks of one file: ${statuses.join(' ')}`);
  expect(statuses.slice(0, 4)).toEqual([200, 200, 200, 200]);
  expect(statuses.slice(4)).toEqual([429, 429, 429, 429]);
}, 60_000);
