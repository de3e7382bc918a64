import type { AlbumDto, UploadDto } from '../../../../../src/http/api-types';
import { de } from '../../../i18n/de';
import { parseDate } from './format';

type AlbumTimes = Pick<AlbumDto, 'start_datetime' | 'end_datetime'>;

const time = (v: string | null) => parseDate(v)?.getTime() ?? null;

/** §2: only visible albums; dated albums by start ascending, undated ones after them (stable). */
export function visibleSorted<T extends AlbumDto>(albums: T[]): T[] {
  return albums
    .map((a, i) => ({ a, i }))
    .filter(({ a }) => a.visible)
    .sort((x, y) => {
      const sx = time(x.a.start_datetime);
      const sy = time(y.a.start_datetime);
      if (sx !== null && sy !== null) return sx - sy || x.i - y.i;
      if (sx !== null) return -1;
      if (sy !== null) return 1;
      return x.i - y.i;
    })
    .map(({ a }) => a);
}

/** A window is a start and an end; the instant lies inside, bounds included. */
export function windowContains(album: AlbumTimes, at: Date): boolean {
  const s = time(album.start_datetime);
  const e = time(album.end_datetime);
  if (s === null || e === null) return false;
  const t = at.getTime();
  return t >= s && t <= e;
}

/** 'Aktuell': the album's window contains now. */
export const isCurrent = (album: AlbumTimes, now: Date = new Date()) => windowContains(album, now);

/**
 * §4 initial album choice: the album whose window contains now; else 'Default Album'; else the most
 * recently ended; else the soonest upcoming; else the first.
 */
export function initialAlbum<T extends AlbumDto>(albums: T[], now: Date = new Date()): T | undefined {
  if (albums.length === 0) return undefined;
  const t = now.getTime();
  const current = albums.find((a) => windowContains(a, now));
  if (current) return current;
  const def = albums.find((a) => a.name === 'Default Album');
  if (def) return def;
  let ended: T | undefined;
  let endedAt = -Infinity;
  let upcoming: T | undefined;
  let upcomingAt = Infinity;
  for (const a of albums) {
    const e = time(a.end_datetime);
    const s = time(a.start_datetime);
    if (e !== null && e < t && e > endedAt) {
      ended = a;
      endedAt = e;
    }
    if (s !== null && s > t && s < upcomingAt) {
      upcoming = a;
      upcomingAt = s;
    }
  }
  return ended ?? upcoming ?? albums[0];
}

/** §4 target album: the first album whose start and end contain the media date. */
export function albumForDate<T extends AlbumDto>(albums: T[], date: Date | null): T | undefined {
  if (!date) return undefined;
  return albums.find((a) => windowContains(a, date));
}

export const UNSORTED = 'Unsortiert';

/** The count line of an album card. */
export function albumCountLabel(uploads: Pick<UploadDto, 'type'>[]): string {
  if (uploads.length === 0) return de.noMedia;
  if (uploads.every((u) => u.type === 'video')) return de.onlyVideos;
  return de.mediaCount(uploads.length);
}

/** The cover: the first photo's thumbnail, else any thumbnail (a video poster). */
export function albumCover(uploads: Pick<UploadDto, 'type' | 'thumbnail_path'>[]): string | null {
  const photo = uploads.find((u) => u.type === 'photo' && u.thumbnail_path);
  return photo?.thumbnail_path ?? uploads.find((u) => u.thumbnail_path)?.thumbnail_path ?? null;
}
