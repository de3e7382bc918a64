import type { FileHandle } from 'node:fs/promises';

// Reading ISO-BMFF files (HEIC, MP4, MOV) box by box: their headers from a file, without loading it whole,
// and the boxes inside a buffer already read. Shared by the location remover and the video header reader.

/** Reads byte ranges of an open file; past its end the answer is shorter (or empty). */
export class RangeReader {
  constructor(
    private readonly file: FileHandle,
    readonly size: number,
  ) {}

  async read(offset: number, length: number): Promise<Uint8Array> {
    const len = Math.max(0, Math.min(length, this.size - offset));
    const buf = new Uint8Array(len);
    if (len > 0) await this.file.read(buf, 0, len, offset);
    return buf;
  }
}

export const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
export const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export interface Box {
  type: string;
  /** where the box starts */
  start: number;
  /** where its content starts (after size, type and a 64-bit size) */
  content: number;
  /** where it ends, at most the end of what holds it */
  end: number;
  /** its size says it goes past the end of the file (a truncated upload) */
  cut?: boolean;
}

/** The boxes in bytes[from, to) of a buffer that starts at file offset `base`. */
export function boxesIn(bytes: Uint8Array, from: number, to: number, base: number): Box[] {
  const boxes: Box[] = [];
  const dv = view(bytes);
  for (let at = from; at + 8 <= to;) {
    let size = dv.getUint32(at);
    let header = 8;
    if (size === 1) {
      if (at + 16 > to) break;
      size = Number(dv.getBigUint64(at + 8));
      header = 16;
    } else if (size === 0) size = to - at;
    if (size < header || at + size > to) break;
    boxes.push({ type: ascii(bytes, at + 4, at + 8), start: base + at, content: base + at + header, end: base + at + size });
    at += size;
  }
  return boxes;
}

const HEADER_WINDOW = 64 * 1024;

/**
 * The boxes of the file between `from` and `to` (the top level by default), from their headers only: one
 * small read per box, at most `limit` boxes (a crafted file may hold millions of empty ones).
 */
export async function boxHeaders(reader: RangeReader, from = 0, to = reader.size, limit = Infinity): Promise<Box[]> {
  const boxes: Box[] = [];
  // Read HEADER_WINDOW bytes at a time: small boxes side by side (a movie's tracks) cost one read, not one each.
  let window: Uint8Array = new Uint8Array(0);
  let windowAt = 0;
  for (let at = from; at + 8 <= to && boxes.length < limit;) {
    if (at < windowAt || at + 16 > windowAt + window.length) {
      window = await reader.read(at, HEADER_WINDOW);
      windowAt = at;
    }
    const head = window.subarray(at - windowAt, at - windowAt + 16);
    if (head.length < 8) break;
    let size = view(head).getUint32(0);
    let header = 8;
    if (size === 1 && head.length >= 16) {
      size = Number(view(head).getBigUint64(8));
      header = 16;
    } else if (size === 0) size = to - at;
    if (size < header) break;
    boxes.push({ type: ascii(head, 4, 8), start: at, content: at + header, end: Math.min(at + size, to), cut: at + size > reader.size });
    at += size;
  }
  return boxes;
}

/** The top-level boxes of the file, from their headers only. */
export const topLevelBoxes = (reader: RangeReader) => boxHeaders(reader);
