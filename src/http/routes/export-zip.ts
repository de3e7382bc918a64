import type { ZipEntry } from '../../media/zip-stream.ts';
import { createZipStream } from '../../media/zip-stream.ts';
import type { ZipPlan } from '../../services/exports.service.ts';
import { z } from 'zod';
import { problem } from '../../lib/errors.ts';
import type { Viewer } from '../../domain/permissions.ts';
import { clientCap } from '../client-caps.ts';
import type { Ctx } from '../context.ts';
import { contentDisposition } from './files.routes.ts';

/**
 * ZIP downloads running at once per client: each holds a file open and a buffer while a phone reads it,
 * maybe slowly. A family may fetch a few on one phone; a venue's phones may share an address.
 */
const ZIP_LIMITS = { perIdentity: 4, perAddress: 24 };
const zipDownloads = clientCap(ZIP_LIMITS, 'TOO_MANY_DOWNLOADS');

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
    .refine((v) => v === undefined || Number.isSafeInteger(v), problem('invalidField'))
    .meta({ description: 'Only this album of the event' }),
});

/**
 * A ZIP streamed from disk while the client reads it (constant memory, STORE, ZIP64 past 4 GB), its exact
 * size known up front, so the page can show real progress. It counts against the viewer's and its
 * address's downloads (429 TOO_MANY_DOWNLOADS past ZIP_LIMITS) until it is read to the end or the client leaves.
 */
export function zipOf(c: Ctx, viewer: Viewer, zip: ZipPlan): Response {
  const release = zipDownloads.hold(c, viewer);
  // Also when the client leaves before the archive started (its entries were never read).
  c.req.raw.signal.addEventListener('abort', release);
  return new Response(createZipStream(releasingAfter(zip.entries, release)), {
    headers: {
      'Content-Type': 'application/zip',
      // Bun 1.4 drops a handler's Content-Length on stream bodies and sends them chunked (oven-sh/bun#10507),
      // so the exact size also goes out as X-Archive-Size for the export page's progress bar.
      'Content-Length': String(zip.size),
      'X-Archive-Size': String(zip.size),
      'Content-Disposition': contentDisposition(zip.fileName),
      'Cache-Control': 'no-store',
    },
  });
}
