import { describe, expect, test } from 'bun:test';
import sharp from 'sharp';
import { hammingDistance, SIMILARITY_THRESHOLD } from '../domain/dhash.ts';
import { createSha256, dHash, sha256File } from './hashing.ts';
import { MediaError } from './media-error.ts';
import { fixture } from './test-helpers.ts';

const sha256sum = (path: string) => Bun.spawnSync(['sha256sum', path]).stdout.toString().split(' ')[0] ?? '';

describe('SHA-256', () => {
  test('sha256File agrees with the system sha256sum', async () => {
    for (const path of [
      fixture('videos/android-h264.mp4'),
      fixture('photos/phones/HMD_Nokia_8.3_5G.jpg'),
      fixture('videos/html-disguised-as.mp4'),
    ]) {
      expect(await sha256File(path)).toBe(sha256sum(path));
    }
  });

  test('fed in uneven chunks as they arrive, it gives the same digest and counts the bytes', async () => {
    const path = fixture('photos/phones/jolla.jpg');
    const bytes = await Bun.file(path).bytes();
    const sha = createSha256();
    for (let at = 0, step = 1; at < bytes.length; at += step, step = (step * 7) % 65_521) sha.update(bytes.subarray(at, at + step));
    expect(sha.bytes).toBe(bytes.length);
    expect(sha.digestHex()).toBe(sha256sum(path));
    expect(() => sha.update(new Uint8Array(1))).toThrow();
  });
});

/** A grey image whose rows fall (left brighter) or rise in brightness from left to right. */
function ramps(rowsFalling: boolean[]): Promise<Buffer> {
  const width = 90;
  const pixels = Buffer.alloc(width * rowsFalling.length * 10);
  rowsFalling.forEach((falling, row) => {
    for (let y = row * 10; y < row * 10 + 10; y++) {
      for (let x = 0; x < width; x++) pixels[y * width + x] = falling ? 250 - x * 2 : 20 + x * 2;
    }
  });
  return sharp(pixels, { raw: { width, height: rowsFalling.length * 10, channels: 1 } })
    .png()
    .toBuffer();
}

describe('dHash', () => {
  test('bit order: one bit per neighbour pair, 1 when the left is brighter, top row first', async () => {
    expect(await dHash(await ramps(Array(8).fill(true)), sharp)).toBe('ffffffffffffffff');
    expect(await dHash(await ramps(Array(8).fill(false)), sharp)).toBe('0000000000000000');
    expect(await dHash(await ramps([true, false, false, false, false, false, false, true]), sharp)).toBe('ff000000000000ff');
  });

  test('a resized, recompressed copy of a photo is recognised as similar', async () => {
    for (const name of ['phones/jolla.jpg', 'phones/iphone_hdr_YES.jpg', 'phones/HMD_Nokia_8.3_5G.jpg']) {
      const original = await dHash(fixture(`photos/${name}`), sharp);
      const copy = await dHash(
        await sharp(fixture(`photos/${name}`))
          .resize(800)
          .jpeg({ quality: 50 })
          .toBuffer(),
        sharp,
      );
      expect(original).toMatch(/^[0-9a-f]{16}$/);
      expect({ name, near: hammingDistance(original, copy) <= 8 }).toEqual({ name, near: true });
    }
  });

  test('the same photo stored with any EXIF orientation hashes (nearly) the same as the upright one', async () => {
    const upright = await dHash(fixture('photos/orientation/landscape_1.jpg'), sharp);
    for (let orientation = 2; orientation <= 8; orientation++) {
      const hash = await dHash(fixture(`photos/orientation/landscape_${orientation}.jpg`), sharp);
      expect({ orientation, near: hammingDistance(upright, hash) <= 3 }).toEqual({ orientation, near: true });
    }
    // without applying the orientation the same file is far away: the test above can fail
    const storedSideways = await sharp(fixture('photos/orientation/landscape_6.jpg')).toBuffer(); // pixels as stored, EXIF dropped
    expect(hammingDistance(upright, await dHash(storedSideways, sharp))).toBeGreaterThan(SIMILARITY_THRESHOLD);
  });

  test('different photos are not flagged as similar', async () => {
    const names = [
      'phones/jolla.jpg',
      'phones/iphone_hdr_YES.jpg',
      'phones/HMD_Nokia_8.3_5G.jpg',
      'cameras/Canon_40D.jpg',
      'cameras/Nikon_D70.jpg',
      'gps/DSCN0010.jpg',
      'gps/DSCN0021.jpg',
      'no-exif/no_exif.jpg',
      'orientation/portrait_1.jpg',
    ];
    const hashes = await Promise.all(names.map((name) => dHash(fixture(`photos/${name}`), sharp)));
    for (let i = 0; i < hashes.length; i++) {
      for (let j = i + 1; j < hashes.length; j++) {
        expect({ pair: [names[i], names[j]], apart: hammingDistance(hashes[i]!, hashes[j]!) > SIMILARITY_THRESHOLD }).toEqual({
          pair: [names[i], names[j]],
          apart: true,
        });
      }
    }
  });

  test('a damaged photo gives a MediaError, not a hash', async () => {
    await expect(dHash(fixture('photos/invalid/corrupted.jpg'), sharp)).rejects.toBeInstanceOf(MediaError);
  });
});
