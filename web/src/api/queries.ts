import { queryOptions } from '@tanstack/react-query';
import type { AppConfig } from '../../../src/http/api-types';
import { adminApi } from './admin';
import { clientApi, type ModerationQuery } from './client-settings';
import { api } from './http';

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
    apiKeys: ['admin', 'api-keys'] as const,
    wifi: ['admin', 'wifi'] as const,
    box: ['admin', 'box'] as const,
    addresses: ['admin', 'addresses'] as const,
  },
  /** the host settings page, identified by its client token */
  host: {
    all: (token: string) => ['host', token] as const,
    settings: (token: string) => ['host', token, 'settings'] as const,
    statistics: (token: string) => ['host', token, 'statistics'] as const,
    uploadsAll: (token: string) => ['host', token, 'uploads'] as const,
    uploads: (token: string, q: ModerationQuery) => ['host', token, 'uploads', q] as const,
  },
};

/** The box's configuration hardly changes while a page is open: fetched once, again only after a change (Wi-Fi). */
export const configQuery = () =>
  queryOptions({ queryKey: queryKeys.config, queryFn: () => api.get<AppConfig>('/api/config'), staleTime: Infinity });

export const adminQueries = {
  events: () => queryOptions({ queryKey: queryKeys.admin.events, queryFn: adminApi.events }),
  albums: (eventId: number) => queryOptions({ queryKey: queryKeys.admin.albums(eventId), queryFn: () => adminApi.albums(eventId) }),
  statistics: (eventId: number) => queryOptions({ queryKey: queryKeys.admin.statistics(eventId), queryFn: () => adminApi.statistics(eventId) }),
  uploaders: (eventId: number) => queryOptions({ queryKey: queryKeys.admin.uploaders(eventId), queryFn: () => adminApi.uploaders(eventId) }),
  apiKeys: () => queryOptions({ queryKey: queryKeys.admin.apiKeys, queryFn: adminApi.apiKeys }),
  wifi: () => queryOptions({ queryKey: queryKeys.admin.wifi, queryFn: adminApi.wifi }),
  box: () => queryOptions({ queryKey: queryKeys.admin.box, queryFn: adminApi.box }),
  addresses: () => queryOptions({ queryKey: queryKeys.admin.addresses, queryFn: adminApi.addresses }),
};

export const hostQueries = {
  settings: (token: string) => queryOptions({ queryKey: queryKeys.host.settings(token), queryFn: () => clientApi.settings(token) }),
  statistics: (token: string) => queryOptions({ queryKey: queryKeys.host.statistics(token), queryFn: () => clientApi.statistics(token) }),
  uploads: (token: string, q: ModerationQuery) => queryOptions({ queryKey: queryKeys.host.uploads(token, q), queryFn: () => clientApi.uploads(token, q) }),
};
