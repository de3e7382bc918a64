// Album ordering and the choice of an album for a capture date (the spec's client rules, shared by the server).
export const UNSORTED_ALBUM_NAME = 'Unsortiert';
export const DEFAULT_ALBUM_NAME = 'Default Album';

export interface AlbumWindow {
  id: number;
  name: string;
  start_datetime: string | null;
  end_datetime: string | null;
}

const time = (iso: string | null) => (iso ? Date.parse(iso) : NaN);

/** Dated albums by start ascending, then undated ones (in creation order, i.e. by id). */
export function sortAlbums<T extends AlbumWindow>(albums: T[]): T[] {
  return [...albums].sort((a, b) => {
    const sa = time(a.start_datetime);
    const sb = time(b.start_datetime);
    const da = !Number.isNaN(sa);
    const db = !Number.isNaN(sb);
    if (da && db) return sa - sb || a.id - b.id;
    if (da !== db) return da ? -1 : 1;
    return a.id - b.id;
  });
}

/** True when `at` lies inside the album's start and end (both must be set). */
export function albumContains(album: AlbumWindow, at: Date): boolean {
  const s = time(album.start_datetime);
  const e = time(album.end_datetime);
  if (Number.isNaN(s) || Number.isNaN(e)) return false;
  const t = at.getTime();
  return t >= s && t <= e;
}

/** The first album (in display order) whose window contains the date, or null. */
export function albumForDate<T extends AlbumWindow>(albums: T[], at: Date): T | null {
  return sortAlbums(albums).find((a) => albumContains(a, at)) ?? null;
}
