import { expect, test } from 'bun:test';
import { formatSize } from './format';

test('download sizes as a guest reads them: KB below a megabyte, one decimal with a German comma above', () => {
  expect(formatSize(0)).toBe('1 KB');
  expect(formatSize(319_482)).toBe('312 KB');
  expect(formatSize(8_078_537)).toBe('7,7 MB');
  expect(formatSize(124 * 1024 ** 2)).toBe('124 MB');
  expect(formatSize(2.5 * 1024 ** 3)).toBe('2,5 GB');
});
