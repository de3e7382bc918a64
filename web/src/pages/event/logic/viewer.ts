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
export function videoSource(u: { preview_path: string | null; file_path: string; mime_type: string }, canPlayType: (mime: string) => string): string | null {
  if (u.preview_path !== null) return u.preview_path;
  return canPlayType(u.mime_type) === '' ? null : u.file_path;
}
