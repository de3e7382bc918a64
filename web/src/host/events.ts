/** Filters events by name or code, case-insensitive (the dashboard's search). */
export function filterEvents<T extends { name: string; code: string }>(events: T[], query: string): T[] {
  const q = query.trim().toLowerCase();
  if (!q) return events;
  return events.filter((e) => e.name.toLowerCase().includes(q) || e.code.toLowerCase().includes(q));
}
