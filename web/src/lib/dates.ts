/** An ISO date from the server as a Date, or null when missing or unparseable (guest and host pages alike). */
export function parseDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}
