// Photo challenges ('Foto-Aufgaben', issue 28 item 3): albums with `challenge` set, whose name is the prompt.
// The couple makes them (from the ready list or their own words), guests list them and upload into them; the
// album rules apply (counts, covers, paging, ZIP folders); each guest learns how many they did, nobody else.
import { describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AlbumDto, ClientTokenAnswer, GalleryAlbumDto, UploadPage } from '../../src/http/api-types.ts';
import { READY_CHALLENGES } from '../../src/domain/challenge-prompts.ts';
import { challengeProgress } from '../../src/domain/challenges.ts';
import { LANGUAGES } from '../../src/domain/languages.ts';
import { SseStream } from '../helpers/sse.ts';
import { expectError, expectOk, PHOTOS, send, useServer } from './support.ts';

const srv = useServer();

async function coupleEvent(name = 'Hochzeit Mia und Tom') {
  const event = await srv.admin.createEvent({ name, allow_download: 'true' });
  const { client_token: token } = await srv.admin.json<ClientTokenAnswer>(`/api/client/generate-token/${event.id}`, { method: 'POST' });
  const couple = srv.client();
  const challenge = async (prompt: string) =>
    expectOk<AlbumDto>(await send(couple, 'POST', `/api/client/event/${token}/album`, { name: prompt, challenge: true }), 201);
  return { event, token, couple, challenge };
}

const albumsOf = (client: ReturnType<typeof srv.client>, eventId: number) => client.json<GalleryAlbumDto[]>(`/api/event/${eventId}/albums`);

describe('photo challenges', () => {
  test('the ready list: at least 30 prompts in every language, the same ones in each, none twice', () => {
    for (const lang of LANGUAGES) {
      expect(READY_CHALLENGES[lang].length).toBeGreaterThanOrEqual(30);
      expect(READY_CHALLENGES[lang].length).toBe(READY_CHALLENGES.de.length);
      expect(new Set(READY_CHALLENGES[lang]).size).toBe(READY_CHALLENGES[lang].length);
    }
    expect(READY_CHALLENGES.de).toContain('Das Brautpaar beim Tanzen');
    expect(READY_CHALLENGES.en[READY_CHALLENGES.de.indexOf('Das Brautpaar beim Tanzen')]).toBe('The couple dancing');
  });

  test('the couple makes them from the list and in their own words; guests list them, upload into one, each sees their own progress', async () => {
    const { event, challenge } = await coupleEvent();
    const dancing = await challenge(READY_CHALLENGES.de[0]!);
    const selfie = await challenge(READY_CHALLENGES.de[1]!);
    const own = await challenge('Opa Heinz beim Limbo');
    expect([dancing, selfie, own].map((c) => [c.name, c.challenge, c.start_datetime, c.end_datetime])).toEqual([
      ['Das Brautpaar beim Tanzen', true, null, null],
      ['Ein Selfie mit jemandem, den du heute kennengelernt hast', true, null, null],
      ['Opa Heinz beim Limbo', true, null, null],
    ]);

    const lena = srv.client();
    await lena.joinAsGuest(event.code, 'Lena');
    const max = srv.client();
    await max.joinAsGuest(event.code, 'Max');
    const listed = await albumsOf(lena, event.id);
    expect(listed.filter((a) => a.challenge).map((a) => a.name)).toEqual([dancing.name, selfie.name, own.name]);
    expect(listed.filter((a) => !a.challenge).map((a) => a.name)).toEqual(['Default Album']);
    expect(challengeProgress(listed)).toEqual({ done: 0, total: 3 });

    // Lena does two challenges (one twice), Max one; shared at once so the counts are everyone's.
    const shared = { autoApprove: 'true' };
    const first = await lena.uploadOk(event.id, PHOTOS[0]!, { ...shared, albumId: String(dancing.id) });
    expect(first.album_id).toBe(dancing.id);
    await lena.uploadOk(event.id, PHOTOS[1]!, { ...shared, albumId: String(dancing.id) });
    await lena.uploadOk(event.id, PHOTOS[2]!, { ...shared, albumId: String(own.id) });
    await max.uploadOk(event.id, PHOTOS[3]!, { ...shared, albumId: String(dancing.id) });

    const forLena = await albumsOf(lena, event.id);
    const byName = (list: GalleryAlbumDto[], name: string) => list.find((a) => a.name === name)!;
    expect(byName(forLena, dancing.name)).toMatchObject({ upload_count: 3, own_count: 2 });
    expect(byName(forLena, dancing.name).cover?.thumbnail_path).toMatch(/^\/media\//);
    expect(byName(forLena, own.name)).toMatchObject({ upload_count: 1, own_count: 1 });
    expect(byName(forLena, selfie.name)).toMatchObject({ upload_count: 0, own_count: 0, cover: null });
    expect(challengeProgress(forLena)).toEqual({ done: 2, total: 3 });
    expect(challengeProgress(await albumsOf(max, event.id))).toEqual({ done: 1, total: 3 });
    // No leaderboard: a visitor, the couple and the admin learn counts, never whose.
    expect((await albumsOf(srv.client(), event.id)).every((a) => a.own_count === 0)).toBe(true);
    expect((await albumsOf(srv.admin, event.id)).every((a) => a.own_count === 0)).toBe(true);

    // Paging as in any album: one at a time, newest first, the challenge's three.
    const ids: number[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page: UploadPage = await expectOk(
        await srv.client().fetch(`/api/event/${event.id}/uploads?albumId=${dancing.id}&limit=1${cursor ? `&cursor=${cursor}` : ''}`),
      );
      ids.push(...page.uploads.map((u) => u.id));
      cursor = page.next_cursor;
    }
    expect(ids).toHaveLength(3);
    expect(ids).toContain(first.id);
  });

  test("the event's ZIP has a folder per challenge, named by its prompt", async () => {
    const { event, token, challenge } = await coupleEvent('Challenge Zip');
    const dancing = await challenge('Das Brautpaar beim Tanzen');
    const selfie = await challenge('Ein Selfie mit jemandem, den du heute kennengelernt hast');
    await srv.admin.uploadOk(event.id, PHOTOS[0]!, { albumId: String(dancing.id) });
    await srv.admin.uploadOk(event.id, PHOTOS[1]!, { albumId: String(selfie.id) });
    const res = await srv.client().fetch(`/api/client/event-export-zip/${token}`);
    expect(res.status).toBe(200);
    const dir = mkdtempSync(join(tmpdir(), 'challenge-zip-'));
    try {
      const zip = join(dir, 'event.zip');
      await Bun.write(zip, await res.arrayBuffer());
      const list = Bun.spawnSync(['unzip', '-Z1', zip], { stdout: 'pipe' }).stdout.toString().trim().split('\n').sort();
      expect(list).toEqual([
        `Challenge Zip/Das Brautpaar beim Tanzen/${PHOTOS[0]!.split('/').pop()}`,
        `Challenge Zip/Ein Selfie mit jemandem, den du heute kennengelernt hast/${PHOTOS[1]!.split('/').pop()}`,
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('guests cannot make, rename or delete challenges; a challenge has no dates', async () => {
    const { event, token, challenge } = await coupleEvent();
    const rings = await challenge('Die Ringe ganz nah');
    const guest = srv.client();
    await guest.joinAsGuest(event.code);
    // Even under the one name a guest may create, a challenge is refused (and nothing is made).
    await expectError(await send(guest, 'POST', `/api/event/${event.id}/album`, { name: 'Unsortiert', challenge: true }), 403, 'FORBIDDEN');
    await expectError(await send(guest, 'POST', `/api/event/${event.id}/album`, { name: 'Mein Spiel', challenge: true }), 403, 'FORBIDDEN');
    await expectError(await send(guest, 'PUT', `/api/album/${rings.id}`, { name: 'Gekapert' }), 401, 'UNAUTHORIZED');
    await expectError(await guest.fetch(`/api/album/${rings.id}`, { method: 'DELETE' }), 401, 'UNAUTHORIZED');
    const after = await albumsOf(srv.admin, event.id);
    expect(after.map((a) => [a.name, a.challenge])).toEqual([
      ['Default Album', false],
      ['Die Ringe ganz nah', true],
    ]);

    const dated = { name: 'Der Sonnenuntergang', challenge: true, start_datetime: '2026-06-01T18:00:00Z' };
    await expectError(await send(srv.client(), 'POST', `/api/client/event/${token}/album`, dated), 400, 'VALIDATION_ERROR', /Foto-Aufgabe/);
    await expectError(
      await send(srv.client(), 'PUT', `/api/client/album/${rings.id}/${token}`, { end_datetime: '2026-06-01T18:00:00Z' }),
      400,
      'VALIDATION_ERROR',
    );
    // The couple renames one; it stays a challenge.
    const renamed = await expectOk<AlbumDto>(
      await send(srv.client(), 'PUT', `/api/client/album/${rings.id}/${token}`, { name: 'Die Ringe' }),
    );
    expect([renamed.name, renamed.challenge]).toEqual(['Die Ringe', true]);
  });

  test("open pages hear of a new, renamed or deleted challenge ('albums' on the live stream)", async () => {
    const { event, token, challenge } = await coupleEvent();
    const guest = srv.client();
    await guest.joinAsGuest(event.code);
    const stream = await SseStream.open(guest, `/api/event/${event.id}/live`);
    try {
      await stream.next((m) => m.event === 'ready', 10_000, 'ready');
      const made = await challenge('Der beste Tanzschritt des Abends');
      const first = await stream.next((m) => m.event === 'albums', 10_000, "'albums' after the new challenge");
      await expectOk(await send(srv.client(), 'PUT', `/api/client/album/${made.id}/${token}`, { name: 'Der beste Tanz' }));
      const second = await stream.next((m) => m.event === 'albums' && m.id !== first.id, 10_000, "'albums' after the rename");
      await expectOk(await srv.client().fetch(`/api/client/album/${made.id}/${token}`, { method: 'DELETE' }));
      await stream.next((m) => m.event === 'albums' && m.id !== second.id, 10_000, "'albums' after the delete");
    } finally {
      stream.close();
    }
  });
});
