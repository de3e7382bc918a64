import type { Viewer } from '../domain/permissions.ts';
import { ConcurrencyCaps } from '../lib/concurrency-caps.ts';
import { AppError } from '../lib/errors.ts';
import { clientAddress, type Ctx } from './context.ts';

// Caps on what one client keeps open at once (live streams, ZIP downloads). A client is counted twice: by who
// it is (the guest's cookie, the host's event, the admin, an API key), which is what a person has, and by its
// address, generously: a family shares one phone, and a venue's phones may share a few addresses behind NAT,
// but one device must not open thousands.

export interface ClientLimits {
  perIdentity: number;
  perAddress: number;
}

/** Who holds a place; a visitor (no cookie) only by its address. */
function identityOf(viewer: Viewer): string | null {
  switch (viewer.kind) {
    case 'guest':
      return `guest:${viewer.userId}`;
    case 'host':
      return `host:${viewer.eventId}`;
    case 'apiKey':
      return `api-key:${viewer.apiKeyId}`;
    case 'admin':
      return 'admin';
    case 'visitor':
      return null;
  }
}

/** One cap of open things (e.g. streams), with the refusal a client over it gets. */
export function clientCap(limits: ClientLimits, code: 'TOO_MANY_STREAMS' | 'TOO_MANY_DOWNLOADS') {
  const caps = new ConcurrencyCaps();
  return {
    /** A place for one more, held until the release is called; 429 `code` when the client holds its limit. */
    hold(c: Ctx, viewer: Viewer): () => void {
      const identity = identityOf(viewer);
      const keys: [string, number][] = [[`address:${clientAddress(c)}`, limits.perAddress]];
      if (identity) keys.push([identity, limits.perIdentity]);
      const release = caps.acquire(keys);
      if (!release) throw new AppError(429, code);
      return release;
    },
  };
}
