// A strict reader of the archives createZipStream writes, for tests: `unzip -t` checks each file's data against
// the central directory only, so a wrong CRC or size in a local header or data descriptor (which streaming
// readers such as browsers' and phones' unzippers use) would pass it. This walks the archive front to back,
// as a streaming reader does, and checks every record against the central directory.
import { crc32 } from 'node:zlib';

const MAX32 = 0xffffffff;

export interface CheckedZipEntry {
  name: string;
  data: Uint8Array;
}

function fail(message: string): never {
  throw new Error(`ZIP: ${message}`);
}

/** ZIP64 extended information (0x0001) of an extra field: the 64-bit values in their order. */
function zip64Values(view: DataView, start: number, length: number): bigint[] {
  for (let at = start; at + 4 <= start + length;) {
    const id = view.getUint16(at, true);
    const size = view.getUint16(at + 2, true);
    if (id === 0x0001) return Array.from({ length: size / 8 }, (_, i) => view.getBigUint64(at + 4 + i * 8, true));
    at += 4 + size;
  }
  return [];
}

/** Every entry of the archive, after checking local headers, data descriptors and the central directory agree. */
export function readZipStrict(zip: Uint8Array): CheckedZipEntry[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const endAt = zip.length - 22;
  if (endAt < 0 || view.getUint32(endAt, true) !== 0x06054b50) fail('no end of central directory record at the end');
  let count = view.getUint16(endAt + 10, true);
  let centralSize = view.getUint32(endAt + 12, true);
  let centralStart = view.getUint32(endAt + 16, true);
  if (count === 0xffff || centralSize === MAX32 || centralStart === MAX32) {
    const locatorAt = endAt - 20;
    if (view.getUint32(locatorAt, true) !== 0x07064b50) fail('ZIP64 locator missing');
    const zip64EndAt = Number(view.getBigUint64(locatorAt + 8, true));
    if (view.getUint32(zip64EndAt, true) !== 0x06064b50) fail('ZIP64 end record missing');
    count = Number(view.getBigUint64(zip64EndAt + 32, true));
    centralSize = Number(view.getBigUint64(zip64EndAt + 40, true));
    centralStart = Number(view.getBigUint64(zip64EndAt + 48, true));
    if (zip64EndAt !== centralStart + centralSize) fail('ZIP64 end record does not follow the central directory');
  } else if (endAt !== centralStart + centralSize) {
    fail('end record does not follow the central directory');
  }

  const entries: CheckedZipEntry[] = [];
  let central = centralStart;
  let local = 0; // a streaming reader's position: every entry must start where the previous one ended
  for (let i = 0; i < count; i++) {
    if (view.getUint32(central, true) !== 0x02014b50) fail(`central header ${i} has no signature`);
    const flags = view.getUint16(central + 8, true);
    const method = view.getUint16(central + 10, true);
    const crc = view.getUint32(central + 16, true);
    let compressed = view.getUint32(central + 20, true);
    let size = view.getUint32(central + 24, true);
    const nameLength = view.getUint16(central + 28, true);
    const extraLength = view.getUint16(central + 30, true);
    const commentLength = view.getUint16(central + 32, true);
    let offset = view.getUint32(central + 42, true);
    const name = decoder.decode(zip.subarray(central + 46, central + 46 + nameLength));
    const big = zip64Values(view, central + 46 + nameLength, extraLength);
    if (size === MAX32) size = Number(big.shift() ?? fail(`${name}: ZIP64 size missing`));
    if (compressed === MAX32) compressed = Number(big.shift() ?? fail(`${name}: ZIP64 compressed size missing`));
    if (offset === MAX32) offset = Number(big.shift() ?? fail(`${name}: ZIP64 offset missing`));
    central += 46 + nameLength + extraLength + commentLength;
    if (method !== 0 || compressed !== size) fail(`${name}: not stored`);
    if (offset !== local) fail(`${name}: starts at ${offset}, the previous entry ended at ${local}`);

    if (view.getUint32(offset, true) !== 0x04034b50) fail(`${name}: no local header at ${offset}`);
    const localFlags = view.getUint16(offset + 6, true);
    const localNameLength = view.getUint16(offset + 26, true);
    const localExtraLength = view.getUint16(offset + 28, true);
    const localName = decoder.decode(zip.subarray(offset + 30, offset + 30 + localNameLength));
    if (localName !== name) fail(`local header names ${JSON.stringify(localName)}, the central directory ${JSON.stringify(name)}`);
    if (localFlags !== flags || view.getUint16(offset + 8, true) !== method) fail(`${name}: local header flags or method differ`);
    const dataAt = offset + 30 + localNameLength + localExtraLength;
    const data = zip.subarray(dataAt, dataAt + size);
    if (data.length !== size) fail(`${name}: data cut short`);
    if (crc32(data) >>> 0 !== crc) fail(`${name}: data does not match the central directory's CRC`);

    let descriptorAt = dataAt + size;
    if (flags & 0x0008) {
      if (view.getUint32(descriptorAt, true) !== 0x08074b50) fail(`${name}: no data descriptor after the data`);
      const zip64 = view.getUint32(offset + 18, true) === MAX32; // the local header announced ZIP64 sizes
      const descriptorCrc = view.getUint32(descriptorAt + 4, true);
      const sizes = zip64
        ? [Number(view.getBigUint64(descriptorAt + 8, true)), Number(view.getBigUint64(descriptorAt + 16, true))]
        : [view.getUint32(descriptorAt + 8, true), view.getUint32(descriptorAt + 12, true)];
      if (descriptorCrc !== crc) fail(`${name}: data descriptor CRC ${descriptorCrc.toString(16)}, central ${crc.toString(16)}`);
      if (sizes[0] !== size || sizes[1] !== size) fail(`${name}: data descriptor sizes ${sizes}, central ${size}`);
      descriptorAt += zip64 ? 24 : 16;
    } else if (view.getUint32(offset + 14, true) !== crc || view.getUint32(offset + 22, true) !== size) {
      fail(`${name}: local header CRC or size differ from the central directory`);
    }
    local = descriptorAt;
    entries.push({ name, data });
  }
  if (local !== centralStart) fail(`entries end at ${local}, the central directory starts at ${centralStart}`);
  if (central !== centralStart + centralSize) fail('central directory size does not match its headers');
  return entries;
}
