import { useEffect, useRef, useState } from 'react';
import { MAX_ZIP_FILES } from '../../../../src/domain/limits.ts';
import type { UploadDto, ZipSize } from '../../../../src/http/api-types';
import { api } from '../../api/http';
import { getT } from '../../i18n';
import { checkDownload, DownloadError, saveUrl } from '../../lib/download';
import { markDownloaded } from '../../store/downloads';

/** Pause between two ZIPs of one large selection (the spec's pause between bulk downloads). */
export const BULK_PAUSE_MS = 200;

type Toast = (m: string, kind?: 'info' | 'success' | 'error') => void;
/** What goes into a ZIP: these uploads, or (null) everything the guest sees of the event ('Alle Fotos'). */
type ZipChoice = Pick<UploadDto, 'id'>[] | null;

const idsQuery = (items: ZipChoice) => (items ? `?ids=${items.map((u) => u.id).join(',')}` : '');

/** The URL of one streamed ZIP of these uploads, or of the whole event as this guest sees it. */
export function zipUrl(eventId: number, items: ZipChoice): string {
  return `/api/event/${eventId}/download-zip${idsQuery(items)}`;
}

/** The parts a choice goes out as: at most MAX_ZIP_FILES uploads each; the whole event in one. */
const zipParts = (items: ZipChoice): ZipChoice[] => {
  if (items === null) return [null];
  const parts: ZipChoice[] = [];
  for (let start = 0; start < items.length; start += MAX_ZIP_FILES) parts.push(items.slice(start, start + MAX_ZIP_FILES));
  return parts;
};

/** The exact bytes the ZIP(s) of a choice will have, as the server counts them before streaming. */
async function zipSize(eventId: number, items: ZipChoice): Promise<number> {
  const sizes = await Promise.all(
    zipParts(items).map((part) => api.get<ZipSize>(`/api/event/${eventId}/download-zip/size${idsQuery(part)}`)),
  );
  return sizes.reduce((sum, s) => sum + s.size_bytes, 0);
}

/**
 * The size of a choice's ZIP for its button, asked again when the choice changes; null while asked (or
 * when nothing is chosen, or the answer failed: the button then shows no size rather than a wrong one).
 */
export function useZipSize(eventId: number, items: ZipChoice | undefined): number | null {
  const [size, setSize] = useState<{ key: string; bytes: number } | null>(null);
  const key = items === undefined ? '' : items === null ? 'all' : items.map((u) => u.id).join(',');
  // Asked again only when the ids change (`key`), not for each new array of the same ones.
  const chosen = useRef(items);
  chosen.current = items;
  useEffect(() => {
    const choice = chosen.current;
    if (choice === undefined || (choice !== null && choice.length === 0)) return;
    let live = true;
    zipSize(eventId, choice).then(
      (bytes) => live && setSize({ key, bytes }),
      () => live && setSize(null),
    );
    return () => {
      live = false;
    };
  }, [eventId, key]);
  return size && size.key === key ? size.bytes : null;
}

/** Asks for one ZIP once before the browser takes over, so a refusal becomes a message instead of a broken download. */
async function startZip(url: string, toast: Toast): Promise<boolean> {
  try {
    await checkDownload(url);
  } catch (e) {
    toast((e instanceof DownloadError && e.message) || getT().downloadFailed, 'error');
    return false;
  }
  saveUrl(url);
  return true;
}

/**
 * §8 bulk download, as one streamed ZIP from the server (a phone asked for one download per file shows
 * Chrome's 'multiple downloads' prompt and fills the downloads list): the three texts, and each file
 * recorded as downloaded per event and album for 'Nur neue'. A selection larger than the server's limit
 * goes out as several ZIPs.
 */
export async function bulkDownload(eventId: number, items: UploadDto[], opts: { toast: Toast; pauseMs?: number }): Promise<number> {
  if (items.length === 0) {
    opts.toast(getT().downloadNothing);
    return 0;
  }
  opts.toast(getT().downloadStarting(items.length));
  const parts = zipParts(items) as UploadDto[][];
  for (const [i, part] of parts.entries()) {
    if (!(await startZip(zipUrl(eventId, part), opts.toast))) return i * MAX_ZIP_FILES;
    for (const u of part) markDownloaded(eventId, u.album_id, u.id);
    if (i < parts.length - 1) await new Promise((r) => setTimeout(r, opts.pauseMs ?? BULK_PAUSE_MS));
  }
  opts.toast(getT().downloadDone(items.length), 'success');
  return items.length;
}

/** 'Alle Fotos': everything the guest sees of the event as one ZIP. */
export async function eventDownload(eventId: number, opts: { toast: Toast }): Promise<void> {
  if (await startZip(zipUrl(eventId, null), opts.toast)) opts.toast(getT().downloadContinues, 'success');
}
