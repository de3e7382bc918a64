import type { UploadDto } from '../../../../src/http/api-types';
import { de } from '../../i18n/de';
import { markDownloaded } from '../../store/downloads';

export const BULK_PAUSE_MS = 200;

/** Starts a browser download of one file (the server answers download_path as an attachment). */
export function triggerDownload(u: Pick<UploadDto, 'download_path' | 'original_name'>) {
  const a = document.createElement('a');
  a.href = u.download_path;
  a.download = u.original_name || '';
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/** §8 bulk download: one file every 200 ms, recorded per event and album, with the three texts. */
export async function bulkDownload(
  eventId: number,
  items: UploadDto[],
  opts: { toast: (m: string, kind?: 'info' | 'success') => void; trigger?: (u: UploadDto) => void; pauseMs?: number },
): Promise<number> {
  const trigger = opts.trigger ?? triggerDownload;
  if (items.length === 0) {
    opts.toast(de.downloadNothing);
    return 0;
  }
  opts.toast(de.downloadStarting(items.length));
  for (let i = 0; i < items.length; i++) {
    const u = items[i]!;
    trigger(u);
    markDownloaded(eventId, u.album_id, u.id);
    if (i < items.length - 1) await new Promise((r) => setTimeout(r, opts.pauseMs ?? BULK_PAUSE_MS));
  }
  opts.toast(de.downloadDone(items.length), 'success');
  return items.length;
}
