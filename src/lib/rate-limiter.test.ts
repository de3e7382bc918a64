import { expect, test } from 'bun:test';
import { RateLimiter } from './rate-limiter.ts';

test('a key spends its burst, then gets one token back per refill interval; other keys are unaffected', () => {
  let t = 0;
  const limiter = new RateLimiter({ burst: 3, refillMs: 1000 }, () => t);
  expect([1, 2, 3, 4].map(() => limiter.take('a'))).toEqual([true, true, true, false]);
  expect(limiter.take('b')).toBe(true);
  t = 999;
  expect(limiter.take('a')).toBe(false);
  t = 1000;
  expect(limiter.take('a')).toBe(true);
  expect(limiter.take('a')).toBe(false);
  t = 100_000;
  expect([1, 2, 3, 4].map(() => limiter.take('a'))).toEqual([true, true, true, false]);
});

test("forget fills one key's bucket again, clear every bucket (a successful login, a new admin password)", () => {
  const limiter = new RateLimiter({ burst: 2, refillMs: 1000 }, () => 0);
  for (const key of ['a', 'a', 'b', 'b']) limiter.take(key);
  expect([limiter.take('a'), limiter.take('b')]).toEqual([false, false]);
  limiter.forget('a');
  expect([limiter.take('a'), limiter.take('a'), limiter.take('a'), limiter.take('b')]).toEqual([true, true, false, false]);
  limiter.clear();
  expect([limiter.take('a'), limiter.take('b')]).toEqual([true, true]);
});
