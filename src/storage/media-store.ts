import { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, statfsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { randomHex } from '../lib/ids.ts';

/** Names of the files made from an upload, inside its derived folder. */
export const DERIVED = {
  /** the grid thumbnail (2x screens; the only one of photos from before 0006 and of videos) */
  thumbnail: 'thumb.jpg',
  /** a photo's grid thumbnails for 1x and 3x screens (the tile's srcset) */
  thumbnail1x: 'thumb-1x.jpg',
  thumbnail3x: 'thumb-3x.jpg',
  photoPreview: 'preview.jpg',
  /** full-size JPEG of a HEIC original, for downloads where the browser cannot show HEIC */
  jpegCopy: 'full.jpg',
  videoPreview: 'preview.mp4',
  /** a guestbook voice message as AAC in MP4 (issue 27) */
  voicePreview: 'voice.m4a',
} as const;

/** Where a photo's derivatives go in its derived folder (MediaTools.processPhoto's `out`). */
export function photoOutputs(derivedDir: string) {
  return {
    thumbnail: join(derivedDir, DERIVED.thumbnail),
    tiles: { x1: join(derivedDir, DERIVED.thumbnail1x), x3: join(derivedDir, DERIVED.thumbnail3x) },
    preview: join(derivedDir, DERIVED.photoPreview),
    jpegCopy: join(derivedDir, DERIVED.jpegCopy),
  };
}

/**
 * The one place that builds paths under the data dir. Nothing a client sends ever becomes part of a path:
 * folders are named by numeric event ids and random storage keys only.
 *
 *   <data>/momentbox.db
 *   <data>/media/<eventId>/originals/<key>.<ext>
 *   <data>/media/<eventId>/derived/<key>/<file>      thumbnails, previews, posters
 *   <data>/media/<eventId>/derived/host-<key>.jpg    the event's host image
 *   <data>/media/<eventId>/guestbook/<key>/          a guestbook attachment: original.<ext> and its derivatives
 *   <data>/tmp/                                      partial uploads (chunks), files being written
 *   <data>/initial-admin-password                    the generated first password, until it is changed
 */
export class MediaStore {
  readonly mediaDir: string;
  readonly tmpDir: string;
  readonly chunksDir: string;

  constructor(readonly dataDir: string) {
    this.mediaDir = join(dataDir, 'media');
    this.tmpDir = join(dataDir, 'tmp');
    this.chunksDir = join(this.tmpDir, 'chunks');
    for (const dir of [dataDir, this.mediaDir, this.tmpDir, this.chunksDir]) mkdirSync(dir, { recursive: true });
  }

  get databasePath(): string {
    return join(this.dataDir, 'momentbox.db');
  }

  get initialPasswordPath(): string {
    return initialPasswordPath(this.dataDir);
  }

  freeBytes(): number {
    return freeDiskBytes(this.dataDir);
  }

  eventDir(eventId: number): string {
    return join(this.mediaDir, String(eventId));
  }

  originalPath(eventId: number, key: string, ext: string): string {
    return join(this.eventDir(eventId), 'originals', `${key}.${ext}`);
  }

  derivedDir(eventId: number, key: string): string {
    return join(this.eventDir(eventId), 'derived', key);
  }

  derivedPath(eventId: number, key: string, file: string): string {
    return join(this.derivedDir(eventId, key), file);
  }

  /** A guestbook attachment's folder (issue 27): `original.<ext>` and the files made from it, side by side. */
  guestbookDir(eventId: number, key: string): string {
    return join(this.eventDir(eventId), 'guestbook', key);
  }

  /** A guestbook attachment's folder, made and ready for its original and derivatives. */
  makeGuestbookDir(eventId: number, key: string): string {
    const dir = this.guestbookDir(eventId, key);
    mkdirSync(dir, { recursive: true });
    return dir;
  }

  removeGuestbookFiles(eventId: number, key: string): void {
    rmSync(this.guestbookDir(eventId, key), { recursive: true, force: true });
  }

  hostImagePath(eventId: number, key: string): string {
    return join(this.eventDir(eventId), 'derived', `host-${key}.jpg`);
  }

  /** A fresh path in tmp/ on the same file system as the media, so a rename into place is atomic. */
  tmpPath(suffix = ''): string {
    return join(this.tmpDir, `${randomHex(12)}${suffix}`);
  }

  /** Moves a fully written temp file into place: fsync, then rename (atomic on one file system). */
  commit(tmpPath: string, finalPath: string): void {
    const fd = openSync(tmpPath, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    mkdirSync(dirname(finalPath), { recursive: true });
    renameSync(tmpPath, finalPath);
    // The rename itself is durable only once its folder is synced.
    const dirFd = openSync(dirname(finalPath), 'r');
    try {
      fsyncSync(dirFd);
    } finally {
      closeSync(dirFd);
    }
  }

  /** An upload's derived folder, made and ready for its derivatives. */
  makeDerivedDir(eventId: number, key: string): string {
    const dir = this.derivedDir(eventId, key);
    mkdirSync(dir, { recursive: true });
    return dir;
  }

  /**
   * Removes what requests left in tmp/ (files being written, a chunk's temp copy; the chunks folder is the
   * ChunkStore's): all of it, or what was last changed before `before`. How many went.
   */
  removeTemp(before?: Date): number {
    let removed = 0;
    for (const name of readdirSync(this.tmpDir)) {
      if (name === 'chunks') continue;
      const path = join(this.tmpDir, name);
      try {
        if (before && statSync(path).mtimeMs >= before.getTime()) continue;
        rmSync(path, { recursive: true, force: true });
        removed++;
      } catch {
        // written and moved on by a request meanwhile
      }
    }
    return removed;
  }

  /**
   * Removes media files no row names, leftovers of a crash between writing and committing: originals
   * (`<key>.<ext>`) and derived folders (`<key>`) whose key is not in `uploadKeys`, host images
   * (`host-<key>.jpg`) whose key is not in `hostImageKeys`. How many went.
   */
  removeUnknownMedia(uploadKeys: ReadonlySet<string>, hostImageKeys: ReadonlySet<string | null>): number {
    let removed = 0;
    for (const eventDir of readdirSync(this.mediaDir)) {
      for (const [sub, keyOf] of [
        ['originals', (n: string) => n.replace(/\.[a-z0-9]+$/, '')],
        ['derived', (n: string) => n],
      ] as const) {
        const dir = join(this.mediaDir, eventDir, sub);
        const names = (() => {
          try {
            return readdirSync(dir);
          } catch {
            return [];
          }
        })();
        for (const name of names) {
          const host = /^host-([0-9a-f]+)\.jpg$/.exec(name);
          const known = host ? hostImageKeys.has(host[1]!) : uploadKeys.has(keyOf(name));
          if (!known) {
            rmSync(join(dir, name), { recursive: true, force: true });
            removed++;
          }
        }
      }
    }
    return removed;
  }

  /**
   * Puts a whole event's files, staged in tmp/ in the event folder's layout (originals/, derived/), into place as
   * the event's folder: one rename, so an import's files appear all at once or not at all.
   */
  placeEventDir(stagedDir: string, eventId: number): void {
    rmSync(this.eventDir(eventId), { recursive: true, force: true }); // a leftover of an event id used before
    mkdirSync(join(stagedDir, 'originals'), { recursive: true });
    renameSync(stagedDir, this.eventDir(eventId));
  }

  /** Removes a file or folder in tmp/ (a staged import that was refused). */
  removeTempPath(path: string): void {
    if (dirname(path) === this.tmpDir) rmSync(path, { recursive: true, force: true });
  }

  removeUploadFiles(eventId: number, key: string, ext: string): void {
    rmSync(this.originalPath(eventId, key, ext), { force: true });
    rmSync(this.derivedDir(eventId, key), { recursive: true, force: true });
  }

  removeEventFiles(eventId: number): void {
    rmSync(this.eventDir(eventId), { recursive: true, force: true });
  }

  /** Names of an upload's derived files, sorted (none when it has no folder). */
  derivedFiles(eventId: number, key: string): string[] {
    return filesIn(this.derivedDir(eventId, key));
  }

  /** Names of a guestbook attachment's files (its original and what was made from it), sorted. */
  guestbookFiles(eventId: number, key: string): string[] {
    return filesIn(this.guestbookDir(eventId, key));
  }

  /** Bytes of all derivatives of an upload (0 when none). */
  derivedBytes(eventId: number, key: string): number {
    const dir = this.derivedDir(eventId, key);
    try {
      return readdirSync(dir).reduce((sum, n) => sum + statSync(join(dir, n)).size, 0);
    } catch {
      return 0;
    }
  }

  /** Size of a file, 0 when missing. */
  sizeOf(path: string): number {
    try {
      return statSync(path).size;
    } catch {
      return 0;
    }
  }
}

export const initialPasswordPath = (dataDir: string) => join(dataDir, 'initial-admin-password');

/** Bytes an unprivileged process may still write on the file system holding `dir`. */
export function freeDiskBytes(dir: string): number {
  const fs = statfsSync(dir);
  return fs.bavail * fs.bsize;
}

/** Names of the files in a folder, sorted (none when there is no such folder). */
function filesIn(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => d.name)
      .sort();
  } catch {
    return [];
  }
}
