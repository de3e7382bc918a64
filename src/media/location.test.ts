import { describe, expect, test } from 'bun:test';
import exifr from 'exifr';
import sharp from 'sharp';
import { join } from 'node:path';
import { decodeHeic } from './heic.ts';
import { findLocationPatches, patchedStream } from './location.ts';
import { fixture, makeTempDir } from './test-helpers.ts';

const writeTo = async (path: string, bytes: Uint8Array) => {
  await Bun.write(path, bytes);
  return path;
};

/**
 * The iPhone HEIC fixture has no position, so one is written into its EXIF item, as an iPhone with location
 * on would have it: IFD0's HostComputer entry becomes the GPS pointer (kept in tag order), and the GPS
 * directory (48°51'29.5"N 2°17'42"E) goes where the Apple MakerNote was (the fixture's offsets, checked).
 */
async function heicWithPosition(): Promise<Uint8Array> {
  const bytes = await Bun.file(fixture('photos/heic/iphone_13_pro_max.HEIC')).bytes();
  const tiff = Buffer.from(bytes).indexOf('Exif\0\0MM\0*') + 6;
  const dv = new DataView(bytes.buffer, bytes.byteOffset);
  const ifd0 = tiff + dv.getUint32(tiff + 4);
  const entry = (i: number) => ifd0 + 2 + i * 12;
  expect([dv.getUint16(entry(8)), dv.getUint16(entry(9))]).toEqual([0x013c, 0x8769]); // HostComputer, ExifIFD
  bytes.copyWithin(entry(8), entry(9), entry(9) + 12);
  const gps = 762; // the MakerNote's offset in the TIFF (1588 bytes long)
  dv.setUint16(entry(9), 0x8825); // GPSInfo: LONG, 1, the directory's offset
  dv.setUint16(entry(9) + 2, 4);
  dv.setUint32(entry(9) + 4, 1);
  dv.setUint32(entry(9) + 8, gps);
  const at = tiff + gps;
  dv.setUint16(at, 4);
  const entries: [number, number, number, number][] = [
    [1, 2, 2, 0x4e000000], // GPSLatitudeRef 'N'
    [2, 5, 3, gps + 54], // GPSLatitude
    [3, 2, 2, 0x45000000], // GPSLongitudeRef 'E'
    [4, 5, 3, gps + 78], // GPSLongitude
  ];
  entries.forEach(([tag, type, count, value], i) => {
    dv.setUint16(at + 2 + i * 12, tag);
    dv.setUint16(at + 4 + i * 12, type);
    dv.setUint32(at + 6 + i * 12, count);
    dv.setUint32(at + 10 + i * 12, value);
  });
  dv.setUint32(at + 50, 0);
  [48, 1, 51, 1, 2950, 100, 2, 1, 17, 1, 4200, 100].forEach((v, i) => dv.setUint32(at + 54 + i * 4, v));
  return bytes;
}

const read = async (path: string) => new Uint8Array(await new Response(patchedStream(path, await findLocationPatches(path))).arrayBuffer());

describe('findLocationPatches + patchedStream', () => {
  test('phone and camera JPEGs lose their GPS position and nothing else: same length, same pixels, same other EXIF', async () => {
    for (const path of [
      'photos/gps/DSCN0010.jpg',
      'photos/gps/DSCN0021.jpg',
      'photos/phones/iphone_hdr_YES.jpg',
      'photos/phones/HMD_Nokia_8.3_5G.jpg',
    ]) {
      const before = await Bun.file(fixture(path)).bytes();
      expect((await exifr.gps(before))?.latitude).toBeDefined();
      const after = await read(fixture(path));
      expect([path, (await exifr.gps(after))?.latitude ?? 'no position']).toEqual([path, 'no position']);
      expect(after.length).toBe(before.length);
      expect((await sharp(after).raw().toBuffer()).equals(await sharp(before).raw().toBuffer())).toBe(true);
      const tags = ['Make', 'Model', 'DateTimeOriginal'];
      expect(await exifr.parse(after, tags)).toEqual(await exifr.parse(before, tags));
    }
  });

  test('GPS in XMP is blanked too, the packet stays readable', async () => {
    const tmp = makeTempDir('xmp');
    try {
      const path = join(tmp.dir, 'xmp.jpg');
      const xmp =
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
        '<rdf:Description rdf:about="" xmlns:exif="http://ns.adobe.com/exif/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/" exif:GPSLatitude="48,51.5N" exif:GPSLongitude="2,17.7E">' +
        '<exif:GPSAltitude>35/1</exif:GPSAltitude><dc:format>image/jpeg</dc:format></rdf:Description></rdf:RDF></x:xmpmeta>';
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#369' } })
        .jpeg()
        .withXmp(xmp)
        .toFile(path);
      const text = new TextDecoder('latin1').decode(await read(path));
      expect(text).toContain('image/jpeg');
      expect(text).not.toContain('GPS');
      expect(text).not.toContain('48,51.5N');
      expect((await exifr.parse(await read(path), { xmp: true })) ?? {}).not.toHaveProperty('GPSLatitude');
    } finally {
      tmp.remove();
    }
  });

  test('an iPhone HEIC with a position in its EXIF item loses it; the picture decodes to the same pixels', async () => {
    const tmp = makeTempDir('heic-gps');
    try {
      const path = join(tmp.dir, 'IMG_0001.HEIC');
      await Bun.write(path, await heicWithPosition());
      expect((await exifr.gps(path))?.latitude).toBeCloseTo(48.858, 2);
      const patches = await findLocationPatches(path);
      const after = await read(path);
      expect(after.length).toBe(Bun.file(path).size);
      expect(String((await exifr.gps(after))?.latitude ?? 'no position')).toBe('no position');
      expect(await exifr.parse(after, ['Model'])).toEqual({ Model: 'iPhone 13 Pro Max' });
      // Only bytes of the EXIF item (at ~25 KB) changed, none of the HEVC tiles after it.
      const before = await Bun.file(path).bytes();
      let lastChanged = -1;
      for (let i = 0; i < before.length; i++) if (before[i] !== after[i]) lastChanged = i;
      expect(patches.length).toBeGreaterThan(0);
      expect(lastChanged).toBeGreaterThan(24_000);
      expect(lastChanged).toBeLessThan(30_000);
      const decoded = async (bytes: Uint8Array) =>
        (await decodeHeic(await writeTo(join(tmp.dir, `d-${Math.random()}.heic`), bytes), { maxInputPixels: 1e8 })).data;
      expect((await decoded(after)).equals(await decoded(before))).toBe(true);
    } finally {
      tmp.remove();
    }
  });

  test('files without a location, and ranges of them, come out byte for byte', async () => {
    for (const path of ['photos/no-exif/no_exif.jpg', 'photos/heic/iphone_13_pro_max.HEIC', 'videos/android-h264.mp4']) {
      expect(await findLocationPatches(fixture(path))).toEqual([]);
    }
    const path = fixture('photos/gps/DSCN0010.jpg');
    const whole = await read(path);
    const range = new Uint8Array(await new Response(patchedStream(path, findLocationPatches(path), 100, 5000)).arrayBuffer());
    expect(Buffer.from(range).equals(Buffer.from(whole.subarray(100, 5000)))).toBe(true);
  });
});
