import { Hono } from 'hono';
import { z } from 'zod';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { cleanDisplayName } from '../../lib/display-names.ts';
import { revealLets, seesMedia, type Viewer } from '../../domain/permissions.ts';
import { notFound } from '../../lib/errors.ts';
import { MomentCache } from '../../lib/moment-cache.ts';
import type { Services } from '../../services/index.ts';
import { DERIVED } from '../../storage/media-store.ts';
import type { Ctx, Env } from '../context.ts';
import { mediaViewerOf } from '../context.ts';
import { bytes, endpoint } from '../openapi.ts';
import { GuestbookMediaPath, HostImagePath, MediaPath } from '../schemas/params.schemas.ts';
import { seesGuestbookEntry } from '../../domain/guestbook.ts';

const hostImage = endpoint({
  summary: "An event's host image (JPEG; long immutable caching)",
  tag: 'guest',
  params: HostImagePath,
  ok: bytes('The image (ETag, Range)', ['image/jpeg']),
});
const media = endpoint({
  summary:
    "An upload's original or derived file, for anyone with its URL until the event's viewable-until (then the admin and the event's host only, also by their media cookies)",
  tag: 'guest',
  params: MediaPath,
  query: z.object({
    download: z.string().optional().meta({ description: 'Present (e.g. `1`): sent as an attachment under the original name' }),
  }),
  ok: bytes('The file (ETag; a Range answers 206 Partial Content)', [
    'image/jpeg',
    'image/png',
    'image/heic',
    'video/mp4',
    'video/quicktime',
  ]),
});

const guestbookMedia = endpoint({
  summary:
    "addition (issue 27): a guestbook attachment's original or derived file, for those who see its entry (another guest: only once it is shared)",
  tag: 'guest',
  params: GuestbookMediaPath,
  ok: bytes('The file (ETag; a Range answers 206 Partial Content)', ['image/jpeg', 'video/mp4', 'audio/mp4', 'application/octet-stream']),
});

const DERIVED_TYPES: Record<string, string> = {
  [DERIVED.thumbnail]: 'image/jpeg',
  [DERIVED.thumbnail1x]: 'image/jpeg',
  [DERIVED.thumbnail3x]: 'image/jpeg',
  [DERIVED.photoPreview]: 'image/jpeg',
  [DERIVED.jpegCopy]: 'image/jpeg',
  [DERIVED.videoPreview]: 'video/mp4',
  [DERIVED.voicePreview]: 'audio/mp4',
};
const VISITOR: Viewer = { kind: 'visitor' };
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Media bytes. URLs carry the upload's random 128-bit key; paths on disk come only from the database
 * row and fixed file names, never from the URL, so nothing outside the media folder can be reached.
 */
export function fileRoutes() {
  const app = new Hono<Env>();

  app.get('/media/host/:file', hostImage.doc, (c) => {
    const { services } = c.get('deps');
    const key = hostImage.params(c).file.slice(0, -'.jpg'.length);
    const event = services.events.hostImageOwner(key);
    if (!event) throw notFound();
    return sendFile(c, services.store.hostImagePath(event.id, key), { type: 'image/jpeg', etag: key, cache: IMMUTABLE });
  });

  /** The upload a key names and its event, or 404. */
  const ownerOf = (services: Services, key: string) => {
    const row = services.uploads.byStorageKey(key);
    if (!row) throw notFound();
    return { row, event: services.events.getById(row.eventId) };
  };
  // Every phone scrolling the gallery asks for the same thumbnails: for derived files, which upload and
  // event a key belongs to may be a few seconds old (a deleted upload's files are gone from disk, so it
  // still ends in a 404; an event expires after days). Originals are looked up fresh (approval, location).
  const recentOwners = new MomentCache<string, ReturnType<typeof ownerOf>>({ ttlMs: 2000, maxEntries: 5000 });

  app.get('/media/:key/:file', media.doc, (c) => {
    const { services } = c.get('deps');
    const { key, file: name } = media.params(c);
    const download = media.query(c).download !== undefined;
    const type = DERIVED_TYPES[name];
    const { row, event } = type ? recentOwners.get(key, () => ownerOf(services, key)) : ownerOf(services, key);
    // After viewable-until the media are gone for guests and visitors (domain/permissions.ts `seesMedia`);
    // the admin and the host still reach them, their pages' <img> requests through their media cookies.
    // A key is all a visitor needs: while a visitor sees media, a thumbnail costs no look-up of the viewer.
    if (!seesMedia(VISITOR, event) && !seesMedia(mediaViewerOf(c, event), event)) throw notFound();
    // Einwegkamera: before the reveal (judged now, not as cached) only the uploader, the host and the admin get the files.
    if (event.revealAt !== null && !revealLets(mediaViewerOf(c, event), services.events.view(event), row.userId)) throw notFound();
    if (!type) {
      if (name !== `original.${row.originalExt}`) throw notFound();
      const original = services.originals.forViewer(event, row, mediaViewerOf(c, event));
      return sendFile(c, original.path, {
        type: row.mimeType,
        // Without its location it is other bytes than the original: another validator.
        etag: original.patches ? `${key}-o-nogps` : `${key}-o`,
        // Unapproved media are private to their uploader: shared caches must not keep them.
        cache: 'private, max-age=31536000, immutable',
        attachment: download ? row.originalName : undefined,
        body: (start, end) => services.originals.stream(original, start, end),
      });
    }
    // The JPEG copy of a HEIC downloads under the original's name with .jpg.
    const attachment = name === DERIVED.jpegCopy && download ? `${row.originalName.replace(/\.[^.]*$/, '')}.jpg` : undefined;
    return sendFile(c, services.store.derivedPath(row.eventId, key, name), { type, etag: `${key}-${name}`, cache: IMMUTABLE, attachment });
  });

  // Guestbook attachments are read as their entry is, looked up fresh every time: a withdrawn entry's
  // files are gone for other guests at once, so they are never kept by shared caches either.
  app.get('/media/guestbook/:key/:file', guestbookMedia.doc, (c) => {
    const { services } = c.get('deps');
    const { key, file: name } = guestbookMedia.params(c);
    const entry = services.guestbook.byAttachmentKey(key);
    if (!entry) throw notFound();
    const event = services.events.getById(entry.eventId);
    const viewer = mediaViewerOf(c, event);
    if (!seesGuestbookEntry(entry, viewer, event.status)) throw notFound();
    const original = name === `original.${entry.attachmentExt}`;
    const type = original ? (entry.attachmentMime ?? 'application/octet-stream') : DERIVED_TYPES[name];
    if (!type) throw notFound();
    const path = join(services.store.guestbookDir(entry.eventId, key), name);
    // The original (also what plays when a phone's MP4 needed no preview) without its location for all but its writer.
    const view = original
      ? services.originals.attachmentForViewer(event, { userId: entry.userId, attachmentKey: key }, path, viewer)
      : null;
    return sendFile(c, path, {
      type,
      etag: view?.patches ? `${key}-${name}-nogps` : `${key}-${name}`,
      cache: 'private, no-cache',
      attachment: original && c.req.query('download') !== undefined ? (entry.attachmentName ?? name) : undefined,
      body: view ? (start, end) => services.originals.stream(view, start, end) : undefined,
    });
  });

  return app;
}

interface SendOptions {
  type: string;
  etag: string;
  cache: string;
  attachment?: string;
  /** the bytes [start, end) when they are not the file as stored (same length) */
  body?: (start: number, end: number) => ReadableStream<Uint8Array>;
}

/** Sends a file with ETag/304, single-range requests (video seeking) and safe headers. */
function sendFile(c: Ctx, path: string, opts: SendOptions): Response {
  const file = Bun.file(path);
  const size = file.size; // 0 also for a missing file: only then is a second look needed
  if (size === 0 && !existsSync(path)) throw notFound();
  const etag = `"${opts.etag}-${size}"`;
  const headers: Record<string, string> = {
    'Content-Type': opts.type,
    'Cache-Control': opts.cache,
    ETag: etag,
    'Accept-Ranges': 'bytes',
  };
  if (opts.attachment) headers['Content-Disposition'] = contentDisposition(opts.attachment);
  if (c.req.header('if-none-match') === etag) return new Response(null, { status: 304, headers });

  const range = c.req.header('range');
  if (range && (!c.req.header('if-range') || c.req.header('if-range') === etag)) {
    const m = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
    let start = m?.[1] ? Number(m[1]) : NaN;
    let end = m?.[2] ? Number(m[2]) : NaN;
    if (m && Number.isNaN(start) && !Number.isNaN(end)) {
      start = Math.max(0, size - end); // suffix range: the last N bytes
      end = size - 1;
    } else if (m && Number.isNaN(end)) end = size - 1;
    if (!m || Number.isNaN(start) || start > end || start >= size) {
      return new Response(null, { status: 416, headers: { ...headers, 'Content-Range': `bytes */${size}` } });
    }
    end = Math.min(end, size - 1);
    return new Response(opts.body ? opts.body(start, end + 1) : file.slice(start, end + 1), {
      status: 206,
      headers: { ...headers, 'Content-Range': `bytes ${start}-${end}/${size}`, 'Content-Length': String(end - start + 1) },
    });
  }
  return new Response(opts.body ? opts.body(0, size) : file, { headers: { ...headers, 'Content-Length': String(size) } });
}

/** `attachment` with an ASCII fallback and the UTF-8 name (RFC 6266), cleaned of invisible characters. */
export function contentDisposition(rawName: string): string {
  const name = cleanDisplayName(rawName);
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
