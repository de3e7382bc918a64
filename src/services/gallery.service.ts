import { isSealed } from '../domain/event-window.ts';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { boxSettings, events } from '../db/schema.ts';
import { seesWholeEvent, type Viewer } from '../domain/permissions.ts';
import { AppError, notFound } from '../lib/errors.ts';
import { randomHex } from '../lib/ids.ts';
import { bucketGalleryTarget, type GalleryTarget } from '../storage/gallery-target.ts';
import { DERIVED, type MediaStore } from '../storage/media-store.ts';
import type { AlbumsService } from './albums.service.ts';
import type { Language } from '../domain/languages.ts';
import type { OriginalsService } from './originals.service.ts';
import { s3Reason, type S3TargetService } from './s3-target.service.ts';
import type { UploadRow, UploadsService } from './uploads.service.ts';

/** The gallery shows what someone who only has the event's link sees: the permission table's visitor. */
const VISITOR: Viewer = { kind: 'visitor' };

/** One file of a gallery: from the media store, or the original as a visitor receives it (its location taken out as the event says). */
interface Planned {
  key: string;
  type: string;
  size: number;
  path?: string;
  stream?: () => ReadableStream<Uint8Array>;
  /** named by its upload's storage key and never changed (derived files): there with its size = the same */
  immutable: boolean;
}

/** One picture of the gallery; paths are relative to its index.html. */
export interface GalleryItem {
  kind: 'photo' | 'video';
  thumb: string;
  /** what the lightbox shows: a photo's preview, a video's playable file */
  view: string;
  /** the original to download, or null when the event allows no downloads */
  original: string | null;
  /** the download's file name */
  name: string;
}

/** What index.html shows (http/gallery-page.ts renders it; the composition root hands it in). */
export interface GalleryPageModel {
  name: string;
  primaryColor: string;
  secondaryColor: string;
  /** the language of the markup; the page's script shows the browser's where it has it */
  language: Language;
  albums: { name: string; items: GalleryItem[] }[];
}

export interface GalleryProgress {
  filesTotal: number;
  filesDone: number;
  bytesTotal: number;
  bytesDone: number;
}

/** Where an event's gallery was last published in the bucket (kept in box_settings, `gallery:<eventId>`). */
interface Published {
  segment: string;
  secret: boolean;
  url: string;
  publishedAt: string;
}

export interface GalleryRun extends GalleryProgress {
  eventId: number;
  state: 'running' | 'done' | 'failed';
  secret: boolean;
  /** the gallery's index.html in the bucket (path-style address); null until one was published */
  url: string | null;
  publishedAt: string | null;
  error: string | null;
}

/** The gallery's folder under the target's prefix: its own, beside originals/ and events/ (docs/s3.md). */
export const galleryFolder = (segment: string) => `gallery/${segment}/`;
const settingsKey = (eventId: number) => `gallery:${eventId}`;
const MIME_OF_DERIVED: Record<string, string> = { jpg: 'image/jpeg', mp4: 'video/mp4' };
const typeOf = (file: string) => MIME_OF_DERIVED[file.split('.').pop()!] ?? 'application/octet-stream';
const PARALLEL = 4;

/**
 * 'Online-Galerie veröffentlichen' (issue 29): a static copy of an event for those who were not there, written
 * to the bucket (under `gallery/<segment>/`) or to a folder: index.html (gallery/gallery-page.ts), per upload its
 * thumbnail and preview, and its original where the event allows downloads. Only what a visitor sees: the uploads
 * list's own query for a visitor (approved uploads in visible albums) and the originals as a visitor receives
 * them. Publishing again replaces the gallery: unchanged previews are not sent again, what is gone is removed.
 */
export function createGalleryService(deps: {
  db: Db;
  store: MediaStore;
  albums: AlbumsService;
  uploads: UploadsService;
  originals: OriginalsService;
  s3: S3TargetService;
  renderPage: (model: GalleryPageModel) => string;
  now?: () => Date;
}) {
  const { db, store } = deps;
  const now = deps.now ?? (() => new Date());
  /** the dashboard's publications since the server started */
  const runs = new Map<number, GalleryRun>();

  function plan(eventId: number): Planned[] {
    const event = db.select().from(events).where(eq(events.id, eventId)).get();
    if (!event) throw notFound('event');
    // What a visitor sees while the event can be viewed: a gallery published after viewable-until still shows it;
    // before the Einwegkamera's reveal nothing (domain/permissions.ts).
    const seen = { id: event.id, status: 'ended' as const, sealed: isSealed(event.revealAt, now()) };
    const shownAlbums = deps.albums.list(eventId, { visibleOnly: !seesWholeEvent(VISITOR, eventId) });
    const rows = deps.uploads.list(seen, VISITOR).filter((u) => u.processingState === 'ready' && u.hasThumbnail);
    const files = new Map<string, Planned>();
    const derived = (u: UploadRow, file: string): Planned | null => {
      const path = store.derivedPath(eventId, u.storageKey, file);
      const size = store.sizeOf(path);
      return size > 0 ? { key: `media/${u.storageKey}/${file}`, type: typeOf(file), size, path, immutable: true } : null;
    };
    const original = (u: UploadRow): Planned => {
      const view = deps.originals.forViewer(event, u, VISITOR);
      return {
        key: `media/${u.storageKey}/original.${u.originalExt}`,
        type: u.mimeType,
        size: store.sizeOf(view.path),
        stream: () => deps.originals.stream(view),
        // its bytes follow the event's location setting, which may have changed since
        immutable: false,
      };
    };
    let n = 0;
    const itemOf = (u: UploadRow): GalleryItem | null => {
      const thumb = derived(u, DERIVED.thumbnail);
      const view =
        u.type === 'photo'
          ? derived(u, DERIVED.photoPreview)
          : u.previewFile === 'original'
            ? original(u)
            : derived(u, DERIVED.videoPreview);
      if (!thumb || !view) return null;
      const download = event.allowDownload ? original(u) : null;
      for (const f of [thumb, view, download]) if (f) files.set(f.key, f);
      return {
        kind: u.type,
        thumb: thumb.key,
        view: view.key,
        original: download?.key ?? null,
        name: `${event.code}-${++n}.${u.originalExt}`,
      };
    };
    const albums = shownAlbums.map((a) => ({
      name: a.name,
      items: rows
        .filter((u) => u.albumId === a.id)
        .map(itemOf)
        .filter((i) => i !== null),
    }));
    const html = new TextEncoder().encode(
      deps.renderPage({
        name: event.name,
        primaryColor: event.primaryColor,
        secondaryColor: event.secondaryColor,
        language: event.language,
        albums,
      }),
    );
    // index.html last: a visitor who opens it meanwhile finds every picture it names.
    return [
      ...files.values(),
      { key: 'index.html', type: 'text/html; charset=utf-8', size: html.length, stream: () => new Blob([html]).stream(), immutable: false },
    ];
  }

  /** Writes the event's gallery to `target`, replacing what is there. */
  async function publish(eventId: number, target: GalleryTarget, onProgress?: (p: GalleryProgress) => void): Promise<GalleryProgress> {
    const files = plan(eventId);
    const progress: GalleryProgress = {
      filesTotal: files.length,
      filesDone: 0,
      bytesTotal: files.reduce((s, f) => s + f.size, 0),
      bytesDone: 0,
    };
    onProgress?.(progress);
    const there = await target.list();
    const send = async (f: Planned) => {
      const onBytes = (b: number) => {
        progress.bytesDone += b;
        onProgress?.(progress);
      };
      if (f.immutable && there.get(f.key) === f.size) onBytes(f.size);
      else if (f.path) await target.putFile(f.key, f.path, f.type, onBytes);
      else await target.putStream(f.key, f.stream!(), f.type, onBytes);
      progress.filesDone++;
      onProgress?.(progress);
    };
    const page = files.pop()!;
    const queue = [...files];
    await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        for (let f = queue.shift(); f; f = queue.shift()) await send(f);
      }),
    );
    await send(page);
    const kept = new Set([...files, page].map((f) => f.key));
    for (const key of there.keys()) if (!kept.has(key)) await target.remove(key);
    return progress;
  }

  const published = (eventId: number): Published | null => {
    const row = db
      .select()
      .from(boxSettings)
      .where(eq(boxSettings.key, settingsKey(eventId)))
      .get();
    return row ? (JSON.parse(row.value) as Published) : null;
  };
  function remember(eventId: number, p: Published) {
    const value = JSON.stringify(p);
    const updatedAt = now().toISOString();
    db.insert(boxSettings)
      .values({ key: settingsKey(eventId), value, updatedAt })
      .onConflictDoUpdate({ target: boxSettings.key, set: { value, updatedAt } })
      .run();
  }

  /**
   * Publishes to the bucket: under an unguessable folder (`secret`, 128 random bits) or under the event's code.
   * The same choice again keeps the folder, so a link already sent stays good; another choice moves the gallery
   * and removes the old folder.
   */
  async function publishToBucket(
    eventId: number,
    secret: boolean | undefined,
    onProgress?: (p: GalleryProgress) => void,
  ): Promise<Published> {
    const bucket = deps.s3.bucket();
    const code = db.select({ code: events.code }).from(events).where(eq(events.id, eventId)).get()?.code;
    if (code === undefined) throw notFound('event');
    const before = published(eventId);
    const wantSecret = secret ?? before?.secret ?? true;
    const segment = wantSecret ? (before?.secret ? before.segment : randomHex(16)) : code;
    await publish(eventId, bucketGalleryTarget(bucket, galleryFolder(segment)), onProgress);
    if (before && before.segment !== segment) {
      const old = bucketGalleryTarget(bucket, galleryFolder(before.segment));
      for (const key of (await old.list()).keys()) await old.remove(key);
    }
    const target = deps.s3.target()!;
    const url = `${target.endpoint.replace(/\/+$/, '')}/${target.bucket}/${bucket.keyOf(galleryFolder(segment))}index.html`;
    const p: Published = { segment, secret: wantSecret, url, publishedAt: now().toISOString() };
    remember(eventId, p);
    return p;
  }

  return {
    publish,
    publishToBucket,

    /**
     * The dashboard's button: publishes in the background (the server's own process: it only copies files) and
     * answers at once; `runs()` follows it. 409 S3_NOT_CONFIGURED, GALLERY_RUNNING while this event's runs.
     */
    start(eventId: number, secret?: boolean): void {
      deps.s3.bucket();
      if (!db.select({ id: events.id }).from(events).where(eq(events.id, eventId)).get()) throw notFound('event');
      if (runs.get(eventId)?.state === 'running') throw new AppError(409, 'GALLERY_RUNNING');
      const before = published(eventId);
      const run: GalleryRun = {
        eventId,
        state: 'running',
        secret: secret ?? before?.secret ?? true,
        url: before?.url ?? null,
        publishedAt: before?.publishedAt ?? null,
        error: null,
        filesTotal: 0,
        filesDone: 0,
        bytesTotal: 0,
        bytesDone: 0,
      };
      runs.set(eventId, run);
      void publishToBucket(eventId, secret, (p) => Object.assign(run, p)).then(
        (p) => Object.assign(run, { state: 'done', url: p.url, publishedAt: p.publishedAt, secret: p.secret }),
        (err: unknown) => Object.assign(run, { state: 'failed', error: err instanceof AppError ? err.code : s3Reason(err) }),
      );
    },

    /** Per event its gallery: the publication running or ended since the server started, else the last one kept. */
    runs(): GalleryRun[] {
      return db
        .select({ id: events.id })
        .from(events)
        .all()
        .flatMap(({ id }): GalleryRun[] => {
          const run = runs.get(id);
          if (run) return [{ ...run }];
          const p = published(id);
          return p
            ? [
                {
                  eventId: id,
                  state: 'done',
                  secret: p.secret,
                  url: p.url,
                  publishedAt: p.publishedAt,
                  error: null,
                  filesTotal: 0,
                  filesDone: 0,
                  bytesTotal: 0,
                  bytesDone: 0,
                },
              ]
            : [];
        });
    },
  };
}

export type GalleryService = ReturnType<typeof createGalleryService>;
