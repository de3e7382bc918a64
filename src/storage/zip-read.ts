// Reads the directory of a ZIP on disk, as the export writes it (zip-stream.ts: STORE, data descriptors, ZIP64
// where needed), for the import of an export ZIP. Only stored entries can be read: the import copies each
// file's byte range straight from the archive, never holding an archive in memory.

import { open, type FileHandle } from 'node:fs/promises';
import { readZipRecords, ZipUnreadable } from '../lib/zip-records.ts';

export { ZipUnreadable };

export interface StoredEntry {
  name: string;
  /** where its bytes start in the archive */
  start: number;
  size: number;
}

const LOCAL = 0x04034b50;

async function readAt(file: FileHandle, at: number, length: number): Promise<DataView> {
  const buffer = new Uint8Array(length);
  const { bytesRead } = await file.read(buffer, 0, length, at);
  if (bytesRead !== length) throw new ZipUnreadable('it ends early');
  return new DataView(buffer.buffer);
}

/** The stored entries of the ZIP at `path`, by name; throws ZipUnreadable for anything it cannot trust. */
export async function readZipDirectory(path: string): Promise<Map<string, StoredEntry>> {
  const file = await open(path, 'r');
  try {
    const { size: length } = await file.stat();
    const { records, centralStart } = await readZipRecords({ length, read: (at, n) => readAt(file, at, n) });
    const entries = new Map<string, StoredEntry>();
    for (const { name, method, compressed, size, offset } of records) {
      if (name.endsWith('/')) continue; // a folder
      if (method !== 0 || compressed !== size) throw new ZipUnreadable(`${name} is compressed (not an export of this box)`);
      const local = await readAt(file, offset, 30);
      if (local.getUint32(0, true) !== LOCAL) throw new ZipUnreadable(`${name} is damaged`);
      const start = offset + 30 + local.getUint16(26, true) + local.getUint16(28, true);
      if (start + size > centralStart) throw new ZipUnreadable(`${name} lies beyond the archive's files`);
      entries.set(name, { name, start, size });
    }
    return entries;
  } finally {
    await file.close();
  }
}
