// Einwegkamera (issue 28 item 2): before the reveal a guest sees only their own uploads on every read path
// (list whole and paged, 'Beliebteste', album counts, one upload through its heart, media files by URL, the
// live stream, the ZIP, similarity answers); at the moment, moved on the server's clock, everything opens and
// the live stream says 'reveal'. The shots: the 25th photo of 24 is refused with its message, a photo booth's
// key still uploads, a deleted photo gives no shot back unless the couple says so, and two uploads racing for
// the last shot cannot both have it.
import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { EventDto, GalleryAlbumDto, GuestIdentity, UploadDto, UploadPage, ZipSize } from '../../src/http/api-types.ts';
import { SseStream } from '../helpers/sse.ts';
import { ApiClient, defaultAlbumId, expectError, expectOk, PHOTOS, useAppServer } from './support.ts';

const srv = useAppServer();
const HOUR = 3600_000;
const dir = mkdtempSync(join(tmpdir(), 'einwegkamera-'));
afterAll(() => {
  srv.server.clock.set(null);
  rmSync(dir, { recursive: true, force: true });
});

/** `n` different small JPEGs (the box refuses a file it already has). */
async function photos(prefix: string, n: number): Promise<string[]> {
  const paths: string[] = [];
  for (let i = 0; i < n; i++) {
    const path = join(dir, `${prefix}-${i}.jpg`);
    const color = { r: (i * 37) % 256, g: (i * 91 + prefix.length * 13) % 256, b: (i * 53 + 7) % 256 };
    writeFileSync(
      path,
      await sharp({ create: { width: 64, height: 48, channels: 3, background: color } })
        .jpeg()
        .toBuffer(),
    );
    paths.push(path);
  }
  return paths;
}

const list = (c: ApiClient, eventId: number, query = '') => c.json<UploadDto[]>(`/api/event/${eventId}/uploads${query}`);
const ids = (uploads: { id: number }[]) => uploads.map((u) => u.id).sort((a, b) => a - b);
const status = async (c: ApiClient, path: string) => (await c.fetch(path)).status;

async function guest(code: string): Promise<ApiClient> {
  const c = srv.client();
  await c.joinAsGuest(code);
  return c;
}

async function boothKey(name: string): Promise<string> {
  return (await srv.admin.json<{ api_key: string }>('/api/admin/api-keys', { method: 'POST', json: { name } })).api_key;
}

function boothUpload(eventId: number, key: string, path: string) {
  const form = new FormData();
  form.append('file', new File([Bun.file(path)], 'booth.jpg', { type: 'image/jpeg' }));
  return srv.client().fetch(`/api/event/${eventId}/upload`, { method: 'POST', body: form, headers: { 'X-API-Key': key } });
}

describe('Einwegkamera: the reveal', () => {
  test("before the reveal a guest sees only their own on every read path; at the moment everyone's, live", async () => {
    const clock = srv.server.clock;
    const start = new Date();
    clock.set(start);
    const revealAt = new Date(start.getTime() + HOUR);
    const event = await srv.admin.createEvent({ allow_download: 'true', reveal_at: revealAt.toISOString() });
    const albumId = await defaultAlbumId(srv.admin, event.id);
    const anna = await guest(event.code);
    const ben = await guest(event.code);
    const visitor = srv.client();

    const shown = await anna.json<EventDto>(`/api/event/${event.code}`);
    expect(shown.camera).toMatchObject({ reveal_at: revealAt.toISOString(), sealed: true, reveal_in_seconds: 3600 });

    const annaStream = await SseStream.open(anna, `/api/event/${event.id}/live`);
    const visitorStream = await SseStream.open(visitor, `/api/event/${event.id}/live`);
    const own = (await anna.uploadOk(event.id, PHOTOS[0]!, { autoApprove: 'true', albumId })).upload;
    const others = (await ben.uploadOk(event.id, PHOTOS[1]!, { autoApprove: 'true', albumId })).upload;
    // Anna's next upload reaches her stream after Ben's would have: nothing of Ben's came before it.
    const ownLater = (await anna.uploadOk(event.id, PHOTOS[2]!, { autoApprove: 'true', albumId })).upload;
    await annaStream.next((m) => m.event === 'upload' && m.data.id === ownLater.id, 15_000, "Anna's second upload");
    expect(annaStream.messages.filter((m) => m.event === 'upload').map((m) => m.data.id)).toEqual([own.id, ownLater.id]);
    expect(visitorStream.messages.filter((m) => m.event === 'upload')).toEqual([]);

    const mine = [own.id, ownLater.id].sort((a, b) => a - b);
    // Lists: whole, paged, 'Beliebteste', and the album counts.
    expect(ids(await list(anna, event.id))).toEqual(mine);
    expect(ids((await anna.json<UploadPage>(`/api/event/${event.id}/uploads?limit=10`)).uploads)).toEqual(mine);
    expect(ids(await list(anna, event.id, '?sort=loved'))).toEqual(mine);
    expect(ids((await anna.json<UploadPage>(`/api/event/${event.id}/uploads?limit=10&sort=loved`)).uploads)).toEqual(mine);
    expect(ids(await list(ben, event.id))).toEqual([others.id]);
    expect(await list(visitor, event.id)).toEqual([]);
    const albums = await anna.json<GalleryAlbumDto[]>(`/api/event/${event.id}/albums`);
    expect(albums.find((a) => a.id === Number(albumId))!.upload_count).toBe(2);
    // The host and the admin see all.
    expect(ids(await list(srv.admin, event.id))).toEqual(ids([own, others, ownLater]));
    const { client_token: token } = await srv.admin.json<{ client_token: string }>(`/api/client/generate-token/${event.id}`, {
      method: 'POST',
    });
    expect((await srv.client().json<{ total: number }>(`/api/client/event-uploads/${token}`)).total).toBe(3);

    // One upload: a heart on Ben's is as if it did not exist.
    await expectError(await anna.fetch(`/api/event/${event.id}/upload/${others.id}/heart`, { method: 'PUT' }), 404, 'NOT_FOUND');
    // Media files by URL: thumbnail, preview, original, for Anna and for a visitor; Ben and the admin get them.
    const files = [others.thumbnail_path!, others.preview_path!, others.file_path, others.download_path];
    for (const path of files) {
      expect(await status(anna, path)).toBe(404);
      expect(await status(visitor, path)).toBe(404);
      expect(await status(ben, path)).toBe(200);
      expect(await status(srv.admin, path)).toBe(200);
    }
    expect(await status(anna, own.thumbnail_path!)).toBe(200);
    // ZIPs: Ben's by id is not found; 'all' is her own two.
    await expectError(await anna.fetch(`/api/event/${event.id}/download-zip?ids=${others.id}`), 404, 'NOT_FOUND');
    expect(await anna.json<ZipSize>(`/api/event/${event.id}/download-zip/size`)).toMatchObject({ files: 2 });
    expect(await visitor.json<ZipSize>(`/api/event/${event.id}/download-zip/size`)).toMatchObject({ files: 0 });
    // Similarity: Ben's photo's own hash finds nothing of his for Anna; the exact check names no id of his.
    const bensRow = srv.server.services.uploads.get(event.id, others.id);
    const similar = (c: ApiClient) =>
      c.json<{ matches: { id: number }[] }>('/api/media/check-similar', {
        method: 'POST',
        json: { phash: bensRow.dhash, eventId: event.id },
      });
    expect((await similar(anna)).matches.map((m) => m.id)).not.toContain(others.id);
    expect((await similar(ben)).matches.map((m) => m.id)).toContain(others.id);
    const exact = await anna.json<{ exists: boolean; duplicate: { id: number } | null }>(
      `/api/media/check-exact?eventId=${event.id}&sha256=${bensRow.sha256}`,
    );
    expect(exact.duplicate).toBeNull();

    // The moment: the server's clock passes the reveal; the timer tells every open stream.
    clock.set(new Date(revealAt.getTime() + 1000));
    await annaStream.next((m) => m.event === 'reveal', 10_000, "Anna's 'reveal'");
    await visitorStream.next((m) => m.event === 'reveal', 10_000, "the visitor's 'reveal'");
    annaStream.close();
    visitorStream.close();

    const everyone = ids([own, others, ownLater]);
    expect(ids(await list(anna, event.id))).toEqual(everyone);
    expect(ids((await anna.json<UploadPage>(`/api/event/${event.id}/uploads?limit=10&sort=loved`)).uploads)).toEqual(everyone);
    expect(ids(await list(visitor, event.id))).toEqual(everyone);
    for (const path of files) expect(await status(anna, path)).toBe(200);
    expect(await status(visitor, others.thumbnail_path!)).toBe(200);
    expect(await anna.json<ZipSize>(`/api/event/${event.id}/download-zip/size?ids=${others.id}`)).toMatchObject({ files: 1 });
    expect((await similar(anna)).matches.map((m) => m.id)).toContain(others.id);
    await expectOk(await anna.fetch(`/api/event/${event.id}/upload/${others.id}/heart`, { method: 'PUT' }));
    expect((await anna.json<EventDto>(`/api/event/${event.code}`)).camera).toMatchObject({ sealed: false, reveal_in_seconds: 0 });
  });

  test('the reveal is kept over a restart of its timer, and a moved reveal is followed', async () => {
    const clock = srv.server.clock;
    const start = new Date();
    clock.set(start);
    const event = await srv.admin.createEvent({ reveal_at: new Date(start.getTime() + HOUR).toISOString() });
    const stream = await SseStream.open(srv.client(), `/api/event/${event.id}/live`);
    // The timer starts again (as after a restart) and reads the reveals to come from the database.
    srv.server.services.reveal.stop();
    srv.server.services.reveal.start();
    clock.set(new Date(start.getTime() + 2 * HOUR));
    await stream.next((m) => m.event === 'reveal', 10_000, "'reveal' after the timer's restart");
    stream.close();
  });

  test('the couple sets, moves and clears the reveal; a wrong date is refused with its message', async () => {
    const event = await srv.admin.createEvent();
    const { client_token: token } = await srv.admin.json<{ client_token: string }>(`/api/client/generate-token/${event.id}`, {
      method: 'POST',
    });
    const put = (json: Record<string, unknown>) => srv.client().fetch(`/api/client/event/${token}`, { method: 'PUT', json });
    const later = new Date(Date.now() + 5 * HOUR).toISOString();
    expect((await expectOk<EventDto>(await put({ reveal_at: later, shots_per_guest: 24 }))).camera).toMatchObject({
      reveal_at: later,
      sealed: true,
      shots_per_guest: 24,
      deleted_shots_return: false,
    });
    expect((await expectOk<EventDto>(await put({ reveal_at: null, shots_per_guest: '' }))).camera).toMatchObject({
      reveal_at: null,
      sealed: false,
      shots_per_guest: null,
    });
    await expectError(await put({ reveal_at: 'morgen' }), 400, 'VALIDATION_ERROR');
    const bad = await expectError(await put({ shots_per_guest: 0 }), 400, 'VALIDATION_ERROR');
    expect(bad.error).toContain('1 bis 999');
  });
});

describe('Einwegkamera: the shots', () => {
  test('the 25th photo of 24 answers 409 with its message; a photo booth still uploads; a deleted photo gives no shot back', async () => {
    srv.server.clock.set(null);
    const event = await srv.admin.createEvent({ shots_per_guest: '24' });
    const anna = await guest(event.code);
    const files = await photos('anna', 26);
    const me = async () => (await anna.json<GuestIdentity>(`/api/event/${event.code}/me`)).shots_left;
    expect(await me()).toBe(24);
    const taken: number[] = [];
    for (const path of files.slice(0, 24)) taken.push((await anna.uploadOk(event.id, path)).id);
    expect(await me()).toBe(0);

    const refused = await expectError(await anna.upload(event.id, files[24]!), 409, 'SHOTS_USED_UP');
    expect(refused.error).toBe('Deine 24 Aufnahmen sind verbraucht: Bei dieser Einwegkamera kannst du keine weiteren Fotos hochladen.');
    const english = await anna.fetch(`/api/event/${event.id}/upload`, {
      method: 'POST',
      body: uploadForm(files[24]!),
      headers: { 'Accept-Language': 'en' },
    });
    expect(((await english.json()) as { error: string }).error).toBe(
      'You have used all your 24 shots: this disposable camera takes no more photos from you.',
    );
    // A chunked upload is refused at its first chunk already.
    await expectError(await firstChunk(anna, event.id, files[24]!), 409, 'SHOTS_USED_UP');

    // The photo booth (an API key) and the admin are not counted.
    const key = await boothKey(`booth-shots-${event.id}`);
    expect((await boothUpload(event.id, key, files[25]!)).status).toBe(201);
    expect((await srv.admin.upload(event.id, PHOTOS[3]!)).status).toBe(201);

    // Deleting a photo gives no shot back by default.
    await expectOk(await anna.fetch(`/api/event/${event.id}/upload/${taken[0]}`, { method: 'DELETE' }));
    expect(await me()).toBe(0);
    await expectError(await anna.upload(event.id, files[24]!), 409, 'SHOTS_USED_UP');
    // 'Gelöschte Fotos geben Aufnahmen zurück': the next deletion does.
    await srv.admin.json(`/api/event/${event.id}`, { method: 'PUT', json: { deleted_shots_return: true } });
    await expectOk(await anna.fetch(`/api/event/${event.id}/upload/${taken[1]}`, { method: 'DELETE' }));
    expect(await me()).toBe(1);
    expect((await anna.upload(event.id, files[24]!)).status).toBe(201);
    expect(await me()).toBe(0);
  });

  // Issue 28: identities are per device (the cookie), never per address. A guest's second phone that takes
  // over their identity through the recovery link shares their shots; one that gives consent anew is a new
  // guest to the box (nothing ties two consents to one person) and has shots of its own.
  test("a guest's second phone: through the recovery link it shares the shots; with a new consent it is a new guest", async () => {
    const event = await srv.admin.createEvent({ shots_per_guest: '2' });
    const phone = srv.client();
    const userId = await phone.joinAsGuest(event.code);
    const [a, b, c, d] = await photos('second-phone', 4);
    expect((await phone.upload(event.id, a!)).status).toBe(201);
    const second = srv.client();
    await expectOk(await second.fetch(`/api/event/${event.code}/recover`, { method: 'POST', json: { userId } }));
    expect((await second.json<GuestIdentity>(`/api/event/${event.code}/me`)).shots_left).toBe(1);
    expect((await second.upload(event.id, b!)).status).toBe(201);
    await expectError(await phone.upload(event.id, c!), 409, 'SHOTS_USED_UP');
    await expectError(await second.upload(event.id, c!), 409, 'SHOTS_USED_UP');
    const newConsent = await guest(event.code);
    expect((await newConsent.upload(event.id, d!)).status).toBe(201);
  });

  test('two uploads racing for the last shot: exactly one is kept', async () => {
    const event = await srv.admin.createEvent({ shots_per_guest: '1' });
    const ben = await guest(event.code);
    const [a, b] = await photos('race', 2);
    const answers = await Promise.all([ben.upload(event.id, a!), ben.upload(event.id, b!)]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await list(srv.admin, event.id)).toHaveLength(1);
    expect((await ben.json<GuestIdentity>(`/api/event/${event.code}/me`)).shots_left).toBe(0);
  });
});

function uploadForm(path: string): FormData {
  const form = new FormData();
  form.append('file', new File([Bun.file(path)], 'photo.jpg', { type: 'image/jpeg' }));
  return form;
}

/** The first chunk of a chunked upload of the whole file (one chunk of two). */
async function firstChunk(client: ApiClient, eventId: number, path: string): Promise<Response> {
  const bytes = new Uint8Array(await Bun.file(path).arrayBuffer());
  const half = Math.ceil(bytes.length / 2);
  const form = new FormData();
  form.append('uploadId', crypto.randomUUID());
  form.append('chunkIndex', '0');
  form.append('totalChunks', '2');
  form.append('fileName', 'photo.jpg');
  form.append('fileSize', String(bytes.length));
  form.append('chunk', new File([bytes.slice(0, half)], 'blob'));
  return client.fetch(`/api/event/${eventId}/upload-chunk`, { method: 'POST', body: form });
}
