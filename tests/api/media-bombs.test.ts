import { afterAll, beforeAll, expect, test } from 'bun:test';
import { Database } from 'bun:sqlite';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import type { AdminEventDto, UploadDto } from '../../src/http/api-types.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { heicGridBomb, hugeVideo, interlaced16BitPng, manyTrackMp4, progressiveJpeg } from '../helpers/media-bombs.ts';
import { treeRss, watchTreePeak } from '../helpers/memory.ts';
import { FIXTURES, startServer, type TestServer } from '../helpers/server.ts';

// Issue 32, finding 4: small files that cost a decoder gigabytes ("media bombs") are refused from their
// headers, and ffprobe/ffmpeg run with a memory ceiling, so one phone cannot take the box's memory (a Pi
// has 1-2 GB for everything). Each bomb ends as a failed placeholder with a clear reason, the server's
// memory (with its ffmpeg and ffprobe) grows less than 400 MB, and a bystander guest is served meanwhile.

const MB = 1024 * 1024;
const MAX_GROWTH = 400 * MB;

let server: TestServer;
let admin: ApiClient;
let event: AdminEventDto;
const dir = mkdtempSync(join(tmpdir(), 'momentbox-bombs-'));
const bombs: Record<string, string> = {};
/** The bystander's photos so far: each one is made distinct by a trailing number. */
let bystanderPhotos = 0;

beforeAll(async () => {
  const ffmpeg = ffmpegInstaller.path;
  const write = (name: string, bytes: Uint8Array) => {
    writeFileSync(join(dir, name), bytes);
    return join(dir, name);
  };
  const [png, jpeg] = await Promise.all([interlaced16BitPng(8000), progressiveJpeg(10000, 9990)]);
  bombs.heic = write('grid.heic', heicGridBomb(readFileSync(join(FIXTURES, 'photos', 'heic', 'iphone_13_pro_max.HEIC')), 9728));
  bombs.png = write('interlaced-16bit.png', png);
  bombs.jpeg = write('progressive.jpg', jpeg);
  bombs.tracks = await manyTrackMp4(ffmpeg, dir, 1000);
  bombs.video = await hugeVideo(ffmpeg, dir, 8192);

  server = await startServer();
  admin = new ApiClient(server.url);
  await admin.login(server.adminPassword);
  event = await admin.createEvent();
  // Warm: sharp and ffmpeg loaded once, as on a box that has served a few photos.
  await admin.uploadOk(event.id, join(FIXTURES, 'photos', 'cameras', 'Canon_40D.jpg'));
}, 180_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** A guest reading the gallery and uploading a photo the whole time; resolves with every failure it met. */
function bystander(until: Promise<unknown>) {
  const guest = new ApiClient(server.url);
  const failures: string[] = [];
  const times: number[] = [];
  let done = false;
  void until.finally(() => (done = true));
  const run = (async () => {
    await guest.joinAsGuest(event.code, 'Bystander');
    const photo = await Bun.file(join(FIXTURES, 'photos', 'cameras', 'Nikon_D70.jpg')).arrayBuffer();
    for (let i = 0; !done || i < 2; i++) {
      const started = performance.now();
      const res =
        i % 4 === 3
          ? await (() => {
              const form = new FormData();
              const n = ++bystanderPhotos;
              form.append('file', new File([photo, new Uint8Array([n % 256, n >> 8])], `bystander-${n}.jpg`));
              return guest.fetch(`/api/event/${event.id}/upload`, { method: 'POST', body: form });
            })()
          : await guest.fetch(`/api/event/${event.id}/uploads`);
      times.push(performance.now() - started);
      if (!res.ok) failures.push(`${res.status} ${await res.text()}`);
      else await res.arrayBuffer();
      await Bun.sleep(50);
    }
  })();
  return run.then(() => {
    const sorted = times.sort((a, b) => a - b);
    return { failures, p99Ms: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))]! };
  });
}

/** The upload's state once processing is over ('failed' or 'ready'), and the reason stored for a failure. */
async function settled(id: number, into: AdminEventDto): Promise<{ state: string; error: string | null }> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const rows = await admin.json<UploadDto[]>(`/api/event/${into.id}/uploads`);
    const row = rows.find((u) => u.id === id);
    if (row && (row.processing_state === 'failed' || row.processing_state === 'ready')) {
      const db = new Database(join(server.dataDir, 'momentbox.db'), { readonly: true });
      try {
        const { processing_error } = db.query('SELECT processing_error FROM uploads WHERE id = ?').get(id) as {
          processing_error: string | null;
        };
        return { state: row.processing_state, error: processing_error };
      } finally {
        db.close();
      }
    }
    if (Date.now() > deadline) throw new Error(`upload ${id} still ${row?.processing_state}`);
    await Bun.sleep(300);
  }
}

/** Uploads the bombs as a guest at once; each must be stored and end as a failed placeholder. */
async function uploadBombs(names: string[], into = event) {
  const phone = new ApiClient(server.url);
  await phone.joinAsGuest(into.code);
  const before = treeRss(server.proc.pid);
  const peak = watchTreePeak(server.proc.pid);
  const work = Promise.all(
    names.map(async (name) => {
      const res = await phone.upload(into.id, bombs[name]!);
      const body = (await res.json()) as { id: number };
      expect(res.status).toBe(201);
      return { name, ...(await settled(body.id, into)) };
    }),
  );
  const served = bystander(work);
  const results = await work;
  const growth = peak.stop() - before;
  const { failures, p99Ms } = await served;
  console.log(`bombs ${names.join('+')}: memory +${Math.round(growth / MB)} MB, bystander's p99 ${Math.round(p99Ms)} ms`);
  return { results, growth, failures, p99Ms };
}

const REFUSED = {
  heic: /too many pixels|too much memory/i,
  png: /too many pixels|too much memory/i,
  jpeg: /too many pixels|too much memory/i,
  tracks: /too much memory|too many|damaged/i,
  video: /too many pixels|too much memory|too large/i,
};

for (const name of Object.keys(REFUSED) as (keyof typeof REFUSED)[]) {
  test(`the ${name} bomb is refused with a clear reason, the memory grows less than 400 MB, the bystander is served`, async () => {
    const { results, growth, failures, p99Ms } = await uploadBombs([name]);
    expect(results[0]!.state).toBe('failed');
    expect(results[0]!.error).toMatch(REFUSED[name]);
    expect(growth).toBeLessThan(MAX_GROWTH);
    expect(failures).toEqual([]);
    expect(p99Ms).toBeLessThan(1000);
  }, 180_000);
}

// Ten bombs in one burst: the decodes take turns in one memory budget and no probe runs in a request, so the
// bystander is served as in each single recipe (p99 85-93 ms on a quiet 2-core machine). npm test runs this
// file alone (scripts/test-lanes.ts), since other suites' CPU use delays single answers past 1 s.
test('all five bombs at once, twice over: each refused, the memory grows less than 400 MB, the bystander served within 1 s', async () => {
  // Other events, so the same files are no duplicates there.
  const [one, two] = [await admin.createEvent(), await admin.createEvent()];
  const [first, second] = [uploadBombs(Object.keys(REFUSED), one), uploadBombs(Object.keys(REFUSED), two)];
  for (const { results, growth, failures, p99Ms } of [await first, await second]) {
    for (const r of results) expect({ name: r.name, state: r.state }).toEqual({ name: r.name, state: 'failed' });
    expect(growth).toBeLessThan(MAX_GROWTH);
    expect(failures).toEqual([]);
    expect(p99Ms).toBeLessThan(1000);
  }
}, 180_000);

test('a real phone HEIC and a camera JPEG next to the bombs are still made into thumbnails', async () => {
  const guest = new ApiClient(server.url);
  await guest.joinAsGuest(event.code);
  for (const file of [join(FIXTURES, 'photos', 'heic', 'iphone_13_pro_max.HEIC'), join(FIXTURES, 'photos', 'cameras', 'Pentax_K10D.jpg')]) {
    const { id } = await guest.uploadOk(event.id, file);
    expect((await settled(id, event)).state).toBe('ready');
  }
}, 180_000);
