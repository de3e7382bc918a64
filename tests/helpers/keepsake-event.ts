// An event with a guestbook for the keepsake tests (issue 27 item 5): written wishes (one with commas, quotes,
// line breaks and emoji, one with HTML and script), a selfie, a video message (HEVC: it gets an H.264 copy) and a
// voice message (AAC in M4A), one entry withdrawn by the couple, all processed. The export ZIPs, unpacked.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AdminEventDto, GuestbookEntryDto } from '../../src/http/api-types.ts';
import type { ApiClient } from './api-client.ts';
import { FIXTURES } from './server.ts';

export const TRICKY_TEXT = 'Liebe Anna, lieber Ben,\n„alles Gute“ und "viel Glück"; wir feiern mit! 🎉💍\nEure Oma, Tante & Co.';
/** a line break alone (no separator, no quote) still needs its field quoted */
export const TWO_LINES = 'Schaut mal!\nBis bald';
export const HTML_TEXT = '<script>document.title="pwned"</script><img src=x onerror="alert(1)"> </article> & <b>fett</b>';
/** turned by its EXIF orientation: the page shows the upright copy, the folder keeps the original */
export const SELFIE = join(FIXTURES, 'photos', 'orientation', 'portrait_6.jpg');
export const VIDEO = join(FIXTURES, 'videos', 'iphone-hevc-rotated.mov');
export const VOICE = join(FIXTURES, 'voice', 'iphone-voice-memo.m4a');
export const PHOTO = join(FIXTURES, 'photos', 'cameras', 'Nikon_D70.jpg');

export interface GuestbookEvent {
  event: AdminEventDto;
  /** the couple's client token */
  token: string;
  /** the entries as the couple lists them once processed, oldest first */
  entries: GuestbookEntryDto[];
}

/** Writes the guestbook through the API as two guests and the couple would, and waits (bounded) until its attachments are playable. */
export async function guestbookEvent(admin: ApiClient, client: () => ApiClient, name = 'Hochzeit <Anna & Ben>'): Promise<GuestbookEvent> {
  const event = await admin.createEvent({ name, primary_color: '#7C3AED', secondary_color: '#F59E0B' });
  await admin.uploadOk(event.id, PHOTO);
  const guest = async (nickname: string) => {
    const c = client();
    await c.joinAsGuest(event.code, nickname);
    return c;
  };
  const write = async (c: ApiClient, text: string, file?: string) => {
    const res = file
      ? await c.fetch(`/api/event/${event.id}/guestbook/attachment`, {
          method: 'POST',
          body: (() => {
            const form = new FormData();
            form.append('text', text);
            form.append('file', new File([Bun.file(file)], file.split('/').pop()!));
            return form;
          })(),
        })
      : await c.fetch(`/api/event/${event.id}/guestbook`, { method: 'POST', json: { text } });
    if (res.status !== 201) throw new Error(`entry refused: ${res.status} ${await res.text()}`);
    return (await res.json()) as GuestbookEntryDto;
  };
  const alice = await guest('Alice');
  const bob = await guest('Bob <b>');
  await write(alice, TRICKY_TEXT);
  const html = await write(bob, HTML_TEXT);
  await write(alice, 'Ein Selfie für euch!', SELFIE);
  await write(bob, TWO_LINES, VIDEO);
  await write(alice, '', VOICE);
  const { client_token: token } = await admin.json<{ client_token: string }>(`/api/client/generate-token/${event.id}`, { method: 'POST' });
  const reject = await admin.fetch(`/api/client/guestbook/${html.id}/reject/${token}`, { method: 'PUT' });
  if (!reject.ok) throw new Error(`reject: ${reject.status}`);
  const deadline = Date.now() + 120_000;
  for (;;) {
    const entries = await admin.json<GuestbookEntryDto[]>(`/api/client/guestbook/${token}`);
    if (entries.every((e) => e.attachment?.state !== 'processing')) return { event, token, entries: entries.reverse() };
    if (Date.now() > deadline) throw new Error('guestbook attachments still processing after 120 s');
    await Bun.sleep(250);
  }
}

/** Saves a ZIP answer and unpacks it into a fresh folder; the ZIP's path, the folder, and the size it was announced with. */
export async function unpackZip(res: Response): Promise<{ zip: string; dir: string; announced: number }> {
  if (res.status !== 200) throw new Error(`ZIP: ${res.status} ${await res.text()}`);
  const work = mkdtempSync(join(tmpdir(), 'momentbox-keepsake-'));
  const zip = join(work, 'export.zip');
  await Bun.write(zip, await res.arrayBuffer());
  const dir = join(work, 'out');
  const run = Bun.spawnSync(['unzip', '-q', zip, '-d', dir]);
  if (run.exitCode !== 0) throw new Error(`unzip: ${run.stderr.toString()}`);
  return { zip, dir, announced: Number(res.headers.get('x-archive-size')) };
}

/** RFC 4180 fields: quoted fields may hold the separator, doubled quotes and line breaks; rows end at a line break. */
export function parseCsv(text: string, separator: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted && ch === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (ch === '"') {
      quoted = !quoted;
    } else if (quoted) {
      field += ch;
    } else if (ch === separator) {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      // outside quotes a line break ends the row, as spreadsheets read it (CRLF counts once)
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      if (ch === '\r' && text[i + 1] === '\n') i++;
    } else {
      field += ch;
    }
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}
