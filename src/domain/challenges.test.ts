import { describe, expect, test } from 'bun:test';
import { challengeProgress, promptsForCards } from './challenges.ts';

describe('photo challenges', () => {
  test('table cards take the prompts in turn, three each, every prompt on some card', () => {
    const prompts = ['a', 'b', 'c', 'd', 'e'];
    expect(promptsForCards(prompts, 3)).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e', 'a'],
      ['b', 'c', 'd'],
    ]);
    expect(promptsForCards(['a', 'b'], 2)).toEqual([
      ['a', 'b'],
      ['a', 'b'],
    ]);
    expect(promptsForCards([], 2)).toEqual([[], []]);
  });

  test("a guest's progress counts the challenges with one of their uploads", () => {
    const list = [
      { challenge: true, own_count: 2 },
      { challenge: true, own_count: 0 },
      { challenge: false, own_count: 5 },
      { challenge: true, own_count: 1 },
    ];
    expect(challengeProgress(list)).toEqual({ done: 2, total: 3 });
  });
});
