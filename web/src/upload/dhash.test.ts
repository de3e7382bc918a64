import { describe, expect, test } from 'bun:test';
import { dhashBucket, dhashFromGray, hammingDistance } from '../../../src/domain/dhash.ts';
import { rgbaToGray } from './dhash';

// The bits are the shared rule of src/domain/dhash.ts; rgbaToGray is the browser's half.
describe('dHash (9x8, 16 hex)', () => {
  test('a left-to-right darkening ramp sets every bit', () => {
    const gray = Array.from({ length: 72 }, (_, i) => 255 - (i % 9) * 20);
    expect(dhashFromGray(gray)).toBe('ffffffffffffffff');
  });
  test('a brightening ramp sets none; flat sets none', () => {
    expect(dhashFromGray(Array.from({ length: 72 }, (_, i) => (i % 9) * 20))).toBe('0000000000000000');
    expect(dhashFromGray(new Array(72).fill(128))).toBe('0000000000000000');
  });
  test('a known buffer: row by row, most significant bit first', () => {
    // row 0: 9 8 9 8 9 8 9 8 9 -> 10101010 = aa; row 1: brighter on the left only at x=0 -> 10000000 = 80; rest flat
    const gray = new Array(72).fill(50);
    [9, 8, 9, 8, 9, 8, 9, 8, 9].forEach((v, x) => (gray[x] = v));
    [60, 50, 50, 50, 50, 50, 50, 50, 50].forEach((v, x) => (gray[9 + x] = v));
    const h = dhashFromGray(gray);
    expect(h).toBe('aa80000000000000');
    expect(h).toHaveLength(16);
    expect(dhashBucket(h)).toBe('aa80');
  });
  test('rgba to luma, Hamming distance of hex strings', () => {
    expect([...rgbaToGray([255, 255, 255, 255, 0, 0, 0, 255, 255, 0, 0, 255])]).toEqual([255, 0, 76]);
    expect(hammingDistance('ffffffffffffffff', '0000000000000000')).toBe(64);
    expect(hammingDistance('aa80000000000000', 'aa80000000000001')).toBe(1);
  });
  test('needs 72 pixels', () => {
    expect(() => dhashFromGray([1, 2, 3])).toThrow();
  });
});
