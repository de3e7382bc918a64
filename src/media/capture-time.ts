// Capture times as phones and cameras write them, normalised to ISO 8601 without changing their meaning:
// a time with a zone keeps its offset (the service converts to UTC), a time without a zone stays a
// wall-clock time and says so, because only the service knows which zone to read it in.

export interface CaptureTime {
  /** `2022-08-14T14:12:31+03:00`, `2026-06-20T21:15:00Z`, or without zone `2008-10-22T16:28:39` */
  iso: string;
  /** false when the file gave a local wall-clock time without offset */
  hasZone: boolean;
}

const EXIF_DATE = /^(\d{4})[:-](\d{2})[:-](\d{2})[ T](\d{2}):(\d{2}):(\d{2})/;
const OFFSET = /^([+-])(\d{2}):?(\d{2})$/;
const ISO_WITH_ZONE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:?\d{2})$/;

/** Year, month, day, hour, minute, second: the first six groups of both patterns above. */
type DateFields = [year: number, month: number, day: number, hour: number, minute: number, second: number];
const dateFields = (m: RegExpExecArray) => m.slice(1, 7).map(Number) as DateFields;

/**
 * EXIF `DateTimeOriginal` ("2022:08:14 14:12:31") with its `OffsetTimeOriginal` ("+03:00") and
 * `SubSecTimeOriginal` ("123") when present. Null for the "0000:00:00 00:00:00" that cameras
 * without a set clock write, and for anything else that is no real date.
 */
export function captureTimeFromExif(dateTime: string, offset?: string, subSeconds?: string): CaptureTime | null {
  const m = EXIF_DATE.exec(dateTime.trim());
  const wall = m && wallTime(dateFields(m), subSeconds?.trim());
  if (!wall) return null;
  const zone = offset === undefined ? null : normaliseOffset(offset.trim());
  return zone ? { iso: wall + zone, hasZone: true } : { iso: wall, hasZone: false };
}

/**
 * A container time with a zone: Apple's `com.apple.quicktime.creationdate` ("2026-06-20T20:30:00+0200")
 * or MP4 `creation_time` ("2026-06-20T21:15:00.000000Z"). Null for the zero dates of cameras without
 * a set clock (1904 and 1970 epochs).
 */
export function captureTimeFromIso(value: string): CaptureTime | null {
  const m = ISO_WITH_ZONE.exec(value.trim());
  if (!m || dateFields(m)[0] < 1980) return null;
  const wall = wallTime(dateFields(m), m[7]);
  const zone = m[8] === 'Z' ? 'Z' : normaliseOffset(m[8] ?? '');
  return wall && zone ? { iso: wall + zone, hasZone: true } : null;
}

function wallTime([year, month, day, hour, minute, second]: DateFields, fraction: string | undefined): string | null {
  if (year < 1900 || hour > 23 || minute > 59 || second > 59) return null;
  // Date.UTC rolls 31 April over to 1 May; a round trip catches impossible days.
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  const millis = fraction && /^\d+$/.test(fraction) ? '.' + fraction.padEnd(3, '0').slice(0, 3) : '';
  return date.toISOString().slice(0, 19) + millis;
}

function normaliseOffset(offset: string): string | null {
  const m = OFFSET.exec(offset);
  if (!m || Number(m[2]) > 14 || Number(m[3]) > 59) return null;
  return `${m[1]}${m[2]}:${m[3]}`;
}
