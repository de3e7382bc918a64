import { describe, expect, test } from 'bun:test';
import exifr from 'exifr';
import sharp from 'sharp';
import { join } from 'node:path';
import { findLocationPatches, patchedStream } from './location.ts';
import { fixture, makeTempDir } from './test-helpers.ts';

const read = async (path: string) => new Uint8Array(await new Response(patchedStream(path, await findLocationPatches(path))).arrayBuffer());

describe('findLocationPatches + patchedStream', () => {
  test('phone and camera JPEGs lose their GPS position and nothing else: same length, same pixels, same other EXIF', async () => {
    for (const path of ['photos/gps/DSCN0010.jpg', 'photos/gps/DSCN0021.jpg', 'photos/phones/iphone_hdr_YES.jpg', 'photos/phones/HMD_Nokia_8.3_5G.jpg']) {
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
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#369' } }).jpeg().withXmp(xmp).toFile(path);
      const text = new TextDecoder('latin1').decode(await read(path));
      expect(text).toContain('image/jpeg');
      expect(text).not.toContain('GPS');
      expect(text).not.toContain('48,51.5N');
      expect((await exifr.parse(await read(path), { xmp: true })) ?? {}).not.toHaveProperty('GPSLatitude');
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
