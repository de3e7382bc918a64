// §2/§9 viewer rules: wrap-around navigation, swipe threshold 50 px, drag preview limited to ±100 px.
export const SWIPE_THRESHOLD = 50;
export const DRAG_LIMIT = 100;

export const wrapIndex = (i: number, total: number) => (total > 0 ? ((i % total) + total) % total : 0);
export const clampDrag = (dx: number) => Math.max(-DRAG_LIMIT, Math.min(DRAG_LIMIT, dx));
/** A drag to the left shows the next item, to the right the previous one: 1 = next, -1 = previous, 0 = stay. */
export const swipeDirection = (dx: number): -1 | 0 | 1 => (dx <= -SWIPE_THRESHOLD ? 1 : dx >= SWIPE_THRESHOLD ? -1 : 0);

/**
 * What the viewer plays for a video: the server's browser-playable preview, or, while that is still being
 * made, the original when this browser can play its type (Safari plays iPhones' HEVC QuickTime files).
 * null: nothing playable yet here; the viewer shows the poster and says the video is being prepared.
 */
export function videoSource(
  u: { preview_path: string | null; file_path: string; mime_type: string },
  canPlayType: (mime: string) => string,
): string | null {
  if (u.preview_path !== null) return u.preview_path;
  return canPlayType(u.mime_type) === '' ? null : u.file_path;
}

/**
 * The full-resolution JPEG of a photo, which the viewer shows on iPhones: there a guest saves a photo by
 * long-pressing it ('Zu Fotos hinzufügen'), which saves what is shown. A JPEG original as this viewer gets
 * it (file_path: the server strips the location where the event says so), for a HEIC its full-size JPEG
 * copy (the download URL: an img ignores the attachment header). null for others (videos, PNGs, a HEIC
 * still in work) and when the preview already is the original.
 */
export function fullJpegSource(u: {
  type: string;
  mime_type: string;
  file_path: string;
  preview_path: string | null;
  jpeg_download_path: string | null;
}): string | null {
  if (u.type !== 'photo') return null;
  const full = u.mime_type === 'image/jpeg' ? u.file_path : u.jpeg_download_path;
  return full === u.preview_path ? null : full;
}
