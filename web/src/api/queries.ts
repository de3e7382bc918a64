import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { AppConfig } from '../../../src/http/api-types';
import type { UploadSort } from '../../../src/domain/limits.ts';
import { adminApi } from './admin';
import { clientApi, type ModerationQuery } from './client-settings';
import { guestApi } from './guest';
import { api } from './http';
import { queryClient } from './query-client';

// The keys of every piece of server data the web app reads, and how each is fetched. Keys are nested so one
// invalidation reaches everything a change can touch: `queryKeys.admin.event(id)` covers that event's albums,
// statistics and uploaders; `queryKeys.host.all(token)` everything of one host settings page.
// A page reads with `useQuery(xxxQuery(...))`; a change invalidates the narrowest key that covers what it changed.

export const queryKeys = {
  /** GET /api/config (public URL, Wi-Fi for the QR cards, retention) */
  config: ['config'] as const,
  admin: {
    all: ['admin'] as const,
    events: ['admin', 'events'] as const,
    event: (eventId: number) => ['admin', 'event', eventId] as const,
    albums: (eventId: number) => ['admin', 'event', eventId, 'albums'] as const,
    statistics: (eventId: number) => ['admin', 'event', eventId, 'statistics'] as const,
    uploaders: (eventId: number) => ['admin', 'event', eventId, 'uploaders'] as const,
    guestbook: (eventId: number) => ['admin', 'event', eventId, 'guestbook'] as const,
    exportSizes: (eventId: number) => ['admin', 'event', eventId, 'export-sizes'] as const,
    apiKeys: ['admin', 'api-keys'] as const,
    wifi: ['admin', 'wifi'] as const,
    box: ['admin', 'box'] as const,
    addresses: ['admin', 'addresses'] as const,
    s3: ['admin', 's3'] as const,
    pushes: ['admin', 's3', 'pushes'] as const,
    galleries: ['admin', 's3', 'galleries'] as const,
    imports: ['admin', 's3', 'imports'] as const,
  },
  /** the host settings page, identified by its client token */
  host: {
    all: (token: string) => ['host', token] as const,
    settings: (token: string) => ['host', token, 'settings'] as const,
    statistics: (token: string) => ['host', token, 'statistics'] as const,
    exportSizes: (token: string) => ['host', token, 'export-sizes'] as const,
    uploadsAll: (token: string) => ['host', token, 'uploads'] as const,
    uploads: (token: string, q: ModerationQuery) => ['host', token, 'uploads', q] as const,
    /**
     * the guestbook, outside `all`: the live stream keeps it current and saving a setting changes none of it, so a
     * save's reload must not race an entry that arrives meanwhile (the reload's older answer would drop it)
     */
    guestbook: (token: string) => ['host-guestbook', token] as const,
  },
  /** the live wall reads as a visitor (no admin token, no guest cookie), so its answers are cached apart */
  wall: {
    event: (code: string) => ['wall', code, 'event'] as const,
    config: ['wall', 'config'] as const,
  },
  /** the guest event page: the event by its code, and under the event's id its albums and album grids */
  guest: {
    all: ['guest'] as const,
    byCode: (code: string) => ['guest', 'code', code] as const,
    me: (code: string) => ['guest', 'code', code, 'me'] as const,
    albums: (eventId: number) => ['guest', 'event', eventId, 'albums'] as const,
    uploadsAll: (eventId: number) => ['guest', 'event', eventId, 'uploads'] as const,
    /** an album's grids, in every order */
    albumUploads: (eventId: number, albumId: number) => ['guest', 'event', eventId, 'uploads', albumId] as const,
    uploads: (eventId: number, albumId: number, sort: UploadSort = 'newest') =>
      ['guest', 'event', eventId, 'uploads', albumId, sort] as const,
    /** the uploads this guest hearted */
    hearts: (eventId: number) => ['guest', 'event', eventId, 'hearts'] as const,
    guestbook: (eventId: number) => ['guest', 'event', eventId, 'guestbook'] as const,
  },
};

/** The box's configuration hardly changes while a page is open: fetched once, again only after a change (Wi-Fi). */
export const configQuery = () =>
  queryOptions({ queryKey: queryKeys.config, queryFn: () => api.get<AppConfig>('/api/config'), staleTime: Infinity });

export const adminQueries = {
  events: () => queryOptions({ queryKey: queryKeys.admin.events, queryFn: adminApi.events }),
  albums: (eventId: number) => queryOptions({ queryKey: queryKeys.admin.albums(eventId), queryFn: () => adminApi.albums(eventId) }),
  statistics: (eventId: number) =>
    queryOptions({ queryKey: queryKeys.admin.statistics(eventId), queryFn: () => adminApi.statistics(eventId) }),
  uploaders: (eventId: number) =>
    queryOptions({ queryKey: queryKeys.admin.uploaders(eventId), queryFn: () => adminApi.uploaders(eventId) }),
  exportSizes: (eventId: number) =>
    queryOptions({ queryKey: queryKeys.admin.exportSizes(eventId), queryFn: () => adminApi.exportSizes(eventId) }),
  apiKeys: () => queryOptions({ queryKey: queryKeys.admin.apiKeys, queryFn: adminApi.apiKeys }),
  wifi: () => queryOptions({ queryKey: queryKeys.admin.wifi, queryFn: adminApi.wifi }),
  box: () => queryOptions({ queryKey: queryKeys.admin.box, queryFn: adminApi.box }),
  addresses: () => queryOptions({ queryKey: queryKeys.admin.addresses, queryFn: adminApi.addresses }),
  s3: () => queryOptions({ queryKey: queryKeys.admin.s3, queryFn: adminApi.s3 }),
  /** followed every second while a push runs (the progress bars), else now and then */
  pushes: () =>
    queryOptions({
      queryKey: queryKeys.admin.pushes,
      queryFn: adminApi.pushes,
      refetchInterval: (q) => (q.state.data?.some((p) => p.state === 'running') ? 1000 : 15_000),
    }),
  /** followed every second while a gallery is being published */
  galleries: () =>
    queryOptions({
      queryKey: queryKeys.admin.galleries,
      queryFn: adminApi.galleries,
      refetchInterval: (q) => (q.state.data?.some((g) => g.state === 'running') ? 1000 : 15_000),
    }),
  imports: () =>
    queryOptions({
      queryKey: queryKeys.admin.imports,
      queryFn: adminApi.imports,
      refetchInterval: (q) => (q.state.data?.some((r) => r.state === 'running') ? 1000 : 15_000),
    }),
};

export const hostQueries = {
  settings: (token: string) => queryOptions({ queryKey: queryKeys.host.settings(token), queryFn: () => clientApi.settings(token) }),
  /** loaded on the tab's first opening and kept for the page (spec: 'loaded lazily on first open'); a change on the page invalidates it */
  statistics: (token: string) =>
    queryOptions({ queryKey: queryKeys.host.statistics(token), queryFn: () => clientApi.statistics(token), staleTime: Infinity }),
  uploads: (token: string, q: ModerationQuery) =>
    queryOptions({ queryKey: queryKeys.host.uploads(token, q), queryFn: () => clientApi.uploads(token, q) }),
  exportSizes: (token: string) =>
    queryOptions({ queryKey: queryKeys.host.exportSizes(token), queryFn: () => clientApi.exportSizes(token) }),
};

/** The wall re-reads its event and the config this often, so the host's changes (name, colours, wall settings) arrive. */
const WALL_REFRESH = { refetchInterval: 60_000, refetchIntervalInBackground: true } as const;

/** The event as any visitor sees it (name, colours, language, wall settings), without this browser's guest session. */
const visitorEvent = (code: string) => queryOptions({ queryKey: queryKeys.wall.event(code), queryFn: () => guestApi.visitorEvent(code) });

export const wallQueries = {
  event: (code: string) => queryOptions({ ...visitorEvent(code), ...WALL_REFRESH }),
  config: () => queryOptions({ queryKey: queryKeys.wall.config, queryFn: guestApi.visitorConfig, ...WALL_REFRESH }),
};

// What a change makes stale: one rule per kind of change, so every screen that makes it agrees.
// An invalidation refetches what is on screen now and marks the rest stale for its next opening.

/** The events list (cards: sizes, counts, client link) and the box status (disk, video queue). */
export function invalidateAdminEvents() {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.admin.events }),
    queryClient.invalidateQueries({ queryKey: queryKeys.admin.box }),
  ]);
}

/** An event's albums or uploads changed: its albums, statistics and uploaders, and the cards. */
export function invalidateAdminEvent(eventId: number) {
  return Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.admin.event(eventId) }), invalidateAdminEvents()]);
}

/** Anything changed on a host settings page: its event, albums (with counts), statistics and moderation list. */
export function invalidateHostPage(token: string) {
  return queryClient.invalidateQueries({ queryKey: queryKeys.host.all(token) });
}

/**
 * The guest page's albums and grids count as fresh this long: fetched ahead (with the event) they are not
 * asked again when the page mounts them; the live stream and the invalidation after a change keep them current.
 */
const GALLERY_FRESH_MS = 10_000;

export const guestQueries = {
  /** read once, by the recovery page for the event's language (the session it restores is not this browser's yet) */
  visitorEvent,
  event: (code: string) => queryOptions({ queryKey: queryKeys.guest.byCode(code), queryFn: () => guestApi.event(code) }),
  /** who this browser is in the event (the guest cookie is HttpOnly) */
  me: (code: string) => queryOptions({ queryKey: queryKeys.guest.me(code), queryFn: () => guestApi.me(code) }),
  albums: (eventId: number) =>
    queryOptions({ queryKey: queryKeys.guest.albums(eventId), queryFn: () => guestApi.albums(eventId), staleTime: GALLERY_FRESH_MS }),
  /** the guestbook, newest first; the live stream keeps it current */
  guestbook: (eventId: number) =>
    queryOptions({ queryKey: queryKeys.guest.guestbook(eventId), queryFn: () => guestApi.guestbook(eventId), staleTime: GALLERY_FRESH_MS }),
  /** an album's grid, page by page (the server's cursor), newest first or 'Beliebteste' */
  uploads: (eventId: number, albumId: number, sort: UploadSort = 'newest') =>
    infiniteQueryOptions({
      queryKey: queryKeys.guest.uploads(eventId, albumId, sort),
      staleTime: GALLERY_FRESH_MS,
      queryFn: ({ pageParam }) => guestApi.uploadsPage(eventId, albumId, sort, pageParam),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.next_cursor,
    }),
  /** the uploads this guest hearted, as a set (a guest without consent has none) */
  hearts: (eventId: number) =>
    queryOptions({
      queryKey: queryKeys.guest.hearts(eventId),
      queryFn: async () => new Set((await guestApi.myHearts(eventId)).upload_ids),
      staleTime: Infinity,
    }),
};
