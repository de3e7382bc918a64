// Reads the directory of a ZIP on disk, as the export writes it (zip-stream.ts: STORE, data descriptors, ZIP64
// where needed), for the import of an export ZIP. Only stored entries can be read: the import copies each
// file's byte range straight from the archive, never holding an archive in memory.

import { open, type FileHandle } from 'node:fs/promises';

export interface StoredEntry {
  name: string;
  /** where its bytes start in the archive */
  start: number;
  size: number;
}

/** The archive cannot be read as a ZIP (cut short, damaged, or not one): `reason` says where. */
export class ZipUnreadable extends Error {}

const MAX32 = 0xffffffff;
const MAX16 = 0xffff;
const END = 0x06054b50;
const END64 = 0x06064b50;
const LOCATOR64 = 0x07064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

async function readAt(file: FileHandle, at: number, length: number): Promise<DataView> {
  const buffer = new Uint8Array(length);
  const { bytesRead } = await file.read(buffer, 0, length, at);
  if (bytesRead !== length) throw new ZipUnreadable('it ends early');
  return new DataView(buffer.buffer);
}

const big = (v: DataView, at: number) => {
  const n = v.getBigUint64(at, true);
  if (n > BigInt(Number.MAX_SAFE_INTEGER)) throw new ZipUnreadable('a size is out of range');
  return Number(n);
};

/** The stored entries of the ZIP at `path`, by name; throws ZipUnreadable for anything it cannot trust. */
export async function readZipDirectory(path: string): Promise<Map<string, StoredEntry>> {
  const file = await open(path, 'r');
  try {
    const { size: length } = await file.stat();
    // The end record is the last 22 bytes (the export writes no archive comment; others may, up to 64 KB).
    const tailLength = Math.min(length, 22 + MAX16);
    if (tailLength < 22) throw new ZipUnreadable('it is too short to be a ZIP');
    const tail = await readAt(file, length - tailLength, tailLength);
    let endAt = -1;
    for (let i = tailLength - 22; i >= 0; i--) {
      if (tail.getUint32(i, true) === END && i + 22 + tail.getUint16(i + 20, true) === tailLength) {
        endAt = i;
        break;
      }
    }
    if (endAt < 0) throw new ZipUnreadable('its end record is missing (the file is cut short or no ZIP)');
    let count = tail.getUint16(endAt + 10, true);
    let centralSize = tail.getUint32(endAt + 12, true);
    let centralStart = tail.getUint32(endAt + 16, true);
    if (count === MAX16 || centralSize === MAX32 || centralStart === MAX32) {
      const locatorAt = endAt - 20;
      if (locatorAt < 0 || tail.getUint32(locatorAt, true) !== LOCATOR64) throw new ZipUnreadable('its ZIP64 end record is missing');
      const end64 = await readAt(file, big(tail, locatorAt + 8), 56);
      if (end64.getUint32(0, true) !== END64) throw new ZipUnreadable('its ZIP64 end record is damaged');
      count = big(end64, 32);
      centralSize = big(end64, 40);
      centralStart = big(end64, 48);
    }
    if (centralStart + centralSize > length) throw new ZipUnreadable('its directory lies beyond its end');
    const central = await readAt(file, centralStart, centralSize);
    const entries = new Map<string, StoredEntry>();
    const decoder = new TextDecoder('utf-8', { fatal: true });
    let at = 0;
    for (let i = 0; i < count; i++) {
      if (at + 46 > centralSize || central.getUint32(at, true) !== CENTRAL) throw new ZipUnreadable('its directory is damaged');
      const method = central.getUint16(at + 10, true);
      let size = central.getUint32(at + 24, true);
      let compressed = central.getUint32(at + 20, true);
      const nameLength = central.getUint16(at + 28, true);
      const extraLength = central.getUint16(at + 30, true);
      const commentLength = central.getUint16(at + 32, true);
      let offset = central.getUint32(at + 42, true);
      if (at + 46 + nameLength + extraLength > centralSize) throw new ZipUnreadable('its directory is damaged');
      let name: string;
      try {
        name = decoder.decode(new Uint8Array(central.buffer, at + 46, nameLength));
      } catch {
        throw new ZipUnreadable('a file name is not UTF-8');
      }
      // ZIP64: the 64-bit values, in this order, of exactly the fields that say 0xFFFFFFFF
      for (let e = at + 46 + nameLength; e + 4 <= at + 46 + nameLength + extraLength;) {
        const id = central.getUint16(e, true);
        const fieldLength = central.getUint16(e + 2, true);
        if (id === 0x0001) {
          let v = e + 4;
          if (size === MAX32) {
            size = big(central, v);
            v += 8;
          }
          if (compressed === MAX32) {
            compressed = big(central, v);
            v += 8;
          }
          if (offset === MAX32) offset = big(central, v);
        }
        e += 4 + fieldLength;
      }
      at += 46 + nameLength + extraLength + commentLength;
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
