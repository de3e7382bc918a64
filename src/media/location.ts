import { open } from 'node:fs/promises';
import { ascii, type Box, boxesIn, RangeReader, topLevelBoxes, view } from './iso-boxes.ts';
import { SNIFF_BYTES, sniffMediaType } from './sniff.ts';

// Where a photo or video says where it was taken, and how to make it stop saying so without touching
// anything else. The answer is a list of same-length overwrites: the GPS directory of the EXIF emptied
// and its values zeroed (JPEG, HEIC), GPS properties of XMP blanked with spaces, and in MP4/MOV the
// location boxes (udta ©xyz and loci, QuickTime `mdta` location items) turned into `free` boxes full of
// zeros. The file keeps its length and every byte of the picture and sound, so sizes, ranges and ZIP
// entries stay as they are, and the stored original (whose SHA-256 the uploader's phone checks) is
// never changed: the overwrites are applied while a copy is sent (see patchedStream).

/** Bytes to put at `offset` in place of what is there (same length). */
export interface BytePatch {
  offset: number;
  bytes: Uint8Array;
}

/** Metadata larger than this is not looked at (a moov box of a long video is a few MB at most). */
const MAX_METADATA_BYTES = 64 * 1024 * 1024;
const MAX_IFD_ENTRIES = 1000;

/** The overwrites that remove the location from a JPEG, HEIC, MP4 or MOV; empty when it has none (or is another type). */
export async function findLocationPatches(path: string): Promise<BytePatch[]> {
  const file = await open(path, 'r');
  try {
    const size = (await file.stat()).size;
    const reader = new RangeReader(file, size);
    const type = sniffMediaType(await reader.read(0, Math.min(SNIFF_BYTES, size)));
    if (!type) return [];
    if (type.mime === 'image/jpeg') return await jpegPatches(reader);
    if (type.mime === 'image/heic') return await heicPatches(reader);
    if (type.kind === 'video') return await videoPatches(reader);
    return [];
  } finally {
    await file.close();
  }
}

/**
 * Bytes `start` to `end` (exclusive) of a file with the patches applied, streamed in chunks. The patches
 * may still be being found: the stream waits for them before its first chunk.
 */
export function patchedStream(
  path: string,
  patches: readonly BytePatch[] | Promise<readonly BytePatch[]>,
  start = 0,
  end?: number,
): ReadableStream<Uint8Array> {
  let inner: ReturnType<typeof readerOf> | null = null;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      inner ??= readerOf(applyPatches(path, await patches, start, end));
      const { done, value } = await inner.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) {
      return inner?.cancel(reason);
    },
  });
}

// typed by inference: Bun's and the DOM's typings of a stream's reader differ
const readerOf = (stream: ReadableStream<Uint8Array>) => stream.getReader();

function applyPatches(path: string, patches: readonly BytePatch[], start: number, end: number | undefined): ReadableStream<Uint8Array> {
  const source = Bun.file(path).slice(start, end).stream();
  let at = start;
  return source.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        // Chunks of Bun.file streams may be shared: a chunk with something to overwrite is copied first.
        const out = patches.some((p) => overlaps(p, at, at + chunk.byteLength)) ? chunk.slice() : chunk;
        patchInPlace(out, at, patches);
        at += chunk.byteLength;
        controller.enqueue(out);
      },
    }),
  );
}

const overlaps = (p: BytePatch, start: number, end: number) => p.offset < end && p.offset + p.bytes.byteLength > start;

/** Writes into `piece` (the file's bytes from offset `at`) the parts of the patches that fall into it. */
export function patchInPlace(piece: Uint8Array, at: number, patches: readonly BytePatch[]): void {
  const end = at + piece.byteLength;
  for (const p of patches) {
    if (!overlaps(p, at, end)) continue;
    const from = Math.max(p.offset, at);
    const to = Math.min(p.offset + p.bytes.byteLength, end);
    piece.set(p.bytes.subarray(from - p.offset, to - p.offset), from - at);
  }
}

const zeros = (offset: number, length: number): BytePatch => ({ offset, bytes: new Uint8Array(length) });

// ---- EXIF (TIFF) ----

const GPS_IFD_TAG = 0x8825;
const TIFF_TYPE_SIZES: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8 };

/** Empties the GPS directory of the TIFF structure starting at `tiff` and zeroes the values it pointed to. */
async function exifGpsPatches(reader: RangeReader, tiff: number): Promise<BytePatch[]> {
  const header = await reader.read(tiff, 8);
  if (header.length < 8) return [];
  const order = ascii(header, 0, 2);
  if (order !== 'II' && order !== 'MM') return [];
  const little = order === 'II';
  const u16 = (b: Uint8Array, at: number) => view(b).getUint16(at, little);
  const u32 = (b: Uint8Array, at: number) => view(b).getUint32(at, little);
  if (u16(header, 2) !== 42) return [];

  const readIfd = async (offset: number) => {
    const countBytes = await reader.read(tiff + offset, 2);
    if (countBytes.length < 2) return null;
    const count = u16(countBytes, 0);
    if (count > MAX_IFD_ENTRIES) return null;
    const entries = await reader.read(tiff + offset + 2, count * 12);
    if (entries.length < count * 12) return null;
    return { count, entries };
  };
  const ifd0 = await readIfd(u32(header, 4));
  if (!ifd0) return [];
  let gpsOffset: number | null = null;
  for (let i = 0; i < ifd0.count; i++) {
    if (u16(ifd0.entries, i * 12) === GPS_IFD_TAG) gpsOffset = u32(ifd0.entries, i * 12 + 8);
  }
  if (gpsOffset === null) return [];
  const gps = await readIfd(gpsOffset);
  if (!gps) return [];
  const patches: BytePatch[] = [];
  for (let i = 0; i < gps.count; i++) {
    const size = (TIFF_TYPE_SIZES[u16(gps.entries, i * 12 + 2)] ?? 1) * u32(gps.entries, i * 12 + 4);
    // Values over 4 bytes live elsewhere (latitude, longitude: 3 rationals each); they are zeroed there too.
    if (size > 4 && size <= MAX_METADATA_BYTES) patches.push(zeros(tiff + u32(gps.entries, i * 12 + 8), size));
  }
  // Entry count 0 and zeros where the entries were: an empty directory that every reader accepts.
  patches.push(zeros(tiff + gpsOffset, 2 + gps.count * 12 + 4));
  return patches;
}

// ---- XMP ----

// GPS properties of XMP (exif:GPSLatitude and friends), as attributes or as elements.
const XMP_GPS_ATTRIBUTE = /\s[\w.-]+:GPS[A-Za-z]*\s*=\s*("[^"]*"|'[^']*')/g;
const XMP_GPS_ELEMENT = /<([\w.-]+:GPS[A-Za-z]*)\b[^>]*?(\/>|>[\s\S]*?<\/\1\s*>)/g;

/** Blanks the GPS properties of an XMP packet at `offset` with spaces (XML stays well-formed). */
function xmpGpsPatches(packet: Uint8Array, offset: number): BytePatch[] {
  const text = new TextDecoder('latin1').decode(packet);
  const patches: BytePatch[] = [];
  for (const re of [XMP_GPS_ATTRIBUTE, XMP_GPS_ELEMENT]) {
    for (const m of text.matchAll(re)) patches.push({ offset: offset + m.index, bytes: new Uint8Array(m[0].length).fill(0x20) });
  }
  return patches;
}

// ---- JPEG ----

const EXIF_ID = 'Exif\0\0';
const XMP_ID = 'http://ns.adobe.com/xap/1.0/\0';

async function jpegPatches(reader: RangeReader): Promise<BytePatch[]> {
  const patches: BytePatch[] = [];
  // Markers up to the image data (SOS); metadata segments come first.
  for (let at = 2; at + 4 <= reader.size;) {
    const marker = await reader.read(at, 4);
    if (marker[0] !== 0xff) break;
    const type = marker[1]!;
    if (type === 0xd8 || type === 0x01 || (type >= 0xd0 && type <= 0xd7)) {
      at += 2;
      continue;
    }
    if (type === 0xda || type === 0xd9) break;
    const length = view(marker).getUint16(2);
    if (type === 0xe1) {
      const segment = await reader.read(at + 4, length - 2);
      if (ascii(segment, 0, EXIF_ID.length) === EXIF_ID) patches.push(...(await exifGpsPatches(reader, at + 4 + EXIF_ID.length)));
      else if (ascii(segment, 0, XMP_ID.length) === XMP_ID) patches.push(...xmpGpsPatches(segment, at + 4));
    }
    at += 2 + length;
  }
  return patches;
}

// ---- ISO-BMFF boxes (HEIC, MP4, MOV) ----

/** A box turned into a `free` box of zeros: players skip it, nothing else moves. */
function freeBox(box: Box): BytePatch[] {
  return [{ offset: box.start + 4, bytes: new TextEncoder().encode('free') }, zeros(box.content, box.end - box.content)];
}

// ---- HEIC ----

async function heicPatches(reader: RangeReader): Promise<BytePatch[]> {
  const meta = (await topLevelBoxes(reader)).find((b) => b.type === 'meta');
  if (!meta || meta.end - meta.start > MAX_METADATA_BYTES) return [];
  const bytes = await reader.read(meta.start, meta.end - meta.start);
  const local = (fileOffset: number) => fileOffset - meta.start;
  // meta is a FullBox: 4 bytes of version and flags before its children.
  const children = boxesIn(bytes, local(meta.content) + 4, bytes.length, meta.start);
  const iinf = children.find((b) => b.type === 'iinf');
  const iloc = children.find((b) => b.type === 'iloc');
  if (!iinf || !iloc) return [];
  const items = itemTypes(bytes, local(iinf.content), local(iinf.end), meta.start);
  const locations = itemLocations(bytes, local(iloc.content), local(iloc.end));
  const patches: BytePatch[] = [];
  for (const [id, type] of items) {
    const extent = locations.get(id);
    if (!extent) continue;
    if (type === 'Exif') {
      // The item starts with the offset of the TIFF header (Apple writes 6 for an 'Exif\0\0' prefix).
      const prefix = await reader.read(extent.offset, 4);
      if (prefix.length === 4) patches.push(...(await exifGpsPatches(reader, extent.offset + 4 + view(prefix).getUint32(0))));
    } else if (type === 'xmp' && extent.length <= MAX_METADATA_BYTES) {
      patches.push(...xmpGpsPatches(await reader.read(extent.offset, extent.length), extent.offset));
    }
  }
  return patches;
}

/** Item id to type ('Exif', 'xmp' for an RDF/XML `mime` item, else the 4CC) from the `iinf` box. */
function itemTypes(bytes: Uint8Array, from: number, to: number, base: number): Map<number, string> {
  const dv = view(bytes);
  const version = bytes[from]!;
  const first = from + 4 + (version === 0 ? 2 : 4);
  const types = new Map<number, string>();
  for (const infe of boxesIn(bytes, first, to, base)) {
    if (infe.type !== 'infe') continue;
    let at = infe.content - base;
    const infeVersion = bytes[at]!;
    if (infeVersion < 2) continue;
    at += 4;
    const id = infeVersion === 2 ? dv.getUint16(at) : dv.getUint32(at);
    at += (infeVersion === 2 ? 2 : 4) + 2; // id, protection index
    const type = ascii(bytes, at, at + 4);
    if (type === 'mime') {
      const rest = new TextDecoder('latin1').decode(bytes.subarray(at + 4, infe.end - base));
      const [, contentType] = rest.split('\0');
      types.set(id, contentType === 'application/rdf+xml' ? 'xmp' : 'mime');
    } else types.set(id, type);
  }
  return types;
}

/** Item id to the file offset and length of its first extent (file-based items only) from the `iloc` box. */
function itemLocations(bytes: Uint8Array, from: number, to: number): Map<number, { offset: number; length: number }> {
  const dv = view(bytes);
  const version = bytes[from]!;
  let at = from + 4;
  const offsetSize = bytes[at]! >> 4;
  const lengthSize = bytes[at]! & 15;
  const baseOffsetSize = bytes[at + 1]! >> 4;
  const indexSize = version === 1 || version === 2 ? bytes[at + 1]! & 15 : 0;
  at += 2;
  const sized = (n: number) => {
    const value = n === 0 ? 0 : n === 4 ? dv.getUint32(at) : n === 8 ? Number(dv.getBigUint64(at)) : n === 2 ? dv.getUint16(at) : NaN;
    at += n;
    return value;
  };
  const itemCount = version < 2 ? sized(2) : sized(4);
  const result = new Map<number, { offset: number; length: number }>();
  for (let i = 0; i < itemCount && at < to; i++) {
    const id = version < 2 ? sized(2) : sized(4);
    const construction = version === 1 || version === 2 ? sized(2) & 15 : 0;
    sized(2); // data reference index
    const baseOffset = sized(baseOffsetSize);
    const extents = sized(2);
    for (let e = 0; e < extents; e++) {
      sized(indexSize);
      const offset = sized(offsetSize);
      const length = sized(lengthSize);
      if (e === 0 && construction === 0 && Number.isFinite(offset + length)) result.set(id, { offset: baseOffset + offset, length });
    }
  }
  return result;
}

// ---- MP4 / MOV ----

const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'udta', 'meta']);
const LOCATION_BOXES = new Set(['\u00a9xyz', 'loci']);

async function videoPatches(reader: RangeReader): Promise<BytePatch[]> {
  const moov = (await topLevelBoxes(reader)).find((b) => b.type === 'moov');
  if (!moov || moov.end - moov.start > MAX_METADATA_BYTES) return [];
  const bytes = await reader.read(moov.start, moov.end - moov.start);
  const patches: BytePatch[] = [];
  const walk = (from: number, to: number) => {
    const boxes = boxesIn(bytes, from, to, moov.start);
    // QuickTime metadata: `keys` names the items of `ilst` by their 1-based index.
    const keys = boxes.find((b) => b.type === 'keys');
    const locationKeys = keys ? locationKeyIndexes(bytes, keys.content - moov.start, keys.end - moov.start) : new Set<number>();
    for (const box of boxes) {
      if (LOCATION_BOXES.has(box.type)) patches.push(...freeBox(box));
      else if (box.type === 'ilst') {
        for (const item of boxesIn(bytes, box.content - moov.start, box.end - moov.start, moov.start)) {
          if (locationKeys.has(view(bytes).getUint32(item.start - moov.start + 4))) patches.push(...freeBox(item));
        }
      } else if (CONTAINERS.has(box.type)) {
        let content = box.content - moov.start;
        // ISO `meta` is a FullBox (version and flags first); QuickTime's is not and starts with a box size.
        if (box.type === 'meta' && view(bytes).getUint32(content) === 0) content += 4;
        walk(content, box.end - moov.start);
      }
    }
  };
  walk(moov.content - moov.start, bytes.length);
  return patches;
}

/** 1-based indexes of the `keys` entries that name a location (com.apple.quicktime.location.ISO6709 and its kin). */
function locationKeyIndexes(bytes: Uint8Array, from: number, to: number): Set<number> {
  const dv = view(bytes);
  const count = dv.getUint32(from + 4);
  const found = new Set<number>();
  let at = from + 8;
  for (let i = 1; i <= count && at + 8 <= to; i++) {
    const size = dv.getUint32(at);
    if (size < 8) break;
    if (/location/i.test(ascii(bytes, at + 8, Math.min(at + size, to)))) found.add(i);
    at += size;
  }
  return found;
}
