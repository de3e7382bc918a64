// §4: the capture date of a file picks its album. Photos: EXIF (exifr, loaded on demand); videos: the
// MP4/MOV movie header; else the file's last-modified date. 5 s time-out; files over 50 MB skip extraction.

import { MB } from './device';

export const METADATA_TIMEOUT_MS = 5000;
export const METADATA_SKIP_ABOVE = 50 * MB;
const EXIF_READ_BYTES = 512 * 1024;

export interface MediaDate {
  date: Date | null;
  source: 'exif' | 'video' | 'lastModified' | 'timeout';
}

export async function readMediaDate(file: File, timeoutMs = METADATA_TIMEOUT_MS): Promise<MediaDate> {
  if (file.size > METADATA_SKIP_ABOVE) return { date: lastModified(file), source: 'lastModified' };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<MediaDate>((resolve) => {
    timer = setTimeout(() => resolve({ date: null, source: 'timeout' }), timeoutMs);
  });
  try {
    return await Promise.race([extract(file), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const lastModified = (file: File) => (file.lastModified ? new Date(file.lastModified) : null);

async function extract(file: File): Promise<MediaDate> {
  try {
    if (file.type.startsWith('video/') || /\.(mp4|mov|m4v)$/i.test(file.name)) {
      const d = await videoCreationDate(file);
      if (d) return { date: d, source: 'video' };
    } else {
      const d = await exifDate(file);
      if (d) return { date: d, source: 'exif' };
    }
  } catch (err) {
    console.warn('metadata extraction failed', err);
  }
  return { date: lastModified(file), source: 'lastModified' };
}

/** exifr is its own chunk, fetched on the first upload (or warmed by the engine while the picker is open). */
export const loadExifr = () => import('exifr/dist/lite.esm.mjs');

async function exifDate(file: File): Promise<Date | null> {
  const exifr = (await loadExifr()).default;
  // EXIF sits at the start of a JPEG/PNG; reading a slice keeps memory low on phones.
  const head = await file.slice(0, EXIF_READ_BYTES).arrayBuffer();
  const tags = (await exifr.parse(head, {
    ifd0: true,
    exif: true,
    gps: false,
    interop: false,
    ifd1: false,
    xmp: false,
    icc: false,
    iptc: false,
    jfif: false,
    ihdr: false,
    reviveValues: false,
  } as never)) as Record<string, unknown> | undefined;
  if (!tags) return null;
  // The capture time only: ModifyDate is when software last touched the file.
  const raw = tags.DateTimeOriginal ?? tags.CreateDate;
  const offset = tags.OffsetTimeOriginal ?? tags.OffsetTimeDigitized ?? tags.OffsetTime;
  return parseExifDate(raw, offset);
}

/**
 * "2008:05:30 15:56:01" with an optional offset "+01:00". Without an offset the time is read as the
 * device's local time (DESIGN.md: capture dates without a zone are the phone's local time).
 */
export function parseExifDate(raw: unknown, offset?: unknown): Date | null {
  if (typeof raw !== 'string') return raw instanceof Date && !Number.isNaN(raw.getTime()) ? raw : null;
  const m = /^(\d{4})[:-](\d{2})[:-](\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(raw.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  if (y < 1970 || mo < 1 || mo > 12 || d < 1 || d > 31) return null;
  const off = typeof offset === 'string' ? /^([+-])(\d{2}):?(\d{2})$/.exec(offset.trim()) : null;
  if (off) {
    const sign = off[1] === '-' ? -1 : 1;
    const minutes = sign * (Number(off[2]) * 60 + Number(off[3]));
    return new Date(Date.UTC(y, mo - 1, d, h, mi, s) - minutes * 60_000);
  }
  return new Date(y, mo - 1, d, h, mi, s);
}

// ---- MP4 / QuickTime: moov/mvhd creation_time (seconds since 1904-01-01 UTC) ----

const MAC_EPOCH_OFFSET = 2_082_844_800;

async function readBytes(file: Blob, start: number, length: number): Promise<DataView> {
  const buf = await file.slice(start, Math.min(file.size, start + length)).arrayBuffer();
  return new DataView(buf);
}

function boxType(v: DataView, at: number): string {
  return String.fromCharCode(v.getUint8(at), v.getUint8(at + 1), v.getUint8(at + 2), v.getUint8(at + 3));
}

/** Walks the top-level boxes to moov, then to mvhd; reads only box headers and the mvhd itself. */
export async function videoCreationDate(file: Blob): Promise<Date | null> {
  const moov = await findBox(file, 0, file.size, 'moov');
  if (!moov) return null;
  const mvhd = await findBox(file, moov.body, moov.end, 'mvhd');
  if (!mvhd) return null;
  const v = await readBytes(file, mvhd.body, 16);
  if (v.byteLength < 12) return null;
  const version = v.getUint8(0);
  const secs = version === 1 ? Number(v.getBigUint64(4)) : v.getUint32(4);
  if (!secs) return null;
  const ms = (secs - MAC_EPOCH_OFFSET) * 1000;
  if (ms < Date.UTC(1990, 0, 1) || ms > Date.now() + 366 * 86400_000) return null;
  return new Date(ms);
}

async function findBox(file: Blob, from: number, to: number, type: string) {
  let at = from;
  for (let guard = 0; guard < 512 && at + 8 <= to; guard++) {
    const h = await readBytes(file, at, 16);
    if (h.byteLength < 8) return null;
    let size = h.getUint32(0);
    const t = boxType(h, 4);
    let header = 8;
    if (size === 1) {
      if (h.byteLength < 16) return null;
      size = Number(h.getBigUint64(8));
      header = 16;
    } else if (size === 0) size = to - at;
    if (size < header) return null;
    if (t === type) return { start: at, body: at + header, end: Math.min(to, at + size) };
    at += size;
  }
  return null;
}
