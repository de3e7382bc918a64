import { describe, expect, test } from 'bun:test';
import { DHASH_RE, hammingDistance, SIMILARITY_THRESHOLD } from './dhash.ts';

describe('hammingDistance of 16-hex dHashes', () => {
  test('equal hashes are 0 apart', () => {
    expect(hammingDistance('0123456789abcdef', '0123456789abcdef')).toBe(0);
  });

  test('counts differing bits', () => {
    expect(hammingDistance('0000000000000000', '0000000000000001')).toBe(1);
    expect(hammingDistance('0000000000000000', '000000000000000f')).toBe(4);
    expect(hammingDistance('8000000000000000', '0000000000000000')).toBe(1);
    expect(hammingDistance('0000000000000000', 'ffffffffffffffff')).toBe(64);
    expect(hammingDistance('aaaaaaaaaaaaaaaa', '5555555555555555')).toBe(64);
  });

  test('is symmetric and case-insensitive', () => {
    expect(hammingDistance('00ff00ff00ff00ff', 'ff00ff00ff00ff00')).toBe(hammingDistance('ff00ff00ff00ff00', '00ff00ff00ff00ff'));
    expect(hammingDistance('ABCDEF0123456789', 'abcdef0123456789')).toBe(0);
  });

  test('differences in the first characters count like any other (bucket is only a hint)', () => {
    expect(hammingDistance('1000000000000000', '0000000000000000')).toBe(1);
  });

  test('the spec threshold is 12 and the hash format is 16 lowercase hex', () => {
    expect(SIMILARITY_THRESHOLD).toBe(12);
    expect(DHASH_RE.test('0123456789abcdef')).toBe(true);
    expect(DHASH_RE.test('0123456789abcde')).toBe(false);
    expect(DHASH_RE.test('0123456789abcdeg')).toBe(false);
  });
});
