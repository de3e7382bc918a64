// 'Fotos von mir finden' through the API (issue 30 items 3-5): real photos of real people (tests/fixtures/faces),
// indexed by the real face worker, searched with a real selfie. Results only among what the guest sees, best
// first; the selfie's problems as 422 in the request's language; the guest's own drops, removal and data; the
// permission rows; no descriptor in any answer, log line or export.
import { Database } from 'bun:sqlite';
import { beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AdminEventDto, CreatedApiKey, FaceSearchResult, UploadDto } from '../../src/http/api-types.ts';
import { FIXTURES } from '../helpers/server.ts';
import { ApiClient, defaultAlbumId, expectError, expectOk, PHOTO, useServer } from './support.ts';

const srv = useServer();
const FACES = join(FIXTURES, 'faces');
const face = (name: string) => join(FACES, name);

/** The photos of the event: two of the Expedition 1 crew (Gidzenko, Shepherd, Krikalev), others of other people. */
const SHARED = [
  'expedition1-crew-oranges.jpg',
  'expedition1-crew-lab.jpg',
  'sts106-crew.jpg',
  'whitson-lab.jpg',
  'frick-portrait.jpg',
  'walz-station.jpg',
];

function db() {
  return new Database(join(srv.server.dataDir, 'momentbox.db'), { readonly: true });
}
const count = (sql: string, ...params: (string | number)[]) => {
  const d = db();
  try {
    return (d.query(sql).get(...params) as { n: number }).n;
  } finally {
    d.close();
  }
};

function selfieForm(path: string, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('selfie', new Blob([readFileSync(path)], { type: 'image/jpeg' }), 'selfie.jpg');
  return form;
}
const search = (client: ApiClient, eventId: number, selfie: string, fields: Record<string, string> = {}, headers: HeadersInit = {}) =>
  client.fetch(`/api/event/${eventId}/faces/search`, { method: 'POST', body: selfieForm(selfie, fields), headers });
const names = (r: FaceSearchResult, byId: Map<number, string>) => r.uploads.map((u) => byId.get(u.id));

let event: AdminEventDto;
/** upload id -> fixture name */
const byId = new Map<number, string>();
let lena: ApiClient;
let lenaPrivate = 0;

/** Waits (bounded) until the face worker has indexed every photo of the event. */
async function indexed(eventId: number, uploads: number) {
  const until = Date.now() + 480_000;
  while (Date.now() < until) {
    if (count('select count(distinct upload_id) as n from faces where event_id = ?', eventId) >= uploads) return;
    await Bun.sleep(500);
  }
  throw new Error('the face index did not cover the event in 480 s');
}

beforeAll(async () => {
  event = await srv.admin.createEvent({ face_search: 'true' });
  const albumId = await defaultAlbumId(srv.admin, event.id);
  for (const name of SHARED) byId.set((await srv.admin.uploadOk(event.id, face(name), { albumId })).id, name);
  // Lena's own photo of Whitson, not shared: others never find it.
  lena = srv.client();
  await lena.joinAsGuest(event.code, 'Lena');
  lenaPrivate = (await lena.uploadOk(event.id, face('whitson-portrait.jpg'), { albumId, autoApprove: 'false' })).id;
  byId.set(lenaPrivate, 'whitson-portrait.jpg');
  // Every upload but the face-less ones has faces once indexed.
  await indexed(event.id, SHARED.length + 1);
}, 540_000);

describe('the search', () => {
  test("a selfie finds that person's photos best first and nobody else's; answers are upload items without descriptors", async () => {
    const guest = srv.client();
    await guest.joinAsGuest(event.code);
    const res = await expectOk<FaceSearchResult>(await search(guest, event.id, face('gidzenko-portrait.jpg')));
    expect(names(res, byId)).toEqual(['expedition1-crew-oranges.jpg', 'expedition1-crew-lab.jpg']);
    expect(res.remembered).toBe(false);
    // The same items as the uploads list gives.
    const list = await guest.json<UploadDto[]>(`/api/event/${event.id}/uploads`);
    expect(res.uploads[0]).toEqual(list.find((u) => u.id === res.uploads[0]!.id)!);
    const text = JSON.stringify(res);
    expect(text).not.toMatch(/descriptor|distance/i);
    // Nothing of the search was kept (not remembered).
    expect(count('select count(*) as n from face_search_selfies where event_id = ?', event.id)).toBe(0);
  }, 60_000);

  test("only among what the guest sees: another guest's private photo is found by its owner alone", async () => {
    const ben = srv.client();
    await ben.joinAsGuest(event.code);
    const forBen = await expectOk<FaceSearchResult>(await search(ben, event.id, face('whitson-lab.jpg')));
    expect(names(forBen, byId)).toEqual(['whitson-lab.jpg']);
    const forLena = await expectOk<FaceSearchResult>(await search(lena, event.id, face('whitson-lab.jpg')));
    expect(names(forLena, byId).sort()).toEqual(['whitson-lab.jpg', 'whitson-portrait.jpg']);
  }, 60_000);

  test("'Das bin ich nicht' drops a photo from that guest's results only; remember keeps a descriptor, 'Meine Daten löschen' deletes it", async () => {
    const anna = srv.client();
    const annaId = await anna.joinAsGuest(event.code);
    const first = await expectOk<FaceSearchResult>(await search(anna, event.id, face('gidzenko-portrait.jpg'), { remember: 'true' }));
    expect(first.remembered).toBe(true);
    expect(count('select count(*) as n from face_search_selfies where user_id = ?', annaId)).toBe(1);
    const dropped = first.uploads[0]!.id;
    await expectOk(await anna.fetch(`/api/event/${event.id}/faces/not-me/${dropped}`, { method: 'PUT' }));
    const again = await expectOk<FaceSearchResult>(await anna.fetch(`/api/event/${event.id}/faces/search`));
    expect(again.uploads.map((u) => u.id)).toEqual(first.uploads.slice(1).map((u) => u.id));
    // Another guest still finds it.
    const other = srv.client();
    await other.joinAsGuest(event.code);
    const forOther = await expectOk<FaceSearchResult>(await search(other, event.id, face('gidzenko-portrait.jpg')));
    expect(forOther.uploads.map((u) => u.id)).toContain(dropped);

    await expectOk(await anna.fetch(`/api/event/${event.id}/faces/mine`, { method: 'DELETE' }));
    expect(count('select count(*) as n from face_search_selfies where user_id = ?', annaId)).toBe(0);
    expect(count('select count(*) as n from face_drops where user_id = ?', annaId)).toBe(0);
    await expectError(await anna.fetch(`/api/event/${event.id}/faces/search`), 422, 'SELFIE_UNUSABLE');
  }, 90_000);

  test("'Mich aus der Gesichtssuche entfernen' by one guest removes that person from another guest's search", async () => {
    const own = await srv.admin.createEvent({ face_search: 'true' });
    const albumId = await defaultAlbumId(srv.admin, own.id);
    const crew = (await srv.admin.uploadOk(own.id, face('sts106-crew.jpg'), { albumId })).id;
    const whitson = (await srv.admin.uploadOk(own.id, face('whitson-lab.jpg'), { albumId })).id;
    await indexed(own.id, 2);
    const seeker = srv.client();
    await seeker.joinAsGuest(own.code);
    expect((await expectOk<FaceSearchResult>(await search(seeker, own.id, face('whitson-portrait.jpg')))).uploads.map((u) => u.id)).toEqual(
      [whitson],
    );
    const peggy = srv.client();
    const peggyId = await peggy.joinAsGuest(own.code);
    await expectOk(
      await peggy.fetch(`/api/event/${own.id}/faces/exclusion`, { method: 'POST', body: selfieForm(face('whitson-portrait.jpg')) }),
    );
    expect((await expectOk<FaceSearchResult>(await search(seeker, own.id, face('whitson-portrait.jpg')))).uploads).toEqual([]);
    // Others of the event are still found.
    expect((await expectOk<FaceSearchResult>(await search(seeker, own.id, face('lu-portrait.jpg')))).uploads.map((u) => u.id)).toEqual([
      crew,
    ]);
    // Her 'Meine Daten löschen' takes the removal back with the rest.
    await expectOk(await peggy.fetch(`/api/event/${own.id}/faces/mine`, { method: 'DELETE' }));
    expect(count('select count(*) as n from face_exclusions where user_id = ?', peggyId)).toBe(0);
  }, 540_000);
});

describe('selfies that cannot be used, in the request’s language', () => {
  test('no face, several faces, blurry, not a photo: 422 with their own message, German and English', async () => {
    const guest = srv.client();
    await guest.joinAsGuest(event.code);
    const cases: [string, string, RegExp, RegExp][] = [
      [PHOTO, 'default', /kein Gesicht/, /No face/],
      [face('expedition1-crew-oranges.jpg'), 'severalFaces', /mehrere Gesichter/, /several faces/],
      [face('lu-portrait-blurred.jpg'), 'blurry', /unscharf/, /blurry/],
    ];
    for (const [file, , de, en] of cases) {
      await expectError(await search(guest, event.id, file), 422, 'SELFIE_UNUSABLE', de);
      await expectError(await search(guest, event.id, file, {}, { 'accept-language': 'en' }), 422, 'SELFIE_UNUSABLE', en);
    }
    const text = new FormData();
    text.append('selfie', new Blob(['not a photo at all']), 'selfie.jpg');
    await expectError(
      await guest.fetch(`/api/event/${event.id}/faces/search`, { method: 'POST', body: text }),
      422,
      'SELFIE_UNUSABLE',
      /kein Foto/,
    );
  }, 120_000);
});

describe('who may search', () => {
  test('refused while the setting is off; visitors, API keys, the host and the admin never search', async () => {
    const off = await srv.admin.createEvent();
    const guest = srv.client();
    await guest.joinAsGuest(off.code);
    await expectError(await search(guest, off.id, face('shepherd-portrait.jpg')), 403, 'FACE_SEARCH_OFF');
    await expectError(await guest.fetch(`/api/event/${off.id}/faces/mine`), 403, 'FACE_SEARCH_OFF');
    // 'Meine Daten löschen' works whatever the setting.
    await expectOk(await guest.fetch(`/api/event/${off.id}/faces/mine`, { method: 'DELETE' }));

    await expectError(await search(srv.client(), event.id, face('shepherd-portrait.jpg')), 403, 'CONSENT_REQUIRED');
    await expectError(await search(srv.admin, event.id, face('shepherd-portrait.jpg')), 403, 'FORBIDDEN');
    const key = (await srv.admin.json<CreatedApiKey>('/api/admin/api-keys', { method: 'POST', json: { name: 'Fotobox' } })).api_key;
    const booth = new ApiClient(srv.url);
    for (const headers of [{ authorization: `Bearer ${key}` }, { 'x-api-key': key }] as Record<string, string>[])
      await expectError(await search(booth, event.id, face('shepherd-portrait.jpg'), {}, headers), 403, 'API_KEY_UPLOAD_ONLY');
    // A guest's drop is only on what they see.
    const ben = srv.client();
    await ben.joinAsGuest(event.code);
    await expectError(await ben.fetch(`/api/event/${event.id}/faces/not-me/${lenaPrivate}`, { method: 'PUT' }), 404, 'NOT_FOUND');
  }, 60_000);
});

describe('descriptors stay in the box', () => {
  test('no answer, export ZIP or log line carries one', async () => {
    const d = db();
    const sample = d.query('select descriptor from faces where event_id = ? limit 1').get(event.id) as { descriptor: Uint8Array };
    d.close();
    const values = new Float32Array(sample.descriptor.buffer.slice(sample.descriptor.byteOffset, sample.descriptor.byteOffset + 512));
    // A descriptor's values as any answer would print them (JSON numbers of float32s).
    const printed = [...values.slice(0, 3)].map((v) => String(v).slice(0, 8));
    const answers = [
      await (await srv.admin.fetch(`/api/event/${event.id}/uploads`)).text(),
      await (await srv.admin.fetch(`/api/admin/events`)).text(),
      await (await srv.admin.fetch(`/api/event/${event.code}`)).text(),
      await (await srv.admin.fetch(`/api/event/${event.id}/export-zip`)).text(),
      srv.server.output(),
    ];
    for (const text of answers) {
      expect(text).not.toContain('descriptor');
      for (const p of printed) expect(text).not.toContain(p);
    }
  }, 120_000);
});
