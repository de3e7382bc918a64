import { afterAll, expect, test } from 'bun:test';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AdminEventDto, ChunkResult, ChunkStatus, UploadDto, UploadResult } from '../../src/http/api-types.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { chunkRequest } from '../helpers/chunked-upload.ts';
import { FIXTURES, startServer, type TestServer } from '../helpers/server.ts';

// A power cut of the process (SIGKILL) in the middle of 20 concurrent uploads: every upload the server
// answered with success survives whole, nothing half-written is ever listed, and the interrupted chunked
// uploads resume from the chunks the server already holds instead of starting over.

const CHUNK = 1024 * 1024;
/** The server is killed once this many uploads have been answered with success. */
const KILL_AFTER = 5;
/** The two gated chunked uploads send this many chunks, then wait for the kill. */
const GATED_CHUNKS = 3;

const root = mkdtempSync(join(tmpdir(), 'momentbox-crash-'));
const dataDir = join(root, 'data');
const servers: TestServer[] = [];

afterAll(async () => {
  for (const s of servers) if (s.proc.exitCode === null) await s.stop({ keepData: true });
  rmSync(root, { recursive: true, force: true });
});

const sha256 = (bytes: Uint8Array) => new Bun.CryptoHasher('sha256').update(bytes).digest('hex');
const randomBytes = (n: number) => crypto.getRandomValues(new Uint8Array(n));

interface Sent {
  name: string;
  bytes: Uint8Array<ArrayBuffer>;
  hash: string;
  chunked: boolean;
  /** stable id of a chunked upload, sent with every chunk and status query */
  uploadId: string;
  totalChunks: number;
  /** chunk indexes the server acknowledged with 2xx */
  acked: Set<number>;
  /** chunk indexes a request was started for */
  attempted: Set<number>;
  /** the upload id from a success answer (201, or the last chunk's answer) */
  answeredId: number | null;
  /** sends a few of its chunks, then waits for the kill: guarantees an interrupted chunked upload */
  gated: boolean;
}

/** A fixture JPEG made unique by random bytes after its end marker (decoders stop at FFD9). */
function uniquePhoto(path: string, i: number): Sent {
  const src = new Uint8Array(readFileSync(path));
  const bytes = new Uint8Array(src.length + 16);
  bytes.set(src);
  bytes.set(randomBytes(16), src.length);
  return sent(`photo-${i}-${path.split('/').pop()}`, bytes, false);
}

/** A real MP4 grown to `size` bytes by a trailing `free` box of random bytes: still a valid MP4. */
function paddedVideo(size: number, i: number): Sent {
  const src = new Uint8Array(readFileSync(join(FIXTURES, 'videos', 'android-h264.mp4')));
  const bytes = new Uint8Array(size);
  bytes.set(src);
  const box = size - src.length;
  new DataView(bytes.buffer).setUint32(src.length, box);
  bytes.set(new TextEncoder().encode('free'), src.length + 4);
  // Random content (not zeros) so a misplaced or missing chunk changes the hash.
  for (let off = src.length + 8; off < size; off += 65536) bytes.set(randomBytes(Math.min(65536, size - off)), off);
  return sent(`video-${i}.mp4`, bytes, true);
}

function sent(name: string, bytes: Uint8Array<ArrayBuffer>, chunked: boolean): Sent {
  return {
    name,
    bytes,
    hash: sha256(bytes),
    chunked,
    uploadId: `crash-${crypto.randomUUID()}`,
    totalChunks: Math.ceil(bytes.length / CHUNK),
    acked: new Set(),
    attempted: new Set(),
    answeredId: null,
    gated: false,
  };
}

/** One chunk of `file` as the web app sends it. */
function chunkOf(eventId: number, file: Sent, index: number) {
  const bytes = file.bytes.subarray(index * CHUNK, Math.min(file.bytes.length, (index + 1) * CHUNK));
  const fields = {
    chunkIndex: index,
    totalChunks: file.totalChunks,
    fileName: file.name,
    fileSize: file.bytes.length,
    uploadId: file.uploadId,
    autoApprove: true,
  };
  return chunkRequest(eventId, bytes, fields);
}

function photoForm(file: Sent): FormData {
  const form = new FormData();
  form.append('file', new File([file.bytes], file.name, { type: 'image/jpeg' }));
  form.append('autoApprove', 'true');
  return form;
}

const statusPath = (eventId: number, f: Sent) =>
  `/api/event/${eventId}/upload-chunk/status?fileName=${encodeURIComponent(f.name)}&fileSize=${f.bytes.length}&totalChunks=${f.totalChunks}&uploadId=${f.uploadId}`;

async function download(client: ApiClient, path: string): Promise<Uint8Array> {
  const res = await client.fetch(path);
  if (res.status !== 200) throw new Error(`GET ${path} -> ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

test('a SIGKILL during 20 concurrent uploads loses no answered upload, lists nothing half-written, and chunked uploads resume', async () => {
  // ---- 20 distinct files: 12 whole-file photos, 8 chunked videos of 2.5-12 MB (3-12 chunks) ----
  const photoPaths = [
    ...['HMD_Nokia_8.3_5G.jpg', 'iphone_hdr_YES.jpg', 'jolla.jpg'].map((f) => join(FIXTURES, 'photos', 'phones', f)),
    ...['landscape_1.jpg', 'landscape_6.jpg', 'portrait_3.jpg', 'portrait_8.jpg'].map((f) => join(FIXTURES, 'photos', 'orientation', f)),
    ...['DSCN0010.jpg', 'DSCN0021.jpg'].map((f) => join(FIXTURES, 'photos', 'gps', f)),
    join(FIXTURES, 'photos', 'no-exif', 'no_exif.jpg'),
    ...['Canon_40D.jpg', 'Nikon_D70.jpg'].map((f) => join(FIXTURES, 'photos', 'cameras', f)),
  ];
  const photos = photoPaths.map(uniquePhoto);
  const videoSizes = [2.5, 3.5, 4.5, 5.5, 6.5, 8.2, 10.1, 11.7].map((mb) => Math.round(mb * CHUNK));
  const videos = videoSizes.map(paddedVideo);
  // The two largest send a few chunks (out of order), then stop as if the phone lost the network.
  videos[6]!.gated = true;
  videos[7]!.gated = true;
  const files = [...photos, ...videos];
  expect(files).toHaveLength(20);
  expect(new Set(files.map((f) => f.hash)).size).toBe(20);

  // ---- first run ----
  const first = await startServer({ dataDir });
  servers.push(first);
  const admin = new ApiClient(first.url);
  await admin.login(first.adminPassword);
  // Originals compared byte for byte: as stored, not without their GPS position.
  const event: AdminEventDto = await admin.createEvent({ strip_location: 'false' });
  const guest = new ApiClient(first.url);
  await guest.joinAsGuest(event.code, 'Crash');

  let answered = 0;
  let killed = false;
  let gatedWaiting = 0;
  let inFlight = 0;
  let inFlightAtKill = 0;
  let onKilled!: () => void;
  const killedSignal = new Promise<void>((resolve) => (onKilled = resolve));
  const maybeKill = () => {
    if (killed || answered < KILL_AFTER || gatedWaiting < 2) return;
    killed = true;
    inFlightAtKill = inFlight;
    first.proc.kill('SIGKILL');
    onKilled();
  };

  async function uploadPhoto(f: Sent) {
    inFlight++;
    const res = await guest.fetch(`/api/event/${event.id}/upload`, { method: 'POST', body: photoForm(f) }).finally(() => inFlight--);
    const text = await res.text();
    if (res.status !== 201) throw new Error(`photo ${f.name} -> ${res.status}: ${text}`);
    f.answeredId = (JSON.parse(text) as UploadResult).id;
    answered++;
    maybeKill();
  }

  async function uploadChunked(f: Sent) {
    const all = Array.from({ length: f.totalChunks }, (_, i) => i);
    // Gated uploads: odd indexes first (out of order); after GATED_CHUNKS of them, wait for the kill.
    const order = f.gated ? [...all.filter((i) => i % 2 === 1).reverse(), ...all.filter((i) => i % 2 === 0)] : all;
    for (const [n, index] of order.entries()) {
      if (f.gated && n === GATED_CHUNKS) {
        gatedWaiting++;
        maybeKill();
        await killedSignal;
      }
      if (killed) throw new Error('server is gone');
      f.attempted.add(index);
      inFlight++;
      const request = chunkOf(event.id, f, index);
      const res = await guest.fetch(request.path, { method: 'POST', body: request.body }).finally(() => inFlight--);
      const text = await res.text();
      if (res.status !== 200) throw new Error(`chunk ${index} of ${f.name} -> ${res.status}: ${text}`);
      const body = JSON.parse(text) as ChunkResult;
      f.acked.add(index);
      if (!body.partial) {
        expect(body.id).toBeNumber();
        f.answeredId = body.id!;
        answered++;
        maybeKill();
      }
    }
  }

  const running = files.map((f) => (f.chunked ? uploadChunked(f) : uploadPhoto(f)));
  // Should the free uploads all end without reaching the trigger (they fail), kill anyway so the gated ones
  // stop waiting; the assertions below then say what went wrong instead of a time-out.
  void Promise.allSettled(running.filter((_, i) => !files[i]!.gated)).then(() => {
    if (killed) return;
    killed = true;
    first.proc.kill('SIGKILL');
    onKilled();
  });
  const outcomes = await Promise.allSettled(running);
  expect(killed).toBe(true);
  expect(await first.proc.exited).not.toBe(0);
  // Anything that failed failed because the server vanished, not because of a refusal.
  for (const o of outcomes) {
    if (o.status === 'rejected') expect(String(o.reason)).not.toMatch(/ -> \d{3}:/);
  }
  const answeredBefore = files.filter((f) => f.answeredId !== null);
  expect(answeredBefore.length).toBeGreaterThanOrEqual(KILL_AFTER);
  const interrupted = videos.filter((f) => f.answeredId === null);
  expect(interrupted.length).toBeGreaterThanOrEqual(2);

  // ---- second run on the same data ----
  const second = await startServer({ dataDir });
  servers.push(second);
  const admin2 = new ApiClient(second.url);
  admin2.adminToken = admin.adminToken; // sessions survive the crash too
  const guest2 = new ApiClient(second.url);
  guest2.cookies = new Map(guest.cookies);

  const byHash = new Map(files.map((f) => [f.hash, f]));
  /** Lists as admin and checks every row is whole: its original is byte for byte one of the sent files. */
  async function listWhole(): Promise<Map<number, Sent>> {
    const rows = await admin2.json<UploadDto[]>(`/api/event/${event.id}/uploads`);
    const seen = new Map<number, Sent>();
    for (const row of rows) {
      const bytes = await download(admin2, row.file_path);
      const hash = sha256(bytes);
      const file = byHash.get(hash);
      if (!file) throw new Error(`listed upload ${row.id} (${row.original_name}, ${bytes.length} bytes) is none of the sent files`);
      expect(row.size_bytes).toBe(file.bytes.length);
      expect(row.original_name).toBe(file.name);
      expect([...seen.values()]).not.toContain(file); // listed once only
      seen.set(row.id, file);
    }
    return seen;
  }

  const afterCrash = await listWhole();
  // Partial files of the requests the kill cut off (informational: removed after a day, not at start).
  const strayTmp = readdirSync(join(dataDir, 'tmp')).filter((n) => n !== 'chunks').length;
  // Derivative folders of photos the kill cut off mid-processing, without a row (informational).
  const derivedDirs = readdirSync(join(dataDir, 'media', String(event.id), 'derived')).filter((n) => !n.startsWith('host-')).length;
  for (const f of answeredBefore) {
    expect(afterCrash.get(f.answeredId!)).toBe(f);
  }

  // Interrupted chunked uploads: the server still holds every chunk it acknowledged; only the rest is sent.
  let resentChunks = 0;
  for (const f of interrupted) {
    const status = await guest2.json<ChunkStatus>(statusPath(event.id, f));
    let id: number;
    if (status.complete) {
      // Assembled and committed just before the kill, answer lost: nothing to send.
      id = status.id!;
    } else {
      for (const i of f.acked) expect(status.received).toContain(i);
      for (const i of status.received) expect(f.attempted).toContain(i);
      const missing = Array.from({ length: f.totalChunks }, (_, i) => i).filter((i) => !status.received.includes(i));
      if (f.gated) expect(missing.length).toBe(f.totalChunks - GATED_CHUNKS);
      // All chunks held but never assembled (killed during assembly): sending the last one again assembles.
      const toSend = missing.length ? missing : [f.totalChunks - 1];
      let last: ChunkResult | null = null;
      let duplicateOf: number | null = null;
      for (const index of toSend) {
        const { path, body } = chunkOf(event.id, f, index);
        const res = await guest2.fetch(path, { method: 'POST', body });
        const text = await res.text();
        resentChunks++;
        if (res.status === 409 && !missing.length) {
          // The row was committed but the session not yet marked done when the process died.
          duplicateOf = (JSON.parse(text) as { duplicate: { id: number } }).duplicate.id;
          break;
        }
        if (res.status !== 200) throw new Error(`resume chunk ${index} of ${f.name} -> ${res.status}: ${text}`);
        last = JSON.parse(text) as ChunkResult;
      }
      if (duplicateOf !== null) id = duplicateOf;
      else {
        expect(last!.partial).toBe(false);
        id = last!.id!;
      }
    }
    const row = (await admin2.json<UploadDto[]>(`/api/event/${event.id}/uploads`)).find((u) => u.id === id);
    expect(row).toBeDefined();
    expect(sha256(await download(admin2, row!.file_path))).toBe(f.hash);
    f.answeredId = id;
  }
  // Far fewer chunks than a restart from zero would send.
  expect(resentChunks).toBeLessThan(interrupted.reduce((n, f) => n + f.totalChunks, 0));

  // Photos cut off by the kill: sending them again either stores them or finds the copy committed unanswered.
  for (const f of photos.filter((p) => p.answeredId === null)) {
    const res = await guest2.fetch(`/api/event/${event.id}/upload`, { method: 'POST', body: photoForm(f) });
    const body = (await res.json()) as UploadResult & { code?: string; duplicate?: { id: number } };
    if (res.status === 409) {
      expect(body.code).toBe('DUPLICATE');
      expect(afterCrash.get(body.duplicate!.id)).toBe(f);
      f.answeredId = body.duplicate!.id;
    } else {
      expect(res.status).toBe(201);
      f.answeredId = body.id;
    }
  }

  // In the end: exactly the 20 files, each once and whole, each under the id its client was given.
  const final = await listWhole();
  expect(final.size).toBe(20);
  for (const f of files) expect(final.get(f.answeredId!)).toBe(f);

  console.log(
    `crash-recovery: ${answeredBefore.length} answered before SIGKILL with ${inFlightAtKill} requests in flight, ${afterCrash.size} listed after restart, ` +
      `${interrupted.length} chunked uploads resumed with ${resentChunks} of ${interrupted.reduce((n, f) => n + f.totalChunks, 0)} chunks, ` +
      `${strayTmp} partial files left in tmp/ and ${derivedDirs - afterCrash.size} derived folders without a row`,
  );
  await second.stop({ keepData: true });
}, 60_000);
