// Streaming ZIP writer for the event export: STORE only (JPEG and MP4 do not compress), CRC-32 computed
// while the bytes pass, a data descriptor after each file, ZIP64 records where sizes or offsets need them.
//
// Written here rather than with @zip.js/zip.js: zip.js's ZipWriter is push-based (it writes into a
// WritableStream as fast as entries are added) and must be told `zip64` per entry before the data
// arrives; what the export needs is a stream that reads the next piece of the next file only when the
// HTTP client has taken the last one, so a phone downloading 20 GB at LAN speed keeps memory flat. STORE
// makes the format small enough (~200 lines) to own, and knowing every size in advance lets
// zipArchiveSize give an exact Content-Length, so browsers show real progress.
// CRC-32 comes from node:zlib (native; Bun and Node 22+), far faster than a JS table.

import { crc32 } from 'node:zlib';
import { cleanDisplayName } from '../lib/display-names.ts';
import { DirectReadableStream } from '../lib/direct-stream.ts';
import type { PieceReader } from './piece-reader.ts';

export interface ZipEntry {
  /** path inside the archive, folders separated by '/', e.g. "Hochzeit/Tanz/IMG_0001.jpg" */
  name: string;
  /** the exact number of bytes the reader yields; decides ZIP64 up front and makes the archive size known */
  size: number;
  mtime: Date;
  /** called only when the archive reaches this file; closed when it is done (or the client left) */
  open(): Promise<PieceReader>;
}

export interface ZipOptions {
  /** write ZIP64 records for every entry and the end record even when small: lets tests check them without 4 GB */
  forceZip64?: boolean;
}

/** Told what became of the bytes of an archive, for a progress the page can trust. */
export interface ZipObserver {
  /** `bytes` more were handed to the destination (the HTTP response: written once the client took them in) */
  sent(bytes: number): void;
  /** the last byte was written */
  finished(): void;
  /** the archive stopped short: the client left, or a file could not be read */
  failed(): void;
}

const MAX32 = 0xffffffff;
const MAX16 = 0xffff;
const FLAGS = 0x0008 | 0x0800; // sizes and CRC in a data descriptor after the data; names are UTF-8
const UNIX_MADE_BY = 3 << 8;
const REGULAR_FILE_644 = 0o100644 << 16;
/** The one buffer an archive's file bytes pass through (as large as the pieces Bun's own file streams read). */
const PIECE_BYTES = 512 * 1024;

/**
 * A ZIP of the entries as a byte stream that reads the files one at a time, only as fast as it is consumed.
 *
 * A direct stream (Bun): controller.write() copies each piece into the destination (the HTTP response, or
 * a reader's queue) and answers with a pending promise while the client is behind, so every file piece is
 * read into one reused buffer. A default stream would hand each piece over by reference, so each needs a
 * fresh buffer, and at download speed those are garbage the GC frees only now and then: with a default stream
 * over Bun.file streams, a 2 GB export to a slow reader peaked at 163 MB against 88 MB idle (`npm run bench -- c`,
 * figure c2); this way at 98 MB, flat.
 */
export function createZipStream(
  entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>,
  opts: ZipOptions & { observer?: ZipObserver } = {},
): ReadableStream<Uint8Array> {
  const pieces = zipPieces(entries, opts.forceZip64 ?? false, new Uint8Array(PIECE_BYTES));
  const observer = opts.observer;
  let cancelled = false;
  return new DirectReadableStream({
    type: 'direct',
    async pull(controller) {
      try {
        for await (const piece of pieces) {
          // 0: the client went away; leaving the loop closes the file being read.
          if ((await controller.write(piece)) === 0) return observer?.failed();
          // counted once the write settled: while the client is behind, the promise waits for it
          observer?.sent(piece.length);
        }
      } catch (e) {
        observer?.failed();
        throw e;
      }
      // cancel() ends the pieces early, and the loop above then ends as if they were all written
      if (cancelled) return;
      controller.close();
      observer?.finished();
    },
    async cancel() {
      cancelled = true;
      observer?.failed();
      await pieces.return(undefined);
    },
  });
}

/** The exact byte length of the archive createZipStream makes of these entries (names and sizes are enough). */
export function zipArchiveSize(entries: Iterable<Pick<ZipEntry, 'name' | 'size'>>, opts: ZipOptions = {}): number {
  return zipLayout(entries, opts).size;
}

/**
 * Where each file of the archive ends (`fileEnds[i]`: the byte after entry i's data descriptor) and the
 * archive's exact length: bytes sent map to files complete.
 */
export function zipLayout(entries: Iterable<Pick<ZipEntry, 'name' | 'size'>>, opts: ZipOptions = {}): { size: number; fileEnds: number[] } {
  const force = opts.forceZip64 ?? false;
  let offset = 0;
  let centralSize = 0;
  const fileEnds: number[] = [];
  for (const { name, size } of entries) {
    const record = { name: encodeName(name), size, mtime: new Date(0), offset, crc: 0 };
    offset += localHeader(record, force).length + size + dataDescriptor(record, force).length;
    fileEnds.push(offset);
    centralSize += centralHeader(record, force).length;
  }
  return { size: offset + centralSize + endRecords(fileEnds.length, offset, centralSize, force).length, fileEnds };
}

interface EntryRecord {
  name: Uint8Array;
  size: number;
  mtime: Date;
  offset: number;
  crc: number;
}

/** The archive piece by piece; file bytes come in `buffer`, which the consumer must have copied before asking for the next. */
async function* zipPieces(
  entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>,
  force: boolean,
  buffer: Uint8Array,
): AsyncGenerator<Uint8Array> {
  const central: Uint8Array[] = [];
  let offset = 0;
  for await (const entry of entries) {
    const record: EntryRecord = { name: encodeName(entry.name), size: entry.size, mtime: entry.mtime, offset, crc: 0 };
    const header = localHeader(record, force);
    yield header;
    let written = 0;
    const reader = await entry.open();
    try {
      // One byte more than the rest, so a file that grew since it was listed is noticed.
      for (let n; (n = await reader.read(buffer.subarray(0, Math.min(buffer.length, entry.size - written + 1)))) > 0;) {
        written += n;
        if (written > entry.size) break;
        const piece = buffer.subarray(0, n);
        record.crc = crc32(piece, record.crc);
        yield piece;
      }
    } finally {
      await reader.close();
    }
    // A file that changed on disk would make the ZIP64 choice and the announced archive size wrong.
    if (written !== entry.size)
      throw new Error(`${entry.name} changed while it was being zipped: expected ${entry.size} bytes, read ${written}`);
    const descriptor = dataDescriptor(record, force);
    yield descriptor;
    central.push(centralHeader(record, force));
    offset += header.length + entry.size + descriptor.length;
  }
  let centralSize = 0;
  for (const header of central) {
    yield header;
    centralSize += header.length;
  }
  yield endRecords(central.length, offset, centralSize, force);
}

function encodeName(name: string): Uint8Array {
  // Names are sanitised by the caller (sanitizeZipName); this only refuses what would escape the extraction folder.
  if (name.startsWith('/') || name.includes('\\') || name.split('/').some((part) => part === '' || part === '..')) {
    throw new Error(`Unsafe path inside a ZIP: ${JSON.stringify(name)}`);
  }
  const bytes = new TextEncoder().encode(name);
  if (bytes.length > MAX16) throw new Error('Path inside a ZIP is too long');
  return bytes;
}

const sizeNeedsZip64 = (record: EntryRecord, force: boolean) => force || record.size >= MAX32;
const offsetNeedsZip64 = (record: EntryRecord, force: boolean) => force || record.offset >= MAX32;

/** Writes little-endian fields into a fresh buffer. */
function bytes(length: number, fill: (view: DataView) => void): Uint8Array {
  const buffer = new Uint8Array(length);
  fill(new DataView(buffer.buffer));
  return buffer;
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function localHeader(record: EntryRecord, force: boolean): Uint8Array {
  const zip64 = sizeNeedsZip64(record, force);
  // With a data descriptor the sizes here are unknown (0); ZIP64 marks them 0xFFFFFFFF and adds the extra field.
  const extra = concat(zip64 ? zip64Extra([0, 0]) : new Uint8Array(), unixTimeExtra(record.mtime));
  const fixed = bytes(30, (v) => {
    v.setUint32(0, 0x04034b50, true);
    v.setUint16(4, zip64 ? 45 : 20, true);
    v.setUint16(6, FLAGS, true);
    v.setUint16(8, 0, true); // STORE
    v.setUint32(10, dosDateTime(record.mtime), true);
    v.setUint32(14, 0, true);
    v.setUint32(18, zip64 ? MAX32 : 0, true);
    v.setUint32(22, zip64 ? MAX32 : 0, true);
    v.setUint16(26, record.name.length, true);
    v.setUint16(28, extra.length, true);
  });
  return concat(fixed, record.name, extra);
}

function dataDescriptor(record: EntryRecord, force: boolean): Uint8Array {
  if (sizeNeedsZip64(record, force)) {
    return bytes(24, (v) => {
      v.setUint32(0, 0x08074b50, true);
      v.setUint32(4, record.crc, true);
      v.setBigUint64(8, BigInt(record.size), true);
      v.setBigUint64(16, BigInt(record.size), true);
    });
  }
  return bytes(16, (v) => {
    v.setUint32(0, 0x08074b50, true);
    v.setUint32(4, record.crc, true);
    v.setUint32(8, record.size, true);
    v.setUint32(12, record.size, true);
  });
}

function centralHeader(record: EntryRecord, force: boolean): Uint8Array {
  const bigSize = sizeNeedsZip64(record, force);
  const bigOffset = offsetNeedsZip64(record, force);
  // The ZIP64 field holds exactly the values whose 32-bit field says 0xFFFFFFFF, in this order.
  const zip64Values = [...(bigSize ? [record.size, record.size] : []), ...(bigOffset ? [record.offset] : [])];
  const extra = concat(zip64Values.length ? zip64Extra(zip64Values) : new Uint8Array(), unixTimeExtra(record.mtime));
  const needed = bigSize || bigOffset ? 45 : 20;
  const fixed = bytes(46, (v) => {
    v.setUint32(0, 0x02014b50, true);
    v.setUint16(4, UNIX_MADE_BY | 45, true);
    v.setUint16(6, needed, true);
    v.setUint16(8, FLAGS, true);
    v.setUint16(10, 0, true);
    v.setUint32(12, dosDateTime(record.mtime), true);
    v.setUint32(16, record.crc, true);
    v.setUint32(20, bigSize ? MAX32 : record.size, true);
    v.setUint32(24, bigSize ? MAX32 : record.size, true);
    v.setUint16(28, record.name.length, true);
    v.setUint16(30, extra.length, true);
    // comment length, disk number, internal attributes: 0
    v.setUint32(38, REGULAR_FILE_644, true);
    v.setUint32(42, bigOffset ? MAX32 : record.offset, true);
  });
  return concat(fixed, record.name, extra);
}

function endRecords(count: number, centralStart: number, centralSize: number, force: boolean): Uint8Array {
  const zip64 = force || count >= MAX16 || centralStart >= MAX32 || centralSize >= MAX32;
  const end = bytes(22, (v) => {
    v.setUint32(0, 0x06054b50, true);
    v.setUint16(8, zip64 ? MAX16 : count, true);
    v.setUint16(10, zip64 ? MAX16 : count, true);
    v.setUint32(12, zip64 ? MAX32 : centralSize, true);
    v.setUint32(16, zip64 ? MAX32 : centralStart, true);
  });
  if (!zip64) return end;
  const endStart = centralStart + centralSize;
  const zip64End = bytes(56, (v) => {
    v.setUint32(0, 0x06064b50, true);
    v.setBigUint64(4, 44n, true); // size of the rest of this record
    v.setUint16(12, UNIX_MADE_BY | 45, true);
    v.setUint16(14, 45, true);
    v.setBigUint64(24, BigInt(count), true);
    v.setBigUint64(32, BigInt(count), true);
    v.setBigUint64(40, BigInt(centralSize), true);
    v.setBigUint64(48, BigInt(centralStart), true);
  });
  const locator = bytes(20, (v) => {
    v.setUint32(0, 0x07064b50, true);
    v.setBigUint64(8, BigInt(endStart), true);
    v.setUint32(16, 1, true); // total number of disks
  });
  return concat(zip64End, locator, end);
}

function zip64Extra(values: number[]): Uint8Array {
  return bytes(4 + values.length * 8, (v) => {
    v.setUint16(0, 0x0001, true);
    v.setUint16(2, values.length * 8, true);
    values.forEach((value, i) => v.setBigUint64(4 + i * 8, BigInt(value), true));
  });
}

/** Info-ZIP's "UT" field: the exact modification time in UTC, which unzip restores instead of the zone-less DOS time. */
function unixTimeExtra(mtime: Date): Uint8Array {
  return bytes(9, (v) => {
    v.setUint16(0, 0x5455, true);
    v.setUint16(2, 5, true);
    v.setUint8(4, 1); // modification time present
    v.setUint32(5, Math.max(0, Math.min(MAX32, Math.floor(mtime.getTime() / 1000))), true);
  });
}

/** MS-DOS date and time (local, 2 s steps), as every ZIP reader understands; clamped to its 1980-2107 range. */
function dosDateTime(date: Date): number {
  const year = date.getFullYear();
  if (year < 1980) return (1 << 21) | (1 << 16); // 1980-01-01 00:00
  if (year > 2107) return (127 << 25) | (12 << 21) | (31 << 16) | (23 << 11) | (59 << 5) | 29;
  const dosDate = ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate();
  const dosTime = (date.getHours() << 11) | (date.getMinutes() << 5) | (date.getSeconds() >> 1);
  return ((dosDate << 16) | dosTime) >>> 0;
}

const RESERVED_ON_WINDOWS = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;
const MAX_NAME_BYTES = 200;

/**
 * One file or folder name that extracts safely everywhere: invisible formatting characters (bidi) go,
 * characters Windows or macOS refuse (<>:"/\|?* and control characters) become '_', runs of dots become
 * one (no '..'), leading and trailing dots and spaces go, reserved Windows names get a '_' prefix, long
 * names are cut to 200 bytes keeping the extension. An empty result becomes `fallback`.
 */
export function sanitizeZipName(name: string, fallback = 'unnamed'): string {
  let clean = cleanDisplayName(name)
    .replace(/[<>:"/\\|?*]/g, '_')
    .replace(/\.{2,}/g, '.')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  if (RESERVED_ON_WINDOWS.test(clean)) clean = `_${clean}`;
  clean = truncateKeepingExtension(clean, MAX_NAME_BYTES);
  return clean || fallback;
}

function truncateKeepingExtension(name: string, maxBytes: number): string {
  const encoder = new TextEncoder();
  if (encoder.encode(name).length <= maxBytes) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
  let base = '';
  let length = encoder.encode(ext).length;
  // Whole code points only: never half a surrogate pair or a UTF-8 sequence.
  for (const point of name.slice(0, name.length - ext.length)) {
    length += encoder.encode(point).length;
    if (length > maxBytes) break;
    base += point;
  }
  return base.trimEnd() + ext;
}

/**
 * A name not yet used in one folder of the archive: "photo.jpg", then "photo (2).jpg", "photo (3).jpg".
 * Compared case-insensitively, as Windows and macOS extract "Photo.jpg" and "photo.jpg" into one file.
 * `taken` belongs to the folder: start with an empty Set per folder; this adds each returned name.
 */
export function uniqueName(taken: Set<string>, name: string): string {
  const dot = name.lastIndexOf('.');
  const [base, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  let candidate = name;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${base} (${n})${ext}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}
