import { receivesLocation } from '../domain/location-privacy.ts';
import type { Viewer } from '../domain/permissions.ts';
import { type BytePatch, findLocationPatches, patchedStream } from '../media/location.ts';
import { openPieceReader, type PieceReader } from '../media/piece-reader.ts';
import type { MediaStore } from '../storage/media-store.ts';
import type { UploadRow } from './uploads.service.ts';

/** How many uploads' location patches are kept in memory (a few hundred bytes each; originals never change). */
const CACHE_ENTRIES = 5000;

/** An original as one viewer receives it: the file, and the overwrites that take its location out (or none). */
export interface OriginalView {
  path: string;
  /** same-length overwrites applied while sending; null when the file goes out as stored */
  patches: Promise<readonly BytePatch[]> | null;
}

/** Originals as others receive them: without their location when the event says so (src/domain/location-privacy.ts). */
export function createOriginalsService(deps: { store: MediaStore }) {
  const cache = new Map<string, Promise<readonly BytePatch[]>>();

  /** `key` names the file for the cache: an upload's storage key, or a guestbook attachment's key (`gb/…`). */
  function locationPatches(key: string, path: string): Promise<readonly BytePatch[]> {
    let found = cache.get(key);
    if (!found) {
      found = findLocationPatches(path);
      // A file that cannot be read is not cached: the next request tries again.
      found.catch(() => cache.delete(key));
      if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
      cache.set(key, found);
    }
    return found;
  }

  return {
    /** The original of an upload as this viewer receives it; `event` is the upload's event. */
    forViewer(event: { stripLocation: boolean }, row: UploadRow, viewer: Viewer | 'export'): OriginalView {
      const path = deps.store.originalPath(row.eventId, row.storageKey, row.originalExt);
      return { path, patches: receivesLocation(event, row, viewer) ? null : locationPatches(row.storageKey, path) };
    },

    /**
     * A guestbook attachment's original as this viewer receives it, by the same rule as an upload's: its writer
     * is its uploader (a phone's selfie or video message carries where it was taken); 'export': the keepsake's `Originale/`.
     */
    attachmentForViewer(
      event: { stripLocation: boolean },
      entry: { userId: string | null; attachmentKey: string },
      path: string,
      viewer: Viewer | 'export',
    ): OriginalView {
      const writer = { userId: entry.userId, apiKeyId: null };
      return { path, patches: receivesLocation(event, writer, viewer) ? null : locationPatches(`gb/${entry.attachmentKey}`, path) };
    },

    /** Bytes of the original as the view says (a range when start/end are given). */
    stream(original: OriginalView, start?: number, end?: number): ReadableStream<Uint8Array> {
      if (!original.patches) return Bun.file(original.path).slice(start, end).stream();
      return patchedStream(original.path, original.patches, start, end);
    },

    /** The whole original as the view says, read into the caller's buffer (the ZIP export). */
    async reader(original: OriginalView): Promise<PieceReader> {
      return openPieceReader(original.path, original.patches ? await original.patches : []);
    },
  };
}

export type OriginalsService = ReturnType<typeof createOriginalsService>;
