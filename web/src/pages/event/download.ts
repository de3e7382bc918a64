import type { ApiError, UploadDto } from '../../../../src/http/api-types';
import { de } from '../../i18n/de';
import { markDownloaded } from '../../store/downloads';

/** Pause between two ZIPs of one large selection (the spec's pause between bulk downloads). */
export const BULK_PAUSE_MS = 200;
/** Files per ZIP: the server's limit (GET /api/event/{id}/download-zip). */
export const ZIP_MAX_FILES = 500;

/** Starts a browser download of a URL that answers as an attachment. */
function triggerDownload(href: string, name = '') {
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/** The URL of one streamed ZIP of these uploads. */
export function zipUrl(eventId: number, items: Pick<UploadDto, 'id'>[]): string {
  return `/api/event/${eventId}/download-zip?ids=${items.map((u) => u.id).join(',')}`;
}

/**
 * §8 bulk download, as one streamed ZIP from the server (a phone asked for one download per file shows
 * Chrome's 'multiple downloads' prompt and fills the downloads list): the three texts, and each file
 * recorded as downloaded per event and album for 'Nur neue'. A selection larger than the server's limit
 * goes out as several ZIPs.
 */
export async function bulkDownload(
  eventId: number,
  items: UploadDto[],
  opts: { toast: (m: string, kind?: 'info' | 'success' | 'error') => void; pauseMs?: number },
): Promise<number> {
  if (items.length === 0) {
    opts.toast(de.downloadNothing);
    return 0;
  }
  opts.toast(de.downloadStarting(items.length));
  for (let start = 0; start < items.length; start += ZIP_MAX_FILES) {
    const part = items.slice(start, start + ZIP_MAX_FILES);
    const url = zipUrl(eventId, part);
    // Asked once before the browser takes over, so a refusal becomes a message instead of a broken download.
    const check = await fetch(url, { credentials: 'include' }).catch(() => null);
    if (!check?.ok) {
      const body = (await check?.json().catch(() => null)) as ApiError | null;
      opts.toast(body?.error ?? de.downloadFailed, 'error');
      return start;
    }
    void check.body?.cancel().catch(() => undefined);
    triggerDownload(url);
    for (const u of part) markDownloaded(eventId, u.album_id, u.id);
    if (start + ZIP_MAX_FILES < items.length) await new Promise((r) => setTimeout(r, opts.pauseMs ?? BULK_PAUSE_MS));
  }
  opts.toast(de.downloadDone(items.length), 'success');
  return items.length;
}
