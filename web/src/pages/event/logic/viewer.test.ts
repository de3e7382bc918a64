import { describe, expect, test } from 'bun:test';
import { clampDrag, fullJpegSource, swipeDirection, videoSource, wrapIndex } from './viewer';
import { columnsFor, visibleRows } from './grid';
import { canSaveNickname, nicknameError } from './nickname';

describe('viewer', () => {
  test('previous and next wrap around', () => {
    expect(wrapIndex(-1, 5)).toBe(4);
    expect(wrapIndex(5, 5)).toBe(0);
    expect(wrapIndex(2, 5)).toBe(2);
    expect(wrapIndex(0, 0)).toBe(0);
  });
  test('swipe threshold 50 px: left = next, right = previous', () => {
    expect(swipeDirection(-49)).toBe(0);
    expect(swipeDirection(-50)).toBe(1);
    expect(swipeDirection(50)).toBe(-1);
    expect(swipeDirection(10)).toBe(0);
  });
  test('drag preview limited to ±100 px', () => {
    expect(clampDrag(250)).toBe(100);
    expect(clampDrag(-250)).toBe(-100);
    expect(clampDrag(42)).toBe(42);
  });
});

describe('grid', () => {
  test('2 / 3 / 4 columns', () => {
    expect(columnsFor(390)).toBe(2);
    expect(columnsFor(768)).toBe(3);
    expect(columnsFor(1440)).toBe(4);
  });
  test('only rows near the viewport are rendered', () => {
    // 2,000 tiles in 2 columns = 1,000 rows of 200 px; viewport 800 px scrolled to 100,000 px
    const [a, b] = visibleRows({ scrollTop: 100_000, viewport: 800, gridTop: 600, rowHeight: 200, rows: 1000, overscan: 4 });
    expect(a).toBe(493);
    expect(b).toBe(505);
    expect(b - a).toBeLessThan(20);
    expect(visibleRows({ scrollTop: 0, viewport: 800, gridTop: 600, rowHeight: 200, rows: 1000, overscan: 4 })).toEqual([0, 5]);
    expect(visibleRows({ scrollTop: 999_999, viewport: 800, gridTop: 0, rowHeight: 200, rows: 10, overscan: 4 })).toEqual([9, 9]);
  });
});

describe('nickname (§5)', () => {
  test('at most 30 characters, trimmed; empty cannot be saved', () => {
    expect(nicknameError('a'.repeat(30))).toBeNull();
    expect(nicknameError('a'.repeat(31))).toBe('Maximal 30 Zeichen erlaubt.');
    expect(nicknameError(`  ${'a'.repeat(30)}  `)).toBeNull();
    expect(canSaveNickname('   ')).toBe(false);
    expect(canSaveNickname(' Anna ')).toBe(true);
    expect(canSaveNickname('a'.repeat(31))).toBe(false);
  });
});

describe('video source', () => {
  const hevc = { preview_path: null, file_path: '/media/o/clip.mov', mime_type: 'video/quicktime' };
  const safari = (mime: string) => (mime === 'video/quicktime' ? 'maybe' : '');
  const chromium = () => '';
  test('the preview once it is made, in every browser', () => {
    expect(videoSource({ ...hevc, preview_path: '/media/d/preview.mp4' }, chromium)).toBe('/media/d/preview.mp4');
  });
  test('while the preview is made, the original where the browser can play it, else nothing yet', () => {
    expect(videoSource(hevc, safari)).toBe('/media/o/clip.mov');
    expect(videoSource(hevc, chromium)).toBeNull();
  });
});

describe('the full-resolution JPEG the viewer shows on iPhones', () => {
  const photo = {
    type: 'photo',
    mime_type: 'image/jpeg',
    file_path: '/media/k/original.jpg',
    preview_path: '/media/k/preview.jpg',
    jpeg_download_path: null,
  };
  test('a JPEG: its original; a HEIC: its JPEG copy', () => {
    expect(fullJpegSource(photo)).toBe('/media/k/original.jpg');
    expect(
      fullJpegSource({
        ...photo,
        mime_type: 'image/heic',
        file_path: '/media/k/original.heic',
        jpeg_download_path: '/media/k/full.jpg?download=1',
      }),
    ).toBe('/media/k/full.jpg?download=1');
  });
  test('none for a video, a PNG, a HEIC without its copy yet, or when the preview is the original', () => {
    expect(fullJpegSource({ ...photo, type: 'video', mime_type: 'video/mp4' })).toBeNull();
    expect(fullJpegSource({ ...photo, mime_type: 'image/png', file_path: '/media/k/original.png' })).toBeNull();
    expect(fullJpegSource({ ...photo, mime_type: 'image/heic', jpeg_download_path: null })).toBeNull();
    expect(fullJpegSource({ ...photo, preview_path: '/media/k/original.jpg' })).toBeNull();
  });
});
