import { expect, test } from 'bun:test';
import { randomId, shortenName } from './names';

test('names over 20 characters: 17 characters plus an ellipsis', () => {
  expect(shortenName('IMG_0001.jpg')).toBe('IMG_0001.jpg');
  expect(shortenName('a'.repeat(20))).toBe('a'.repeat(20));
  expect(shortenName('PXL_20260620_183012345.jpg')).toBe('PXL_20260620_1830...');
  expect(shortenName('a'.repeat(21))).toHaveLength(20);
});

test('random ids are v4 UUIDs without crypto.randomUUID', () => {
  const a = randomId();
  expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(randomId()).not.toBe(a);
});
