import { eq } from 'drizzle-orm';
import { join } from 'node:path';
import type { Db } from '../db/connection.ts';
import type { MediaStore } from '../storage/media-store.ts';
import { albums, events, guestbookEntries, guests, hearts, uploads } from '../db/schema.ts';

/**
 * An event as it leaves the box (docs/s3.md, `event.json`): its settings (with the couple's link token), albums,
 * guests (nicknames), uploads, hearts and guestbook, read in one transaction so they fit together. Row ids are the box's own and
 * only link the rows of one bundle (an upload's `albumId` names an album's `id`); an import gives new ones.
 * Without anything that belongs to the box rather than the event (API keys, sessions, jobs, chunked uploads).
 */
export interface EventBundle {
  format: typeof BUNDLE_FORMAT;
  version: typeof BUNDLE_VERSION;
  event: Omit<typeof events.$inferSelect, 'id'>;
  albums: Omit<typeof albums.$inferSelect, 'eventId'>[];
  guests: Omit<typeof guests.$inferSelect, 'id' | 'eventId'>[];
  uploads: Omit<typeof uploads.$inferSelect, 'eventId' | 'apiKeyId'>[];
  /** a guest's heart on an upload (`uploadId` names an upload's `id`) */
  hearts: Omit<typeof hearts.$inferSelect, 'eventId'>[];
  /**
   * the guestbook's entries (plain text), each with its attachment's columns: `attachmentKey` names the entry's
   * folder of files in the bundle (bucketKeys.guestbook); an import gives it a new one, and a new `id`
   */
  guestbook: Omit<typeof guestbookEntries.$inferSelect, 'eventId'>[];
}

export const BUNDLE_FORMAT = 'momentbox-event';
export const BUNDLE_VERSION = 1;

/** One object of a pushed or exported event, as its manifest lists it. */
export interface ManifestObject {
  /** the object's name in the bucket layout, relative to the target's prefix */
  key: string;
  /** of the bytes as the bucket or the ZIP holds them */
  sha256: string;
  size: number;
  /**
   * in an export ZIP only, relative to its top folder: where an original lies (its album's folder and file name),
   * the bytes as the export gives them (its location taken out where the event says so: then `sha256` differs
   * from the hash in `key`, and the import keeps the bytes it got)
   */
  path?: string;
}

export interface Manifest {
  format: 'momentbox-manifest';
  version: 1;
  event: string;
  objects: ManifestObject[];
}

/**
 * Bucket layout (docs/s3.md): originals once per content, everything else per event code. An export ZIP holds the
 * same keys under `<event>/momentbox/`, its originals in the album folders (ManifestObject.path).
 */
export const bucketKeys = {
  original: (sha256: string) => `originals/${sha256}`,
  eventFolder: (code: string) => `events/${code}/`,
  derived: (code: string, relative: string) => `events/${code}/derived/${relative}`,
  /** a guestbook attachment's file (its original, poster, playable version), by the entry's attachment key */
  guestbook: (code: string, key: string, file: string) => `events/${code}/guestbook/${key}/${file}`,
  bundle: (code: string) => `events/${code}/event.json`,
  manifest: (code: string) => `events/${code}/manifest.json`,
};

/** `event.json` as the push and the admin's export write it: its text, with the hash and size its manifest lists. */
export function bundleFile(bundle: EventBundle): { text: string; bytes: Uint8Array; sha256: string; size: number } {
  // Invisible direction marks (a name with U+202E) written as \u escapes: the same JSON, but a text viewer or an
  // editor shows them instead of turning the text around them (an export ZIP carries no such bytes, security.test).
  const text = JSON.stringify(bundle, null, 1).replace(
    /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  const bytes = new TextEncoder().encode(text);
  return { text, bytes, sha256: new Bun.CryptoHasher('sha256').update(bytes).digest('hex'), size: bytes.length };
}

/** `manifest.json` as the push and the admin's export write it. */
export function manifestText(code: string, objects: ManifestObject[]): string {
  const manifest: Manifest = {
    format: 'momentbox-manifest',
    version: 1,
    event: code,
    objects: objects.map(({ key, sha256, size, path }) => ({ key, sha256, size, ...(path === undefined ? {} : { path }) })),
  };
  return JSON.stringify(manifest, null, 1);
}

/** The event's rows as one consistent bundle (null when there is no such event). */
export function readEventBundle(db: Db, eventId: number): EventBundle | null {
  return db.transaction((tx) => {
    const event = tx.select().from(events).where(eq(events.id, eventId)).get();
    if (!event) return null;
    const { id: _id, ...eventFields } = event;
    return {
      format: BUNDLE_FORMAT,
      version: BUNDLE_VERSION,
      event: eventFields,
      albums: tx
        .select()
        .from(albums)
        .where(eq(albums.eventId, eventId))
        .orderBy(albums.id)
        .all()
        .map(({ eventId: _e, ...a }) => a),
      guests: tx
        .select()
        .from(guests)
        .where(eq(guests.eventId, eventId))
        .orderBy(guests.id)
        .all()
        .map(({ id: _i, eventId: _e, ...g }) => g),
      uploads: tx
        .select()
        .from(uploads)
        .where(eq(uploads.eventId, eventId))
        .orderBy(uploads.id)
        .all()
        .map(({ eventId: _e, apiKeyId: _k, ...u }) => u),
      hearts: tx
        .select()
        .from(hearts)
        .where(eq(hearts.eventId, eventId))
        .orderBy(hearts.uploadId, hearts.userId)
        .all()
        .map(({ eventId: _e, ...h }) => h),
      guestbook: tx
        .select()
        .from(guestbookEntries)
        .where(eq(guestbookEntries.eventId, eventId))
        .orderBy(guestbookEntries.id)
        .all()
        .map(({ eventId: _e, ...g }) => g),
    };
  });
}

/**
 * The files of a guestbook entry's attachment that travel with it (push, export): all of its folder once it is
 * settled; while the queue still makes its playable version only the original (what is being written may not be
 * whole), and the import queues it again. Each with its path on this box.
 */
export function attachmentFiles(
  store: MediaStore,
  eventId: number,
  entry: EventBundle['guestbook'][number],
): { key: string; file: string; path: string }[] {
  const key = entry.attachmentKey;
  if (!key) return [];
  const original = `original.${entry.attachmentExt}`;
  const files = entry.attachmentState === 'processing' ? [original] : store.guestbookFiles(eventId, key);
  return files.map((file) => ({ key, file, path: join(store.guestbookDir(eventId, key), file) }));
}
