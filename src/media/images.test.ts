import { describe, expect, test } from 'bun:test';
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import exifr from 'exifr';
import sharp from 'sharp';
import { hammingDistance, SIMILARITY_THRESHOLD } from '../domain/dhash.ts';
import { dHash } from './hashing.ts';
import { usableCores } from '../lib/usable-cores.ts';
import { makePhotoDerivatives, PREVIEW, readCaptureTime, thumbnailSize, TILE_THUMBNAILS } from './images.ts';
import { MediaError } from './media-error.ts';
import { fixture, makeTempDir } from './test-helpers.ts';

const outputsIn = (dir: string) => ({
  thumbnailPath: join(dir, 'thumb.jpg'),
  tilePaths: { x1: join(dir, 'thumb-1x.jpg'), x3: join(dir, 'thumb-3x.jpg') },
  previewPath: join(dir, 'preview.jpg'),
  jpegCopyPath: join(dir, 'full.jpg'),
});

async function derive(input: string, dir: string, limits: { maxInputPixels?: number } = {}) {
  const out = outputsIn(dir);
  const { jpegCopy, dhash, takenAt, ...size } = await makePhotoDerivatives(input, out, { sharp, ...limits });
  return { size, jpegCopy, dhash, takenAt, ...out };
}

/** 16x16 grey pixels: enough to tell upright from rotated or mirrored. */
const tiny = (path: string) => sharp(path).resize(16, 16, { fit: 'fill' }).grayscale().raw().toBuffer();

function meanAbsDiff(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  return sum / a.length;
}

describe('makePhotoDerivatives', () => {
  for (const shape of ['landscape', 'portrait'] as const) {
    test(`${shape} photos with EXIF orientation 1-8 all come out upright and unmirrored`, async () => {
      const tmp = makeTempDir('orient');
      try {
        const upright = await derive(fixture(`photos/orientation/${shape}_1.jpg`), join(tmp.dir));
        const reference = await tiny(upright.thumbnailPath);
        // The test can fail: the reference mirrored differs far more than any correct result may.
        const mirrored = await sharp(upright.thumbnailPath).flop().resize(16, 16, { fit: 'fill' }).grayscale().raw().toBuffer();
        expect(meanAbsDiff(reference, mirrored)).toBeGreaterThan(20);

        for (let orientation = 2; orientation <= 8; orientation++) {
          const dir = makeTempDir('orient-n');
          try {
            const result = await derive(fixture(`photos/orientation/${shape}_${orientation}.jpg`), dir.dir);
            const thumb = await sharp(result.thumbnailPath).metadata();
            const preview = await sharp(result.previewPath).metadata();
            for (const size of [result.size, thumb, preview]) {
              expect({ orientation, wide: size.width > size.height }).toEqual({ orientation, wide: shape === 'landscape' });
            }
            expect({ orientation, diff: meanAbsDiff(reference, await tiny(result.thumbnailPath)) < 4 }).toEqual({
              orientation,
              diff: true,
            });
          } finally {
            dir.remove();
          }
        }
      } finally {
        tmp.remove();
      }
    });
  }

  test('no EXIF and no GPS position leave the box in thumbnails and previews', async () => {
    for (const name of readdirSync(fixture('photos/gps'))) {
      const tmp = makeTempDir('gps');
      try {
        const original = fixture(`photos/gps/${name}`);
        expect(await exifr.gps(original)).toHaveProperty('latitude'); // the fixture really has a position
        const { thumbnailPath, previewPath } = await derive(original, tmp.dir);
        for (const path of [thumbnailPath, previewPath]) {
          expect(await exifr.gps(path)).toBeUndefined();
          expect(await exifr.parse(path, true)).toBeUndefined();
          const meta = await sharp(path).metadata();
          expect(meta.exif).toBeUndefined();
          expect(meta.xmp).toBeUndefined();
        }
      } finally {
        tmp.remove();
      }
    }
  });

  test('sizes: preview fits 2048, thumbnail has a 480 px short side, small photos are not blown up', async () => {
    const tmp = makeTempDir('sizes');
    try {
      const iphone = await derive(fixture('photos/phones/iphone_hdr_YES.jpg'), tmp.dir);
      expect(iphone.size).toEqual({ width: 3264, height: 2448 });
      expect(await sharp(iphone.previewPath).metadata()).toMatchObject({ width: 2048, height: 1536, format: 'jpeg' });
      expect(await sharp(iphone.thumbnailPath).metadata()).toMatchObject({ width: 640, height: 480, format: 'jpeg' });

      const small = await derive(fixture('photos/cameras/Canon_40D.jpg'), tmp.dir); // overwrites the files above
      expect(small.size).toEqual({ width: 100, height: 68 });
      expect(await sharp(small.thumbnailPath).metadata()).toMatchObject({ width: 100, height: 68 });
      expect(await sharp(small.previewPath).metadata()).toMatchObject({ width: 100, height: 68 });
      expect(readdirSync(tmp.dir).sort()).toEqual(['preview.jpg', 'thumb-1x.jpg', 'thumb-3x.jpg', 'thumb.jpg']); // no temp files left
    } finally {
      tmp.remove();
    }
  });

  test('thumbnail size: short side 480, panoramas capped at 1440 on the long side', () => {
    expect(thumbnailSize({ width: 4608, height: 1976 })).toEqual({ width: 1119, height: 480 });
    expect(thumbnailSize({ width: 1976, height: 4608 })).toEqual({ width: 480, height: 1119 });
    expect(thumbnailSize({ width: 12000, height: 2000 })).toEqual({ width: 1440, height: 240 });
    expect(thumbnailSize({ width: 300, height: 200 })).toEqual({ width: 300, height: 200 });
  });

  test('every broken or odd JPEG either gets derivatives or a clear MediaError, within seconds, and leaves no half files', async () => {
    const outcomes: Record<string, string> = {};
    for (const name of readdirSync(fixture('photos/invalid'))) {
      const tmp = makeTempDir('invalid');
      const started = performance.now();
      try {
        const { size } = await derive(fixture(`photos/invalid/${name}`), tmp.dir);
        expect(size.width).toBeGreaterThan(0);
        expect(readdirSync(tmp.dir).sort()).toEqual(['preview.jpg', 'thumb-1x.jpg', 'thumb-3x.jpg', 'thumb.jpg']);
        outcomes[name] = 'ok';
      } catch (err) {
        expect(err).toBeInstanceOf(MediaError);
        expect((err as MediaError).message).not.toContain('Vips'); // the tool's words go to detail, not to people
        expect(readdirSync(tmp.dir)).toEqual([]);
        outcomes[name] = (err as MediaError).reason;
      } finally {
        tmp.remove();
      }
      expect(performance.now() - started).toBeLessThan(5000);
    }
    // corrupted.jpg has valid EXIF but broken image data.
    expect(outcomes).toMatchObject({ 'corrupted.jpg': 'CORRUPT' });
  });

  test('a photo cut short at the end (an interrupted copy) is still shown', async () => {
    const tmp = makeTempDir('cut');
    try {
      const whole = await Bun.file(fixture('photos/gps/DSCN0010.jpg')).bytes();
      const cut = join(tmp.dir, 'cut.jpg');
      await Bun.write(cut, whole.subarray(0, Math.floor(whole.length * 0.9)));
      const { size, previewPath } = await derive(cut, tmp.dir);
      expect(size).toEqual({ width: 640, height: 480 });
      expect(await sharp(previewPath).metadata()).toMatchObject({ width: 640, height: 480 });
    } finally {
      tmp.remove();
    }
  });

  test('an image over the pixel limit is refused as TOO_LARGE before anything is written', async () => {
    const tmp = makeTempDir('limit');
    try {
      await expect(derive(fixture('photos/gps/DSCN0010.jpg'), tmp.dir, { maxInputPixels: 640 * 479 })).rejects.toMatchObject({
        name: 'MediaError',
        reason: 'TOO_LARGE',
      });
      expect(readdirSync(tmp.dir)).toEqual([]);
    } finally {
      tmp.remove();
    }
  });
});

describe('one decode per photo', () => {
  /** sharp that counts the pipelines producing output from the encoded photo (from raw pixels is free). */
  function countingSharp() {
    let decodes = 0;
    const factory = ((input: never, options?: { raw?: unknown }) => {
      const instance = sharp(input, options as never);
      if (options?.raw) return instance;
      for (const method of ['toBuffer', 'toFile'] as const) {
        const output = instance[method].bind(instance) as (...args: unknown[]) => unknown;
        (instance as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
          decodes++;
          return output(...args);
        };
      }
      return instance;
    }) as unknown as typeof sharp;
    return { factory, decodes: () => decodes };
  }

  test('a 12 MP phone photo is decoded once for its preview, thumbnails (2x, tile 1x and 3x) and dHash', async () => {
    const tmp = makeTempDir('once');
    try {
      const input = fixture('photos/phones/HMD_Nokia_8.3_5G.jpg');
      const counting = countingSharp();
      const out = outputsIn(tmp.dir);
      const made = await makePhotoDerivatives(input, out, { sharp: counting.factory });
      expect(counting.decodes()).toBe(1);
      // ... and each result is still right: the sizes, the capture time, a hash that finds the photo and not another.
      const [preview, thumb] = await Promise.all([sharp(out.previewPath).metadata(), sharp(out.thumbnailPath).metadata()]);
      expect(Math.max(preview.width, preview.height)).toBe(Math.min(PREVIEW.maxSide, Math.max(made.width, made.height)));
      expect({ width: thumb.width, height: thumb.height }).toEqual(thumbnailSize(made));
      const [x1, x3] = await Promise.all([sharp(out.tilePaths.x1).metadata(), sharp(out.tilePaths.x3).metadata()]);
      // The grid's tiles: squares of their side.
      expect([x1.width, x1.height, x3.width, x3.height]).toEqual([
        TILE_THUMBNAILS.x1.side,
        TILE_THUMBNAILS.x1.side,
        TILE_THUMBNAILS.x3.side,
        TILE_THUMBNAILS.x3.side,
      ]);
      expect(made.takenAt).toEqual(await readCaptureTime(input));
      expect(hammingDistance(made.dhash, await dHash(input, sharp))).toBeLessThanOrEqual(SIMILARITY_THRESHOLD / 2);
      expect(hammingDistance(made.dhash, await dHash(fixture('photos/phones/jolla.jpg'), sharp))).toBeGreaterThan(SIMILARITY_THRESHOLD);
    } finally {
      tmp.remove();
    }
  });
});

describe('photos take turns', () => {
  test('photos sent at once do their pixel work one per usable core at a time', async () => {
    const tmp = makeTempDir('turns');
    try {
      const cores = usableCores();
      // sharp that tracks the pipelines from the encoded photo (the decode) running at once, and their order.
      let running = 0;
      let most = 0;
      const started: string[] = [];
      const factory = ((input: never, options?: { raw?: unknown }) => {
        const instance = sharp(input, options as never);
        if (options?.raw) return instance;
        const toBuffer = instance.toBuffer.bind(instance) as (...args: unknown[]) => Promise<unknown>;
        (instance as unknown as Record<string, unknown>).toBuffer = (...args: unknown[]) => {
          started.push(String(input));
          most = Math.max(most, ++running);
          return toBuffer(...args).finally(() => running--);
        };
        return instance;
      }) as unknown as typeof sharp;
      const photos = Array.from({ length: cores + 2 }, (_, i) => join(tmp.dir, `photo-${i}.jpg`));
      await Promise.all(photos.map((path) => sharp(fixture('photos/phones/jolla.jpg')).toFile(path)));
      const outs = photos.map((_, i) => {
        mkdirSync(join(tmp.dir, `out-${i}`));
        return outputsIn(join(tmp.dir, `out-${i}`));
      });
      await Promise.all(photos.map((path, i) => makePhotoDerivatives(path, outs[i]!, { sharp: factory })));
      // Started together (each reads its header first), never more at once than the cores.
      expect(started).toHaveLength(photos.length);
      expect(most).toBeLessThanOrEqual(cores);
    } finally {
      tmp.remove();
    }
  });
});

describe('a large JPEG is decoded at the scale its preview needs', () => {
  test('a 12 MP photo (4000x3000) is decoded at half size for a 2000 px preview; over the pixel limit it is still refused', async () => {
    const tmp = makeTempDir('scaled');
    try {
      const input = join(tmp.dir, 'PXL_12MP.jpg');
      await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#7a8b9c' } })
        .jpeg()
        .toFile(input);
      const made = await derive(input, join(tmp.dir));
      expect(made.size).toEqual({ width: 4000, height: 3000 });
      expect(await sharp(made.previewPath).metadata()).toMatchObject({ width: 2000, height: 1500 });
      expect(await sharp(made.thumbnailPath).metadata()).toMatchObject({ width: 640, height: 480 });
      // Scaled on load it would pass a limit of 11 MP (3 MP decoded): the limit counts the photo's own pixels.
      await expect(derive(input, tmp.dir, { maxInputPixels: 11_000_000 })).rejects.toMatchObject({
        name: 'MediaError',
        reason: 'TOO_LARGE',
      });
    } finally {
      tmp.remove();
    }
  });
});

describe('readCaptureTime', () => {
  test('a phone photo with OffsetTimeOriginal gives its time with the offset', async () => {
    expect(await readCaptureTime(fixture('photos/phones/HMD_Nokia_8.3_5G.jpg'))).toEqual({
      iso: '2022-08-14T14:12:31+03:00',
      hasZone: true,
    });
  });

  test('a camera photo without offset gives the wall-clock time as shot, flagged as zoneless', async () => {
    // the camera wrote SubSecTimeOriginal "00"
    expect(await readCaptureTime(fixture('photos/cameras/Canon_40D.jpg'))).toEqual({ iso: '2008-05-30T15:56:01.000', hasZone: false });
  });

  test('no EXIF, or a damaged file with intact EXIF: the date is there or null, never an error', async () => {
    expect(await readCaptureTime(fixture('photos/no-exif/no_exif.jpg'))).toBeNull();
    expect(await readCaptureTime(fixture('photos/invalid/corrupted.jpg'))).toEqual({ iso: '2015-09-08T11:02:17', hasZone: false });
  });
});

describe('HEIC', () => {
  test('an iPhone HEIC (rotated 90 degrees in its container) gives an upright portrait thumbnail, preview and full-size JPEG without metadata', async () => {
    const tmp = makeTempDir('heic');
    try {
      const result = await derive(fixture('photos/heic/iphone_13_pro_max.HEIC'), tmp.dir);
      // The sensor is 4032x3024 landscape; the phone was held upright, so the photo is a 3:4 portrait.
      expect(result.size).toEqual({ width: 3024, height: 4032 });
      expect(result.jpegCopy).toBe(true);
      for (const [path, width, height] of [
        [result.thumbnailPath, 480, 640],
        [result.previewPath, 1536, 2048],
        [result.jpegCopyPath, 3024, 4032],
      ] as const) {
        const meta = await sharp(path).metadata();
        expect({ format: meta.format, width: meta.width, height: meta.height, exif: meta.exif, orientation: meta.orientation }).toEqual({
          format: 'jpeg',
          width,
          height,
          exif: undefined,
          orientation: undefined,
        });
      }
    } finally {
      tmp.remove();
    }
  });

  test('its capture time keeps the offset the phone wrote', async () => {
    expect(await readCaptureTime(fixture('photos/heic/iphone_13_pro_max.HEIC'))).toEqual({
      iso: '2022-02-16T12:55:41.762+01:00',
      hasZone: true,
    });
  });

  test('a damaged HEIC is a CORRUPT MediaError and leaves no half files', async () => {
    const tmp = makeTempDir('heic-bad');
    try {
      const whole = await Bun.file(fixture('photos/heic/iphone_13_pro_max.HEIC')).bytes();
      const cut = join(tmp.dir, 'cut.heic');
      await Bun.write(cut, whole.subarray(0, 4096)); // the header survives, the image data does not
      await expect(derive(cut, tmp.dir)).rejects.toMatchObject({ name: 'MediaError', reason: 'CORRUPT' });
      expect(readdirSync(tmp.dir)).toEqual(['cut.heic']);
    } finally {
      tmp.remove();
    }
  });

  test('a JPEG gets no JPEG copy', async () => {
    const tmp = makeTempDir('heic-no');
    try {
      expect((await derive(fixture('photos/phones/jolla.jpg'), tmp.dir)).jpegCopy).toBe(false);
    } finally {
      tmp.remove();
    }
  });
});
