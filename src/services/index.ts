import type { Db } from '../db/connection.ts';
import type { MediaStore } from '../storage/media-store.ts';
import { createAdminService } from './admin.service.ts';
import { createAlbumsService } from './albums.service.ts';
import { createApiKeysService } from './api-keys.service.ts';
import { createEventsService } from './events.service.ts';
import { createGuestsService } from './guests.service.ts';
import { createReportsService } from './reports.service.ts';
import { createUploadsService } from './uploads.service.ts';

export interface ServiceDeps {
  db: Db;
  store: MediaStore;
  retentionDays: number;
  now?: () => Date;
}

/** The product's use cases, wired to one database and one media store. */
export function createServices(deps: ServiceDeps) {
  const { db, store } = deps;
  const now = deps.now ?? (() => new Date());
  const albums = createAlbumsService({ db, store });
  const guests = createGuestsService(db, now);
  return {
    admin: createAdminService(db, now),
    apiKeys: createApiKeysService(db, now),
    events: createEventsService({ db, store, retentionDays: deps.retentionDays, now }),
    albums,
    guests,
    uploads: createUploadsService({ db, store }),
    reports: createReportsService({ db, albums, guests }),
  };
}

export type Services = ReturnType<typeof createServices>;
