// Guestbook attachments (issue 27): a selfie, a video message and voice messages from the phones' own
// recorders become playable entries; disguised, damaged, too long files are refused with their message
// and leave nothing behind; the files are read as their entry is, and go with it.
import { afterAll, describe, expect, test } from 'bun:test';
import exifr from 'exifr';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GuestbookEntryDto } from '../../src/http/api-types.ts';
import { ffmpegPath, ffprobePath } from '../../src/media/test-helpers.ts';
import { FIXTURES } from '../helpers/server.ts';
import { expectError, expectOk, form, useServer, type ApiClient } from './support.ts';

const h = useServer({ env: { MOMENTBOX_NEW_GUESTS_PER_ADDRESS: '100000' } });
const scratch = mkdtempSync(join(tmpdir(), 'momentbox-gb-attach-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const SELFIE = join(FIXTURES, 'photos', 'cameras', 'Canon_40D.jpg');
const VOICES = {
  'AMR in 3GP (Android recorder)': 'android-recorder-amr.3gp',
  'AMR (Android recorder)': 'android-recorder.amr',
  'AAC in M4A (iPhone voice memo)': 'iphone-voice-memo.m4a',
  'Opus in WebM (Android Chrome)': 'android-chrome-opus.webm',
};

async function guest(code: string, nickname = 'Gast') {
  const client = h.client();
  await client.joinAsGuest(code, nickname);
  return client;
}

const attach = (client: ApiClient, eventId: number, path: string, fields: Record<string, string> = { text: 'Alles Gute!' }) =>
  client.fetch(`/api/event/${eventId}/guestbook/attachment`, {
    method: 'POST',
    body: form({ ...fields, file: new File([Bun.file(path)], path.split('/').pop()!) }),
  });

/** Polls the guestbook (bounded: 90 s) until the entry's attachment is no longer being processed. */
async function whenProcessed(client: ApiClient, eventId: number, id: number): Promise<GuestbookEntryDto> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const entry = (await client.json<GuestbookEntryDto[]>(`/api/event/${eventId}/guestbook`)).find((e) => e.id === id);
    if (entry?.attachment?.state !== 'processing') return entry!;
    if (Date.now() > deadline) throw new Error(`attachment of entry ${id} still processing`);
    await Bun.sleep(250);
  }
}

/** What ffprobe says of the bytes a URL answers: codecs and duration. */
async function probeUrl(client: ApiClient, url: string) {
  const res = await client.fetch(url);
  expect(res.status).toBe(200);
  const path = join(scratch, `probe-${crypto.randomUUID()}`);
  await Bun.write(path, await res.arrayBuffer());
  const out = Bun.spawnSync([ffprobePath, '-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', path]).stdout.toString();
  const info = JSON.parse(out) as {
    streams: { codec_type: string; codec_name: string }[];
    format: { duration: string; format_name: string };
  };
  return {
    type: res.headers.get('content-type'),
    codecs: info.streams.map((s) => `${s.codec_type}:${s.codec_name}`).sort(),
    seconds: Number(info.format.duration),
  };
}

/** A file made with ffmpeg for a refusal test (generated: minutes of media need not sit in the repository). */
function generate(name: string, args: string[]): string {
  const path = join(scratch, name);
  const run = Bun.spawnSync([ffmpegPath, '-hide_banner', '-loglevel', 'error', '-y', ...args, path]);
  if (run.exitCode !== 0) throw new Error(run.stderr.toString());
  return path;
}

/** The attachment folders of an event on disk, and what is left in tmp/ (files being written). */
const guestbookFolders = (eventId: number) => {
  const dir = join(h.server.dataDir, 'media', String(eventId), 'guestbook');
  return existsSync(dir) ? readdirSync(dir) : [];
};
const tmpLeftovers = () => readdirSync(join(h.server.dataDir, 'tmp')).filter((n) => n !== 'chunks');

describe('guestbook attachments', () => {
  test('a selfie is shown at once: thumbnail and preview for everyone, the original as sent', async () => {
    const event = await h.admin.createEvent();
    const alice = await guest(event.code, 'Alice');
    const entry = await expectOk<GuestbookEntryDto>(await attach(alice, event.id, SELFIE, { text: 'Ein Selfie für euch' }), 201);
    expect(entry.attachment).toMatchObject({ kind: 'photo', state: 'ready', seconds: null });
    const other = await guest(event.code, 'Bob');
    for (const url of [entry.attachment!.url!, entry.attachment!.poster_url!]) {
      const res = await other.fetch(url);
      expect([res.status, res.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    }
    const original = await other.fetch(entry.attachment!.original_url);
    expect((await original.arrayBuffer()).byteLength).toBe(Bun.file(SELFIE).size);
    expect(guestbookFolders(event.id)).toHaveLength(1);
  });

  test('a video message (HEVC MOV, as an iPhone films) gets a poster and an H.264 preview; an H.264 MP4 plays as it is', async () => {
    const event = await h.admin.createEvent();
    const alice = await guest(event.code, 'Alice');
    const hevc = await expectOk<GuestbookEntryDto>(await attach(alice, event.id, join(FIXTURES, 'videos', 'iphone-hevc-rotated.mov')), 201);
    expect(hevc.attachment).toMatchObject({ kind: 'video', state: 'processing', url: null });
    expect(hevc.attachment!.seconds).toBeCloseTo(3, 0);
    const ready = await whenProcessed(alice, event.id, hevc.id);
    expect(ready.attachment).toMatchObject({ kind: 'video', state: 'ready' });
    expect(ready.attachment!.url).toEndWith('/preview.mp4');
    const preview = await probeUrl(alice, ready.attachment!.url!);
    expect(preview.type).toBe('video/mp4');
    expect(preview.codecs).toEqual(['audio:aac', 'video:h264']);
    expect((await alice.fetch(ready.attachment!.poster_url!)).status).toBe(200);

    const h264 = await expectOk<GuestbookEntryDto>(await attach(alice, event.id, join(FIXTURES, 'videos', 'android-h264.mp4')), 201);
    const playable = await whenProcessed(alice, event.id, h264.id);
    expect(playable.attachment!.url).toEndWith('/original.mp4');
  });

  for (const [what, file] of Object.entries(VOICES)) {
    test(`a voice message, ${what}, becomes AAC in MP4 that every browser plays`, async () => {
      const event = await h.admin.createEvent();
      const alice = await guest(event.code, 'Alice');
      const entry = await expectOk<GuestbookEntryDto>(await attach(alice, event.id, join(FIXTURES, 'voice', file), { text: '' }), 201);
      expect(entry.attachment).toMatchObject({ kind: 'audio', state: 'processing', poster_url: null });
      expect(entry.attachment!.seconds).toBeCloseTo(4, 0);
      const ready = await whenProcessed(alice, event.id, entry.id);
      expect(ready.attachment!.state).toBe('ready');
      const voice = await probeUrl(h.client(), ready.attachment!.url!);
      expect(voice.type).toBe('audio/mp4');
      expect(voice.codecs).toEqual(['audio:aac']);
      expect(voice.seconds).toBeCloseTo(4, 0);
    });
  }

  test('real phone recordings: an iPhone camera video, an Android camera video and an iPhone Voice Memo become playable entries', async () => {
    const event = await h.admin.createEvent();
    const alice = await guest(event.code, 'Alice');
    const cases: [string, 'video' | 'audio', number, string[]][] = [
      [join(FIXTURES, 'videos', 'iphone6-camera-real.mov'), 'video', 4, ['audio:aac', 'video:h264']],
      [join(FIXTURES, 'videos', 'android-camera-real.mp4'), 'video', 0.17, ['audio:aac', 'video:h264']],
      [join(FIXTURES, 'voice', 'iphone-voice-memo-real.m4a'), 'audio', 1.02, ['audio:aac']],
    ];
    for (const [path, kind, seconds, codecs] of cases) {
      const entry = await expectOk<GuestbookEntryDto>(await attach(alice, event.id, path, { text: '' }), 201);
      expect(entry.attachment).toMatchObject({ kind, state: 'processing' });
      expect(entry.attachment!.seconds).toBeCloseTo(seconds, 1);
      const ready = await whenProcessed(alice, event.id, entry.id);
      expect(ready.attachment!.state).toBe('ready');
      const played = await probeUrl(h.client(), ready.attachment!.url!);
      expect(played.codecs).toEqual(codecs);
      expect(played.seconds).toBeCloseTo(seconds, 0);
    }
  });

  test('refused with their message, nothing stored: a 10-minute video, HTML named .mp4, a cut-off file, a 3-minute voice message', async () => {
    const event = await h.admin.createEvent();
    const alice = await guest(event.code, 'Alice');
    const tenMinutes = generate('ten-minutes.mp4', [
      ...['-f', 'lavfi', '-i', 'testsrc=size=32x32:rate=1:duration=600'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    ]);
    const threeMinutes = generate('three-minutes.m4a', [
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=200:duration=180',
      '-ac',
      '1',
      '-c:a',
      'aac',
      '-b:a',
      '16k',
      '-f',
      'ipod',
    ]);
    const cases: [string, string, number, string, string][] = [
      [
        tenMinutes,
        'de',
        400,
        'VALIDATION_ERROR',
        'Die Videobotschaft ist 600 Sekunden lang. Erlaubt sind höchstens 60 Sekunden – bitte nimm eine kürzere auf.',
      ],
      [
        tenMinutes,
        'en',
        400,
        'VALIDATION_ERROR',
        'The video message is 600 seconds long. At most 60 seconds are allowed – please record a shorter one.',
      ],
      [
        join(FIXTURES, 'videos', 'html-disguised-as.mp4'),
        'de',
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        'Dieser Anhang ist weder ein Foto noch ein Video noch eine Sprachnachricht. Erlaubt sind Fotos (JPG, PNG, HEIC), Videos (MP4, MOV) und Sprachaufnahmen (AMR, 3GP, M4A, MP3, Opus/WebM, WAV).',
      ],
      [
        join(FIXTURES, 'videos', 'truncated.mp4'),
        'de',
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        'Dieser Anhang ist beschädigt oder unvollständig und lässt sich nicht abspielen. Bitte nimm ihn erneut auf.',
      ],
      [
        join(FIXTURES, 'videos', 'truncated.mp4'),
        'en',
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        'This attachment is damaged or incomplete and cannot be played. Please record it again.',
      ],
      [
        threeMinutes,
        'de',
        400,
        'VALIDATION_ERROR',
        'Die Sprachnachricht ist zu lang (180 Sekunden). Erlaubt sind höchstens 2 Minuten – bitte nimm eine kürzere auf.',
      ],
    ];
    for (const [path, lang, status, code, message] of cases) {
      const res = await alice.fetch(`/api/event/${event.id}/guestbook/attachment`, {
        method: 'POST',
        headers: { 'accept-language': lang },
        body: form({ text: 'Hallo', file: new File([Bun.file(path)], 'aufnahme.mp4') }),
      });
      await expectError(res, status, code as never, message);
    }
    // A text of 5,000 characters beside a selfie: past what a form field may carry (4 KB), yet refused with the
    // guestbook's own message as the text-only entry is, whether it comes before the file or after it (the file then is stored already).
    const selfie = () => new File([Bun.file(SELFIE)], 'selfie.jpg');
    const tooLong: [Record<string, string | File>, string, string][] = [
      [{ text: 'x'.repeat(5000), file: selfie() }, 'de', 'Die Nachricht ist zu lang. Erlaubt sind höchstens 1.000 Zeichen.'],
      [{ file: selfie(), text: 'ü'.repeat(5000) }, 'de', 'Die Nachricht ist zu lang. Erlaubt sind höchstens 1.000 Zeichen.'],
      [{ text: 'x'.repeat(5000), file: selfie() }, 'en', 'The message is too long. At most 1,000 characters are allowed.'],
      [{ text: 'x'.repeat(1500), file: selfie() }, 'en', 'The message is too long. At most 1,000 characters are allowed.'],
    ];
    for (const [fields, lang, message] of tooLong) {
      const res = await alice.fetch(`/api/event/${event.id}/guestbook/attachment`, {
        method: 'POST',
        headers: { 'accept-language': lang },
        body: form(fields),
      });
      expect((await expectError(res, 400, 'VALIDATION_ERROR', message)).field).toBe('text');
    }
    expect(await alice.json<GuestbookEntryDto[]>(`/api/event/${event.id}/guestbook`)).toEqual([]);
    expect(guestbookFolders(event.id)).toEqual([]);
    expect(tmpLeftovers()).toEqual([]);
  });

  test("the files follow the entry's visibility: a pending or withdrawn entry's are not readable by other guests", async () => {
    const event = await h.admin.createEvent({ auto_share_uploads: 'false' });
    const alice = await guest(event.code, 'Alice');
    const bob = await guest(event.code, 'Bob');
    const entry = await expectOk<GuestbookEntryDto>(await attach(alice, event.id, SELFIE), 201);
    expect(entry.approved).toBe(false);
    const urls = [entry.attachment!.url!, entry.attachment!.poster_url!, entry.attachment!.original_url];
    const statuses = async (client: ApiClient) => Promise.all(urls.map(async (u) => (await client.fetch(u)).status));
    expect(await statuses(alice)).toEqual([200, 200, 200]);
    expect(await statuses(bob)).toEqual([404, 404, 404]);
    expect(await statuses(h.client())).toEqual([404, 404, 404]);
    expect(await statuses(h.admin)).toEqual([200, 200, 200]);
    await expectOk(await h.admin.fetch(`/api/event/${event.id}/guestbook/${entry.id}/approve`, { method: 'PUT' }));
    expect(await statuses(bob)).toEqual([200, 200, 200]);
    await expectOk(await h.admin.fetch(`/api/event/${event.id}/guestbook/${entry.id}/reject`, { method: 'PUT' }));
    expect(await statuses(bob)).toEqual([404, 404, 404]);
  });

  test('an original reaches others without where it was taken: a selfie with GPS and an iPhone video (ISO 6709); its writer gets it as sent', async () => {
    const event = await h.admin.createEvent();
    const alice = await guest(event.code, 'Alice');
    const bob = await guest(event.code, 'Bob');
    const selfie = await expectOk<GuestbookEntryDto>(await attach(alice, event.id, join(FIXTURES, 'photos', 'gps', 'DSCN0010.jpg')), 201);
    const bytesOf = async (client: ApiClient, url: string) => new Uint8Array(await (await client.fetch(url)).arrayBuffer());
    expect((await exifr.gps(await bytesOf(alice, selfie.attachment!.original_url)))?.latitude).toBeCloseTo(43.4674, 3);
    for (const other of [bob, h.client(), h.admin]) {
      const bytes = await bytesOf(other, selfie.attachment!.original_url);
      expect(bytes.length).toBe(Bun.file(join(FIXTURES, 'photos', 'gps', 'DSCN0010.jpg')).size);
      expect(await exifr.gps(bytes).catch(() => undefined)).toBeUndefined();
    }
    // An H.264 video plays as it was sent: what other guests play is the original, so it goes without its place too.
    const movie = await expectOk<GuestbookEntryDto>(
      await attach(alice, event.id, join(FIXTURES, 'videos', 'iphone6-camera-real.mov')),
      201,
    );
    const ready = await whenProcessed(alice, event.id, movie.id);
    const place = '+32.0929+034.8620';
    const hasPlace = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes).includes(place);
    expect(hasPlace(await bytesOf(alice, ready.attachment!.original_url))).toBe(true);
    for (const url of new Set([ready.attachment!.original_url, ready.attachment!.url!])) {
      expect([url, hasPlace(await bytesOf(bob, url))]).toEqual([url, false]);
    }
  });

  test('deleted with the entry and with the event', async () => {
    const event = await h.admin.createEvent();
    const alice = await guest(event.code, 'Alice');
    const first = await expectOk<GuestbookEntryDto>(await attach(alice, event.id, SELFIE), 201);
    const second = await expectOk<GuestbookEntryDto>(await attach(alice, event.id, join(FIXTURES, 'voice', 'android-recorder.amr')), 201);
    expect(guestbookFolders(event.id)).toHaveLength(2);
    await expectOk(await alice.fetch(`/api/event/${event.id}/guestbook/${first.id}`, { method: 'DELETE' }));
    expect(guestbookFolders(event.id)).toHaveLength(1);
    expect((await alice.fetch(first.attachment!.original_url)).status).toBe(404);
    await whenProcessed(alice, event.id, second.id);
    await expectOk(await h.admin.fetch(`/api/event/${event.id}`, { method: 'DELETE' }));
    expect(existsSync(join(h.server.dataDir, 'media', String(event.id)))).toBe(false);
  });
});
