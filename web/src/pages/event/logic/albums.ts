import type { GalleryAlbumDto } from '../../../../../src/http/api-types';
import { getT } from '../../../i18n';
import { DEFAULT_ALBUM_NAME, UNSORTED_ALBUM_NAME } from '../../../../../src/domain/albums.ts';

// The album rules (order, 'Aktuell', first album, album for a date) live in src/domain/albums.ts, shared
// with the server; what is here is only about how an album card reads.

/** The count line of an album card, from the counts the album list carries. */
export function albumCountLabel(album: Pick<GalleryAlbumDto, 'upload_count' | 'video_count'>): string {
  const t = getT();
  if (album.upload_count === 0) return t.noMedia;
  if (album.video_count === album.upload_count) return t.onlyVideos;
  return t.mediaCount(album.upload_count);
}

/** An album's name as shown: the two the box names itself (§3 'Default Album', 'Unsortiert') in the language shown, the host's as written. */
export function albumName(name: string): string {
  const t = getT();
  return name === DEFAULT_ALBUM_NAME ? t.defaultAlbum : name === UNSORTED_ALBUM_NAME ? t.unsortedAlbum : name;
}
