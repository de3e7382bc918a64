// 'Standortdaten entfernen' (a setting per event, on by default): who receives an original with the GPS
// position it was taken at. Derivatives never carry one (they are made without metadata).
import type { Viewer } from './permissions.ts';
import { isUploader } from './uploader.ts';

/**
 * Whether an original reaches this viewer with its location. With the setting on, only its uploader
 * gets the file exactly as sent (it is their own position; their phone's duplicate check compares the
 * SHA-256 of what they hold); everyone else, the host's and the admin's export included, gets it without.
 * With the setting off, originals go out as uploaded.
 */
export function receivesLocation(
  event: { stripLocation: boolean },
  upload: { userId: string | null; apiKeyId: number | null },
  viewer: Viewer | 'export',
): boolean {
  if (!event.stripLocation) return true;
  return viewer !== 'export' && isUploader(upload, viewer);
}
