import { describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import sharp from 'sharp';
import { SNIFF_BYTES, sniffAttachment, sniffMediaType } from './sniff.ts';
import { fixture } from './test-helpers.ts';

const head = async (path: string) => new Uint8Array(await Bun.file(path).slice(0, SNIFF_BYTES).arrayBuffer());

/** An ftyp box as the first bytes of a file, with the given major and compatible brands. */
function ftyp(major: string, ...compatible: string[]): Uint8Array {
  const brands = [major, '\0\0\0\0', ...compatible].join('');
  const bytes = new Uint8Array(8 + brands.length);
  new DataView(bytes.buffer).setUint32(0, bytes.length);
  bytes.set(new TextEncoder().encode('ftyp' + brands), 4);
  return bytes;
}

describe('sniffMediaType', () => {
  test('every fixture photo from a phone or camera is a JPEG, whatever it contains', async () => {
    for (const folder of ['phones', 'cameras', 'orientation', 'gps', 'no-exif', 'invalid']) {
      for (const name of readdirSync(fixture(`photos/${folder}`))) {
        expect({ name, type: sniffMediaType(await head(fixture(`photos/${folder}/${name}`))) }).toEqual({
          name,
          type: { kind: 'photo', mime: 'image/jpeg', ext: 'jpg' },
        });
      }
    }
  });

  test('a PNG is a PNG', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#08f' } })
      .png()
      .toBuffer();
    expect(sniffMediaType(png.subarray(0, SNIFF_BYTES))).toEqual({ kind: 'photo', mime: 'image/png', ext: 'png' });
  });

  test('an iPhone MOV is QuickTime, Android MP4s are MP4 (a truncated upload still has its header)', async () => {
    expect(sniffMediaType(await head(fixture('videos/iphone-hevc-rotated.mov')))).toEqual({
      kind: 'video',
      mime: 'video/quicktime',
      ext: 'mov',
    });
    for (const name of ['android-h264.mp4', 'no-metadata.mp4', 'truncated.mp4']) {
      expect(sniffMediaType(await head(fixture(`videos/${name}`)))).toEqual({ kind: 'video', mime: 'video/mp4', ext: 'mp4' });
    }
  });

  test('an HTML page named .mp4 is refused by its content', async () => {
    const bytes = await head(fixture('videos/html-disguised-as.mp4'));
    expect(bytes.length).toBeLessThan(SNIFF_BYTES); // shorter than a header: must not throw either
    expect(sniffMediaType(bytes)).toBeNull();
  });

  test('an iPhone HEIC photo is a HEIC photo', async () => {
    expect(sniffMediaType(await head(fixture('photos/heic/iphone_13_pro_max.HEIC')))).toEqual({
      kind: 'photo',
      mime: 'image/heic',
      ext: 'heic',
    });
  });

  test('ISO-BMFF brands: old Android 3GP plays as MP4, a generic HEIF with HEIC inside is HEIC, audio-only and AVIF do not pass', () => {
    expect(sniffMediaType(ftyp('3gp5', '3gp5', 'isom'))?.ext).toBe('mp4');
    expect(sniffMediaType(ftyp('XYZ1', 'mp42'))?.ext).toBe('mp4'); // unknown major brand, MP4-compatible
    expect(sniffMediaType(ftyp('M4A ', 'M4A ', 'isom', 'mp42'))).toBeNull();
    expect(sniffMediaType(ftyp('mif1', 'mif1', 'heic', 'iso8', 'mp42'))?.ext).toBe('heic'); // Samsung
    expect(sniffMediaType(ftyp('heix', 'mif1', 'heix'))?.ext).toBe('heic');
    expect(sniffMediaType(ftyp('avif', 'avif', 'mif1', 'miaf'))).toBeNull();
    expect(sniffMediaType(ftyp('mif1', 'mif1', 'avif', 'miaf'))).toBeNull();
    expect(sniffMediaType(ftyp('mif1', 'mif1', 'miaf'))).toBeNull();
  });

  test('empty and tiny inputs give null', () => {
    expect(sniffMediaType(new Uint8Array())).toBeNull();
    expect(sniffMediaType(new Uint8Array([0xff, 0xd8]))).toBeNull();
  });
});

describe('sniffAttachment (guestbook, issue 27)', () => {
  const headOf = (path: string) => new Uint8Array(readFileSync(fixture(path)).subarray(0, SNIFF_BYTES));
  test('voice recordings of the phones by content; ISO-BMFF left to ffprobe; photos as uploads; HTML refused', () => {
    expect(sniffAttachment(headOf('voice/android-recorder.amr'))).toMatchObject({ family: 'audio', ext: 'amr', demuxer: 'amr' });
    expect(sniffAttachment(headOf('voice/android-recorder-amr.3gp'))).toMatchObject({ family: 'av', ext: '3gp', demuxer: 'mov' });
    expect(sniffAttachment(headOf('voice/iphone-voice-memo.m4a'))).toMatchObject({ family: 'audio', ext: 'm4a', demuxer: 'mov' });
    expect(sniffAttachment(headOf('voice/android-chrome-opus.webm'))).toMatchObject({ family: 'audio', ext: 'webm', demuxer: 'matroska' });
    expect(sniffAttachment(headOf('videos/iphone-hevc-rotated.mov'))).toMatchObject({ family: 'av', ext: 'mov', demuxer: 'mov' });
    expect(sniffAttachment(headOf('photos/cameras/Canon_40D.jpg'))).toMatchObject({ family: 'photo', ext: 'jpg', demuxer: null });
    expect(sniffAttachment(headOf('videos/html-disguised-as.mp4'))).toBeNull();
    // What the uploads take is unchanged: a voice memo is no upload.
    expect(sniffMediaType(headOf('voice/iphone-voice-memo.m4a'))).toBeNull();
  });
});
