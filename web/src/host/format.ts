import { parseDate } from '../lib/dates';
// How the host side (admin dashboard, the couple's page, print view) shows dates, sizes and uploaders.
// No React, no fetch: unit-tested in host.test.ts.

export const SIZE_AMBER_MB = 100;

const DATE_TIME: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' };

/** Day, month, year, hour and minute in the locale (minute precision, as the spec says); null when missing or unparseable. */
export function formatDateTime(value: string | null | undefined, locale: string, timeZone?: string): string | null {
  const d = parseDate(value);
  return d ? new Intl.DateTimeFormat(locale, { ...DATE_TIME, timeZone }).format(d) : null;
}

/** The date alone ('—' when missing or unparseable), for creation dates on cards. */
export function formatDay(value: string | null | undefined, locale: string): string {
  const d = parseDate(value);
  return d ? new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric' }).format(d) : '—';
}

/** Megabytes with two decimals in the locale, e.g. '123.45 MB' or '123,45 MB'. */
export function formatMb(mb: number | null | undefined, locale: string): string {
  const n = typeof mb === 'number' && Number.isFinite(mb) ? mb : 0;
  return `${new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }).format(n)} MB`;
}

/** Free space as GB with one decimal (MB below 1 GB), in the locale. */
export function formatGb(bytes: number, locale: string): string {
  const number = (n: number, digits: number) =>
    new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(n);
  return bytes >= 1024 ** 3 ? `${number(bytes / 1024 ** 3, 1)} GB` : `${number(Math.round(bytes / 1024 ** 2), 0)} MB`;
}

/** A file's size in the unit that suits it (KB, MB, GB; one decimal from MB on), in the locale. */
export function formatBytes(bytes: number, locale: string): string {
  const number = (n: number, digits: number) =>
    new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(n);
  // a no-break space: a button's label never breaks between the number and its unit
  if (bytes < 1024 ** 2) return `${number(Math.max(1, Math.round(bytes / 1024)), 0)}\u00a0KB`;
  if (bytes < 1024 ** 3) return `${number(bytes / 1024 ** 2, 1)}\u00a0MB`;
  return `${number(bytes / 1024 ** 3, 1)}\u00a0GB`;
}

/** Size colouring of event cards: amber over 100 MB, normal otherwise. */
export function sizeTone(mb: number | null | undefined): 'normal' | 'amber' {
  return typeof mb === 'number' && mb > SIZE_AMBER_MB ? 'amber' : 'normal';
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** ISO UTC -> the value of an <input type="datetime-local"> in the browser's zone, minute precision. */
export function isoToLocalInput(value: string | null | undefined): string {
  const d = parseDate(value);
  if (!d) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The value of a datetime-local input (local time) -> ISO UTC, or null when empty or invalid. */
export function localInputToIso(value: string | null | undefined): string | null {
  if (!value) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), 0, 0);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** What the host calls an uploader without a name: a guest without a nickname, an upload without a guest. */
export interface UploaderWords {
  anonymous: string;
  unknown: string;
}

/**
 * Display name of an uploader: the nickname; 'Anonym' for a guest without one. Uploads without a guest
 * (`guest_id` null: a photo booth's API key, named by the key, or the admin) read 'Unbekannt' when nothing names them.
 */
export function uploaderName(u: { nickname?: string | null; guest_id?: number | null }, words: UploaderWords): string {
  if (u.nickname && u.nickname.trim()) return u.nickname;
  return u.guest_id === null ? words.unknown : words.anonymous;
}

/** The guest's handle as the tables show it ('#12'), enough to tell two 'Anonym' apart; 'Unbekannt' without a guest. */
export function guestHandle(u: { guest_id: number | null }, words: UploaderWords): string {
  return u.guest_id === null ? words.unknown : `#${u.guest_id}`;
}
