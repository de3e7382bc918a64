import type { ExportProgressDto, ExportSizes, ExportTicket } from '../../../src/http/api-types';
import { api } from '../api/http';
import { saveUrl } from '../lib/download';

/*
 * ZIP export, for the admin dashboard and the host settings page, whatever the archive holds.
 *
 * The server streams the ZIP (stored entries, ZIP64 when needed) and knows its exact size before the first
 * byte. The page asks for a ticket (export-ticket: a single-use link, the size, a progress link), hands the
 * link to the browser's own download manager (on the venue's plain http:// a page cannot write a file
 * itself, and a download link cannot send the admin's Bearer header), and then follows the download through
 * the server: how many bytes of that archive it has sent, acknowledged by the client. Only the server's
 * 'done' (the last byte arrived) makes the page say the export is finished; its 'failed' (the client left,
 * the link was not opened in time) makes it say so and offer the albums one by one.
 */

export interface ExportProgress {
  /**
   * 'preparing': asking for the ticket; 'waiting': the browser has the link, the server no request yet;
   * 'failed': the server says the download stopped short (the page offers the albums one by one)
   */
  state: 'preparing' | 'waiting' | 'sending' | 'done' | 'failed';
  files: number;
  filesSent: number;
  size: number;
  sent: number;
  percent: number;
}

export const PREPARING: ExportProgress = { state: 'preparing', files: 0, filesSent: 0, size: 0, sent: 0, percent: 0 };

/** An export is under way (its buttons wait) until it is done or failed. */
export const exportRunning = (p: ExportProgress | null | undefined): boolean => !!p && p.state !== 'done' && p.state !== 'failed';

/** How often the page asks the server how far the download is. */
const POLL_MS = 400;

/** The server's word for the download, as the page shows it; percent 100 only when done. */
export function progressOf(p: ExportProgressDto): ExportProgress {
  const done = p.state === 'done';
  const percent = done ? 100 : Math.min(99, Math.floor((p.sent_bytes / Math.max(p.size_bytes, 1)) * 100));
  return {
    state: p.state,
    files: p.files,
    filesSent: p.files_sent,
    size: p.size_bytes,
    sent: p.sent_bytes,
    percent,
  };
}

/** The export failed on the server's side (the client left, the link expired) or the page lost the box. */
export class ExportFailed extends Error {}

export interface RunExportOptions {
  /** a ticket for the archive (POST .../export-ticket): refusals (nothing to export) reject here */
  ticket: () => Promise<ExportTicket>;
  fallbackName: string;
  onProgress: (p: ExportProgress) => void;
}

/** Hands the ZIP to the browser's download manager and resolves once the server wrote its last byte. */
export async function runZipExport(o: RunExportOptions): Promise<void> {
  o.onProgress(PREPARING);
  const ticket = await o.ticket();
  o.onProgress({ ...PREPARING, state: 'waiting', files: ticket.files, size: ticket.size_bytes });
  saveUrl(ticket.url, o.fallbackName);
  for (let misses = 0; ;) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    let p: ExportProgressDto;
    try {
      p = await api.get<ExportProgressDto>(ticket.progress_url);
      misses = 0;
    } catch {
      // a moment without the box (Wi-Fi roaming) is not a failed download; a minute is
      if (++misses * POLL_MS > 60_000) throw new ExportFailed();
      continue;
    }
    if (p.state === 'failed') throw new ExportFailed();
    o.onProgress(progressOf(p));
    if (p.state === 'done') return;
  }
}

/** The size of the ZIP a button exports (the whole event's, or one album's), from export-sizes. */
export function zipSize(sizes: ExportSizes | undefined, albumId?: number): number | null {
  if (!sizes) return null;
  if (albumId === undefined) return sizes.size_bytes;
  return sizes.albums.find((a) => a.id === albumId)?.size_bytes ?? null;
}

/** Illegal filename characters replaced by underscores (for the suggested file name). */
export function safeFileName(name: string): string {
  return name.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '_').trim() || 'event';
}
