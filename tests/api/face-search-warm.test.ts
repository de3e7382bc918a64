// 'Fotos von mir finden' opened (issue 30): the face worker's engine loads for seconds (3.7-4.5 s in bench part o,
// the first search after the worker had gone idle), so the box starts it when a guest opens the face search and
// their selfie finds it ready. Only for a guest who may search; nothing starts for anyone else. Real worker.
import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FaceSearchMine, FaceSearchResult } from '../../src/http/api-types.ts';
import { FIXTURES } from '../helpers/server.ts';
import { expectError, expectOk, useAppServer } from './support.ts';

const srv = useAppServer();
const faces = () => srv.server.services.faces;

describe('opening the face search starts the face worker', () => {
  test('nothing starts for a visitor or while the setting is off; a consented guest opening it starts the one worker their selfie then uses', async () => {
    const off = await srv.admin.createEvent({});
    const on = await srv.admin.createEvent({ face_search: 'true' });
    // no photos: the indexer has nothing to describe, so any worker is the guest's
    const visitor = srv.client();
    expectError(await visitor.fetch(`/api/event/${on.id}/faces/mine`), 403);
    const guestOff = srv.client();
    await guestOff.joinAsGuest(off.code, 'Ole');
    expectError(await guestOff.fetch(`/api/event/${off.id}/faces/mine`), 403, 'FACE_SEARCH_OFF');
    await Bun.sleep(500);
    expect(faces().workerStarts()).toBe(0);
    expect(faces().workerPid()).toBeNull();

    const guest = srv.client();
    await guest.joinAsGuest(on.code, 'Lena');
    expect(await expectOk<FaceSearchMine>(await guest.fetch(`/api/event/${on.id}/faces/mine`))).toEqual({ remembered: false });
    // before any selfie: the worker is on its way (started within the answer)
    const warmed = faces().workerPid();
    expect(warmed).not.toBeNull();
    expect(faces().workerStarts()).toBe(1);

    const form = new FormData();
    form.append('selfie', new Blob([readFileSync(join(FIXTURES, 'faces', 'walz-portrait.jpg'))], { type: 'image/jpeg' }), 'selfie.jpg');
    const found = await expectOk<FaceSearchResult>(await guest.fetch(`/api/event/${on.id}/faces/search`, { method: 'POST', body: form }));
    expect(found.uploads).toEqual([]);
    // the search was described by the worker started ahead, not by a second one
    expect(faces().workerStarts()).toBe(1);
    expect(faces().workerPid()).toBe(warmed);
  }, 240_000);
});
