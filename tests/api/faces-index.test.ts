// The face indexer (issue 30): 'Gesichtssuche' off by default and nothing computed while off; on, the worker process
// (`momentbox faces`, started by the server) describes the event's photos into SQLite; off deletes every descriptor;
// a worker that dies is started again and the gallery keeps answering. Real SQLite, real worker, real photos of faces.
import { Database } from 'bun:sqlite';
import { afterEach, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ClientSettingsDto, ClientTokenAnswer, EventDto } from '../../src/http/api-types.ts';
import { FIXTURES } from '../helpers/server.ts';
import { expectOk, useAppServer } from './support.ts';

/** What a test does at a log line of the server, at the moment it is written (debug: the worker's requests are logged). */
let onLog: ((line: string) => void) | null = null;
const srv = useAppServer({ env: { MOMENTBOX_LOG_LEVEL: 'debug' }, onLog: (line) => onLog?.(line) });
const FACES = join(FIXTURES, 'faces');
// Two photos of one person and one of another (the labelled set, tests/fixtures/faces/README.md).
const WALZ = join(FACES, 'walz-portrait.jpg');
const WALZ_AGAIN = join(FACES, 'walz-station.jpg');
const WHITSON = join(FACES, 'whitson-portrait.jpg');

/** Waits (bounded) until `check` is true; the worker loads its engine in seconds, more on a busy machine. */
async function until(what: string, check: () => boolean | Promise<boolean>, ms = 180_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    srv.server.services.faces.poke();
    await Bun.sleep(200);
  }
}

/** Reads the database file itself, as a person with the SD card would. */
function rows(sql: string, ...params: number[]): Record<string, unknown>[] {
  const db = new Database(join(srv.server.dataDir, 'momentbox.db'), { readonly: true });
  try {
    return db.query(sql).all(...params) as Record<string, unknown>[];
  } finally {
    db.close();
  }
}

/** The events a test made: deleted after it, so a retried test (or the next one) starts on a quiet box. */
const made: number[] = [];
afterEach(async () => {
  for (const id of made.splice(0)) await srv.admin.fetch(`/api/event/${id}`, { method: 'DELETE' });
});

async function hostedEventWithFaces() {
  const event = await srv.admin.createEvent({});
  made.push(event.id);
  const ids: number[] = [];
  for (const photo of [WALZ, WALZ_AGAIN, WHITSON]) ids.push((await srv.admin.uploadOk(event.id, photo)).id);
  const { client_token: token } = await srv.admin.json<ClientTokenAnswer>(`/api/client/generate-token/${event.id}`, { method: 'POST' });
  const host = srv.client();
  const setting = async (on: boolean) =>
    expectOk<EventDto>(await host.fetch(`/api/client/event/${token}`, { method: 'PUT', json: { face_search: on } }));
  const settings = async () => expectOk<ClientSettingsDto>(await host.fetch(`/api/client/event-settings/${token}`));
  return { event, ids, setting, settings };
}

/** The tables holding face data of an event: the index's and what its searching guests kept. */
const FACE_TABLES = ['faces', 'face_scans', 'face_search_selfies', 'face_exclusions', 'face_drops'];
const faceRows = (eventId: number) =>
  Object.fromEntries(FACE_TABLES.map((t) => [t, rows(`select count(*) as n from ${t} where event_id = ?`, eventId)[0]!.n as number]));

function selfieForm(path: string, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('selfie', new Blob([readFileSync(path)], { type: 'image/jpeg' }), 'selfie.jpg');
  return form;
}

const distance = (a: Float32Array, b: Float32Array) => Math.sqrt(a.reduce((sum, v, i) => sum + (v - b[i]!) ** 2, 0));

describe('face indexing', () => {
  test('off by default: nothing is computed and no worker starts; on: every photo is described into SQLite, the progress reaches 100 %', async () => {
    const { event, ids, setting, settings } = await hostedEventWithFaces();
    const before = await settings();
    expect(before.event.face_search).toBe(false);
    expect(before.face_progress).toEqual({ scanned: 0, total: 3, percent: 0 });
    // Off: once the box is quiet (the indexer waits while previews are made), however often the indexer looks,
    // it finds nothing to do and starts no worker.
    await until('the photos processed', () => srv.server.services.jobs.length() === 0);
    // counted from here: a retried attempt shares this file's server with the first
    const startsBefore = srv.server.services.faces.workerStarts();
    for (let i = 0; i < 20; i++) {
      srv.server.services.faces.poke();
      await Bun.sleep(100);
    }
    expect(srv.server.services.faces.workerStarts()).toBe(startsBefore);
    expect(rows('select * from face_scans where event_id = ?', event.id)).toEqual([]);

    expect((await setting(true)).face_search).toBe(true);
    await until('every photo described', async () => (await settings()).face_progress.percent === 100);
    expect((await settings()).face_progress).toEqual({ scanned: 3, total: 3, percent: 100 });
    const scans = rows('select upload_id, state, face_count from face_scans where event_id = ? order by upload_id', event.id);
    expect(scans.map((r) => [r.upload_id, r.state])).toEqual(ids.map((id) => [id, 'done']));
    const stored = rows('select upload_id, length(descriptor) as bytes, box_w from faces where event_id = ?', event.id);
    expect(stored).toHaveLength(scans.reduce((n, r) => n + (r.face_count as number), 0));
    for (const id of ids) expect(stored.filter((f) => f.upload_id === id).length).toBeGreaterThanOrEqual(1);
    for (const face of stored) {
      expect(face.bytes).toBe(512);
      expect(face.box_w as number).toBeGreaterThan(0.02);
    }
    // A selfie (the portrait) is described by the same worker, which the search uses: the other photo of the same
    // person has a nearer face than the other person's photo.
    const selfie = await srv.server.services.faces.describeImage(await Bun.file(WALZ).bytes());
    expect(selfie).toHaveLength(1);
    expect(selfie[0]!.sharpness).toBeGreaterThan(0);
    const nearest = (uploadId: number) =>
      Math.min(
        ...srv.server.services.faces
          .facesOfEvent(event.id)
          .filter((f) => f.uploadId === uploadId)
          .map((f) => distance(selfie[0]!.descriptor, f.descriptor)),
      );
    expect(nearest(ids[0]!)).toBeLessThan(0.1); // the same picture
    expect(nearest(ids[1]!)).toBeLessThan(nearest(ids[2]!));

    // Off: every descriptor and scan mark of the event is gone before the answer (checked in the file).
    expect((await setting(false)).face_search).toBe(false);
    expect(rows('select count(*) as n from faces where event_id = ?', event.id)).toEqual([{ n: 0 }]);
    expect(rows('select count(*) as n from face_scans where event_id = ?', event.id)).toEqual([{ n: 0 }]);
    expect((await settings()).face_progress.percent).toBe(0);
  });

  test('a worker killed while it works is started again and finishes; the gallery answers meanwhile', async () => {
    const { event, setting, settings } = await hostedEventWithFaces();
    await setting(true);
    const faces = srv.server.services.faces;
    await until('a worker running', () => faces.workerPid() !== null);
    const first = faces.workerPid()!;
    const startsBeforeKill = faces.workerStarts();
    process.kill(first, 'SIGKILL');
    // The gallery does not depend on it.
    const guest = srv.client();
    await guest.joinAsGuest(event.code);
    expect((await guest.fetch(`/api/event/${event.code}`)).status).toBe(200);
    await until('every photo described by a new worker', async () => (await settings()).face_progress.percent === 100);
    expect(faces.workerStarts()).toBeGreaterThan(startsBeforeKill);
    expect((rows('select count(*) as n from faces where event_id = ?', event.id)[0]!.n as number) >= 3).toBe(true);
    expect(srv.server.output()).toContain('face worker ended');
    // Deleting the event deletes its faces with it.
    await expectOk(await srv.admin.fetch(`/api/event/${event.id}`, { method: 'DELETE' }));
    expect(rows('select count(*) as n from faces where event_id = ?', event.id)).toEqual([{ n: 0 }]);
  });

  test('a worker killed in the middle of a picture: the picture is tried again by a new worker and indexed, not marked failed', async () => {
    const { event, ids, setting, settings } = await hostedEventWithFaces();
    const faces = srv.server.services.faces;
    let killed = 0;
    onLog = (line) => {
      const asked = /face worker asked pid=(\d+)/.exec(line);
      // The indexer's first request was just written: the worker dies with that picture in its hands.
      if (asked && !killed) process.kill((killed = Number(asked[1])), 'SIGKILL');
    };
    const guest = srv.client();
    await guest.joinAsGuest(event.code);
    try {
      await setting(true);
      // Without poking: the indexer tries again after its own pause (2 s after a first failure).
      const deadline = Date.now() + 180_000;
      while ((await settings()).face_progress.percent < 100) {
        if (Date.now() > deadline) throw new Error('the event was not indexed after the worker died');
        // The gallery answers meanwhile.
        expect((await guest.fetch(`/api/event/${event.id}/uploads`)).status).toBe(200);
        await Bun.sleep(250);
      }
    } finally {
      onLog = null;
    }
    expect(killed).toBeGreaterThan(0);
    // Every picture described, the one it died on too: none marked failed.
    const scans = rows('select upload_id, state from face_scans where event_id = ? order by upload_id', event.id);
    expect(scans.map((r) => [r.upload_id, r.state])).toEqual(ids.map((id) => [id, 'done']));
    // It died with the picture, and the indexer paused for its quick second try.
    const output = srv.server.output();
    expect(output).toContain(`face worker failed a picture pid=${killed}`);
    expect(output).toMatch(/face indexing paused: the face worker failed; trying again later upload=\d+ retryInMs=2000/);
    expect(faces.workerPid()).not.toBe(killed);
  });

  test("off deletes all the event's face data in one go, the index's and what its guests kept; another event's stays", async () => {
    const a = await hostedEventWithFaces();
    const b = await hostedEventWithFaces();
    for (const { event, ids, setting } of [a, b]) {
      await setting(true);
      // A guest who searched and asked to be remembered, removed a person from everyone's results, dropped a photo.
      const guest = srv.client();
      await guest.joinAsGuest(event.code);
      const faces = `/api/event/${event.id}/faces`;
      await expectOk(await guest.fetch(`${faces}/search`, { method: 'POST', body: selfieForm(WALZ, { remember: 'true' }) }));
      await expectOk(await guest.fetch(`${faces}/exclusion`, { method: 'POST', body: selfieForm(WHITSON) }));
      await expectOk(await guest.fetch(`${faces}/not-me/${ids[1]}`, { method: 'PUT' }));
    }
    for (const { event, settings } of [a, b]) {
      await until('every photo described', async () => (await settings()).face_progress.percent === 100);
      expect(Object.values(faceRows(event.id)).every((n) => n >= 1)).toBe(true);
    }
    const other = faceRows(b.event.id);

    expect((await a.setting(false)).face_search).toBe(false);
    // Read from the database file before anything else happens: nothing of the event is left.
    expect(faceRows(a.event.id)).toEqual(Object.fromEntries(FACE_TABLES.map((t) => [t, 0])));
    expect(faceRows(b.event.id)).toEqual(other);
  });
});
