// A file keeps its upload id until the box has it whole: picked again after a cancel or a failure (or
// retried from the list), it continues the partial file the box holds (its chunk status) instead of
// starting from 0 %. Kept in localStorage, so a reload of the page does not lose it either.

const KEY = 'momentbox.upload-ids';
/** the newest ids kept; a guest's unfinished files of a night fit easily */
const MAX = 200;

/** The same file picked again: same event, name, size and modification time. */
export const fileKey = (eventId: number, f: { name: string; size: number; lastModified: number }) =>
  `${eventId}:${f.size}:${f.lastModified}:${f.name}`;

function read(): Record<string, string> {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    return v && typeof v === 'object' ? (v as Record<string, string>) : {};
  } catch {
    return {};
  }
}

function write(ids: Record<string, string>) {
  try {
    const entries = Object.entries(ids);
    localStorage.setItem(KEY, JSON.stringify(Object.fromEntries(entries.slice(Math.max(0, entries.length - MAX)))));
  } catch {
    // storage full or blocked: the file then starts from 0 % when picked again
  }
}

export function rememberedUploadId(key: string): string | null {
  return read()[key] ?? null;
}

export function rememberUploadId(key: string, id: string): void {
  const ids = read();
  delete ids[key];
  ids[key] = id;
  write(ids);
}

export function forgetUploadId(key: string): void {
  const ids = read();
  if (!(key in ids)) return;
  delete ids[key];
  write(ids);
}
