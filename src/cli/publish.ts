import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import { openDatabase } from '../db/connection.ts';
import { events } from '../db/schema.ts';
import { renderGalleryPage } from '../http/gallery-page.ts';
import { AppError } from '../lib/errors.ts';
import { createAlbumsService } from '../services/albums.service.ts';
import { createGalleryService, type GalleryProgress } from '../services/gallery.service.ts';
import { createLiveService } from '../services/live.service.ts';
import { createOriginalsService } from '../services/originals.service.ts';
import { createS3TargetService } from '../services/s3-target.service.ts';
import { createUploadsService } from '../services/uploads.service.ts';
import { createShotsService } from '../services/shots.service.ts';
import { folderGalleryTarget, GalleryFolderRefused } from '../storage/gallery-target.ts';
import { MediaStore } from '../storage/media-store.ts';

const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
const progressLine = (code: string, p: GalleryProgress) =>
  `${code}: ${p.filesDone}/${p.filesTotal} files, ${mb(p.bytesDone)}/${mb(p.bytesTotal)} MB`;

/**
 * `momentbox publish --event CODE [--out DIR]`: writes the event's read-only online gallery (issue 29) to a folder
 * (for a USB stick or any static host) or, without --out, to the S3 storage set in the dashboard, under the same
 * folder as last time (an unguessable one the first time). Publishing again replaces it.
 */
export async function publish(config: Config, args: { event?: string; out?: string }, print: (line: string) => void): Promise<number> {
  if (!args.event) {
    print('publish: --event CODE is needed.');
    return 2;
  }
  const store = new MediaStore(config.dataDir);
  if (!existsSync(store.databasePath)) {
    print(`No database at ${store.databasePath}: nothing to publish.`);
    return 1;
  }
  const db = openDatabase(store.databasePath);
  try {
    const row = db.select({ id: events.id }).from(events).where(eq(events.code, args.event)).get();
    if (!row) {
      print(`No event with the code '${args.event}'.`);
      return 1;
    }
    const live = createLiveService({ db });
    const s3 = createS3TargetService({ db });
    const gallery = createGalleryService({
      db,
      store,
      s3,
      albums: createAlbumsService({ db, store, live }),
      uploads: createUploadsService({ db, store, live, shots: createShotsService(db) }),
      originals: createOriginalsService({ store }),
      renderPage: renderGalleryPage,
    });
    let last = 0;
    const onProgress = (p: GalleryProgress) => {
      if (performance.now() - last < 2000) return;
      last = performance.now();
      print(progressLine(args.event!, p));
    };
    if (args.out) {
      const dir = resolve(args.out);
      const done = await gallery.publish(row.id, folderGalleryTarget(dir), onProgress);
      print(progressLine(args.event, done));
      print(`Published to ${dir}/index.html`);
      return 0;
    }
    if (!s3.target()) {
      print('No S3 storage is set up: enter it in the admin dashboard (Nach dem Event sichern), or publish --out a folder.');
      return 1;
    }
    const done = await gallery.publishToBucket(row.id, undefined, onProgress);
    print(`Published: ${done.url}`);
    return 0;
  } catch (err) {
    if (err instanceof GalleryFolderRefused) {
      print(`publish: ${err.message}`);
      return 1;
    }
    if (err instanceof AppError) {
      print(`publish: ${err.code}`);
      return 1;
    }
    throw err;
  } finally {
    db.$client.close();
  }
}
