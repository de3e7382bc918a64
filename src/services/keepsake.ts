// The guestbook keepsake (issue 27 item 5): the `Gästebuch/` folder of the export ZIPs. A page that opens
// offline from the unpacked folder (keepsake-page.ts), a CSV for spreadsheets, the original attachments, and
// the copies every browser plays that the page points at. Everything is made before the archive starts, so its
// exact size is known up front.
import { join } from 'node:path';
import type { GuestbookRow } from '../db/schema.ts';
import { bytesReader, openPieceReader, type PieceReader } from '../media/piece-reader.ts';
import { sanitizeZipName, type ZipEntry } from '../media/zip-stream.ts';
import { DERIVED, type MediaStore } from '../storage/media-store.ts';
import type { Viewer } from '../domain/permissions.ts';

/** The folder under the export's top folder (also kept free of an album of that name). */
export const KEEPSAKE_FOLDER = 'Gästebuch';
const PAGE = 'Gästebuch.html';
const CSV = 'gaestebuch.csv';
/** the attachments as the guests sent them */
const ORIGINALS = 'Originale';
/** what the page shows and plays: the selfie's JPEG, the video's H.264 MP4 and poster, the voice message's AAC */
const PLAYABLE = 'Wiedergabe';

type Entry = Pick<GuestbookRow, 'id' | 'createdAt' | 'name' | 'attachmentKey' | 'attachmentExt'>;

const two = (n: number) => String(n).padStart(2, '0');

/** When an entry was written, in the box's time zone (the venue's): for people, as a file name and in the CSV. */
function localTime(iso: string): { day: string; time: string } {
  const d = new Date(iso);
  return {
    day: `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`,
    time: `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`,
  };
}

/**
 * The base of an entry's file names: `2026-06-20_21-04_Anna_17`. Sorted by name they are in the order written;
 * the entry's id makes them unique (also compared case-insensitively, as Windows and macOS do); the name is
 * made safe for every file system (sanitizeZipName) and a signature is at most 30 characters.
 */
function baseName(entry: Entry): string {
  const { day, time } = localTime(entry.createdAt);
  const name = sanitizeZipName(entry.name, 'Gast').replace(/\s+/g, '_');
  return `${day}_${time.slice(0, 5).replace(':', '-')}_${name}_${entry.id}`;
}

/**
 * Where an entry's original attachment lies inside the export's top folder (`Gästebuch/Originale/<base>.<ext>`),
 * or null for an entry without one. The one rule for it: the export writes it there, and the restore bundle's
 * manifest may point at it instead of carrying the file twice.
 */
export function keepsakeAttachmentPath(entry: Entry): string | null {
  if (!entry.attachmentKey || !entry.attachmentExt) return null;
  return `${KEEPSAKE_FOLDER}/${ORIGINALS}/${baseName(entry)}.${entry.attachmentExt}`;
}

/** A file of the folder: its path under `Gästebuch/`, where it lies on the box and how its bytes are read. */
interface KeepsakeFile {
  path: string;
  source: string;
  open: () => Promise<PieceReader>;
}

/**
 * How the export reads an entry's original at `path`: as the uploads' originals are exported (without the
 * location where the event strips it; originals.service.ts), the same length as the file.
 */
export type OriginalReader = (row: GuestbookRow, path: string) => () => Promise<PieceReader>;

/** What the page shows of an entry's attachment: the file to play or show (and a video's poster), relative to the page. */
export interface KeepsakeMedia {
  kind: NonNullable<GuestbookRow['attachmentKind']>;
  /** the original, always there */
  original: string;
  /** the copy every browser plays or shows; null while it was being made (or when it could not be) */
  playable: string | null;
  poster: string | null;
}

/** An entry as the page and the CSV see it. */
export interface KeepsakeEntry {
  row: GuestbookRow;
  day: string;
  time: string;
  media: KeepsakeMedia | null;
}

/** An entry's files in the folder: the original, and once it is ready, the copy the page plays and a video's poster. */
function filesOf(
  store: MediaStore,
  row: GuestbookRow,
  readOriginal: OriginalReader,
): { media: KeepsakeMedia | null; files: KeepsakeFile[] } {
  const original = keepsakeAttachmentPath(row);
  if (!original || !row.attachmentKind) return { media: null, files: [] };
  const dir = store.guestbookDir(row.eventId, row.attachmentKey!);
  const relative = original.slice(KEEPSAKE_FOLDER.length + 1);
  const source = join(dir, `original.${row.attachmentExt}`);
  const files: KeepsakeFile[] = [{ path: relative, source, open: readOriginal(row, source) }];
  const derived = (path: string, source: string): KeepsakeFile => ({ path, source, open: () => openPieceReader(source) });
  const media: KeepsakeMedia = { kind: row.attachmentKind, original: relative, playable: null, poster: null };
  // Only a settled attachment's files stay as they are while the archive is read (a preview grows while it is made).
  if (row.attachmentState === 'ready' && row.attachmentPlayable) {
    const base = `${PLAYABLE}/${baseName(row)}`;
    if (row.attachmentPlayable === 'original') media.playable = relative;
    else {
      const ext = row.attachmentPlayable.slice(row.attachmentPlayable.lastIndexOf('.'));
      media.playable = `${base}${ext}`;
      files.push(derived(media.playable, join(dir, row.attachmentPlayable)));
    }
    if (row.attachmentKind === 'video') {
      media.poster = `${base}-poster.jpg`;
      files.push(derived(media.poster, join(dir, DERIVED.thumbnail)));
    }
  }
  return { media, files };
}

/** What the page and the CSV are made of: the event, and its entries oldest first. */
export interface KeepsakeModel {
  event: { name: string; primaryColor: string; secondaryColor: string };
  entries: KeepsakeEntry[];
}

/**
 * Who the whole-event export is for, for its `Gästebuch/` folder: the entries `reader` sees (the guestbook's own
 * rule, as the couple's page and the admin list them), and the page and CSV in the reader's language (written
 * by the HTTP layer, which has the texts: src/http/keepsake-page.ts).
 */
export interface KeepsakeFor {
  reader: Viewer;
  render(model: KeepsakeModel): { page: string; csv: string };
}

/**
 * The entries of the `Gästebuch/` folder under `top` for these guestbook entries (those the export's reader
 * sees), oldest first as a book is read; none when there are none.
 */
export function keepsakeZipEntries(
  store: MediaStore,
  event: KeepsakeModel['event'],
  rows: GuestbookRow[],
  top: string,
  render: KeepsakeFor['render'],
  readOriginal: OriginalReader,
  mtime: Date,
): ZipEntry[] {
  if (rows.length === 0) return [];
  const ordered = [...rows].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id);
  const files: KeepsakeFile[] = [];
  const entries: KeepsakeEntry[] = ordered.map((row) => {
    const of = filesOf(store, row, readOriginal);
    files.push(...of.files);
    return { row, ...localTime(row.createdAt), media: of.media };
  });
  const at = (path: string) => `${top}/${KEEPSAKE_FOLDER}/${path}`;
  const text = (path: string, content: string): ZipEntry => {
    const bytes = new TextEncoder().encode(content);
    return { name: at(path), size: bytes.length, mtime, open: async () => bytesReader(bytes) };
  };
  const { page, csv } = render({ event, entries });
  return [text(PAGE, page), text(CSV, csv), ...files.map((f) => ({ name: at(f.path), size: store.sizeOf(f.source), mtime, open: f.open }))];
}
