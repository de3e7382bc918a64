// The guestbook keepsake (issue 27 item 5): the couple's ZIP and the admin's whole-event ZIP carry `Gästebuch/`
// with a page, a CSV and the attachments (originals, and the copies every browser plays), at the size announced.
// The page itself, opened from the unpacked folder with JavaScript off: tests/e2e/host/guestbook-keepsake.test.ts.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import exifr from 'exifr';
import sharp from 'sharp';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { ExportSizes } from '../../src/http/api-types.ts';
import { ffprobePath } from '../../src/media/test-helpers.ts';
import { keepsakeAttachmentPath } from '../../src/services/keepsake.ts';
import {
  guestbookEvent,
  HTML_TEXT,
  parseCsv,
  SELFIE,
  TRICKY_TEXT,
  TWO_LINES,
  unpackZip,
  VIDEO,
  VOICE,
  type GuestbookEvent,
} from '../helpers/keepsake-event.ts';
import { FIXTURES } from '../helpers/server.ts';
import { useAppServer } from './support.ts';

const h = useAppServer({ env: { MOMENTBOX_NEW_GUESTS_PER_ADDRESS: '100000' } });
const folders: string[] = [];
afterAll(() => folders.forEach((f) => rmSync(dirname(f), { recursive: true, force: true })));

let gb: GuestbookEvent;
beforeAll(async () => {
  gb = await guestbookEvent(h.admin, h.client);
}, 180_000);

/** The archive's entries in the order they were written. */
const listing = (zip: string) => Bun.spawnSync(['unzip', '-Z1', zip]).stdout.toString().trim().split('\n');

/** Every file under `dir`, relative, sorted. */
const tree = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => relative(dir, join(d.parentPath, d.name)))
    .sort();

const codecs = (path: string) =>
  (
    JSON.parse(Bun.spawnSync([ffprobePath, '-v', 'error', '-print_format', 'json', '-show_streams', path]).stdout.toString()) as {
      streams: { codec_type: string; codec_name: string }[];
    }
  ).streams
    .map((s) => `${s.codec_type}:${s.codec_name}`)
    .sort();

/** An entry's original's place, as keepsakeAttachmentPath says, from what the API tells of it (its key and extension are in its URL). */
function originalPath(entry: GuestbookEvent['entries'][number]): string | null {
  const m = entry.attachment?.original_url.match(/\/media\/guestbook\/([0-9a-f]+)\/original\.(\w+)$/);
  return keepsakeAttachmentPath({
    id: entry.id,
    createdAt: entry.created_at,
    name: entry.name,
    attachmentKey: m?.[1] ?? null,
    attachmentExt: m?.[2] ?? null,
  });
}

/** Downloads a ZIP and checks what is common to both kinds; returns the unpacked `Gästebuch/` folder. */
async function keepsakeOf(zipUrl: string, sizesUrl: string, language: 'de' | 'en'): Promise<{ folder: string; zip: string }> {
  const headers = { 'accept-language': language };
  const sizes = await h.admin.json<ExportSizes>(sizesUrl, { headers });
  const res = await h.admin.fetch(zipUrl, { headers });
  const { zip, dir, announced } = await unpackZip(res);
  folders.push(dir);
  // the size promised on the button and in the header is the archive's, to the byte
  expect(statSync(zip).size).toBe(announced);
  expect(sizes.size_bytes).toBe(announced);
  expect(Bun.spawnSync(['unzip', '-tq', zip]).exitCode).toBe(0);
  const top = readdirSync(dir);
  expect(top).toHaveLength(1);
  const folder = join(dir, top[0]!, 'Gästebuch');

  const files = tree(folder);
  const withFiles = gb.entries.filter((e) => e.attachment);
  expect(files).toEqual(
    [
      'Gästebuch.html',
      'gaestebuch.csv',
      ...withFiles.map((e) => originalPath(e)!.slice('Gästebuch/'.length)),
      ...files.filter((f) => f.startsWith('Wiedergabe/')),
    ].sort(),
  );
  // the originals as the guests sent them
  const originals = Object.fromEntries(withFiles.map((e) => [e.attachment!.kind, join(dir, top[0]!, originalPath(e)!)]));
  for (const [kind, source] of [
    ['photo', SELFIE],
    ['video', VIDEO],
    ['audio', VOICE],
  ] as const)
    expect(readFileSync(originals[kind]!).equals(readFileSync(source))).toBe(true);
  // the copies the page plays: a JPEG, H.264 with its poster, AAC in MP4
  const playable = files.filter((f) => f.startsWith('Wiedergabe/'));
  expect(playable.map((f) => f.slice(f.lastIndexOf('.'))).sort()).toEqual(['.m4a', '.jpg', '.jpg', '.mp4'].sort());
  expect(
    codecs(
      join(
        folder,
        playable.find((f) => f.endsWith('.mp4'))!,
      ),
    ),
  ).toEqual(['audio:aac', 'video:h264']);
  expect(
    codecs(
      join(
        folder,
        playable.find((f) => f.endsWith('.m4a'))!,
      ),
    ),
  ).toEqual(['audio:aac']);
  // safe names everywhere: no character Windows refuses, bounded length
  for (const f of files) for (const part of f.split('/')) expect(part).toMatch(/^[^<>:"\\|?*\x00-\x1f]{1,120}$/);

  // the page: every message, escaped, no script, only the folder's own files
  const html = readFileSync(join(folder, 'Gästebuch.html'), 'utf8');
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/<[a-z][^>]*\son\w+=/i); // no tag with an event handler
  expect(html).toContain('&lt;script&gt;document.title=&quot;pwned&quot;&lt;/script&gt;&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
  expect(html).toContain('Bob &lt;b&gt;');
  const refs = [...html.matchAll(/\s(?:src|poster|href)="([^"]+)"/g)].map((m) => decodeURIComponent(m[1]!));
  expect(refs.length).toBeGreaterThanOrEqual(4);
  for (const ref of refs) expect(files).toContain(ref);
  const order = gb.entries.map((e) => html.indexOf(`datetime="${e.created_at}"`));
  expect(order.every((at, i) => at > 0 && (i === 0 || at > order[i - 1]!))).toBe(true);
  return { folder, zip };
}

describe('the guestbook keepsake in the export ZIPs', () => {
  test("the couple's ZIP (German): Gästebuch/ with page, CSV (;), originals and playable copies, at the announced size", async () => {
    const { folder, zip } = await keepsakeOf(
      `/api/client/event-export-zip/${gb.token}`,
      `/api/client/event-export-sizes/${gb.token}`,
      'de',
    );
    expect(listing(zip).some((n) => n.includes('/momentbox/'))).toBe(false); // the restore bundle is the admin's
    const bytes = readFileSync(join(folder, 'gaestebuch.csv'));
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the BOM: Excel reads UTF-8
    const rows = parseCsv(bytes.toString('utf8').slice(1), ';');
    expect(rows[0]).toEqual(['Zeit', 'Name', 'Text', 'Datei', 'Status']);
    expect(rows.slice(1).map((r) => [r[1], r[2], r[4]])).toEqual([
      ['Alice', TRICKY_TEXT, 'geteilt'],
      ['Bob <b>', HTML_TEXT, 'nicht geteilt'],
      ['Alice', 'Ein Selfie für euch!', 'geteilt'],
      ['Bob <b>', TWO_LINES, 'geteilt'],
      ['Alice', '', 'geteilt'],
    ]);
    expect(rows.slice(1).map((r) => r[3])).toEqual(gb.entries.map((e) => originalPath(e)?.slice('Gästebuch/'.length) ?? ''));
    expect(rows.slice(1).every((r) => /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(r[0]!))).toBe(true);
    const html = readFileSync(join(folder, 'Gästebuch.html'), 'utf8');
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('5 Einträge');
  });

  test("the admin's whole-event ZIP (English): the same folder, CSV with ','; the restore manifest still last", async () => {
    const { folder, zip } = await keepsakeOf(`/api/event/${gb.event.id}/export-zip`, `/api/event/${gb.event.id}/export-sizes`, 'en');
    // originals, then the guestbook, then the restore bundle with its manifest last (it lists what came before)
    const names = listing(zip);
    const kinds = names.map((n) => (n.includes('/Gästebuch/') ? 'g' : n.includes('/momentbox/') ? 'm' : 'o'));
    expect(kinds.join('').replace(/(.)\1+/g, '$1')).toBe('ogm');
    expect(names.at(-1)).toEndWith('manifest.json');
    const rows = parseCsv(readFileSync(join(folder, 'gaestebuch.csv'), 'utf8').slice(1), ',');
    expect(rows[0]).toEqual(['Time', 'Name', 'Text', 'File', 'State']);
    expect(rows[1]![2]).toBe(TRICKY_TEXT);
    expect(rows[2]![4]).toBe('not shared');
    expect(readFileSync(join(folder, 'Gästebuch.html'), 'utf8')).toContain('5 entries');
  });

  test('a ZIP of one album or of the favourites has no guestbook; an event with only a guestbook still exports', async () => {
    const albums = await h.admin.json<{ id: number; upload_count: number }[]>(`/api/event/${gb.event.id}/albums`);
    const withUpload = albums.find((a) => a.upload_count > 0)!;
    const album = await unpackZip(await h.admin.fetch(`/api/event/${gb.event.id}/export-zip?albumId=${withUpload.id}`));
    folders.push(album.dir);
    expect(tree(album.dir).some((f) => f.includes('Gästebuch'))).toBe(false);

    const only = await h.admin.createEvent({ name: 'Nur Gästebuch' });
    const guest = h.client();
    await guest.joinAsGuest(only.code, 'Carla');
    expect((await guest.fetch(`/api/event/${only.id}/guestbook`, { method: 'POST', json: { text: 'Hallo' } })).status).toBe(201);
    const { dir } = await unpackZip(await h.admin.fetch(`/api/event/${only.id}/export-zip`));
    folders.push(dir);
    expect(tree(dir).filter((f) => !f.includes('/momentbox/'))).toEqual([
      'Nur Gästebuch/Gästebuch/Gästebuch.html',
      'Nur Gästebuch/Gästebuch/gaestebuch.csv',
    ]);
  });
});

describe("the keepsake's originals follow the uploads' location rule", () => {
  const GPS_SELFIE = join(FIXTURES, 'photos', 'gps', 'DSCN0010.jpg');
  const IPHONE_MOV = join(FIXTURES, 'videos', 'iphone6-camera-real.mov');
  /** the ISO 6709 place the iPhone wrote into its MOV */
  const PLACE = '+32.0929+034.8620';

  /** An event whose guest sent a selfie with GPS and an iPhone video, and the two originals as the couple's and the admin's ZIPs hold them. */
  async function exported(stripLocation: boolean) {
    const event = await h.admin.createEvent({ strip_location: String(stripLocation) });
    const alice = h.client();
    await alice.joinAsGuest(event.code, 'Alice');
    for (const file of [GPS_SELFIE, IPHONE_MOV]) {
      const body = new FormData();
      body.append('file', new File([Bun.file(file)], file.split('/').pop()!));
      const res = await alice.fetch(`/api/event/${event.id}/guestbook/attachment`, { method: 'POST', body });
      expect(res.status).toBe(201);
    }
    const { client_token: token } = await h.admin.json<{ client_token: string }>(`/api/client/generate-token/${event.id}`, {
      method: 'POST',
    });
    const zips = { couple: `/api/client/event-export-zip/${token}`, admin: `/api/event/${event.id}/export-zip` };
    const out: Record<string, { jpg: Buffer; mov: Buffer }> = {};
    for (const [who, url] of Object.entries(zips)) {
      const { dir, zip, announced } = await unpackZip(await h.admin.fetch(url));
      folders.push(dir);
      expect(statSync(zip).size).toBe(announced);
      const originals = join(dir, readdirSync(dir)[0]!, 'Gästebuch', 'Originale');
      const files = readdirSync(originals);
      out[who] = {
        jpg: readFileSync(
          join(
            originals,
            files.find((f) => f.endsWith('.jpg'))!,
          ),
        ),
        mov: readFileSync(
          join(
            originals,
            files.find((f) => f.endsWith('.mov'))!,
          ),
        ),
      };
    }
    return out;
  }
  const hasPlace = (bytes: Buffer) => bytes.toString('latin1').includes(PLACE);

  test('an event that strips locations: the selfie without GPS and the MOV without its place, in both ZIPs, at the same size', async () => {
    // as sent, both carry where they were taken
    expect((await exifr.gps(readFileSync(GPS_SELFIE)))?.latitude).toBeCloseTo(43.4674, 3);
    expect(hasPlace(readFileSync(IPHONE_MOV))).toBe(true);
    for (const [who, { jpg, mov }] of Object.entries(await exported(true))) {
      expect({ who, jpg: jpg.length, mov: mov.length }).toEqual({ who, jpg: statSync(GPS_SELFIE).size, mov: statSync(IPHONE_MOV).size });
      expect({ who, gps: await exifr.gps(jpg).catch(() => undefined) }).toEqual({ who, gps: undefined });
      expect({ who, place: hasPlace(mov) }).toEqual({ who, place: false });
      // the picture itself is untouched: only the location was overwritten
      expect({ who, decodes: (await sharp(jpg).metadata()).width }).toEqual({ who, decodes: 640 });
    }
  });

  test('an event that keeps locations: the originals exactly as sent', async () => {
    for (const [who, { jpg, mov }] of Object.entries(await exported(false))) {
      expect({ who, jpg: jpg.equals(readFileSync(GPS_SELFIE)), mov: mov.equals(readFileSync(IPHONE_MOV)) }).toEqual({
        who,
        jpg: true,
        mov: true,
      });
    }
  });
});
