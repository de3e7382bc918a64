import type { InfiniteData } from '@tanstack/react-query';
import type { UploadDto, UploadPage } from '../../../../../src/http/api-types';
import type { UploadSort } from '../../../../../src/domain/limits.ts';
import { renamed, type LiveChange } from '../../../api/live';

// An album's grid as the cache holds it: the pages fetched so far, newest first, each with the server's
// cursor to the next. A live change is put into the page where it belongs, so the cursors stay as the server
// made them; an upload older than everything fetched while more pages follow is left to those pages.

export type GalleryPages = InfiniteData<UploadPage>;

/** Newest first, as the server pages: by creation time, then id. */
export const newerThan = (a: UploadDto, b: UploadDto) => a.created_at > b.created_at || (a.created_at === b.created_at && a.id > b.id);

/** Whether `a` comes before `b` in a grid of `sort` ('Beliebteste': more hearts first, then newest), as the server orders. */
export const comesBefore = (sort: UploadSort, a: UploadDto, b: UploadDto) =>
  sort === 'loved' && a.heart_count !== b.heart_count ? a.heart_count > b.heart_count : newerThan(a, b);

/** The uploads of every page fetched, in order. */
export function loadedUploads(data: GalleryPages | undefined): UploadDto[] {
  return data ? data.pages.flatMap((p) => p.uploads) : [];
}

/**
 * Pages with `change` applied for the grid of `albumId` in its order (uploads of other albums only leave it; a new
 * nickname shows in place). An upload the grid has already changes where it is: a heart given in 'Beliebteste'
 * does not move the photo under the guest's finger (or in the open viewer); the next load orders it anew.
 */
export function withLiveChange(
  data: GalleryPages,
  change: Exclude<LiveChange, { kind: 'resync' }>,
  albumId: number,
  sort: UploadSort = 'newest',
): GalleryPages {
  if (change.kind === 'nickname') {
    const ids = new Set(change.uploadIds);
    return {
      ...data,
      pages: data.pages.map((p) =>
        p.uploads.some((u) => ids.has(u.id)) ? { ...p, uploads: p.uploads.map((u) => renamed(u, change)) } : p,
      ),
    };
  }
  const id = change.kind === 'remove' ? change.id : change.upload.id;
  if (change.kind !== 'remove' && change.upload.album_id === albumId && data.pages.some((p) => p.uploads.some((u) => u.id === id)))
    return withUploadPatched(data, id, change.upload);
  const without = data.pages.map((p) => (p.uploads.some((u) => u.id === id) ? { ...p, uploads: p.uploads.filter((u) => u.id !== id) } : p));
  if (change.kind === 'remove' || change.upload.album_id !== albumId) return { ...data, pages: without };
  const upload = change.upload;
  // The first page whose oldest upload is older than this one; else the last page, but only when it is the end of the album.
  let at = without.findIndex((p) => p.uploads.length > 0 && comesBefore(sort, upload, p.uploads.at(-1)!));
  if (at < 0) {
    const last = without.length - 1;
    if (last < 0 || without[last]!.next_cursor !== null) return { ...data, pages: without };
    at = last;
  }
  const page = without[at]!;
  const uploads = [...page.uploads];
  const before = uploads.findIndex((u) => comesBefore(sort, upload, u));
  uploads.splice(before < 0 ? uploads.length : before, 0, upload);
  return { ...data, pages: without.map((p, i) => (i === at ? { ...page, uploads } : p)) };
}

/** Pages with one upload's fields changed where it is (an approval toggled on this page). */
export function withUploadPatched(data: GalleryPages, id: number, patch: Partial<UploadDto>): GalleryPages {
  return {
    ...data,
    pages: data.pages.map((p) =>
      p.uploads.some((u) => u.id === id) ? { ...p, uploads: p.uploads.map((u) => (u.id === id ? { ...u, ...patch } : u)) } : p,
    ),
  };
}
