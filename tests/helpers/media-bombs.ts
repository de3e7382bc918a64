import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import sharp from 'sharp';

// Small files that cost a decoder far more memory than their size says ("media bombs"), made from scratch
// or from a fixture, so no bomb is stored in the repository.

const u16 = (n: number) => [(n >> 8) & 255, n & 255];
const u32 = (n: number) => [(n >>> 24) & 255, (n >> 16) & 255, (n >> 8) & 255, n & 255];
const ascii = (s: string) => [...s].map((ch) => ch.charCodeAt(0));
const box = (type: string, ...body: number[][]) => {
  const content = body.flat();
  return [...u32(8 + content.length), ...ascii(type), ...content];
};
const fullBox = (type: string, version: number, flags: number, ...body: number[][]) => box(type, [version, 0, 0, flags], ...body);

/** One HEVC tile of a real HEIC (an iPhone's 512² grid tile): its hvcC box and its coded bytes. */
function firstTile(heic: Uint8Array): { hvcC: number[]; data: Uint8Array; side: number } {
  const dv = new DataView(heic.buffer, heic.byteOffset, heic.byteLength);
  const type = (o: number) => String.fromCharCode(...heic.subarray(o + 4, o + 8));
  const children = (start: number, end: number) => {
    const found: Record<string, number[]> = {};
    for (let o = start; o < end; o += dv.getUint32(o)) (found[type(o)] ??= []).push(o);
    return found;
  };
  const top = children(0, heic.length);
  const meta = top.meta![0]!;
  const inMeta = children(meta + 12, meta + dv.getUint32(meta));
  const iprp = inMeta.iprp![0]!;
  const ipco = children(iprp + 8, iprp + dv.getUint32(iprp)).ipco![0]!;
  const props = children(ipco + 8, ipco + dv.getUint32(ipco));
  const hvcC = props.hvcC![0]!;
  // The first hvcC belongs to the tiles, items 1..n are the tiles (iloc version 1, 4-byte offsets and
  // lengths, as iPhones write); the smallest tile keeps the bomb small.
  const iloc = inMeta.iloc![0]!;
  const count = dv.getUint16(iloc + 14);
  let smallest = { offset: 0, length: Infinity };
  for (let i = 0, at = iloc + 16; i < count; i++) {
    const extents = dv.getUint16(at + 6);
    const [id, offset, length] = [dv.getUint16(at), dv.getUint32(at + 8), dv.getUint32(at + 12)];
    if (id <= 48 && extents === 1 && dv.getUint16(at + 2) === 0 && length < smallest.length) smallest = { offset, length };
    at += 8 + 8 * extents;
  }
  const { offset, length } = smallest;
  const ispe = props.ispe![0]!;
  return {
    hvcC: [...heic.subarray(hvcC, hvcC + dv.getUint32(hvcC))],
    data: heic.subarray(offset, offset + length),
    side: dv.getUint32(ispe + 12),
  };
}

/**
 * A HEIC whose primary image is a grid of side² pixels made of one real tile repeated (every grid cell
 * names the same coded item), as small as the tile itself: libheif decodes every cell and keeps the whole picture.
 */
export function heicGridBomb(fixture: Uint8Array, side: number): Uint8Array {
  const tile = firstTile(fixture);
  const perRow = Math.ceil(side / tile.side);
  const cells = perRow * perRow;
  const gridDescriptor = [0, 0, perRow - 1, perRow - 1, ...u16(side), ...u16(side)];
  const ftyp = box('ftyp', ascii('heic'), u32(0), ascii('mif1'), ascii('heic'));
  const infe = (id: number, kind: string) => fullBox('infe', 2, 0, u16(id), u16(0), ascii(kind), [0]);
  const ispe = (w: number, h: number) => fullBox('ispe', 0, 0, u32(w), u32(h));
  // Every cell is its own item (libheif refuses a grid naming one item twice), all pointing at the same bytes.
  const tiles = Array.from({ length: cells }, (_, i) => i + 2);
  const metaWithout = (mdatStart: number) => {
    const iloc = fullBox(
      'iloc',
      1,
      0,
      [0x44, 0x00],
      u16(1 + cells),
      // item 1, the grid: in idat (construction method 1)
      u16(1),
      u16(1),
      u16(0),
      u16(1),
      u32(0),
      u32(gridDescriptor.length),
      // the tiles: in mdat
      ...tiles.map((id) => [...u16(id), ...u16(0), ...u16(0), ...u16(1), ...u32(mdatStart + 8), ...u32(tile.data.length)]),
    );
    return box(
      'meta',
      [0, 0, 0, 0],
      fullBox('hdlr', 0, 0, u32(0), ascii('pict'), u32(0), u32(0), u32(0), [0]),
      fullBox('pitm', 0, 0, u16(1)),
      fullBox('iinf', 0, 0, u16(1 + cells), infe(1, 'grid'), ...tiles.map((id) => infe(id, 'hvc1'))),
      fullBox('iref', 0, 0, box('dimg', u16(1), u16(cells), ...tiles.map(u16))),
      box(
        'iprp',
        box('ipco', tile.hvcC, ispe(tile.side, tile.side), ispe(side, side)),
        fullBox('ipma', 0, 0, u32(1 + cells), u16(1), [1, 0x83], ...tiles.map((id) => [...u16(id), 2, 0x81, 0x02])),
      ),
      box('idat', gridDescriptor),
      iloc,
    );
  };
  const headLength = ftyp.length + metaWithout(0).length;
  const head = [...ftyp, ...metaWithout(headLength)];
  const mdat = new Uint8Array(8 + tile.data.length);
  mdat.set([...u32(mdat.length), ...ascii('mdat')]);
  mdat.set(tile.data, 8);
  return new Uint8Array([...head, ...mdat]);
}

/** An Adam7-interlaced 16-bit RGBA PNG of side² pixels: tiny on disk, decoded whole (interlacing cannot be streamed). */
export function interlaced16BitPng(side: number): Promise<Buffer> {
  return sharp({ create: { width: side, height: side, channels: 4, background: { r: 200, g: 120, b: 40, alpha: 1 } } })
    .toColourspace('rgb16')
    .png({ progressive: true, compressionLevel: 9, palette: false })
    .toBuffer();
}

/** A progressive JPEG of width × height: libjpeg keeps every coefficient of the whole picture until the last scan. */
export function progressiveJpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#7a5' } })
    .jpeg({ progressive: true, quality: 50, chromaSubsampling: '4:2:0' })
    .toBuffer();
}

/** Runs ffmpeg to make a test video; throws with its words when it fails. */
async function ffmpeg(ffmpegPath: string, args: string[]): Promise<void> {
  const proc = Bun.spawn([ffmpegPath, '-nostdin', '-hide_banner', '-loglevel', 'error', '-y', ...args], {
    stdout: 'ignore',
    stderr: 'pipe',
  });
  const [err, code] = await Promise.all([new Response(proc.stderr).text(), proc.exited]);
  if (code !== 0) throw new Error(`ffmpeg failed: ${err}`);
}

/** An MP4 with `tracks` copies of one tiny video track: ffprobe opens a decoder for each. */
export async function manyTrackMp4(ffmpegPath: string, dir: string, tracks: number): Promise<string> {
  const out = join(dir, `tracks-${tracks}.mp4`);
  const one = join(dir, 'one-track.mp4');
  await ffmpeg(ffmpegPath, [
    '-f',
    'lavfi',
    '-i',
    'color=c=blue:size=64x64:rate=1:duration=1',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    one,
  ]);
  await ffmpeg(ffmpegPath, [
    '-i',
    one,
    ...Array.from({ length: tracks }, () => ['-map', '0:v']).flat(),
    '-c',
    'copy',
    '-metadata',
    `comment=${randomBytes(4).toString('hex')}`,
    out,
  ]);
  return out;
}

/** A short H.264 clip of side² pixels: every frame ffmpeg decodes is side² × 1.5 bytes, and it keeps several. */
export async function hugeVideo(ffmpegPath: string, dir: string, side: number): Promise<string> {
  const out = join(dir, `huge-${side}.mp4`);
  await ffmpeg(ffmpegPath, [
    '-f',
    'lavfi',
    '-i',
    `color=c=red:size=${side}x${side}:rate=2:duration=2`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-crf',
    '40',
    '-pix_fmt',
    'yuv420p',
    out,
  ]);
  return out;
}
