import { QueryClient } from '@tanstack/react-query';
import { HttpError } from './http';

// The one cache of server data in the web app. Its defaults are made for a box with 2 cores at a venue:
// few retries with a growing pause, no reloads because a window got the focus again, and queries that
// run whatever the browser thinks of its internet connection (the venue network often has none).

/** At most this many repeats of a failed read (so three tries in all). */
export const MAX_READ_RETRIES = 2;

/**
 * Repeat a failed read only when a repeat can succeed: the network failed, or the box answered busy/broken
 * (5xx, 408, 429). A refusal (400, 401, 403, 404, 409, 413, ...) answers the same again; a 401 in particular
 * has already been handled once by http.ts (token cleared, one navigation to the login).
 */
export function shouldRetryRead(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_READ_RETRIES) return false;
  if (error instanceof HttpError) return error.status >= 500 || error.status === 408 || error.status === 429;
  return true;
}

/** 1 s, then 2 s, ... at most 8 s: a busy box gets room to breathe instead of a burst of repeats. */
export function readRetryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 8000);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetryRead,
        retryDelay: readRetryDelay,
        // Lists of hundreds of uploads are not fetched again each time someone switches back to the tab;
        // the live streams and the invalidation after a change keep them current.
        refetchOnWindowFocus: false,
        // A screen that opens asks the box again; the cache only fills the wait (staleTime 0 is the default).
        networkMode: 'always',
      },
      mutations: {
        // A write is never repeated on its own: a second POST could create an album or a key twice.
        retry: false,
        networkMode: 'always',
      },
    },
  });
}

/** The app's cache (main.tsx provides it; code outside components, like a logout, clears it through here). */
export const queryClient = createQueryClient();
