import { expect, test } from 'bun:test';
import { ConcurrencyCaps } from './concurrency-caps.ts';

test('a place is taken under every key or none; a release gives it back once', () => {
  const caps = new ConcurrencyCaps();
  const keys = [
    ['address:a', 3],
    ['guest:x', 2],
  ] as const;
  const first = caps.acquire(keys)!;
  const second = caps.acquire(keys)!;
  expect(caps.acquire(keys)).toBeNull(); // the guest is full
  expect(caps.count('address:a')).toBe(2); // and the refused call took nothing
  expect(
    caps.acquire([
      ['address:a', 3],
      ['guest:y', 2],
    ]),
  ).not.toBeNull(); // another guest of the same address
  expect(
    caps.acquire([
      ['address:a', 3],
      ['guest:z', 2],
    ]),
  ).toBeNull(); // the address is full
  first();
  first();
  expect(caps.count('guest:x')).toBe(1);
  second();
  expect(caps.count('guest:x')).toBe(0);
  expect(caps.acquire(keys)).not.toBeNull();
});
