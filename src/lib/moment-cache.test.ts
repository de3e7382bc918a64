import { expect, test } from 'bun:test';
import { MomentCache } from './moment-cache.ts';

test('a value is loaded once per moment, again after it, never past the size limit, and a failed load is not kept', () => {
  let now = 0;
  const cache = new MomentCache<string, number>({ ttlMs: 1000, maxEntries: 2 }, () => now);
  let loads = 0;
  const load = (value: number) => () => {
    loads++;
    return value;
  };
  expect(cache.get('a', load(1))).toBe(1);
  now = 999;
  expect(cache.get('a', load(2))).toBe(1);
  expect(loads).toBe(1);
  now = 1000;
  expect(cache.get('a', load(3))).toBe(3);
  expect(loads).toBe(2);
  // 'a' (loaded last at 1000) and 'b' kept; 'c' drops the oldest loaded, 'a'.
  cache.get('b', load(4));
  cache.get('c', load(5));
  expect(cache.get('b', load(6))).toBe(4);
  expect(cache.get('a', load(7))).toBe(7);
  expect(() =>
    cache.get('d', () => {
      throw new Error('gone');
    }),
  ).toThrow('gone');
  expect(cache.get('d', load(8))).toBe(8);
});
