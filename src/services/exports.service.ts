import type { MediaStore } from '../storage/media-store.ts';
import { AppError, notFound } from '../lib/errors.ts';
import { cleanDisplayName } from '../lib/display-names.ts';
import { randomToken } from '../lib/ids.ts';
import { seesWholeEvent, type Viewer } from '../domain/permissions.ts';
import { sanitizeZipName, uniqueName, zipArchiveSize, type ZipEntry } from '../media/zip-stream.ts';
import type { AlbumsService } from './albums.service.ts';
import type { EventView } from './events.service.ts';
import type { OriginalsService } from './originals.service.ts';
import type { PieceReader } from '../media/piece-reader.ts';
import type { ReportsService } from './reports.service.ts';
import type { UploadRow, UploadsService } from './uploads.service.ts';

export interface ExportFile {
  /** folder names and file name, unsanitised: the ZIP writer makes them safe */
  folders: [event: string, album: string];
  name: string;
  size: number;
  modified: Date;
  /** the bytes as the export gives them (without the location when the event says so; same size) */
  open(): Promise<PieceReader>;
}

/** A ZIP as it will be streamed: its entries in order, its exact size, the name the browser saves it as. */
export interface ZipPlan {
  entries: ZipEntry[];
  size: number;
  fileName: string;
}

const TICKET_MS = 60_000;

/** The entries of the ZIP of these files, `<event>/<album>/<file>`, names made safe and unique per folder. */
function zipEntries(files: ExportFile[], event: EventView): ZipEntry[] {
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

/** `Momentbox_{eventName}_export.zip` (`..._{albumName}_export.zip` for one album), without invisible characters and with those file systems refuse replaced. */
function zipFileName(event: EventView, albumName?: string): string {
  const safe = (name: string) =>
    cleanDisplayName(name)
      .replace(/[<>:"/\\|?*]/g, '_')
      .trim();
  const album = albumName === undefined ? '' : `_${safe(albumName) || 'Album'}`;
  return `Momentbox_${safe(event.name) || event.code}${album}_export.zip`;
}

function planOf(files: ExportFile[], event: EventView, albumName: string | undefined): ZipPlan {
  const entries = zipEntries(files, event);
  return { entries, size: zipArchiveSize(entries), fileName: zipFileName(event, albumName) };
}

/** The originals of an event for the streaming ZIP downloads: the host's and admin's export, a guest's chosen uploads. */
export function createExportsService(deps: {
  store: MediaStore;
  reports: ReportsService;
  originals: OriginalsService;
  uploads: UploadsService;
  albums: AlbumsService;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  // Short-lived download tickets: a browser download (a plain link) cannot send the admin's Bearer header.
  const tickets = new Map<string, { eventId: number; expires: number }>();

  /** One file of a ZIP: the original as `viewer` receives it ('export': the host's and admin's export). */
  const fileOf = (event: EventView, albumName: string, u: UploadRow, viewer: Viewer | 'export'): ExportFile => {
    const original = deps.originals.forViewer(event, u, viewer);
    return {
      folders: [event.name, albumName],
      name: u.originalName,
      size: deps.store.sizeOf(original.path),
      modified: new Date(u.createdAt),
      open: () => deps.originals.reader(original),
    };
  };

  return {
    /** A ticket that lets a plain link download this event's ZIP once within a minute. */
    issueTicket(eventId: number): { ticket: string; expiresAt: Date } {
      const t = now().getTime();
      for (const [key, value] of tickets) if (value.expires < t) tickets.delete(key);
      const ticket = randomToken(32);
      tickets.set(ticket, { eventId, expires: t + TICKET_MS });
      return { ticket, expiresAt: new Date(t + TICKET_MS) };
    },

    /** True once for a valid ticket of this event: a ticket opens one download, then it is gone. */
    redeemTicket(eventId: number, ticket: string): boolean {
      const found = tickets.get(ticket);
      if (found === undefined || found.eventId !== eventId) return false;
      tickets.delete(ticket);
      return found.expires >= now().getTime();
    },

    /** The event's originals as the host and the admin export them, or one album's (`albumId`: exporting album by album keeps each ZIP small). */
    eventZip(event: EventView, albumId?: number): ZipPlan {
      const report = deps.reports.report(event.id);
      const albums = albumId === undefined ? report.albums : report.albums.filter((a) => a.id === albumId);
      if (albumId !== undefined && albums.length === 0) throw notFound('album');
      if (albums.every((a) => a.uploads.length === 0)) throw notFound('nothingToExport');
      const files = albums.flatMap((album) => album.uploads.map((u) => fileOf(event, album.name, u, 'export')));
      return planOf(files, event, albumId === undefined ? undefined : files[0]?.folders[1]);
    },

    /**
     * A guest's bulk download (a phone would otherwise start one download per file): the chosen uploads
     * (`ids`), or all the viewer sees, only those they see (404 for any other), only where the event allows
     * downloads (the host and the admin export anyway). Album by album as the export lays them out, each file
     * as the viewer receives it (without its location where the event strips it, unless it is their own).
     * Named after the album when all are of one.
     */
    chosenZip(event: EventView, viewer: Viewer, ids: number[] | undefined): ZipPlan {
      if (!event.allowDownload && !seesWholeEvent(viewer, event.id)) {
        throw new AppError(403, 'DOWNLOADS_DISABLED');
      }
      const visible = deps.uploads.list(event, viewer);
      const byId = new Map(visible.map((u) => [u.id, u]));
      const rows = ids === undefined ? visible : [...new Set(ids)].map((id) => byId.get(id));
      if (rows.some((u) => u === undefined)) throw notFound();
      const chosen = rows as UploadRow[];
      const albumNames = new Map(deps.albums.list(event.id, { visibleOnly: false }).map((a) => [a.id, a.name]));
      const albumIds = new Set(chosen.map((u) => u.albumId));
      const oneAlbum = albumIds.size === 1 ? albumNames.get([...albumIds][0]!) : undefined;
      const files = chosen
        .map((u) => fileOf(event, albumNames.get(u.albumId) ?? 'Album', u, viewer))
        .sort((a, b) => a.folders[1].localeCompare(b.folders[1], 'de'));
      return planOf(files, event, oneAlbum);
    },
  };
}

export type ExportsService = ReturnType<typeof createExportsService>;
