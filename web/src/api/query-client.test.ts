import { describe, expect, test } from 'bun:test';
import { HttpError } from './http';
import { createQueryClient, MAX_READ_RETRIES, queryClient, readRetryDelay, shouldRetryRead } from './query-client';
import { invalidateAdminEvent, invalidateAdminEvents, queryKeys } from './queries';

describe('read retries on a venue box', () => {
  test('a refusal is not repeated: 400, 401 (the session is over), 403, 404, 409', () => {
    for (const status of [400, 401, 403, 404, 409, 413]) expect(shouldRetryRead(0, new HttpError(status, null))).toBe(false);
  });

  test('a busy or broken box and a failed network are tried again, at most twice', () => {
    for (const error of [
      new HttpError(500, null),
      new HttpError(503, null),
      new HttpError(408, null),
      new HttpError(429, null),
      new TypeError('Failed to fetch'),
    ]) {
      expect(shouldRetryRead(0, error)).toBe(true);
      expect(shouldRetryRead(MAX_READ_RETRIES - 1, error)).toBe(true);
      expect(shouldRetryRead(MAX_READ_RETRIES, error)).toBe(false);
    }
  });

  test('the pause grows and stays below 8 s', () => {
    expect([0, 1, 2, 3, 10].map(readRetryDelay)).toEqual([1000, 2000, 4000, 8000, 8000]);
  });

  test('the app client uses these rules, does not refetch on focus and never repeats a write', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.retry).toBe(shouldRetryRead);
    expect(defaults.queries?.refetchOnWindowFocus).toBe(false);
    expect(defaults.mutations?.retry).toBe(false);
  });
});

describe('query keys', () => {
  test("invalidating one event reaches its albums, statistics and uploaders, not another event's nor the events list", async () => {
    const client = createQueryClient();
    const keys = [
      queryKeys.admin.albums(1),
      queryKeys.admin.statistics(1),
      queryKeys.admin.uploaders(1),
      queryKeys.admin.albums(2),
      queryKeys.admin.events,
    ];
    for (const key of keys) client.setQueryData(key, []);
    await client.invalidateQueries({ queryKey: queryKeys.admin.event(1) });
    expect(keys.map((key) => client.getQueryState(key)?.isInvalidated)).toEqual([true, true, true, false, false]);
  });

  test("a host page's key covers its settings, statistics and every moderation page, not another token's", async () => {
    const client = createQueryClient();
    const q = { status: 'all', limit: 50, offset: 0 } as const;
    const keys = [
      queryKeys.host.settings('a'),
      queryKeys.host.statistics('a'),
      queryKeys.host.uploads('a', q),
      queryKeys.host.uploads('b', q),
    ];
    for (const key of keys) client.setQueryData(key, []);
    await client.invalidateQueries({ queryKey: queryKeys.host.uploadsAll('a') });
    expect(keys.map((key) => client.getQueryState(key)?.isInvalidated)).toEqual([false, false, true, false]);
    await client.invalidateQueries({ queryKey: queryKeys.host.all('a') });
    expect(keys.map((key) => client.getQueryState(key)?.isInvalidated)).toEqual([true, true, true, false]);
  });
});

describe('what a change makes stale', () => {
  // the helpers act on the app's one client
  const seed = () => {
    queryClient.clear();
    const keys = [
      queryKeys.admin.events,
      queryKeys.admin.box,
      queryKeys.admin.albums(1),
      queryKeys.admin.albums(2),
      queryKeys.admin.apiKeys,
      queryKeys.config,
    ];
    for (const key of keys) queryClient.setQueryData(key, []);
    return () => keys.map((key) => queryClient.getQueryState(key)?.isInvalidated);
  };

  test("an event's change: its own data, the cards and the box status; not another event, the API keys or the config", async () => {
    const invalidated = seed();
    await invalidateAdminEvent(1);
    expect(invalidated()).toEqual([true, true, true, false, false, false]);
  });

  test('an event created, edited or deleted: the cards and the box status', async () => {
    const invalidated = seed();
    await invalidateAdminEvents();
    expect(invalidated()).toEqual([true, true, false, false, false, false]);
  });
});
