import type { ZipEntry } from '../../media/zip-stream.ts';
import { createZipStream, sanitizeZipName, uniqueName, zipArchiveSize } from '../../media/zip-stream.ts';
import type { EventView } from '../../services/events.service.ts';
import type { ExportFile } from '../../services/exports.service.ts';
import { z } from 'zod';
import type { Viewer } from '../../domain/permissions.ts';
import { clientCap } from '../client-caps.ts';
import type { Ctx } from '../context.ts';
import { contentDisposition } from './files.routes.ts';

/**
 * ZIP downloads running at once per client: each holds a file open and a buffer while a phone reads it,
 * maybe slowly. A family may fetch a few on one phone; a venue's phones may share an address.
 */
const ZIP_LIMITS = { perIdentity: 4, perAddress: 24 };
const zipDownloads = clientCap(ZIP_LIMITS, 'TOO_MANY_DOWNLOADS', 'Es laufen schon zu viele Downloads von diesem Gerät. Bitte warte, bis einer fertig ist.');

/** The entries as the ZIP reads them; `done` once the archive is finished or given up. */
function* releasingAfter(entries: ZipEntry[], done: () => void): Generator<ZipEntry> {
  try {
    yield* entries;
  } finally {
    done();
  }
}

/** `?albumId=` of the host's and the admin's ZIP export: one album only (the export tab's advice when a whole event is too much at once). */
export const ExportZipQuery = z.object({
  albumId: z
    .string()
    .optional()
    .transform((v) => (v === undefined || v === '' ? undefined : Number(v)))
    .refine((v) => v === undefined || Number.isSafeInteger(v), 'albumId must be a number')
    .meta({ description: 'Only this album of the event' }),
});

/**
 * The event's originals as one ZIP, streamed from disk while the client reads it (constant memory,
 * STORE, ZIP64 past 4 GB): `<event>/<album>/<file>`, names made safe and unique per folder. The exact
 * size is known up front, so the page can show real progress.
 */
export function zipResponse(c: Ctx, viewer: Viewer, event: EventView, albumId: number | undefined): Response {
  const { services } = c.get('deps');
  const files = services.exports.files(event, albumId);
  return zipOf(c, viewer, files, event, services.exports.fileName(event, albumId === undefined ? undefined : files[0]?.folders[1]));
}

/**
 * The ZIP of these files: `<event>/<album>/<file>`, named `fileName` for the browser. It counts against the
 * viewer's and its address's downloads (429 TOO_MANY_DOWNLOADS past ZIP_LIMITS) until it is read to the end
 * or the client leaves.
 */
export function zipOf(c: Ctx, viewer: Viewer, files: ExportFile[], event: EventView, fileName: string): Response {
  const release = zipDownloads.hold(c, viewer);
  // Also when the client leaves before the archive started (its entries were never read).
  c.req.raw.signal.addEventListener('abort', release);
  const entries = zipEntries(files, event);
  const size = zipArchiveSize(entries);
  return new Response(createZipStream(releasingAfter(entries, release)), {
    headers: {
      'Content-Type': 'application/zip',
      // Bun 1.4 drops a handler's Content-Length on stream bodies and sends them chunked (oven-sh/bun#10507),
      // so the exact size also goes out as X-Archive-Size for the export page's progress bar.
      'Content-Length': String(size),
      'X-Archive-Size': String(size),
      'Content-Disposition': contentDisposition(fileName),
      'Cache-Control': 'no-store',
    },
  });
}

/** The entries of the ZIP of these files, `<event>/<album>/<file>`, names made safe and unique per folder (its size follows from them). */
export function zipEntries(files: ExportFile[], event: EventView): ZipEntry[] {
  const top = sanitizeZipName(event.name, event.code);
  const albumFolders = new Map<string, string>();
  const usedAlbumNames = new Set<string>();
  const usedFileNames = new Map<string, Set<string>>();
  return files.map((f) => {
    const albumKey = f.folders[1];
    let folder = albumFolders.get(albumKey);
    if (!folder) {
      folder = uniqueName(usedAlbumNames, sanitizeZipName(albumKey, 'Album'));
      albumFolders.set(albumKey, folder);
      usedFileNames.set(folder, new Set());
    }
    const name = uniqueName(usedFileNames.get(folder)!, sanitizeZipName(f.name, 'upload'));
    return { name: `${top}/${folder}/${name}`, size: f.size, mtime: f.modified, open: f.open };
  });
}
