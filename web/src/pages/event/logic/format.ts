import { currentLocale, getT } from '../../../i18n';

// Dates, times and sizes in the language shown, in the browser's time zone (the server sends ISO 8601 UTC).

const DATE = { day: '2-digit', month: '2-digit', year: 'numeric' } as const;
const TIME = { hour: '2-digit', minute: '2-digit' } as const;
const number = (n: number, style?: Intl.NumberFormatOptions) => n.toLocaleString(currentLocale(), style ?? { maximumFractionDigits: 1 });

export { parseDate } from '../../../lib/dates';

export const formatDate = (d: Date) => d.toLocaleDateString(currentLocale(), DATE);
export const formatTime = (d: Date) => d.toLocaleTimeString(currentLocale(), TIME);

/** German: "20.06. 18:00 – 23:30" on one day, "20.06.2026 18:00 – 21.06.2026 02:00" across days. */
export function formatRange(start: Date | null, end: Date | null): string | null {
  if (!start && !end) return null;
  if (start && end) {
    const sameDay = start.toDateString() === end.toDateString();
    if (sameDay) return `${formatDate(start)} · ${formatTime(start)} – ${formatTime(end)}`;
    const sameYear = start.getFullYear() === end.getFullYear();
    const s = sameYear ? start.toLocaleDateString(currentLocale(), { day: '2-digit', month: '2-digit' }) : formatDate(start);
    return `${s} ${formatTime(start)} – ${formatDate(end)} ${formatTime(end)}`;
  }
  if (start) return getT().rangeFrom(`${formatDate(start)} ${formatTime(start)}`);
  return getT().rangeUntil(`${formatDate(end!)} ${formatTime(end!)}`);
}

/** A download's size as a guest reads it: "840 KB", "12,3 MB" / "12.3 MB", "1,2 GB". */
export function formatSize(bytes: number): string {
  if (bytes < 1024 ** 2) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  if (bytes < 1024 ** 3) return `${number(bytes / 1024 ** 2)} MB`;
  return `${number(bytes / 1024 ** 3)} GB`;
}

/** Progress as the locale writes it: "45 %" in German, "45%" in English. */
export const formatPercent = (percent: number) => number(percent / 100, { style: 'percent' });
