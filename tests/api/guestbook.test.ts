// The guestbook's API (issue 27): writing, reading as the uploads list is read, deleting one's own, the
// host's and the admin's moderation, the permission rows, the per-guest limits, bad inputs and the live stream.
import { afterEach, describe, expect, test } from 'bun:test';
import { Database } from 'bun:sqlite';
import { join } from 'node:path';
import type { GuestbookEntryDto } from '../../src/http/api-types.ts';
import { SseStream } from '../helpers/sse.ts';
import { daysFromNow, expectError, expectOk, send, useServer, type ApiClient } from './support.ts';

const h = useServer({ env: { MOMENTBOX_NEW_GUESTS_PER_ADDRESS: '100000' } });
const open: SseStream[] = [];
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});

const write = (client: ApiClient, eventId: number, body: unknown) => send(client, 'POST', `/api/event/${eventId}/guestbook`, body);
const read = (client: ApiClient, eventId: number) => client.json<GuestbookEntryDto[]>(`/api/event/${eventId}/guestbook`);
const hostToken = async (eventId: number) =>
  (await h.admin.json<{ client_token: string }>(`/api/client/generate-token/${eventId}`, { method: 'POST' })).client_token;

async function guest(code: string, nickname?: string) {
  const client = h.client();
  await client.joinAsGuest(code, nickname);
  return client;
}

describe('guestbook', () => {
  test('a guest writes, signed with the nickname or a typed name; everyone reads it newest first; the writer deletes it', async () => {
    const event = await h.admin.createEvent();
    const alice = await guest(event.code, 'Alice');
    const first = await expectOk<GuestbookEntryDto>(await write(alice, event.id, { text: '  Alles Liebe!\r\nEure Alice  ' }), 201);
    expect(first).toMatchObject({ name: 'Alice', text: 'Alles Liebe!\nEure Alice', approved: true, own: true });
    const second = await expectOk<GuestbookEntryDto>(await write(alice, event.id, { text: 'Von uns beiden', name: 'Alice & Tom' }), 201);
    expect(second.name).toBe('Alice & Tom');

    const visitor = h.client();
    expect((await read(visitor, event.id)).map((e) => [e.id, e.own])).toEqual([
      [second.id, false],
      [first.id, false],
    ]);
    expect(JSON.stringify(await read(visitor, event.id))).not.toContain('user_id');

    const bob = await guest(event.code, 'Bob');
    await expectError(await bob.fetch(`/api/event/${event.id}/guestbook/${first.id}`, { method: 'DELETE' }), 403, 'FORBIDDEN');
    await expectOk(await alice.fetch(`/api/event/${event.id}/guestbook/${first.id}`, { method: 'DELETE' }));
    expect((await read(bob, event.id)).map((e) => e.id)).toEqual([second.id]);
    await expectError(await alice.fetch(`/api/event/${event.id}/guestbook/${first.id}`, { method: 'DELETE' }), 404, 'NOT_FOUND');
  });

  test('bad inputs: 5,000 characters, no text, no name, a long name; nothing is stored', async () => {
    const event = await h.admin.createEvent();
    const anonymous = await guest(event.code);
    const long = await expectError(await write(anonymous, event.id, { text: 'x'.repeat(5000), name: 'Lang' }), 400, 'VALIDATION_ERROR');
    expect(long.error).toBe('Die Nachricht ist zu lang. Erlaubt sind höchstens 1.000 Zeichen.');
    expect([long.field, long.length, long.max]).toEqual(['text', 5000, 1000]);
    const english = await expectError(
      await send(
        anonymous,
        'POST',
        `/api/event/${event.id}/guestbook`,
        { text: 'x'.repeat(5000), name: 'Lang' },
        { 'accept-language': 'en' },
      ),
      400,
    );
    expect(english.error).toBe('The message is too long. At most 1,000 characters are allowed.');
    await expectError(
      await write(anonymous, event.id, { text: ' \u200b\n ', name: 'Leer' }),
      400,
      'VALIDATION_ERROR',
      'Bitte schreibe eine Nachricht.',
    );
    await expectError(await write(anonymous, event.id, { name: 'Leer' }), 400, 'VALIDATION_ERROR');
    await expectError(
      await write(anonymous, event.id, { text: 'Hallo' }),
      400,
      'VALIDATION_ERROR',
      'Bitte gib einen Namen an, mit dem du unterschreibst.',
    );
    await expectError(await write(anonymous, event.id, { text: 'Hallo', name: 'N'.repeat(31) }), 400, 'VALIDATION_ERROR');
    // 1,000 characters counted as the guest sees them: 1,000 emoji are allowed.
    await expectOk(await write(anonymous, event.id, { text: '🎉'.repeat(1000), name: 'Emoji' }), 201);
    expect((await read(h.client(), event.id)).map((e) => e.name)).toEqual(['Emoji']);
  });

  test('HTML and script are stored and answered as plain text; bidi and invisible characters are removed', async () => {
    const event = await h.admin.createEvent();
    const mallory = await guest(event.code, 'Mallory');
    const html = '<script>alert(1)</script><img src=x onerror=alert(2)> <b>fett</b> &amp;';
    const entry = await expectOk<GuestbookEntryDto>(await write(mallory, event.id, { text: html, name: '<i>M</i>\u202egpj.exe' }), 201);
    expect(entry.text).toBe(html);
    expect(entry.name).toBe('<i>M</i>gpj.exe');
    const res = await h.client().fetch(`/api/event/${event.id}/guestbook`);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect((await res.json())[0].text).toBe(html);
    const hidden = await expectOk<GuestbookEntryDto>(
      await write(mallory, event.id, { text: 'a\u200bb\u2066c\u2069d\u202ee\u0000f\u2028g' }),
      201,
    );
    expect(hidden.text).toBe('abcdef\ng');
  });

  test('a guest writes 5 a minute (20 in all: guestbook.service.test.ts), the refusal a 429 that says why', async () => {
    const event = await h.admin.createEvent();
    const eager = await guest(event.code, 'Eager');
    for (let i = 0; i < 5; i++) await expectOk(await write(eager, event.id, { text: `Nr. ${i}` }), 201);
    const fast = await expectError(await write(eager, event.id, { text: 'zu schnell' }), 429, 'TOO_MANY_REQUESTS');
    expect(fast.error).toBe('Du hast gerade 5 Einträge in einer Minute geschrieben. Bitte warte einen Moment und versuche es dann erneut.');
    // Another guest is not held up by this one.
    await expectOk(await write(await guest(event.code, 'Calm'), event.id, { text: 'Hallo' }), 201);
    expect((await read(h.client(), event.id)).length).toBe(6);
  });

  test('permission rows: read as the uploads list, write while the event takes uploads, API keys never, moderation by host and admin', async () => {
    const event = await h.admin.createEvent({ auto_share_uploads: 'false' });
    const token = await hostToken(event.id);
    const alice = await guest(event.code, 'Alice');
    const bob = await guest(event.code, 'Bob');
    const entry = await expectOk<GuestbookEntryDto>(await write(alice, event.id, { text: 'Erst nach Freigabe' }), 201);
    expect(entry.approved).toBe(false);
    // Approve first: only its writer, the host and the admin see it.
    expect((await read(alice, event.id)).map((e) => e.id)).toEqual([entry.id]);
    expect(await read(bob, event.id)).toEqual([]);
    expect(await read(h.client(), event.id)).toEqual([]);
    expect((await h.client().json<GuestbookEntryDto[]>(`/api/client/guestbook/${token}`)).map((e) => e.id)).toEqual([entry.id]);
    expect((await read(h.admin, event.id)).map((e) => e.id)).toEqual([entry.id]);

    // A guest cannot approve, not even their own; the host and the admin can.
    await expectError(await alice.fetch(`/api/event/${event.id}/guestbook/${entry.id}/approve`, { method: 'PUT' }), 403, 'FORBIDDEN');
    const approved = await h.client().json<GuestbookEntryDto>(`/api/client/guestbook/${entry.id}/approve/${token}`, { method: 'PUT' });
    expect(approved.approved).toBe(true);
    expect((await read(bob, event.id)).map((e) => e.id)).toEqual([entry.id]);
    await expectOk(await h.admin.fetch(`/api/event/${event.id}/guestbook/${entry.id}/reject`, { method: 'PUT' }));
    expect(await read(bob, event.id)).toEqual([]);

    // Another event's token moderates nothing here.
    const other = await h.admin.createEvent();
    const otherToken = await hostToken(other.id);
    await expectError(await h.client().fetch(`/api/client/guestbook/${entry.id}/approve/${otherToken}`, { method: 'PUT' }), 404);
    await expectError(await h.client().fetch(`/api/client/guestbook/${entry.id}/${otherToken}`, { method: 'DELETE' }), 404);

    // API keys neither read nor write; a visitor (no consent) cannot write.
    const key = await h.admin.json<{ api_key: string }>('/api/admin/api-keys', { method: 'POST', json: { name: `gb-${event.id}` } });
    const booth = h.client();
    booth.adminToken = key.api_key;
    await expectError(await write(booth, event.id, { text: 'Booth', name: 'Booth' }), 403, 'API_KEY_UPLOAD_ONLY');
    await expectError(await booth.fetch(`/api/event/${event.id}/guestbook`), 403, 'API_KEY_UPLOAD_ONLY');
    await expectError(await write(h.client(), event.id, { text: 'Hallo', name: 'Gast' }), 403, 'CONSENT_REQUIRED');

    // The host deletes any entry of its event; the admin writes, shared at once.
    await expectOk(await h.client().fetch(`/api/client/guestbook/${entry.id}/${token}`, { method: 'DELETE' }));
    expect(await read(h.admin, event.id)).toEqual([]);
    const byAdmin = await expectOk<GuestbookEntryDto>(await write(h.admin, event.id, { text: 'Vom Team', name: 'Team' }), 201);
    expect(byAdmin.approved).toBe(true);

    // After the event's end: no more writing, reading goes on until viewable-until.
    const past = await h.admin.createEvent({ event_start_datetime: daysFromNow(-20), event_duration_days: '14' });
    const late = await guest(past.code, 'Late');
    await expectError(await write(late, past.id, { text: 'Zu spät' }), 403, 'EVENT_ENDED');
    await expectOk(await late.fetch(`/api/event/${past.id}/guestbook`));
  });

  test('entries appear and go live, for each viewer as the list shows them', async () => {
    const event = await h.admin.createEvent({ auto_share_uploads: 'false' });
    const token = await hostToken(event.id);
    const alice = await guest(event.code, 'Alice');
    const bobStream = await SseStream.open(await guest(event.code, 'Bob'), `/api/event/${event.id}/live`);
    const hostStream = await SseStream.open(h.client(), `/api/event/${event.id}/live?clientToken=${token}`);
    open.push(bobStream, hostStream);
    await bobStream.next((m) => m.event === 'ready', 2000, 'ready');
    await hostStream.next((m) => m.event === 'ready', 2000, 'ready');

    const entry = await expectOk<GuestbookEntryDto>(await write(alice, event.id, { text: 'Live!' }), 201);
    const atHost = await hostStream.next((m) => m.event === 'guestbook', 2000, 'guestbook at the host');
    expect(atHost.data).toMatchObject({ id: entry.id, text: 'Live!', approved: false, own: false });
    await h.client().fetch(`/api/client/guestbook/${entry.id}/approve/${token}`, { method: 'PUT' });
    const atBob = await bobStream.next((m) => m.event === 'guestbook', 2000, 'guestbook at Bob once approved');
    expect(atBob.data).toMatchObject({ id: entry.id, name: 'Alice', approved: true });
    await alice.fetch(`/api/event/${event.id}/guestbook/${entry.id}`, { method: 'DELETE' });
    const gone = await bobStream.next((m) => m.event === 'guestbook-remove', 2000, 'guestbook-remove at Bob');
    expect(gone.data).toEqual({ id: entry.id });
  });

  test('deleting the event deletes its entries', async () => {
    const event = await h.admin.createEvent();
    await expectOk(await write(h.admin, event.id, { text: 'Bald weg', name: 'Team' }), 201);
    await expectOk(await h.admin.fetch(`/api/event/${event.id}`, { method: 'DELETE' }));
    await expectError(await h.admin.fetch(`/api/event/${event.id}/guestbook`), 404);
    const db = new Database(join(h.server.dataDir, 'momentbox.db'), { readonly: true });
    const left = db.query('SELECT count(*) AS n FROM guestbook_entries WHERE event_id = ?').get(event.id) as { n: number };
    db.close();
    expect(left.n).toBe(0);
  });
});
