// §3 local record: per event and album, the ids of media this browser has downloaded.

const key = (eventId: number, albumId: number) => `momentbox_downloaded_${eventId}_${albumId}`;

export function downloadedIds(eventId: number, albumId: number): Record<string, number> {
  try {
    const raw = localStorage.getItem(key(eventId, albumId));
    const v = raw ? (JSON.parse(raw) as unknown) : {};
    return v && typeof v === 'object' ? (v as Record<string, number>) : {};
  } catch {
    return {};
  }
}

export function markDownloaded(eventId: number, albumId: number, uploadId: number): void {
  const map = downloadedIds(eventId, albumId);
  map[String(uploadId)] = Date.now();
  try {
    localStorage.setItem(key(eventId, albumId), JSON.stringify(map));
  } catch {
    /* storage full or disabled: the record is a convenience */
  }
}

export function notYetDownloaded<T extends { id: number }>(eventId: number, albumId: number, items: T[]): T[] {
  const map = downloadedIds(eventId, albumId);
  return items.filter((u) => !map[String(u.id)]);
}
