import type { Db } from '../db/connection.ts';
import type { MediaStore } from '../storage/media-store.ts';
import { withRestoreBundle } from './export-bundle.ts';
import { AppError, notFound } from '../lib/errors.ts';
import { cleanDisplayName } from '../lib/display-names.ts';
import { randomToken } from '../lib/ids.ts';
import type { TcpConnection } from '../lib/socket-queue.ts';
import { seesWholeEvent, type Viewer } from '../domain/permissions.ts';
import { sanitizeZipName, uniqueName, zipLayout, type ZipEntry, type ZipObserver } from '../media/zip-stream.ts';
import type { AlbumsService } from './albums.service.ts';
import type { Language } from '../domain/languages.ts';
import type { GuestbookService } from './guestbook.service.ts';
import { KEEPSAKE_FOLDER, keepsakeZipEntries, type KeepsakeFor, type OriginalReader } from './keepsake.ts';
import type { Favorites } from '../domain/limits.ts';
import type { HeartsService } from './hearts.service.ts';
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
  upload: UploadRow;
}

/** A ZIP as it will be streamed: its entries in order, its exact size, the name the browser saves it as. */
export interface ZipPlan {
  entries: ZipEntry[];
  size: number;
  /** where each original ends in the archive (for files-done from bytes sent; the restore bundle's files after them are not counted) */
  fileEnds: number[];
  fileName: string;
}

/**
 * How far the archive of a ticket has got, as the server sees it: 'waiting' until its link is opened,
 * 'sending' while the bytes go out (`sent`: written to the client), 'done' once the last byte was written,
 * 'failed' when it stopped short (the client left, a file could not be read) or the link was never opened.
 */
export interface ArchiveProgress {
  state: 'waiting' | 'sending' | 'done' | 'failed';
  size: number;
  sent: number;
  files: number;
  filesSent: number;
}

/** What a ticket opens: an event's export ZIP, or one album's; `favorites`: only the uploads with hearts ('Nur Favoriten'). */
export interface TicketScope {
  eventId: number;
  albumId?: number;
  favorites?: 'loved';
  /** the admin's whole-event export, with the bundle an import restores from */
  restore?: boolean;
  /** the language of the guestbook keepsake's page and CSV (the language of the page that asked for the ticket) */
  language?: Language;
}

const TICKET_MS = 60_000;
/** How long the progress of a finished or failed archive can still be asked for. */
const PROGRESS_KEPT_MS = 15 * 60_000;

/** The archive's top folder: the event's name, made safe. */
const topFolder = (event: EventView) => sanitizeZipName(event.name, event.code);

/**
 * The entries of the ZIP of these files, `<event>/<album>/<file>`, names made safe and unique per folder;
 * `keepsake`: an album is not named as the guestbook's folder beside it.
 */
function zipEntries(files: ExportFile[], event: EventView, keepsake: boolean): ZipEntry[] {
  const top = topFolder(event);
  const albumFolders = new Map<string, string>();
  const usedAlbumNames = new Set<string>(keepsake ? [KEEPSAKE_FOLDER.toLowerCase()] : []);
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

/**
 * `restore`: the bundle an import restores the event from added (the admin's whole-event export); `keepsake`: the
 * `Gästebuch/` folder's entries, after the originals and before the bundle (whose manifest must come last).
 */
function planOf(
  files: ExportFile[],
  event: EventView,
  albumName: string | undefined,
  restore?: RestoreDeps,
  keepsake: ZipEntry[] = [],
): ZipPlan {
  let entries = zipEntries(files, event, keepsake.length > 0);
  if (restore) {
    const originals = entries.map((entry, i) => ({ entry, upload: files[i]!.upload }));
    entries = withRestoreBundle(restore, event, topFolder(event), originals, keepsake, new Date());
  } else entries.push(...keepsake);
  const layout = zipLayout(entries);
  // the people's files: the bundle's are the box's business
  return { entries, size: layout.size, fileEnds: layout.fileEnds.slice(0, files.length), fileName: zipFileName(event, albumName) };
}

/**
 * Before the archive's end was written, a connection that is gone or whose peer closed its side means the
 * client left early: the response is chunked, so a client that has it all waits for the end before closing.
 */
const leftEarly = (conn: TcpConnection | 'closed' | null) => conn === 'closed' || (conn !== null && conn.peerClosed);

type RestoreDeps = Parameters<typeof withRestoreBundle>[0];

interface Ticket extends TicketScope {
  /** the kernel's view of the connection the archive goes out on ('closed': gone; null: not known) */
  connection: () => TcpConnection | 'closed' | null;
  /** the last byte was written to the connection */
  written: boolean;
  /** the most bytes the client has been seen to have acknowledged */
  acknowledged: number;
  expires: number;
  redeemed: boolean;
  progress: ArchiveProgress;
  fileEnds: number[];
  /** when the progress may be forgotten */
  keepUntil: number;
}

/** The originals of an event for the streaming ZIP downloads: the host's and admin's export, a guest's chosen uploads. */
export function createExportsService(deps: {
  db: Db;
  store: MediaStore;
  reports: ReportsService;
  originals: OriginalsService;
  uploads: UploadsService;
  albums: AlbumsService;
  hearts: HeartsService;
  guestbook: GuestbookService;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  // Short-lived download tickets: a browser download (a plain link) cannot send the admin's Bearer header,
  // and a page cannot watch a download its browser runs; the ticket names the archive whose progress it asks for.
  const tickets = new Map<string, Ticket>();

  /**
   * A ticket's progress as of now: one never opened fails when its minute is up. Sent counts what the client
   * has acknowledged, and the archive is done once it has acknowledged the last byte: the socket buffers
   * hold megabytes a slow client has not got yet when the server wrote its last one.
   */
  const progressOf = (t: Ticket): ArchiveProgress => {
    const p = t.progress;
    if (!t.redeemed && p.state === 'waiting' && t.expires < now().getTime()) p.state = 'failed';
    if (p.state === 'sending') {
      const conn = t.connection();
      // never backwards: the count of bytes written follows the socket's queue a piece late
      t.acknowledged = Math.max(t.acknowledged, p.sent - (conn !== null && conn !== 'closed' ? conn.send : 0));
      if (!t.written) {
        // A client killed while the stream waits for it: the write under way may never settle, so
        // nothing but this call learns that it left.
        if (leftEarly(conn)) end(t, 'failed');
      } else if (conn === null || conn === 'closed' || conn.send === 0) {
        // gone after the last byte was written: the client took it and left (a browser keeps the connection)
        end(t, 'done');
        t.acknowledged = p.sent;
      } else if (conn.peerClosed) {
        end(t, 'failed'); // it closed its side with bytes it never acknowledged
      }
    }
    const sent = p.state === 'sending' || p.state === 'done' ? t.acknowledged : p.sent;
    return { ...p, sent, filesSent: t.fileEnds.filter((end) => end <= sent).length };
  };
  const end = (t: Ticket, state: 'done' | 'failed') => {
    if (t.progress.state !== 'sending') return;
    t.progress.state = state;
    t.keepUntil = now().getTime() + PROGRESS_KEPT_MS;
  };

  /** One file of a ZIP: the original as `viewer` receives it ('export': the host's and admin's export). */
  const fileOf = (event: EventView, albumName: string, u: UploadRow, viewer: Viewer | 'export'): ExportFile => {
    const original = deps.originals.forViewer(event, u, viewer);
    return {
      folders: [event.name, albumName],
      name: u.originalName,
      size: deps.store.sizeOf(original.path),
      modified: new Date(u.createdAt),
      open: () => deps.originals.reader(original),
      upload: u,
    };
  };

  /** Keeps the favourites of `rows` ('Nur Favoriten'): with hearts, or hearted by the viewer (a guest; others have none). */
  const favoritesOf = <T extends UploadRow>(rows: T[], favorites: Favorites | undefined, viewer: Viewer | 'export'): T[] => {
    if (favorites === undefined) return rows;
    if (favorites === 'loved') return rows.filter((u) => u.heartCount > 0);
    const mine = new Set(
      typeof viewer === 'object' && viewer.kind === 'guest' ? deps.hearts.mine(rows[0]?.eventId ?? 0, viewer.userId) : [],
    );
    return rows.filter((u) => mine.has(u.id));
  };

  /**
   * The whole-event export's `Gästebuch/` folder for its reader; none without `keepsake` or without entries. Its
   * originals go out as the uploads' originals of the same export do ('export': without their location where the event strips it).
   */
  const keepsakeOf = (event: EventView, keepsake: KeepsakeFor | undefined): ZipEntry[] => {
    if (!keepsake) return [];
    const readOriginal: OriginalReader = (row, path) => {
      const original = deps.originals.attachmentForViewer(event, { userId: row.userId, attachmentKey: row.attachmentKey! }, path, 'export');
      return () => deps.originals.reader(original);
    };
    const rows = deps.guestbook.list(event, keepsake.reader);
    return keepsakeZipEntries(deps.store, event, rows, topFolder(event), keepsake.render, readOriginal, now());
  };

  return {
    /**
     * A ticket that lets a plain link download this archive (`plan`, as it is now) once within a minute, and
     * whose progress can be asked for until a while after it ended.
     */
    issueTicket(scope: TicketScope, plan: ZipPlan): { ticket: string; expiresAt: Date } {
      const t = now().getTime();
      for (const [key, value] of tickets) if (value.keepUntil < t) tickets.delete(key);
      const ticket = randomToken(32);
      tickets.set(ticket, {
        ...scope,
        expires: t + TICKET_MS,
        redeemed: false,
        written: false,
        acknowledged: 0,
        connection: () => null,
        keepUntil: t + TICKET_MS + PROGRESS_KEPT_MS,
        fileEnds: plan.fileEnds,
        progress: { state: 'waiting', size: plan.size, sent: 0, files: plan.fileEnds.length, filesSent: 0 },
      });
      return { ticket, expiresAt: new Date(t + TICKET_MS) };
    },

    /** What a valid ticket of this event opens, once: a ticket opens one download, then only its progress is left. */
    redeemTicket(eventId: number, ticket: string): TicketScope | null {
      const found = tickets.get(ticket);
      if (found === undefined || found.eventId !== eventId || found.redeemed || found.expires < now().getTime()) return null;
      found.redeemed = true;
      return {
        eventId: found.eventId,
        albumId: found.albumId,
        favorites: found.favorites,
        restore: found.restore,
        language: found.language,
      };
    },

    /**
     * Follows the archive streamed for a redeemed ticket (`plan`: as it is streamed now, its size may have
     * changed); `unacknowledged`: the bytes written to its connection that the client has not acknowledged.
     */
    observe(ticket: string, plan: ZipPlan, connection: Ticket['connection']): ZipObserver {
      const found = tickets.get(ticket);
      if (!found) throw notFound();
      Object.assign(found, { fileEnds: plan.fileEnds, connection });
      const p = found.progress;
      Object.assign(p, { state: 'sending', size: plan.size, sent: 0, files: plan.fileEnds.length });
      return {
        sent: (bytes) => {
          p.sent += bytes;
        },
        finished: () => {
          if (leftEarly(found.connection())) return end(found, 'failed');
          found.written = true;
          progressOf(found);
        },
        failed: () => end(found, 'failed'),
      };
    },

    /** How far a ticket's archive has got; null for an unknown (or long-forgotten) ticket. */
    progress(ticket: string): ArchiveProgress | null {
      const found = tickets.get(ticket);
      return found ? progressOf(found) : null;
    },

    /**
     * The export ZIP's size, the whole event's, its favourites' and each album's (what each ZIP button states before it
     * is pressed); `restore`: the admin's, whose whole-event ZIP carries the bundle an import restores from (eventZip);
     * `keepsake`: its guestbook folder's reader and language (eventZip).
     */
    eventZipSizes(
      event: EventView,
      restore = false,
      keepsake?: KeepsakeFor,
    ): {
      size: number;
      files: number;
      favorites: { size: number; files: number };
      albums: { id: number; size: number; files: number }[];
    } {
      const report = deps.reports.report(event.id);
      const sized = (albums: typeof report.albums, favorites?: 'loved', whole = false) => {
        const files = albums.flatMap((album) =>
          favoritesOf(album.uploads, favorites, 'export').map((u) => fileOf(event, album.name, u, 'export')),
        );
        const guestbook = whole ? keepsakeOf(event, keepsake) : [];
        const empty = files.length === 0 && guestbook.length === 0;
        return {
          size: empty ? 0 : planOf(files, event, undefined, whole && restore ? deps : undefined, guestbook).size,
          files: files.length,
        };
      };
      return {
        ...sized(report.albums, undefined, true),
        favorites: sized(report.albums, 'loved'),
        albums: report.albums.map((a) => ({ id: a.id, ...sized([a]) })),
      };
    },

    /**
     * The event's originals as the host and the admin export them, or one album's (`albumId`: exporting album by album
     * keeps each ZIP small). `restore` (the admin's whole-event export): with the event's `event.json`, derived files
     * and manifest, so that `momentbox import --zip` and 'Event importieren' bring the event back (export-bundle.ts).
     * `keepsake`: the whole-event export's guestbook folder (`Gästebuch/`, keepsake.ts) as its reader sees the guestbook.
     */
    eventZip(event: EventView, albumId?: number, favorites?: 'loved', restore = false, keepsake?: KeepsakeFor): ZipPlan {
      const report = deps.reports.report(event.id);
      const albums = (albumId === undefined ? report.albums : report.albums.filter((a) => a.id === albumId)).map((a) => ({
        ...a,
        uploads: favoritesOf(a.uploads, favorites, 'export'),
      }));
      if (albumId !== undefined && albums.length === 0) throw notFound('album');
      const whole = albumId === undefined && favorites === undefined;
      const guestbook = whole ? keepsakeOf(event, keepsake) : [];
      if (albums.every((a) => a.uploads.length === 0) && guestbook.length === 0) throw notFound('nothingToExport');
      const files = albums.flatMap((album) => album.uploads.map((u) => fileOf(event, album.name, u, 'export')));
      return planOf(files, event, albumId === undefined ? undefined : files[0]?.folders[1], whole && restore ? deps : undefined, guestbook);
    },

    /**
     * A guest's bulk download (a phone would otherwise start one download per file): the chosen uploads
     * (`ids`), or all the viewer sees, only those they see (404 for any other), only where the event allows
     * downloads (the host and the admin export anyway). Album by album as the export lays them out, each file
     * as the viewer receives it (without its location where the event strips it, unless it is their own).
     * Named after the album when all are of one. `favorites`: only those with hearts, or those the guest hearted.
     */
    chosenZip(event: EventView, viewer: Viewer, ids: number[] | undefined, favorites?: Favorites): ZipPlan {
      if (!event.allowDownload && !seesWholeEvent(viewer, event.id)) {
        throw new AppError(403, 'DOWNLOADS_DISABLED');
      }
      const visible = deps.uploads.list(event, viewer);
      const byId = new Map(visible.map((u) => [u.id, u]));
      const rows = ids === undefined ? visible : [...new Set(ids)].map((id) => byId.get(id));
      if (rows.some((u) => u === undefined)) throw notFound();
      const chosen = favoritesOf(rows as UploadRow[], favorites, viewer);
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
