import type { MediaStore } from '../storage/media-store.ts';
import { notFound } from '../lib/errors.ts';
import { cleanDisplayName } from '../lib/display-names.ts';
import { randomToken } from '../lib/ids.ts';
import type { Viewer } from '../domain/permissions.ts';
import type { EventView } from './events.service.ts';
import type { OriginalsService } from './originals.service.ts';
import type { PieceReader } from '../media/piece-reader.ts';
import type { ReportsService } from './reports.service.ts';
import type { UploadRow } from './uploads.service.ts';

export interface ExportFile {
  /** folder names and file name, unsanitised: the ZIP writer makes them safe */
  folders: [event: string, album: string];
  name: string;
  size: number;
  modified: Date;
  /** the bytes as the export gives them (without the location when the event says so; same size) */
  open(): Promise<PieceReader>;
}

const TICKET_MS = 60_000;

/** The originals of an event, album by album, for the streaming ZIP export. */
export function createExportsService(deps: { store: MediaStore; reports: ReportsService; originals: OriginalsService; now?: () => Date }) {
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

    /** The event's originals, or one album's (`albumId`: exporting album by album keeps each ZIP small). */
    files(event: EventView, albumId?: number): ExportFile[] {
      const report = deps.reports.report(event.id);
      const albums = albumId === undefined ? report.albums : report.albums.filter((a) => a.id === albumId);
      if (albumId !== undefined && albums.length === 0) throw notFound('Album nicht gefunden');
      if (albums.every((a) => a.uploads.length === 0)) throw notFound('Keine Uploads zum Exportieren vorhanden');
      return albums.flatMap((album) => album.uploads.map((u) => fileOf(event, album.name, u, 'export')));
    },

    /**
     * Uploads a guest chose to download, album by album as the export lays them out. The caller has
     * checked that the guest sees each of them (uploads.service list); each file as the guest receives it
     * (without its location where the event strips it, unless it is the guest's own).
     */
    chosenFiles(event: EventView, rows: UploadRow[], albumNames: Map<number, string>, viewer: Viewer): ExportFile[] {
      return rows.map((u) => fileOf(event, albumNames.get(u.albumId) ?? 'Album', u, viewer)).sort((a, b) => a.folders[1].localeCompare(b.folders[1], 'de'));
    },

    /** `Momentbox_{eventName}_export.zip` (`..._{albumName}_export.zip` for one album), without invisible characters and with those file systems refuse replaced. */
    fileName(event: EventView, albumName?: string): string {
      const safe = (name: string) => cleanDisplayName(name).replace(/[<>:"/\\|?*]/g, '_').trim();
      const album = albumName === undefined ? '' : `_${safe(albumName) || 'Album'}`;
      return `Momentbox_${safe(event.name) || event.code}${album}_export.zip`;
    },
  };
}

export type ExportsService = ReturnType<typeof createExportsService>;
