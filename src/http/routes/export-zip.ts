import { Hono } from 'hono';
import type { ZipEntry, ZipObserver } from '../../media/zip-stream.ts';
import { createZipStream } from '../../media/zip-stream.ts';
import type { TicketScope, ZipPlan } from '../../services/exports.service.ts';
import type { Services } from '../../services/index.ts';
import { z } from 'zod';
import { notFound, problem } from '../../lib/errors.ts';
import type { Viewer } from '../../domain/permissions.ts';
import { clientCap } from '../client-caps.ts';
import { listeningPort, remotePort, type Ctx, type Env } from '../context.ts';
import { tcpConnection } from '../../lib/socket-queue.ts';
import type { ExportProgressDto, ExportTicket } from '../api-types.ts';
import { answer, endpoint } from '../openapi.ts';
import { TicketPath } from '../schemas/params.schemas.ts';
import { ExportProgressSchema } from '../schemas/responses.schemas.ts';
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
  favorites: z
    .enum(['loved'], { error: problem('favoritesInvalid') })
    .optional()
    .meta({ description: "addition (issue 28): 'loved' = 'Nur Favoriten', only the uploads with hearts" }),
});

/**
 * A ZIP streamed from disk while the client reads it (constant memory, STORE, ZIP64 past 4 GB), its exact
 * size known up front, so the page can show real progress. It counts against the viewer's and its
 * address's downloads (429 TOO_MANY_DOWNLOADS past ZIP_LIMITS) until it is read to the end or the client leaves.
 */
export function zipOf(c: Ctx, viewer: Viewer, zip: ZipPlan, observer?: ZipObserver): Response {
  const release = zipDownloads.hold(c, viewer);
  // Also when the client leaves before the archive started (its entries were never read).
  c.req.raw.signal.addEventListener('abort', () => {
    release();
    observer?.failed();
  });
  return new Response(createZipStream(releasingAfter(zip.entries, release), { observer }), {
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

/** `?ticket=` of the export ZIP routes: the ticket from export-ticket, whose archive's progress the page follows. */
export const TicketQuery = z.object({
  ticket: z
    .string()
    .optional()
    .meta({ description: 'A ticket from export-ticket: opens the ZIP once and lets the page follow its progress' }),
});

/** The answer to export-ticket: the link that opens the archive once (`zipPath`, the ticket added), its size, where its progress is. */
export function ticketAnswer(services: Services, scope: TicketScope, plan: ZipPlan, zipPath: string): ExportTicket {
  const { ticket, expiresAt } = services.exports.issueTicket(scope, plan);
  const query = new URLSearchParams({
    ticket,
    ...(scope.albumId === undefined ? {} : { albumId: String(scope.albumId) }),
    ...(scope.favorites === undefined ? {} : { favorites: scope.favorites }),
  });
  return {
    url: `${zipPath}?${query}`,
    expires_at: expiresAt.toISOString(),
    progress_url: `/api/export-progress/${ticket}`,
    size_bytes: plan.size,
    files: plan.fileEnds.length,
  };
}

/** The export ZIP of a redeemed ticket, its bytes counted for the ticket's progress. */
export function ticketZip(c: Ctx, viewer: Viewer, ticket: string, plan: ZipPlan): Response {
  const local = listeningPort(c);
  const remote = remotePort(c);
  const connection = () => (local && remote ? tcpConnection(local, remote) : null);
  return zipOf(c, viewer, plan, c.get('deps').services.exports.observe(ticket, plan, connection));
}

const progress = endpoint({
  summary: "How much of a ticket's ZIP the box has written to the client ('done' only after the last byte)",
  tag: 'appliance',
  // the ticket is the credential: whoever was given it (the export page) follows its download
  callers: ['anyone'],
  params: TicketPath,
  ok: answer('ExportProgress', ExportProgressSchema),
});

/** The progress of export downloads, per ticket, whatever the archive holds. */
export function exportProgressRoutes() {
  const app = new Hono<Env>();
  app.get('/api/export-progress/:ticket', progress.doc, (c) => {
    const p = c.get('deps').services.exports.progress(progress.params(c).ticket);
    if (!p) throw notFound();
    c.header('Cache-Control', 'no-store');
    return c.json<ExportProgressDto>({ state: p.state, size_bytes: p.size, sent_bytes: p.sent, files: p.files, files_sent: p.filesSent });
  });
  return app;
}
