import type { ExportDto } from '../../../src/http/api-types';
import { checkDownload, refusalOf, saveUrl } from '../lib/download';

/*
 * ZIP export, for the admin dashboard and the host settings page.
 *
 * The spec builds the ZIP in the browser from the JSON export and one download per file. That holds the
 * whole event in the laptop's memory, so a large event cannot be exported. The server therefore streams the
 * ZIP itself (GET /api/client/event-export-zip/{token}, admin: GET /api/event/{id}/export-zip), stored
 * entries for photos and videos, ZIP64 when needed. The browser must write those bytes to disk without
 * holding them, and a web page can do that in exactly two ways:
 *
 *  1. File System Access API (`window.showSaveFilePicker`): fetch the ZIP and pipe the response stream into
 *     the chosen file. Memory stays constant and we see every byte, so the progress is real: since entries
 *     are stored, bytes received map to files completed (each file's size from the JSON export plus its
 *     header), which gives 'Fortschritt: X von Y Dateien' and a percent. This API only exists in secure
 *     contexts (https, or http://localhost on the mini PC itself).
 *  2. Otherwise (the normal case: plain http:// on the venue LAN) the URL is handed to the browser's own
 *     download manager through an <a href download> click, which streams to disk natively. A page gets no
 *     view into that download, so we do not invent a progress we cannot see: the count Y comes from the JSON
 *     export, and once the download is handed over the progress reads Y of Y, with a note that the browser's
 *     download bar shows the bytes. Before handing over we check the ZIP URL with a fetch whose body we
 *     cancel at the headers, so an error (expired token, no files) becomes a message on the page instead of
 *     a broken download.
 *
 * Both paths need a URL that authorises itself, as a navigation cannot send the admin's Bearer header: the
 * host's client-token URL, or for the admin a single-use one-minute ticket URL (POST /api/event/{id}/export-ticket).
 *
 * The JSON export is fetched first in both cases, for the count and the spec's empty-state messages.
 */

export interface ExportProgress {
  done: number;
  total: number;
  percent: number;
  /** 'streaming': real progress from the bytes; 'handed-off': the browser's download manager has the URL */
  mode: 'preparing' | 'streaming' | 'handed-off';
}

export interface ExportFilesInfo {
  albumCount: number;
  total: number;
  sizes: number[];
}

/** Counts of the JSON export: albums, files, and each file's size in ZIP order (album by album); `albumId`: that album only. */
export function exportFiles(dto: ExportDto, albumId?: number): ExportFilesInfo {
  const albums = (dto.albums ?? []).filter((a) => albumId === undefined || a.id === albumId);
  const sizes: number[] = [];
  for (const a of albums) for (const u of a.uploads ?? []) sizes.push(u.size_bytes ?? 0);
  const fromAlbums = sizes.length;
  const total = albumId !== undefined ? fromAlbums : fromAlbums || dto.statistics?.total_uploads || dto.uploads?.length || 0;
  return { albumCount: albums.length, total, sizes };
}

interface SaveFilePickerWindow {
  showSaveFilePicker?: (opts: {
    suggestedName?: string;
    types?: { description: string; accept: Record<string, string[]> }[];
  }) => Promise<{ createWritable: () => Promise<WritableStreamLike> }>;
}
interface WritableStreamLike {
  write: (chunk: Uint8Array) => Promise<void>;
  close: () => Promise<void>;
  abort: (reason?: unknown) => Promise<void>;
}

/** The exact archive size the server announces (X-Archive-Size, as Bun drops Content-Length on streams). */
function archiveSize(res: Response): number {
  return Number(res.headers.get('x-archive-size')) || Number(res.headers.get('content-length')) || 0;
}

function fileNameFrom(res: Response, fallback: string): string {
  const cd = res.headers.get('content-disposition') ?? '';
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(cd);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(cd);
  return plain?.[1]?.trim() || fallback;
}

export interface RunExportOptions {
  /**
   * The streaming ZIP URL; it authorises itself (client token or ticket), no headers needed. Asked for
   * each request anew: an admin's ticket opens one download only.
   */
  url: () => Promise<string>;
  fallbackName: string;
  files: ExportFilesInfo;
  onProgress: (p: ExportProgress) => void;
  /** tests and callers may force the navigation path */
  preferNative?: boolean;
}

/** Downloads the ZIP; resolves with how it went ('cancelled' when the user closed the save dialog). */
export async function runZipExport(o: RunExportOptions): Promise<'streamed' | 'handed-off' | 'cancelled'> {
  const total = o.files.total;
  const w = window as unknown as SaveFilePickerWindow;

  if (!o.preferNative && typeof w.showSaveFilePicker === 'function') {
    let handle;
    try {
      handle = await w.showSaveFilePicker({
        suggestedName: o.fallbackName,
        types: [{ description: 'ZIP', accept: { 'application/zip': ['.zip'] } }],
      });
    } catch (e) {
      if ((e as DOMException)?.name === 'AbortError') return 'cancelled';
      handle = null; // e.g. the click's user activation expired: use the download manager instead
    }
    if (handle) {
      const res = await fetch(await o.url(), { credentials: 'include' });
      if (!res.ok || !res.body) throw await refusalOf(res);
      const declared = archiveSize(res);
      const estimate = declared || o.files.sizes.reduce((a, b) => a + b + 100, 0) + 22;
      const writable = await handle.createWritable();
      const reader = res.body.getReader();
      let bytes = 0;
      o.onProgress({ done: 0, total, percent: 0, mode: 'streaming' });
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          await writable.write(value);
          bytes += value.byteLength;
          const filesDone = Math.min(total, filesDoneForBytes(o.files.sizes, bytes));
          const percent = Math.min(99, Math.floor((bytes / Math.max(estimate, 1)) * 100));
          o.onProgress({ done: filesDone, total, percent, mode: 'streaming' });
        }
        await writable.close();
      } catch (e) {
        await writable.abort(e).catch(() => undefined);
        throw e;
      }
      o.onProgress({ done: total, total, percent: 100, mode: 'streaming' });
      return 'streamed';
    }
  }

  const res = await checkDownload(await o.url());
  saveUrl(await o.url(), fileNameFrom(res, o.fallbackName));
  o.onProgress({ done: total, total, percent: 100, mode: 'handed-off' });
  return 'handed-off';
}

/** Illegal filename characters replaced by underscores (for the suggested file name). */
export function safeFileName(name: string): string {
  return name.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '_').trim() || 'event';
}

/**
 * Maps bytes received of a stored (not deflated) ZIP to the number of files that are complete:
 * file i is done once the bytes before it plus its own size (and a local header per file) have arrived.
 */
export function filesDoneForBytes(sizes: number[], bytes: number, headerOverhead = 100): number {
  let sum = 0;
  let done = 0;
  for (const size of sizes) {
    sum += size + headerOverhead;
    if (bytes >= sum) done++;
    else break;
  }
  return done;
}
