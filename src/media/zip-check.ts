// A strict reader of the archives createZipStream writes, for tests: `unzip -t` checks each file's data against
// the central directory only, so a wrong CRC or size in a local header or data descriptor (which streaming
// readers such as browsers' and phones' unzippers use) would pass it. The central directory is read as the
// import reads it (lib/zip-records.ts); this then walks the archive front to back, as a streaming reader does,
// and checks every record against it.
import { crc32 } from 'node:zlib';
import { readZipRecords } from '../lib/zip-records.ts';

const MAX32 = 0xffffffff;

export interface CheckedZipEntry {
  name: string;
  data: Uint8Array;
}

function fail(message: string): never {
  throw new Error(`ZIP: ${message}`);
}

/** Every entry of the archive, after checking local headers, data descriptors and the central directory agree. */
export async function readZipStrict(zip: Uint8Array): Promise<CheckedZipEntry[]> {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const { records, centralStart, centralSize, headersEnd, afterDirectory, endAt } = await readZipRecords({
    length: zip.length,
    read: async (at, length) => new DataView(zip.buffer, zip.byteOffset + at, length),
  });
  if (endAt !== zip.length - 22) fail('no end of central directory record at the end');
  if (afterDirectory !== centralStart + centralSize) fail('the end record does not follow the central directory');
  if (headersEnd !== centralStart + centralSize) fail('central directory size does not match its headers');
  const decoder = new TextDecoder('utf-8', { fatal: true });

  const entries: CheckedZipEntry[] = [];
  let local = 0; // a streaming reader's position: every entry must start where the previous one ended
  for (const { name, flags, method, crc, compressed, size, offset } of records) {
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
  return entries;
}
