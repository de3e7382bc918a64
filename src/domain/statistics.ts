// How many uploaders the statistics list by name (spec: the top 10), on the server's answer and on the screens.
export const TOP_UPLOADERS = 10;
/** How many albums the statistics rank by upload count ('Top-Alben'). */
export const TOP_ALBUMS = 5;
/** The uploads-per-hour chart covers at most this many hours: the night of a wedding, the last two days of a longer event. */
export const UPLOAD_HOURS = 48;

const HOUR_MS = 3_600_000;

/**
 * Uploads per hour: every hour (UTC hour start, ISO) from the first upload's to the last one's, empty hours
 * included so a chart shows the gaps, the newest `UPLOAD_HOURS` at most. `createdAt` are ISO times.
 */
export function uploadsPerHour(createdAt: readonly string[], limit = UPLOAD_HOURS): { hour: string; count: number }[] {
  const counts = new Map<number, number>();
  for (const at of createdAt) {
    const ms = Date.parse(at);
    if (Number.isNaN(ms)) continue;
    const hour = Math.floor(ms / HOUR_MS) * HOUR_MS;
    counts.set(hour, (counts.get(hour) ?? 0) + 1);
  }
  if (counts.size === 0) return [];
  const last = Math.max(...counts.keys());
  const first = Math.max(Math.min(...counts.keys()), last - (limit - 1) * HOUR_MS);
  const hours: { hour: string; count: number }[] = [];
  for (let h = first; h <= last; h += HOUR_MS) hours.push({ hour: new Date(h).toISOString(), count: counts.get(h) ?? 0 });
  return hours;
}
