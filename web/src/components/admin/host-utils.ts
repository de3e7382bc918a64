import type { AlbumPhase } from '../../../../src/domain/albums.ts';
import { HEADER_THRESHOLDS, resolveColor, textColorOn } from '../../../../src/domain/colors.ts';
// Pure helpers shared by the admin dashboard, the host settings page and the print view.
// No React, no fetch: everything here is unit-tested in host-utils.test.ts.

export const SIZE_AMBER_MB = 100;

/** Escapes a field of a Wi-Fi QR payload: backslash, semicolon, comma, colon and double quote get a backslash. */
export function escapeWifiField(value: string): string {
  return value.replace(/([\\;,:"])/g, '\\$1');
}

/** The payload a phone camera understands as "join this network". An open network has no password. */
export function wifiQrPayload(ssid: string, password: string | null | undefined): string {
  if (!password) return `WIFI:T:nopass;S:${escapeWifiField(ssid)};;`;
  return `WIFI:T:WPA;S:${escapeWifiField(ssid)};P:${escapeWifiField(password)};;`;
}

function parseDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

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

/** A colour as #rrggbb (for <input type="color">), or the fallback when it is neither hex nor a named token. */
export function toHexColor(value: string | null | undefined, fallback: string): string {
  return resolveColor(value, resolveColor(fallback, '#000000')).toLowerCase();
}

/** White or dark header text depending on the primary colour (threshold 100 minimalistic, 160 split). */
export function headerTextColor(primary: string, style: 'minimalistic' | 'split' | 'premium'): string {
  // Premium puts the text on the darkened photo, so it is always white.
  if (style === 'premium') return '#ffffff';
  return textColorOn(resolveColor(primary), HEADER_THRESHOLDS[style]).toLowerCase();
}

export function isImageFile(file: File | null | undefined): boolean {
  return !!file && file.type.startsWith('image/');
}

/** Filters events by name or code, case-insensitive. */
export function filterEvents<T extends { name: string; code: string }>(events: T[], query: string): T[] {
  const q = query.trim().toLowerCase();
  if (!q) return events;
  return events.filter((e) => e.name.toLowerCase().includes(q) || e.code.toLowerCase().includes(q));
}

/** The guest link for an event, from the configured public URL (without a trailing slash). */
export function eventLink(publicUrl: string | null | undefined, code: string): string {
  const base = (publicUrl || (typeof location !== 'undefined' ? location.origin : '')).replace(/\/+$/, '');
  return `${base}/event/${encodeURIComponent(code)}`;
}

export function settingsLink(publicUrl: string | null | undefined, token: string): string {
  const base = (publicUrl || (typeof location !== 'undefined' ? location.origin : '')).replace(/\/+$/, '');
  return `${base}/event/${encodeURIComponent(token)}/settings`;
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

/**
 * Maps bytes received of a stored (not deflated) ZIP to the number of files that are complete:
 * file i is done once the bytes before it plus its own size (and a local header per file) have arrived.
 */
export function filesDoneForBytes(sizes: number[], bytes: number, headerOverhead = 100): number {
  let sum = 0;
  let done = 0;
  for (const size of sizes) {
    sum += size + headerOverhead;
    if (bytes >= sum) done++;
    else break;
  }
  return done;
}
