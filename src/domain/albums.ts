// Album ordering, the album shown first and the album for a capture date: the spec's client rules, used by
// the web app and by the server (which picks the album of an upload sent without one).
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

/** True when `at` lies inside the album's start and end, both included (both must be set): 'Aktuell' at now. */
export function albumContains(album: Pick<AlbumWindow, 'start_datetime' | 'end_datetime'>, at: Date): boolean {
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

/** The albums a guest sees: the visible ones, in display order. */
export function visibleSorted<T extends AlbumWindow & { visible: boolean }>(albums: T[]): T[] {
  return sortAlbums(albums.filter((a) => a.visible));
}

/**
 * The album a guest sees first (spec §4): the album whose window contains now; else 'Default Album'; else
 * the most recently ended; else the soonest upcoming; else the first.
 */
export function initialAlbum<T extends AlbumWindow>(albums: T[], now: Date): T | undefined {
  const current = albums.find((a) => albumContains(a, now));
  if (current) return current;
  const fallback = albums.find((a) => a.name === DEFAULT_ALBUM_NAME);
  if (fallback) return fallback;
  const t = now.getTime();
  let ended: T | undefined;
  let upcoming: T | undefined;
  for (const a of albums) {
    const e = time(a.end_datetime);
    const s = time(a.start_datetime);
    if (e < t && (!ended || e > time(ended.end_datetime))) ended = a;
    if (s > t && (!upcoming || s < time(upcoming.start_datetime))) upcoming = a;
  }
  return ended ?? upcoming ?? albums[0];
}

export type AlbumPhase = 'current' | 'upcoming' | 'past';

/** The host's badge: current inside [start, end] ('Aktuell'), upcoming before, past after; null unless both are set. */
export function albumPhase(album: Pick<AlbumWindow, 'start_datetime' | 'end_datetime'>, now: Date): AlbumPhase | null {
  const s = time(album.start_datetime);
  const e = time(album.end_datetime);
  if (Number.isNaN(s) || Number.isNaN(e)) return null;
  if (albumContains(album, now)) return 'current';
  return now.getTime() < s ? 'upcoming' : 'past';
}
