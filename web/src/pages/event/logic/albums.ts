import type { GalleryAlbumDto } from '../../../../../src/http/api-types';
import { getT } from '../../../i18n';

// The album rules (order, 'Aktuell', first album, album for a date) live in src/domain/albums.ts, shared
// with the server; what is here is only about how an album card reads.

/** The count line of an album card, from the counts the album list carries. */
export function albumCountLabel(album: Pick<GalleryAlbumDto, 'upload_count' | 'video_count'>): string {
  const t = getT();
  if (album.upload_count === 0) return t.noMedia;
  if (album.video_count === album.upload_count) return t.onlyVideos;
  return t.mediaCount(album.upload_count);
}
