// A large guestbook attachment (issue 27, 'resumable like uploads where they are large') goes in the
// uploads' chunks: a video message cut off mid-chunk on a real socket resumes from what the box holds and
// becomes one entry; an abandoned one is swept from tmp/; every refusal of the whole-file call holds for
// chunks too (type at the first chunk, length when complete, text, size, disk reserve), with nothing kept.
import { afterAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AttachmentChunkResult, AttachmentChunkStatus, GuestbookEntryDto } from '../../src/http/api-types.ts';
import { ffmpegPath } from '../../src/media/test-helpers.ts';
import { startAppServer } from '../helpers/app-server.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { multipartHead, openPartialPost, tmpContents, waitFor, writingInto } from '../helpers/raw-upload.ts';
import { FIXTURES } from '../helpers/server.ts';
import { expectError, expectOk, form, useAppServer, type ApiClient as Client } from './support.ts';

const h = useAppServer({ env: { MOMENTBOX_NEW_GUESTS_PER_ADDRESS: '100000' } });
const scratch = mkdtempSync(join(tmpdir(), 'momentbox-gb-resume-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const VIDEO = join(FIXTURES, 'videos', 'iphone-hevc-rotated.mov');

async function guest(code: string, nickname = 'Gast') {
  const client = h.client();
  await client.joinAsGuest(code, nickname);
  return client;
}

/** A file cut into `parts` chunks as the web engine does (all but the last of one size). */
function chunksOf(path: string, parts: number) {
  const bytes = readFileSync(path);
  const size = Math.ceil(bytes.length / parts);
  return { bytes, pieces: Array.from({ length: parts }, (_, i) => bytes.subarray(i * size, Math.min(bytes.length, (i + 1) * size))) };
}

/** The fields every chunk of one attachment carries (fields first, as the web engine sends them). */
const fieldsOf = (file: { bytes: Buffer; pieces: Buffer[] }, uploadId: string, index: number, entry: Record<string, string>) => ({
  ...entry,
  chunkIndex: String(index),
  totalChunks: String(file.pieces.length),
  fileName: 'video.mov',
  fileSize: String(file.bytes.length),
  uploadId,
});

function sendChunk(
  client: Client,
  eventId: number,
  file: { bytes: Buffer; pieces: Buffer[] },
  uploadId: string,
  index: number,
  entry: Record<string, string> = { text: 'Alles Liebe euch beiden!' },
  lang = 'de',
) {
  return client.fetch(`/api/event/${eventId}/guestbook/attachment-chunk`, {
    method: 'POST',
    headers: { 'accept-language': lang },
    body: form({ ...fieldsOf(file, uploadId, index, entry), chunk: new File([new Uint8Array(file.pieces[index]!)], 'blob') }),
  });
}

const status = (client: Client, eventId: number, file: { bytes: Buffer; pieces: Buffer[] }, uploadId: string) =>
  client.json<AttachmentChunkStatus>(
    `/api/event/${eventId}/guestbook/attachment-chunk/status?fileName=video.mov&fileSize=${file.bytes.length}&totalChunks=${file.pieces.length}&uploadId=${uploadId}`,
  );

const cookieOf = (client: ApiClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
const guestbookFolders = (eventId: number) => {
  const dir = join(h.server.dataDir, 'media', String(eventId), 'guestbook');
  return existsSync(dir) ? readdirSync(dir) : [];
};
const tmpClean = () => tmpContents(h.server.dataDir);

function generate(name: string, args: string[]): string {
  const path = join(scratch, name);
  const run = Bun.spawnSync([ffmpegPath, '-hide_banner', '-loglevel', 'error', '-y', ...args, path]);
  if (run.exitCode !== 0) throw new Error(run.stderr.toString());
  return path;
}

describe('guestbook attachments in chunks', () => {
  test('a video message cut off mid-chunk (socket closed mid-body) resumes from the chunks the box holds and becomes one entry', async () => {
    const event = await h.admin.createEvent();
    const alice = await guest(event.code, 'Alice');
    const file = chunksOf(VIDEO, 3);
    const uploadId = 'gb-resume-0001';

    const first = await expectOk<AttachmentChunkResult>(await sendChunk(alice, event.id, file, uploadId, 0));
    expect(first).toMatchObject({ partial: true, received: [0] });

    // Chunk 1 stops after half its bytes: the phone left the Wi-Fi with the request under way.
    const fields = fieldsOf(file, uploadId, 1, { text: 'Alles Liebe euch beiden!' });
    const head = multipartHead(fields, 'chunk', 'blob');
    const half = file.pieces[1]!.subarray(0, file.pieces[1]!.length >> 1);
    const declared = head.length + file.pieces[1]!.length + 64;
    const cut = await openPartialPost(
      h.url,
      `/api/event/${event.id}/guestbook/attachment-chunk`,
      { Cookie: cookieOf(alice) },
      declared,
      Buffer.concat([head, half]),
    );
    expect(await waitFor(() => writingInto(process.pid, h.server.dataDir), 10_000)).toBe(true);
    cut.socket.destroy();
    await cut.closed;
    expect(await waitFor(() => !writingInto(process.pid, h.server.dataDir), 10_000)).toBe(true);

    // The box kept chunk 0, not the half chunk; no entry yet, for anyone.
    expect(await status(alice, event.id, file, uploadId)).toMatchObject({ received: [0], complete: false });
    expect(await alice.json<GuestbookEntryDto[]>(`/api/event/${event.id}/guestbook`)).toEqual([]);

    // Resumed: only the missing chunks go; the last one's answer is the entry.
    expect(await expectOk<AttachmentChunkResult>(await sendChunk(alice, event.id, file, uploadId, 1))).toMatchObject({
      partial: true,
      received: [0, 1],
    });
    const last = await expectOk<AttachmentChunkResult>(await sendChunk(alice, event.id, file, uploadId, 2));
    expect(last.partial).toBe(false);
    const entry = last.entry!;
    expect(entry).toMatchObject({ id: last.id, name: 'Alice', text: 'Alles Liebe euch beiden!', approved: true, own: true });
    expect(entry.attachment).toMatchObject({ kind: 'video', state: 'processing' });
    expect(entry.attachment!.seconds).toBeCloseTo(3, 0);

    // The original on the box is the file, byte for byte.
    const original = await alice.fetch(entry.attachment!.original_url);
    expect(Buffer.from(await original.arrayBuffer()).equals(file.bytes)).toBe(true);

    // A lost last answer loses nothing: the status and the resent chunk both name the same entry.
    expect(await status(alice, event.id, file, uploadId)).toMatchObject({ complete: true, id: entry.id });
    const again = await expectOk<AttachmentChunkResult>(await sendChunk(alice, event.id, file, uploadId, 2));
    expect(again).toMatchObject({ partial: false, id: entry.id });

    // One entry, seen by another guest; nothing of the chunks left in tmp/.
    const bob = await guest(event.code, 'Bob');
    const seen = await bob.json<GuestbookEntryDto[]>(`/api/event/${event.id}/guestbook`);
    expect(seen.map((e) => [e.id, e.attachment?.kind])).toEqual([[entry.id, 'video']]);
    expect(guestbookFolders(event.id)).toHaveLength(1);
    expect(tmpClean()).toEqual({ files: [], chunkSessions: [] });

    // The entry's session goes with the entry (a foreign key that must not block the delete).
    await expectOk(await alice.fetch(`/api/event/${event.id}/guestbook/${entry.id}`, { method: 'DELETE' }));
    expect(guestbookFolders(event.id)).toEqual([]);
  });

  test('an attachment abandoned mid-way holds its chunks for a day, then the sweep leaves nothing in tmp/', async () => {
    const event = await h.admin.createEvent();
    const alice = await guest(event.code, 'Alice');
    const file = chunksOf(VIDEO, 3);
    await expectOk(await sendChunk(alice, event.id, file, 'gb-abandoned-01', 0));
    expect(tmpClean().chunkSessions).toHaveLength(1);
    const now = new Date();
    try {
      h.server.clock.set(new Date(now.getTime() + 6 * 3600_000));
      h.server.services.ingest.removeStalePartials();
      expect(tmpClean().chunkSessions).toHaveLength(1); // a phone may resume the next morning
      h.server.clock.set(new Date(now.getTime() + 25 * 3600_000));
      expect(h.server.services.ingest.removeStalePartials()).toBe(1);
    } finally {
      h.server.clock.set(null);
    }
    expect(tmpClean()).toEqual({ files: [], chunkSessions: [] });
    expect((await status(alice, event.id, file, 'gb-abandoned-01')).received).toEqual([]);
    expect(await alice.json<GuestbookEntryDto[]>(`/api/event/${event.id}/guestbook`)).toEqual([]);
  });

  test('refused in chunks as whole, with their message, nothing kept: HTML as .mp4 at its first chunk, a 10-minute video when complete, 5,000 characters, too large', async () => {
    const event = await h.admin.createEvent();
    const alice = await guest(event.code, 'Alice');

    // The disguised file's first chunk is refused by its bytes, before the rest is sent.
    const page = join(scratch, 'page.mp4');
    writeFileSync(page, Buffer.concat([readFileSync(join(FIXTURES, 'videos', 'html-disguised-as.mp4')), Buffer.alloc(30, 0x20)]));
    const html = chunksOf(page, 2);
    await expectError(
      await sendChunk(alice, event.id, html, 'gb-html-00001', 0),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'Dieser Anhang ist weder ein Foto noch ein Video noch eine Sprachnachricht. Erlaubt sind Fotos (JPG, PNG, HEIC), Videos (MP4, MOV) und Sprachaufnahmen (AMR, 3GP, M4A, MP3, Opus/WebM, WAV).',
    );
    expect(tmpClean()).toEqual({ files: [], chunkSessions: [] });

    const tenMinutes = chunksOf(
      generate('ten-minutes.mp4', [
        ...['-f', 'lavfi', '-i', 'testsrc=size=32x32:rate=1:duration=600'],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
      ]),
      2,
    );
    await expectOk(await sendChunk(alice, event.id, tenMinutes, 'gb-long-00001', 0, { text: 'Hallo' }, 'en'));
    await expectError(
      await sendChunk(alice, event.id, tenMinutes, 'gb-long-00001', 1, { text: 'Hallo' }, 'en'),
      400,
      'VALIDATION_ERROR',
      'The video message is 600 seconds long. At most 60 seconds are allowed – please record a shorter one.',
    );
    // Refused once complete: the session went with its file, a resent chunk starts anew rather than finding a half.
    expect((await status(alice, event.id, tenMinutes, 'gb-long-00001')).received).toEqual([]);

    const video = chunksOf(VIDEO, 3);
    // 1,500 characters: the guestbook's limit; 5,000: past what any form field may carry, refused with the same message (as for the whole-file call).
    for (const [uploadId, length] of [
      ['gb-text-00001', 1500],
      ['gb-text-00002', 5000],
    ] as const)
      await expectError(
        await sendChunk(alice, event.id, video, uploadId, 0, { text: 'x'.repeat(length) }),
        400,
        'VALIDATION_ERROR',
        'Die Nachricht ist zu lang. Erlaubt sind höchstens 1.000 Zeichen.',
      );
    const huge = { bytes: Buffer.alloc(400 * 1024 * 1024, 0), pieces: [video.pieces[0]!, Buffer.alloc(0)] };
    await expectError(await sendChunk(alice, event.id, huge, 'gb-huge-00001', 0), 413, 'FILE_TOO_LARGE');

    expect(await alice.json<GuestbookEntryDto[]>(`/api/event/${event.id}/guestbook`)).toEqual([]);
    expect(guestbookFolders(event.id)).toEqual([]);
    expect(tmpClean()).toEqual({ files: [], chunkSessions: [] });
  });

  test('a box at its disk reserve answers 507 before a chunk is kept', async () => {
    const full = await startAppServer({ env: { MOMENTBOX_MIN_FREE_DISK_MB: String(1024 * 1024 * 1024) } });
    try {
      const admin = new ApiClient(full.url);
      await admin.login(full.adminPassword);
      const event = await admin.createEvent();
      const alice = new ApiClient(full.url);
      await alice.joinAsGuest(event.code, 'Alice');
      const file = chunksOf(VIDEO, 3);
      const res = await alice.fetch(`/api/event/${event.id}/guestbook/attachment-chunk`, {
        method: 'POST',
        body: form({
          ...fieldsOf(file, 'gb-full-00001', 0, { text: 'Hallo' }),
          chunk: new File([new Uint8Array(file.pieces[0]!)], 'blob'),
        }),
      });
      await expectError(res, 507, 'INSUFFICIENT_STORAGE');
      expect(tmpContents(full.dataDir)).toEqual({ files: [], chunkSessions: [] });
    } finally {
      await full.stop();
    }
  });
});
