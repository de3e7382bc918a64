import type { AlbumPhase } from '../../../src/domain/albums.ts';
import { parseDate } from '../lib/dates';
// How the host side (admin dashboard, the couple's page, print view) shows dates, sizes and uploaders.
// No React, no fetch: unit-tested in host.test.ts.

export const SIZE_AMBER_MB = 100;

export const ALBUM_PHASE_LABEL: Record<AlbumPhase, string> = { current: 'Current', upcoming: 'Upcoming', past: 'Past' };

const GERMAN_DATE_TIME = new Intl.DateTimeFormat('de-DE', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const GERMAN_DATE = new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric' });

/** German day, month, year, hour, minute; 'Not set' when missing, 'Invalid date' when unparseable. */
export function formatGermanDateTime(value: string | null | undefined, timeZone?: string): string {
  if (value === null || value === undefined || value === '') return 'Not set';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return 'Invalid date';
  const fmt = timeZone
    ? new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone })
    : GERMAN_DATE_TIME;
  return fmt.format(d);
}

/** German date without time ('—' when missing or unparseable), for creation dates on cards. */
export function formatGermanDate(value: string | null | undefined): string {
  const d = parseDate(value);
  return d ? GERMAN_DATE.format(d) : '—';
}

/** Megabytes with two decimals, e.g. '123.45 MB'. */
export function formatMb(mb: number | null | undefined): string {
  const n = typeof mb === 'number' && Number.isFinite(mb) ? mb : 0;
  return `${n.toFixed(2)} MB`;
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

/**
 * Display name of an uploader: the nickname; 'Anonym' for a guest without one. Uploads without a guest
 * (`guest_id` null: a photo booth's API key, named by the key, or the admin) read 'Unbekannt' when nothing names them.
 */
export function uploaderName(u: { nickname?: string | null; guest_id?: number | null }): string {
  if (u.nickname && u.nickname.trim()) return u.nickname;
  return u.guest_id === null ? 'Unbekannt' : 'Anonym';
}

/** The guest's handle as the tables show it ('#12'), enough to tell two 'Anonym' apart; 'Unbekannt' without a guest. */
export function guestHandle(u: { guest_id: number | null }): string {
  return u.guest_id === null ? 'Unbekannt' : `#${u.guest_id}`;
}
