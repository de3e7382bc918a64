import type { UploadDto } from '../../../../../src/http/api-types';
import { de } from '../../../i18n/de';

// The album rules (order, 'Aktuell', first album, album for a date) live in src/domain/albums.ts, shared
// with the server; what is here is only about how an album card reads.

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
