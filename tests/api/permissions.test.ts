// The permission table of DESIGN.md, enforced by the server, as a matrix: every action against every role.
// The table itself is src/domain/permissions.ts (PERMISSIONS); every route asks it, so these cells drive it.
//
// Roles: visitor (no cookie), guest (cookie after consent; owner of the uploads acted on), other guest
// (cookie after consent, not the owner), host (client token in the path: the host's calls where a host
// variant exists, else the host has no credential and is a visitor), admin (Bearer), API key (Bearer and
// X-API-Key). A cell is 'ok' (2xx and the change happened) or the refusal status (and nothing changed):
// 401 = admin credentials missing, 403 = known but not allowed, 404 = not theirs.
import { Database } from 'bun:sqlite';
import { beforeAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import type {
  AdminEventDto,
  AlbumDto,
  ApiKeyDto,
  ClientTokenAnswer,
  CreatedApiKey,
  ExportDto,
  UploadDto,
  UploadResult,
} from '../../src/http/api-types.ts';
import { ApiClient, daysFromNow, defaultAlbumId, expectError, form, PHOTOS, send, snapshot, uniqueCode, useAppServer } from './support.ts';

// Every test builds a world of guests from 127.0.0.1; the consent limit per address has its own test.
const srv = useAppServer({ env: { MOMENTBOX_NEW_GUESTS_PER_ADDRESS: '100000' } });

const ROLES = ['visitor', 'guest', 'otherGuest', 'host', 'admin', 'apiKeyBearer', 'apiKeyHeader'] as const;
type Role = (typeof ROLES)[number];
type Cell = 'ok' | 401 | 403 | 404;

// prettier-ignore
const TABLE: [action: Action, cells: [visitor: Cell, guest: Cell, otherGuest: Cell, host: Cell, admin: Cell, keyBearer: Cell, keyHeader: Cell]][] = [
  //                                         visitor guest  other  host   admin  key    key(X-API-Key)
  // read event, visible albums, approved media (what each one sees: see the second table below); API keys
  // only upload (the event itself is public to any visitor, so its read ignores credentials)
  ['read event',                            ['ok',  'ok',  'ok',  'ok',  'ok',  'ok',  'ok']],
  ['read albums',                           ['ok',  'ok',  'ok',  'ok',  'ok',  403,   403]],
  ['read uploads',                          ['ok',  'ok',  'ok',  'ok',  'ok',  403,   403]],
  // upload: guests while the event is active, API keys any time, no host credential exists for it
  ['upload while active',                   [403,   'ok',  'ok',  403,   'ok',  'ok',  'ok']],
  ['upload after the end',                  [403,   403,   403,   403,   'ok',  'ok',  'ok']],
  ['upload before the start',               [403,   403,   403,   403,   'ok',  'ok',  'ok']],
  // approve / withdraw / delete: the owner guest and the admin
  ['approve',                               [403,   'ok',  403,   403,   'ok',  403,   403]],
  ['withdraw approval',                     [403,   'ok',  403,   403,   'ok',  403,   403]],
  ['delete upload',                         [403,   'ok',  403,   403,   'ok',  403,   403]],
  // share all of one's private uploads at once: guests only (each their own; the other guest has one too)
  ['share all own uploads',                 [403,   'ok',  'ok',  403,   403,   403,   403]],
  // hearts: a consented guest's own, on what they see (the host and the admin see counts, they have no guest identity)
  ['heart a shared upload',                 [403,   'ok',  'ok',  403,   403,   403,   403]],
  // face search (issue 30): a consented guest's own, on what they see; the host and the admin only switch it
  ["face search: 'Das bin ich nicht'",      [403,   'ok',  'ok',  403,   403,   403,   403]],
  // uploads of the admin and of API keys are shared at once, a guest's stays private (autoApprove not sent)
  ['upload is shared at once',              [403,   'ok',  'ok',  403,   'ok',  'ok',  'ok']],
  // media files after viewable-until: the admin and the host (the host's page by its media cookie, set when their link opens)
  ['media file after viewable-until',       [404,   404,   404,   'ok',  'ok',  404,   404]],
  // create album: guests only 'Unsortiert' without dates (idempotent), host own event, admin
  ["create album 'Unsortiert'",             [403,   'ok',  'ok',  'ok',  'ok',  403,   403]],
  ['create album with name and dates',      [403,   403,   403,   'ok',  'ok',  403,   403]],
  // photo challenges (issue 28) are albums the couple makes; guests upload into them like into any album
  ['create photo challenge',                [403,   403,   403,   'ok',  'ok',  403,   403]],
  ['rename photo challenge',                [401,   401,   401,   'ok',  'ok',  403,   403]],
  ['delete photo challenge',                [401,   401,   401,   'ok',  'ok',  403,   403]],
  ['upload into a photo challenge',         [403,   'ok',  'ok',  403,   'ok',  'ok',  'ok']],
  // edit albums, settings, stats, export: host of the event and admin
  ['edit album',                            [401,   401,   401,   'ok',  'ok',  403,   403]],
  ['delete album',                          [401,   401,   401,   'ok',  'ok',  403,   403]],
  ['edit event settings',                   [401,   401,   401,   'ok',  'ok',  403,   403]],
  ['statistics',                            [401,   401,   401,   'ok',  'ok',  403,   403]],
  ['export',                                [401,   401,   401,   'ok',  'ok',  403,   403]],
  // events, API keys, uploaders (recovery links), password: admin only
  ['list events',                           [401,   401,   401,   401,   'ok',  403,   403]],
  ['create event',                          [401,   401,   401,   401,   'ok',  403,   403]],
  ['delete event',                          [401,   401,   401,   401,   'ok',  403,   403]],
  ['generate client token',                 [401,   401,   401,   401,   'ok',  403,   403]],
  ['list API keys',                         [401,   401,   401,   401,   'ok',  403,   403]],
  ['create API key',                        [401,   401,   401,   401,   'ok',  403,   403]],
  ['uploaders with recovery links',         [401,   401,   401,   401,   'ok',  403,   403]],
  ['change password',                       [401,   401,   401,   401,   'ok',  403,   403]],
];

// What each role sees of an event with: the guest's unapproved upload, the guest's approved upload, the
// other guest's unapproved upload, an approved upload in a hidden album. The host reads through its export.
type Label = 'ownPending' | 'shared' | 'otherPending' | 'inHidden';
type Reader = Exclude<Role, 'apiKeyBearer' | 'apiKeyHeader'>; // API keys read nothing (403, first table)
const READERS = ROLES.filter((r): r is Reader => !r.startsWith('apiKey'));
// prettier-ignore
const SEES: Record<Reader, { albums: string[]; uploads: Label[]; afterViewableUntil: Label[] }> = {
  visitor:      { albums: ['Default Album'],             uploads: ['shared'],                                          afterViewableUntil: [] },
  guest:        { albums: ['Default Album'],             uploads: ['ownPending', 'shared'],                            afterViewableUntil: [] },
  otherGuest:   { albums: ['Default Album'],             uploads: ['shared', 'otherPending'],                          afterViewableUntil: [] },
  host:         { albums: ['Default Album', 'Hidden'],   uploads: ['ownPending', 'shared', 'otherPending', 'inHidden'], afterViewableUntil: ['ownPending', 'shared', 'otherPending', 'inHidden'] },
  admin:        { albums: ['Default Album', 'Hidden'],   uploads: ['ownPending', 'shared', 'otherPending', 'inHidden'], afterViewableUntil: ['ownPending', 'shared', 'otherPending', 'inHidden'] },
};

interface World {
  event: AdminEventDto;
  other: AdminEventDto;
  guest: ApiClient;
  guestId: string;
  otherGuest: ApiClient;
  hostToken: string;
  album: AlbumDto;
  hidden: AlbumDto;
  /** a photo challenge, when the options ask for one */
  challenge?: AlbumDto;
  uploads: Partial<Record<Label, UploadResult>>;
}

let apiKey = '';
beforeAll(async () => {
  apiKey = (await srv.admin.json<CreatedApiKey>('/api/admin/api-keys', { method: 'POST', json: { name: 'Matrix-Fotobox' } })).api_key;
});

/** A fresh event (and a second one) with two consented guests, a host token, a visible and a hidden album. */
interface WorldOptions {
  uploads?: boolean;
  event?: Record<string, string>;
  /** made active for the uploads, then moved back past its viewable-until */
  expired?: boolean;
  /** a photo challenge besides the albums */
  challenge?: boolean;
}

async function world(opts: WorldOptions = {}): Promise<World> {
  const event = await srv.admin.createEvent(opts.event);
  const other = await srv.admin.createEvent();
  const guest = srv.client();
  const guestId = await guest.joinAsGuest(event.code, 'Gast');
  const otherGuest = srv.client();
  await otherGuest.joinAsGuest(event.code, 'Andere');
  const { client_token: hostToken } = await srv.admin.json<ClientTokenAnswer>(`/api/client/generate-token/${event.id}`, { method: 'POST' });
  const album = await srv.admin.createAlbum(event.id, { name: 'Album' });
  const hidden = await srv.admin.createAlbum(event.id, { name: 'Hidden' });
  // 'Album' is only needed by the album rows; the read rows expect Default Album + Hidden.
  const w: World = { event, other, guest, guestId, otherGuest, hostToken, album, hidden, uploads: {} };
  if (opts.challenge) w.challenge = await srv.admin.createAlbum(event.id, { name: 'Die Ringe ganz nah', challenge: true });
  if (opts.uploads) {
    const albumId = await defaultAlbumId(srv.admin, event.id);
    w.uploads.ownPending = await guest.uploadOk(event.id, PHOTOS[0]!, { albumId });
    w.uploads.shared = await guest.uploadOk(event.id, PHOTOS[1]!, { autoApprove: 'true', albumId });
    w.uploads.otherPending = await otherGuest.uploadOk(event.id, PHOTOS[2]!, { albumId });
    w.uploads.inHidden = await srv.admin.uploadOk(event.id, PHOTOS[3]!, { albumId: String(hidden.id) });
    expect([
      w.uploads.ownPending.approved,
      w.uploads.shared.approved,
      w.uploads.otherPending.approved,
      w.uploads.inHidden.approved,
    ]).toEqual([false, true, false, true]);
  }
  await srv.admin.json(`/api/album/${hidden.id}`, { method: 'PUT', json: { visible: false } });
  if (opts.expired) await srv.admin.fetch(`/api/event/${event.id}`, { method: 'PUT', body: form(EXPIRED) });
  return w;
}

/** An ApiClient that always presents the API key the given way. */
class KeyClient extends ApiClient {
  constructor(
    url: string,
    private readonly header: [string, string],
  ) {
    super(url);
  }
  override fetch(path: string, init: RequestInit & { json?: unknown } = {}) {
    const headers = new Headers(init.headers);
    headers.set(...this.header);
    return super.fetch(path, { ...init, headers });
  }
}

function clientFor(w: World, role: Role): ApiClient {
  switch (role) {
    case 'visitor':
    case 'host': // no credential besides the token in the path
      return srv.client();
    case 'guest':
      return w.guest;
    case 'otherGuest':
      return w.otherGuest;
    case 'admin':
      return srv.admin;
    case 'apiKeyBearer':
      return new KeyClient(srv.url, ['authorization', `Bearer ${apiKey}`]);
    case 'apiKeyHeader':
      return new KeyClient(srv.url, ['x-api-key', apiKey]);
  }
}

type Action =
  | 'read event'
  | 'read albums'
  | 'read uploads'
  | 'upload while active'
  | 'upload after the end'
  | 'upload before the start'
  | 'approve'
  | 'withdraw approval'
  | 'delete upload'
  | 'share all own uploads'
  | 'heart a shared upload'
  | "face search: 'Das bin ich nicht'"
  | 'upload is shared at once'
  | 'media file after viewable-until'
  | "create album 'Unsortiert'"
  | 'create album with name and dates'
  | 'create photo challenge'
  | 'rename photo challenge'
  | 'delete photo challenge'
  | 'upload into a photo challenge'
  | 'edit album'
  | 'delete album'
  | 'edit event settings'
  | 'statistics'
  | 'export'
  | 'list events'
  | 'create event'
  | 'delete event'
  | 'generate client token'
  | 'list API keys'
  | 'create API key'
  | 'uploaders with recovery links'
  | 'change password';

interface ActionSpec {
  /** what the world needs */
  setup?: WorldOptions;
  call(w: World, role: Role, c: ApiClient): Promise<Response>;
  /** after an 'ok': the change a user would notice */
  changed?(w: World, res: Response, role: Role): Promise<void>;
  /** a read-only call: nothing to compare after a refusal */
  readOnly?: boolean;
}

const isHost = (role: Role) => role === 'host';
const adminUploads = (w: World) => srv.admin.json<UploadDto[]>(`/api/event/${w.event.id}/uploads`);
const uploadOf = async (w: World, id: number) => (await adminUploads(w)).find((u) => u.id === id);
const albumNames = async (w: World) => (await srv.admin.json<AlbumDto[]>(`/api/event/${w.event.id}/albums`)).map((a) => a.name);
const keyNames = async () => (await srv.admin.json<ApiKeyDto[]>('/api/admin/api-keys')).map((k) => k.name);
const PAST = { event_start_datetime: daysFromNow(-20), event_duration_days: '14' }; // ended, still viewable
const FUTURE = { event_start_datetime: daysFromNow(2) };
const EXPIRED = { event_start_datetime: daysFromNow(-60), event_duration_days: '7' };

const ACTIONS: Record<Action, ActionSpec> = {
  'read event': {
    readOnly: true,
    call: (w, role, c) => c.fetch(isHost(role) ? `/api/client/event-settings/${w.hostToken}` : `/api/event/${w.event.code}`),
  },
  'read albums': {
    readOnly: true,
    call: (w, role, c) => c.fetch(isHost(role) ? `/api/client/event-settings/${w.hostToken}` : `/api/event/${w.event.id}/albums`),
  },
  'read uploads': {
    readOnly: true,
    setup: { uploads: true },
    call: (w, role, c) => c.fetch(isHost(role) ? `/api/client/event-export/${w.hostToken}` : `/api/event/${w.event.id}/uploads`),
  },
  'upload while active': {
    call: (w, _role, c) => c.upload(w.event.id, PHOTOS[4]!),
    changed: async (w, res) => {
      expect(res.status).toBe(201);
      const { id } = (await res.json()) as UploadResult;
      expect(await uploadOf(w, id)).toBeDefined();
    },
  },
  'upload after the end': {
    setup: { event: PAST },
    call: (w, _role, c) => c.upload(w.event.id, PHOTOS[4]!),
    changed: async (w, res) => expect(await uploadOf(w, ((await res.json()) as UploadResult).id)).toBeDefined(),
  },
  'upload before the start': {
    setup: { event: FUTURE },
    call: (w, _role, c) => c.upload(w.event.id, PHOTOS[4]!),
    changed: async (w, res) => expect(await uploadOf(w, ((await res.json()) as UploadResult).id)).toBeDefined(),
  },
  approve: {
    setup: { uploads: true },
    call: (w, _role, c) => c.fetch(`/api/event/${w.event.id}/upload/${w.uploads.ownPending!.id}/approve`, { method: 'PUT' }),
    changed: async (w, res) => {
      expect(((await res.json()) as UploadDto).approved).toBe(true);
      expect((await uploadOf(w, w.uploads.ownPending!.id))!.approved).toBe(true);
      // Now a visitor sees it.
      expect((await srv.client().json<UploadDto[]>(`/api/event/${w.event.id}/uploads`)).map((u) => u.id)).toContain(
        w.uploads.ownPending!.id,
      );
    },
  },
  'withdraw approval': {
    setup: { uploads: true },
    call: (w, _role, c) => c.fetch(`/api/event/${w.event.id}/upload/${w.uploads.shared!.id}/reject`, { method: 'PUT' }),
    changed: async (w, res) => {
      expect(((await res.json()) as UploadDto).approved).toBe(false);
      expect((await srv.client().json<UploadDto[]>(`/api/event/${w.event.id}/uploads`)).map((u) => u.id)).not.toContain(
        w.uploads.shared!.id,
      );
    },
  },
  'delete upload': {
    setup: { uploads: true },
    call: (w, _role, c) => c.fetch(`/api/event/${w.event.id}/upload/${w.uploads.ownPending!.id}`, { method: 'DELETE' }),
    changed: async (w, res) => {
      expect(await res.json()).toEqual({ success: true });
      expect(await uploadOf(w, w.uploads.ownPending!.id)).toBeUndefined();
      expect((await srv.client().fetch(w.uploads.ownPending!.upload.file_path)).status).toBe(404);
    },
  },
  'share all own uploads': {
    setup: { uploads: true },
    call: (w, _role, c) => c.fetch(`/api/event/${w.event.id}/uploads/approve-own`, { method: 'PUT' }),
    changed: async (w, res) => {
      expect(await res.json()).toEqual({ success: true, count: 1 });
      // Now a visitor sees the shared one and the one that was private (own or the other guest's).
      expect(await srv.client().json<UploadDto[]>(`/api/event/${w.event.id}/uploads`)).toHaveLength(2);
    },
  },
  'heart a shared upload': {
    setup: { uploads: true },
    call: (w, _role, c) => c.fetch(`/api/event/${w.event.id}/upload/${w.uploads.shared!.id}/heart`, { method: 'PUT' }),
    changed: async (w) => {
      const shared = (await srv.client().json<UploadDto[]>(`/api/event/${w.event.id}/uploads`)).find((u) => u.id === w.uploads.shared!.id);
      expect(shared?.heart_count).toBe(1);
    },
  },
  "face search: 'Das bin ich nicht'": {
    setup: { uploads: true, event: { face_search: 'true' } },
    call: (w, _role, c) => c.fetch(`/api/event/${w.event.id}/faces/not-me/${w.uploads.shared!.id}`, { method: 'PUT' }),
    changed: async (w) => {
      const db = new Database(join(srv.server.dataDir, 'momentbox.db'), { readonly: true });
      const drops = db.query('select count(*) as n from face_drops where upload_id = ?').get(w.uploads.shared!.id) as { n: number };
      db.close();
      expect(drops.n).toBe(1);
    },
  },
  'upload is shared at once': {
    call: (w, _role, c) => c.upload(w.event.id, PHOTOS[4]!),
    changed: async (w, res, role) => {
      const { id, approved } = (await res.json()) as UploadResult;
      const sharedAtOnce = role !== 'guest' && role !== 'otherGuest';
      expect(approved).toBe(sharedAtOnce);
      expect((await srv.client().json<UploadDto[]>(`/api/event/${w.event.id}/uploads`)).some((u) => u.id === id)).toBe(sharedAtOnce);
    },
  },
  'media file after viewable-until': {
    readOnly: true,
    setup: { uploads: true, expired: true },
    call: async (w, role, c) => {
      if (isHost(role)) await c.fetch(`/api/client/event-settings/${w.hostToken}`); // the couple's page opens
      return c.fetch(w.uploads.shared!.upload.thumbnail_path!);
    },
  },
  "create album 'Unsortiert'": {
    call: (w, role, c) =>
      isHost(role)
        ? send(c, 'POST', `/api/client/event/${w.hostToken}/album`, {
            name: 'Unsortiert',
            start_datetime: null,
            end_datetime: null,
            visible: true,
          })
        : send(c, 'POST', `/api/event/${w.event.id}/album`, { name: 'Unsortiert', start_datetime: null, end_datetime: null }),
    changed: async (w) => expect(await albumNames(w)).toContain('Unsortiert'),
  },
  'create album with name and dates': {
    call: (w, role, c) => {
      const body = { name: 'Party', start_datetime: '2025-06-01T20:00:00Z', end_datetime: '2025-06-02T02:00:00Z', visible: true };
      return isHost(role)
        ? send(c, 'POST', `/api/client/event/${w.hostToken}/album`, body)
        : send(c, 'POST', `/api/event/${w.event.id}/album`, body);
    },
    changed: async (w) => expect(await albumNames(w)).toContain('Party'),
  },
  'create photo challenge': {
    call: (w, role, c) => {
      const body = { name: 'Das Brautpaar beim Tanzen', challenge: true };
      return isHost(role)
        ? send(c, 'POST', `/api/client/event/${w.hostToken}/album`, body)
        : send(c, 'POST', `/api/event/${w.event.id}/album`, body);
    },
    changed: async (w) =>
      expect((await srv.admin.json<AlbumDto[]>(`/api/event/${w.event.id}/albums`)).filter((a) => a.challenge).map((a) => a.name)).toEqual([
        'Das Brautpaar beim Tanzen',
      ]),
  },
  'rename photo challenge': {
    setup: { challenge: true },
    call: (w, role, c) =>
      isHost(role)
        ? send(c, 'PUT', `/api/client/album/${w.challenge!.id}/${w.hostToken}`, { name: 'Die Ringe im Licht' })
        : send(c, 'PUT', `/api/album/${w.challenge!.id}`, { name: 'Die Ringe im Licht' }),
    changed: async (w) => expect(await albumNames(w)).toContain('Die Ringe im Licht'),
  },
  'delete photo challenge': {
    setup: { challenge: true },
    call: (w, role, c) =>
      c.fetch(isHost(role) ? `/api/client/album/${w.challenge!.id}/${w.hostToken}` : `/api/album/${w.challenge!.id}`, { method: 'DELETE' }),
    changed: async (w) => expect(await albumNames(w)).not.toContain('Die Ringe ganz nah'),
  },
  'upload into a photo challenge': {
    setup: { challenge: true },
    call: (w, _role, c) => c.upload(w.event.id, PHOTOS[4]!, { albumId: String(w.challenge!.id) }),
    changed: async (w, res) => {
      const { id } = (await res.json()) as UploadResult;
      expect((await uploadOf(w, id))?.album_id).toBe(w.challenge!.id);
    },
  },
  'edit album': {
    call: (w, role, c) =>
      isHost(role)
        ? send(c, 'PUT', `/api/client/album/${w.album.id}/${w.hostToken}`, { name: 'Umbenannt' })
        : send(c, 'PUT', `/api/album/${w.album.id}`, { name: 'Umbenannt' }),
    changed: async (w) => expect(await albumNames(w)).toContain('Umbenannt'),
  },
  'delete album': {
    call: (w, role, c) =>
      c.fetch(isHost(role) ? `/api/client/album/${w.album.id}/${w.hostToken}` : `/api/album/${w.album.id}`, { method: 'DELETE' }),
    changed: async (w) => expect(await albumNames(w)).not.toContain('Album'),
  },
  'edit event settings': {
    call: (w, role, c) =>
      c.fetch(isHost(role) ? `/api/client/event/${w.hostToken}` : `/api/event/${w.event.id}`, {
        method: 'PUT',
        body: form({ name: 'Neuer Name' }),
      }),
    changed: async (w) => expect((await srv.client().json<AdminEventDto>(`/api/event/${w.event.code}`)).name).toBe('Neuer Name'),
  },
  statistics: {
    readOnly: true,
    call: (w, role, c) => c.fetch(isHost(role) ? `/api/client/event-statistics/${w.hostToken}` : `/api/event/${w.event.id}/statistics`),
  },
  export: {
    readOnly: true,
    call: (w, role, c) => c.fetch(isHost(role) ? `/api/client/event-export/${w.hostToken}` : `/api/event/${w.event.id}/export`),
  },
  'list events': { readOnly: true, call: (_w, _role, c) => c.fetch('/api/event/events') },
  'create event': {
    call: (_w, _role, c) => c.fetch('/api/event', { method: 'POST', body: form({ name: 'Matrix', code: uniqueCode('matrix') }) }),
    changed: async (_w, res) => {
      const created = (await res.json()) as AdminEventDto;
      expect((await srv.client().json<AdminEventDto>(`/api/event/${created.code}`)).id).toBe(created.id);
    },
  },
  'delete event': {
    call: (w, _role, c) => c.fetch(`/api/event/${w.event.id}`, { method: 'DELETE' }),
    changed: async (w) => expect((await srv.client().fetch(`/api/event/${w.event.code}`)).status).toBe(404),
  },
  'generate client token': {
    call: (w, _role, c) => c.fetch(`/api/client/generate-token/${w.event.id}`, { method: 'POST' }),
    changed: async (w) => expect((await srv.client().fetch(`/api/client/event-settings/${w.hostToken}`)).status).toBe(404),
  },
  'list API keys': { readOnly: true, call: (_w, _role, c) => c.fetch('/api/admin/api-keys') },
  'create API key': {
    call: (w, _role, c) => send(c, 'POST', '/api/admin/api-keys', { name: `Matrix ${w.event.code}` }),
    changed: async (w) => expect(await keyNames()).toContain(`Matrix ${w.event.code}`),
  },
  'uploaders with recovery links': {
    readOnly: true,
    setup: { uploads: true },
    call: (w, _role, c) => c.fetch(`/api/event/${w.event.id}/uploaders`),
  },
  'change password': {
    // The same password again: allowed, and the suite's admin session (the one that changed it) stays.
    call: (_w, _role, c) =>
      send(c, 'POST', '/api/admin/change-password', { currentPassword: srv.server.adminPassword, newPassword: srv.server.adminPassword }),
    changed: async () =>
      expect((await send(srv.client(), 'POST', '/api/admin/login', { password: srv.server.adminPassword })).status).toBe(200),
  },
};

describe('permission table (DESIGN.md)', () => {
  for (const [action, cells] of TABLE) {
    describe(action, () => {
      ROLES.forEach((role, i) => {
        const expected = cells[i]!;
        test(`${role}: ${expected === 'ok' ? 'allowed' : `refused ${expected}`}`, async () => {
          const spec = ACTIONS[action];
          const w = await world(spec.setup);
          const keysBefore = await keyNames();
          const before = await snapshot(srv.admin, w.event.id);
          const res = await spec.call(w, role, clientFor(w, role));
          if (expected === 'ok') {
            if (res.status >= 300) throw new Error(`${action} as ${role}: expected 2xx, got ${res.status}: ${await res.text()}`);
            await spec.changed?.(w, res, role);
          } else {
            await expectError(res, expected);
            if (!spec.readOnly) {
              expect(await snapshot(srv.admin, w.event.id)).toEqual(before);
              expect(await keyNames()).toEqual(keysBefore);
            }
          }
        });
      });
    });
  }
});

describe('what each role sees (read rows of the table)', () => {
  let w: World;
  let expired: World;
  const label = (world: World, id: number): Label | string =>
    (Object.entries(world.uploads).find(([, u]) => u!.id === id)?.[0] as Label) ?? `unknown ${id}`;

  async function seen(world: World, role: Role): Promise<{ albums: string[]; uploads: string[] }> {
    const c = clientFor(world, role);
    if (role === 'host') {
      const exp = await c.json<ExportDto>(`/api/client/event-export/${world.hostToken}`);
      const settings = await c.json<{ albums: AlbumDto[] }>(`/api/client/event-settings/${world.hostToken}`);
      return { albums: settings.albums.map((a) => a.name), uploads: exp.uploads.map((u) => label(world, u.id)).sort() };
    }
    const albums = await c.json<AlbumDto[]>(`/api/event/${world.event.id}/albums`);
    const uploads = await c.json<UploadDto[]>(`/api/event/${world.event.id}/uploads`);
    return { albums: albums.map((a) => a.name), uploads: uploads.map((u) => label(world, u.id)).sort() };
  }

  beforeAll(async () => {
    w = await world({ uploads: true });
    await srv.admin.json(`/api/album/${w.album.id}`, { method: 'DELETE' });
    // An event whose viewable-until has passed: made active (so guests could upload), then moved back.
    expired = await world({ uploads: true });
    await srv.admin.json(`/api/album/${expired.album.id}`, { method: 'DELETE' });
    await srv.admin.fetch(`/api/event/${expired.event.id}`, { method: 'PUT', body: form(EXPIRED) });
    expect((await srv.client().json<AdminEventDto>(`/api/event/${expired.event.code}`)).status).toBe('expired');
  });

  for (const role of READERS) {
    test(`${role} sees albums ${JSON.stringify(SEES[role].albums)} and uploads ${JSON.stringify(SEES[role].uploads)}`, async () => {
      const got = await seen(w, role);
      expect(got.albums).toEqual(SEES[role].albums);
      expect(got.uploads).toEqual([...SEES[role].uploads].sort());
    });

    test(`${role} after viewable-until sees uploads ${JSON.stringify(SEES[role].afterViewableUntil)}`, async () => {
      const got = await seen(expired, role);
      expect(got.uploads).toEqual([...SEES[role].afterViewableUntil].sort());
    });
  }

  test('an album filter (?albumId=) does not open hidden albums to guests', async () => {
    const res = await w.guest.fetch(`/api/event/${w.event.id}/uploads?albumId=${w.hidden.id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
    const admin = await srv.admin.json<UploadDto[]>(`/api/event/${w.event.id}/uploads?albumId=${w.hidden.id}`);
    expect(admin.map((u) => u.id)).toEqual([w.uploads.inHidden!.id]);
  });
});

describe('404 where the resource is not theirs', () => {
  test("a host token of another event cannot edit or delete this event's album", async () => {
    const w = await world();
    const { client_token: otherToken } = await srv.admin.json<ClientTokenAnswer>(`/api/client/generate-token/${w.other.id}`, {
      method: 'POST',
    });
    const before = await snapshot(srv.admin, w.event.id);
    await expectError(await send(srv.client(), 'PUT', `/api/client/album/${w.album.id}/${otherToken}`, { name: 'x' }), 404, 'NOT_FOUND');
    await expectError(await srv.client().fetch(`/api/client/album/${w.album.id}/${otherToken}`, { method: 'DELETE' }), 404, 'NOT_FOUND');
    expect(await snapshot(srv.admin, w.event.id)).toEqual(before);
  });

  test('an upload addressed through another event is 404, even for its owner and the admin', async () => {
    const w = await world({ uploads: true });
    const before = await snapshot(srv.admin, w.event.id);
    const id = w.uploads.ownPending!.id;
    for (const c of [w.guest, srv.admin]) {
      await expectError(await c.fetch(`/api/event/${w.other.id}/upload/${id}/approve`, { method: 'PUT' }), 404, 'NOT_FOUND');
      await expectError(await c.fetch(`/api/event/${w.other.id}/upload/${id}`, { method: 'DELETE' }), 404, 'NOT_FOUND');
    }
    await expectError(await srv.admin.fetch(`/api/event/${w.event.id}/upload/999999/approve`, { method: 'PUT' }), 404, 'NOT_FOUND');
    expect(await snapshot(srv.admin, w.event.id)).toEqual(before);
  });

  test('listing uploads of an album of another event is 404', async () => {
    const w = await world();
    const foreign = await srv.admin.createAlbum(w.other.id, { name: 'Fremd' });
    await expectError(await srv.admin.fetch(`/api/event/${w.event.id}/uploads?albumId=${foreign.id}`), 404, 'NOT_FOUND');
    await expectError(await w.guest.fetch(`/api/event/${w.event.id}/uploads?albumId=${foreign.id}`), 404, 'NOT_FOUND');
  });

  test("nobody but the guest and the admin learns a guest's user id (it is their session) from the uploads list", async () => {
    const w = await world({ uploads: true });
    for (const c of [srv.client(), w.otherGuest]) {
      const list = await c.json<UploadDto[]>(`/api/event/${w.event.id}/uploads`);
      const shared = list.find((u) => u.id === w.uploads.shared!.id)!;
      expect(shared.uploader_nickname).toBe('Gast');
      expect(shared.user_id).toBeNull();
      expect(JSON.stringify(list)).not.toContain(w.guestId);
    }
    // The guest sees their own id (the web app marks own uploads by it), the admin sees all.
    expect(
      (await w.guest.json<UploadDto[]>(`/api/event/${w.event.id}/uploads`))
        .filter((u) => u.user_id === w.guestId)
        .map((u) => u.id)
        .sort(),
    ).toEqual([w.uploads.ownPending!.id, w.uploads.shared!.id].sort());
    expect(
      (await srv.admin.json<UploadDto[]>(`/api/event/${w.event.id}/uploads`)).find((u) => u.id === w.uploads.shared!.id)!.user_id,
    ).toBe(w.guestId);
  });

  test('a guest cookie of another event gives no rights here', async () => {
    const w = await world({ uploads: true });
    const stranger = srv.client();
    await stranger.joinAsGuest(w.other.code);
    // The stranger even copies the owner's id into a cookie for the other event: still nobody here.
    stranger.cookies.set(`event_${w.other.code}`, w.guestId);
    const before = await snapshot(srv.admin, w.event.id);
    await expectError(await stranger.fetch(`/api/event/${w.event.id}/upload/${w.uploads.ownPending!.id}/approve`, { method: 'PUT' }), 403);
    await expectError(await stranger.upload(w.event.id, PHOTOS[4]!), 403, 'CONSENT_REQUIRED');
    const seen = await stranger.json<UploadDto[]>(`/api/event/${w.event.id}/uploads`);
    expect(seen.map((u) => u.id)).toEqual([w.uploads.shared!.id]);
    expect(await snapshot(srv.admin, w.event.id)).toEqual(before);
  });
});
