// German date and time formatting in the browser's time zone (the server sends ISO 8601 UTC).

const dateFmt = new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric' });
const timeFmt = new Intl.DateTimeFormat('de-DE', { hour: '2-digit', minute: '2-digit' });
const shortDateFmt = new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit' });

export { parseDate } from '../../../lib/dates';

export const formatDate = (d: Date) => dateFmt.format(d);
export const formatTime = (d: Date) => timeFmt.format(d);

/** "20.06. 18:00 – 23:30" on one day, "20.06.2026 18:00 – 21.06.2026 02:00" across days. */
export function formatRange(start: Date | null, end: Date | null): string | null {
  if (!start && !end) return null;
  if (start && end) {
    const sameDay = start.toDateString() === end.toDateString();
    if (sameDay) return `${formatDate(start)} · ${formatTime(start)} – ${formatTime(end)}`;
    const sameYear = start.getFullYear() === end.getFullYear();
    const s = sameYear ? shortDateFmt.format(start) : formatDate(start);
    return `${s} ${formatTime(start)} – ${formatDate(end)} ${formatTime(end)}`;
  }
  if (start) return `ab ${formatDate(start)} ${formatTime(start)}`;
  return `bis ${formatDate(end!)} ${formatTime(end!)}`;
}

const sizeFmt = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 });
/** A download's size as a guest reads it: "840 KB", "12,3 MB", "1,2 GB". */
export function formatSize(bytes: number): string {
  if (bytes < 1024 ** 2) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  if (bytes < 1024 ** 3) return `${sizeFmt.format(bytes / 1024 ** 2)} MB`;
  return `${sizeFmt.format(bytes / 1024 ** 3)} GB`;
}
