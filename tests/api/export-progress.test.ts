import { afterAll, beforeAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { bytesInFlightMax, slowCurl } from '../helpers/slow-curl.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from '../helpers/api-client.ts';
import { FIXTURES, startServer, type TestServer } from '../helpers/server.ts';
import { paddedVideo } from '../helpers/padded-video.ts';

// Issue 26, item 8: the export page follows how much of a ticket's ZIP the box has written to the client,
// and hears 'done' only after the last byte, whoever reads the archive (here curl, slowly).

interface Ticket {
  url: string;
  progress_url: string;
  size_bytes: number;
  files: number;
}
interface Progress {
  state: 'waiting' | 'sending' | 'done' | 'failed';
  size_bytes: number;
  sent_bytes: number;
  files: number;
  files_sent: number;
}

let server: TestServer;
let admin: ApiClient;
let work: string;
beforeAll(async () => {
  server = await startServer();
  admin = new ApiClient(server.url);
  await admin.login(server.adminPassword);
  work = mkdtempSync(join(tmpdir(), 'momentbox-progress-'));
});
afterAll(async () => {
  await server.stop();
  rmSync(work, { recursive: true, force: true });
});

async function eventWithVideos(name: string, count: number, bytes: number) {
  const event = await admin.createEvent({ name, strip_location: 'false' });
  for (let i = 0; i < count; i++) {
    const form = new FormData();
    form.append('file', new File([await paddedVideo(bytes)], `clip-${i}.mp4`));
    expect((await admin.fetch(`/api/event/${event.id}/upload`, { method: 'POST', body: form })).status).toBe(201);
  }
  // The admin's ZIP carries event.json (the restore bundle), which changes while the videos are processed: the sizes
  // stated and the ticket's agree once they are.
  const deadline = Date.now() + 120_000;
  while (
    (await admin.json<{ processing_state: string }[]>(`/api/event/${event.id}/uploads`)).some(
      (u) => !['ready', 'failed'].includes(u.processing_state),
    )
  ) {
    if (Date.now() > deadline) throw new Error('videos not processed');
    await Bun.sleep(200);
  }
  return event;
}

const progressOf = async (t: Ticket) => (await (await fetch(new URL(t.progress_url, server.url))).json()) as Progress;

test('a slow reader: the progress counts the bytes written and says done only once curl has the last byte', async () => {
  const event = await eventWithVideos('Slow Progress', 3, 6 << 20);
  const sizes = await admin.json<{ size_bytes: number; files: number }>(`/api/event/${event.id}/export-sizes`);
  const ticket = await admin.json<Ticket>(`/api/event/${event.id}/export-ticket`, { method: 'POST' });
  expect(ticket.size_bytes).toBe(sizes.size_bytes);
  expect(ticket.files).toBe(3);
  expect(await progressOf(ticket)).toEqual({ state: 'waiting', size_bytes: ticket.size_bytes, sent_bytes: 0, files: 3, files_sent: 0 });

  const zip = join(work, 'slow.zip');
  const curl = slowCurl(new URL(ticket.url, server.url).href, zip, '4M');
  const seen: Progress[] = [];
  let middle: Progress | undefined;
  while (curl.running()) {
    const p = await progressOf(ticket);
    // done only once every byte has reached curl (its file, or its socket's receive queue)
    if (p.state === 'done') expect(curl.arrived()).toBeGreaterThanOrEqual(ticket.size_bytes);
    seen.push(p);
    if (p.state === 'sending' && p.sent_bytes > 0 && p.sent_bytes < p.size_bytes) middle = p;
    await Bun.sleep(20);
  }
  expect(await curl.exited).toBe(0);
  expect(statSync(zip).size).toBe(ticket.size_bytes);
  // while curl read, the box reported real bytes, not a jump from nothing to all
  expect(middle).toBeDefined();
  // (some of it with files still to come: after the three videos the restore bundle's files follow, not counted)
  expect(seen.some((p) => p.state === 'sending' && p.sent_bytes > 0 && p.files_sent < 3)).toBe(true);
  const sentSeen = seen.map((p) => p.sent_bytes);
  expect(sentSeen).toEqual([...sentSeen].sort((a, b) => a - b));
  const after = await progressOf(ticket);
  expect(after).toEqual({ state: 'done', size_bytes: ticket.size_bytes, sent_bytes: ticket.size_bytes, files: 3, files_sent: 3 });
  expect(Bun.spawnSync(['unzip', '-t', zip]).exitCode).toBe(0);
});

test('a client that leaves half-way: the progress says failed, not done', async () => {
  const event = await eventWithVideos('Left Early', 2, 6 << 20);
  const ticket = await admin.json<Ticket>(`/api/event/${event.id}/export-ticket`, { method: 'POST' });
  const res = await fetch(new URL(ticket.url, server.url));
  const reader = res.body!.getReader();
  let got = 0;
  while (got < 1 << 20) got += (await reader.read()).value!.length;
  expect((await progressOf(ticket)).state).toBe('sending');
  await reader.cancel();
  const deadline = Date.now() + 10_000;
  let p = await progressOf(ticket);
  while (p.state === 'sending' && Date.now() < deadline) {
    await Bun.sleep(50);
    p = await progressOf(ticket);
  }
  expect(p.state).toBe('failed');
  expect(p.sent_bytes).toBeLessThan(p.size_bytes);
});

test('a slow client killed while the box waits for it to read: failed, not sending for ever', async () => {
  // The e2e journey's case: curl dies with megabytes in the socket buffers while the stream waits on
  // backpressure; the write under way may never settle, so only the progress call can notice. Larger than
  // the kernel's buffers can hold, so the box cannot have handed over everything before the kill.
  const event = await eventWithVideos('Killed', 3, Math.ceil(bytesInFlightMax() / 2));
  const ticket = await admin.json<Ticket>(`/api/event/${event.id}/export-ticket`, { method: 'POST' });
  const curl = slowCurl(new URL(ticket.url, server.url).href, join(work, 'killed.zip'), '2M');
  const deadline = Date.now() + 20_000;
  while (curl.arrived() < 2 << 20 && Date.now() < deadline) await Bun.sleep(20);
  expect(curl.arrived()).toBeGreaterThanOrEqual(2 << 20);
  curl.kill();
  await curl.exited;
  expect(curl.arrived()).toBeLessThan(ticket.size_bytes - bytesInFlightMax()); // half-way for the kernel too
  let p = await progressOf(ticket);
  while (p.state === 'sending' && Date.now() < deadline + 10_000) p = (await Bun.sleep(50), await progressOf(ticket));
  expect(p.state).toBe('failed');
  expect(p.sent_bytes).toBeLessThan(p.size_bytes);
});

test("the host's ticket for one album: its size, that album only, and a ticket opens one download", async () => {
  const event = await admin.createEvent({ name: 'Host Albums' });
  const a = await admin.createAlbum(event.id, { name: 'A' });
  const b = await admin.createAlbum(event.id, { name: 'B' });
  const photo = (name: string) => join(FIXTURES, 'photos', 'cameras', name);
  await admin.uploadOk(event.id, photo('Canon_40D.jpg'), { albumId: String(a.id) });
  await admin.uploadOk(event.id, photo('Nikon_D70.jpg'), { albumId: String(b.id) });
  await admin.uploadOk(event.id, photo('Pentax_K10D.jpg'), { albumId: String(b.id) });
  const { client_token } = await admin.json<{ client_token: string }>(`/api/client/generate-token/${event.id}`, { method: 'POST' });
  const host = new ApiClient(server.url);
  const sizes = await host.json<{ size_bytes: number; files: number; albums: { id: number; size_bytes: number; files: number }[] }>(
    `/api/client/event-export-sizes/${client_token}`,
  );
  expect(sizes.files).toBe(3);
  const sizeB = sizes.albums.find((x) => x.id === b.id)!;
  expect(sizeB.files).toBe(2);
  const ticket = await host.json<Ticket>(`/api/client/event-export-ticket/${client_token}?albumId=${b.id}`, { method: 'POST' });
  expect(ticket.size_bytes).toBe(sizeB.size_bytes);
  const res = await host.fetch(ticket.url);
  expect(res.status).toBe(200);
  expect((await res.arrayBuffer()).byteLength).toBe(sizeB.size_bytes);
  const deadline = Date.now() + 5000;
  let p = await progressOf(ticket);
  while (p.state !== 'done' && Date.now() < deadline) p = (await Bun.sleep(20), await progressOf(ticket));
  expect(p).toMatchObject({ state: 'done', sent_bytes: sizeB.size_bytes, files: 2, files_sent: 2 });
  expect((await host.fetch(ticket.url)).status).toBe(404);
  expect((await fetch(new URL('/api/export-progress/forged', server.url))).status).toBe(404);
  // an empty event has nothing to export: said when the ticket is asked for, not as a broken download
  const empty = await admin.createEvent({ name: 'Empty' });
  expect((await admin.fetch(`/api/event/${empty.id}/export-ticket`, { method: 'POST' })).status).toBe(404);
});
