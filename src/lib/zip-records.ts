// The end record and central directory of a ZIP, read through any random access to its bytes: the import's
// reader of an archive on disk (storage/zip-read.ts) and the tests' strict reader of an archive in memory
// (media/zip-check.ts) share it, so the two cannot read the records differently.

/** The archive cannot be read as a ZIP (cut short, damaged, or not one): the message says where. */
export class ZipUnreadable extends Error {}

const MAX32 = 0xffffffff;
const MAX16 = 0xffff;
const END = 0x06054b50;
const END64 = 0x06064b50;
const LOCATOR64 = 0x07064b50;
const CENTRAL = 0x02014b50;

const big = (v: DataView, at: number) => {
  const n = v.getBigUint64(at, true);
  if (n > BigInt(Number.MAX_SAFE_INTEGER)) throw new ZipUnreadable('a size is out of range');
  return Number(n);
};

/** One file's record in the central directory, its ZIP64 values already applied. */
export interface CentralRecord {
  name: string;
  flags: number;
  method: number;
  crc: number;
  compressed: number;
  size: number;
  /** where its local header starts */
  offset: number;
}

/** Random access to an archive's bytes: a file on disk here, bytes in memory in the tests' strict reader. */
export interface ZipSource {
  length: number;
  read(at: number, length: number): Promise<DataView>;
}

export interface ZipRecords {
  records: CentralRecord[];
  centralStart: number;
  centralSize: number;
  /** where the central directory's headers end (a sound archive: centralStart + centralSize) */
  headersEnd: number;
  /** where the record after the directory starts (the ZIP64 end record, else the end record) */
  afterDirectory: number;
  /** where the end record starts (a sound archive without a comment: length - 22) */
  endAt: number;
}

/** The end record and the central directory of an archive; throws ZipUnreadable for anything it cannot trust. */
export async function readZipRecords(source: ZipSource): Promise<ZipRecords> {
  const { length } = source;
  // The end record is the last 22 bytes (the export writes no archive comment; others may, up to 64 KB).
  const tailLength = Math.min(length, 22 + MAX16);
  if (tailLength < 22) throw new ZipUnreadable('it is too short to be a ZIP');
  const tail = await source.read(length - tailLength, tailLength);
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
  let afterDirectory = length - tailLength + endAt;
  if (count === MAX16 || centralSize === MAX32 || centralStart === MAX32) {
    const locatorAt = endAt - 20;
    if (locatorAt < 0 || tail.getUint32(locatorAt, true) !== LOCATOR64) throw new ZipUnreadable('its ZIP64 end record is missing');
    afterDirectory = big(tail, locatorAt + 8);
    const end64 = await source.read(afterDirectory, 56);
    if (end64.getUint32(0, true) !== END64) throw new ZipUnreadable('its ZIP64 end record is damaged');
    count = big(end64, 32);
    centralSize = big(end64, 40);
    centralStart = big(end64, 48);
  }
  if (centralStart + centralSize > length) throw new ZipUnreadable('its directory lies beyond its end');
  const central = await source.read(centralStart, centralSize);
  const records: CentralRecord[] = [];
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let at = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > centralSize || central.getUint32(at, true) !== CENTRAL) throw new ZipUnreadable('its directory is damaged');
    let size = central.getUint32(at + 24, true);
    let compressed = central.getUint32(at + 20, true);
    const nameLength = central.getUint16(at + 28, true);
    const extraLength = central.getUint16(at + 30, true);
    const commentLength = central.getUint16(at + 32, true);
    let offset = central.getUint32(at + 42, true);
    if (at + 46 + nameLength + extraLength > centralSize) throw new ZipUnreadable('its directory is damaged');
    let name: string;
    try {
      name = decoder.decode(new Uint8Array(central.buffer, central.byteOffset + at + 46, nameLength));
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
    const flags = central.getUint16(at + 8, true);
    const method = central.getUint16(at + 10, true);
    records.push({ name, flags, method, crc: central.getUint32(at + 16, true), compressed, size, offset });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return { records, centralStart, centralSize, headersEnd: centralStart + at, afterDirectory, endAt: length - tailLength + endAt };
}
