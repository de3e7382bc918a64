import { open } from 'node:fs/promises';
import { type CaptureTime, captureTimeFromIso } from './capture-time.ts';
import { ascii, boxesIn, boxHeaders, RangeReader, view } from './iso-boxes.ts';
import { MediaError } from './media-error.ts';

// What the upload request itself reads of a video, in JS and bounded: whether its movie header (`moov`) is
// there and whole, and when it was recorded (the album is chosen by that date). ffprobe never runs in a
// request (issue 32): a 0.55 MB file of 1,000 tracks made it take 1.48 GB, and even bounded it is a process
// per upload. Size, duration and playability come from ffprobe in the video-probe job. No rule of the
// spec needs the duration while the upload is answered (there is no longest video), so none is read here.

/** The words for a video whose movie header is missing or cut (an upload that stopped early); ffprobe's failures say the same. */
export const DAMAGED_VIDEO = 'This video is damaged or incomplete and cannot be played.';

/** Boxes looked at per level: phones write fewer than 10 at the top and a few per track in `moov`. */
const MAX_BOXES = 4096;
/** A QuickTime `meta` box (keys and values) larger than this is not read for the capture time. */
const MAX_META_BYTES = 1024 * 1024;
/** Seconds from 1904-01-01 (the epoch of MP4 and QuickTime times) to 1970-01-01. */
const MP4_EPOCH_SECONDS = 2_082_844_800;
const APPLE_CREATION_DATE = 'com.apple.quicktime.creationdate';

export interface VideoHeader {
  /** when it was recorded; null when the file does not say (or says 1904/1970, a camera without a clock) */
  takenAt: CaptureTime | null;
}

/**
 * Reads the movie header of an MP4/MOV: a handful of small reads, however large or strange the file.
 * Throws a MediaError 'CORRUPT' when the file ends without a whole `moov` box.
 */
export async function readVideoHeader(path: string): Promise<VideoHeader> {
  const file = await open(path, 'r');
  try {
    const reader = new RangeReader(file, (await file.stat()).size);
    const top = await boxHeaders(reader, 0, reader.size, MAX_BOXES);
    const moov = top.find((b) => b.type === 'moov');
    if (!moov) {
      // Only a walk that reached the file's end may say the header is missing.
      if (top.length < MAX_BOXES) throw new MediaError('CORRUPT', DAMAGED_VIDEO, 'no moov box');
      return { takenAt: null };
    }
    if (moov.cut) throw new MediaError('CORRUPT', DAMAGED_VIDEO, 'moov box cut off');
    const children = await boxHeaders(reader, moov.content, moov.end, MAX_BOXES);
    const metas = children.filter((b) => b.type === 'meta');
    for (const udta of children.filter((b) => b.type === 'udta'))
      metas.push(...(await boxHeaders(reader, udta.content, udta.end, MAX_BOXES)).filter((b) => b.type === 'meta'));
    let apple: string | undefined;
    for (const meta of metas) {
      if (meta.end - meta.start <= MAX_META_BYTES)
        apple ??= quickTimeValue(await reader.read(meta.start, meta.end - meta.start), APPLE_CREATION_DATE);
    }
    const mvhd = children.find((b) => b.type === 'mvhd');
    const created = mvhd ? movieCreationTime(await reader.read(mvhd.content, 12)) : undefined;
    // Apple's creationdate carries the phone's offset; the movie header's time is UTC and often the moment the file was written.
    return { takenAt: firstCaptureTime(apple, created) };
  } finally {
    await file.close();
  }
}

/** The movie header's creation time (version 0: 32-bit, 1: 64-bit seconds since 1904) as ISO UTC. */
function movieCreationTime(mvhd: Uint8Array): string | undefined {
  if (mvhd.length < 8) return undefined;
  const seconds = mvhd[0] === 1 ? (mvhd.length < 12 ? 0 : Number(view(mvhd).getBigUint64(4))) : view(mvhd).getUint32(4);
  const ms = (seconds - MP4_EPOCH_SECONDS) * 1000;
  return seconds > 0 && Number.isFinite(ms) && Math.abs(ms) < 8.64e15 ? new Date(ms).toISOString() : undefined;
}

/** A UTF-8 value of QuickTime metadata (`meta` with `keys` and `ilst`, as iPhones write it) by its key. */
function quickTimeValue(meta: Uint8Array, key: string): string | undefined {
  const dv = view(meta);
  // ISO `meta` is a FullBox (version and flags first); QuickTime's is not and starts with a box size.
  const first = meta.length >= 12 && dv.getUint32(8) === 0 ? 12 : 8;
  const boxes = boxesIn(meta, first, meta.length, 0);
  const keys = boxes.find((b) => b.type === 'keys');
  const ilst = boxes.find((b) => b.type === 'ilst');
  if (!keys || !ilst || keys.content + 8 > meta.length) return undefined;
  let index = 0;
  let at = keys.content + 8; // version and flags, entry count
  for (let i = 1; at + 8 <= keys.end; i++) {
    const size = dv.getUint32(at);
    if (size < 8 || at + size > keys.end) break;
    if (ascii(meta, at + 8, at + size) === key) index = i;
    at += size;
  }
  if (index === 0) return undefined;
  // Each item's type field is its key's 1-based index; its `data` box: type indicator and locale, then the value.
  const item = boxesIn(meta, ilst.content, ilst.end, 0).find((b) => dv.getUint32(b.start + 4) === index);
  const data = item && boxesIn(meta, item.content, item.end, 0).find((b) => b.type === 'data');
  return data && data.content + 8 <= data.end ? new TextDecoder().decode(meta.subarray(data.content + 8, data.end)) : undefined;
}

function firstCaptureTime(...candidates: (string | undefined)[]): CaptureTime | null {
  for (const value of candidates) {
    const time = value === undefined ? null : captureTimeFromIso(value);
    if (time) return time;
  }
  return null;
}
