// Dates cross the API as ISO 8601 (`2026-06-20T18:30:00Z`, with offset, or a date only). Date.parse alone
// is too lenient (it reads "1" as the year 2001), so the shape is checked first.
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

export function isIsoDateTime(value: string): boolean {
  return ISO_DATE_TIME.test(value.trim()) && !Number.isNaN(Date.parse(value.trim()));
}

/** A calendar day as `YYYY-MM-DD` that exists (the printed cards' date). */
export function isIsoDay(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
}
