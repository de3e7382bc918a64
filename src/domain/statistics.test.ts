import { describe, expect, test } from 'bun:test';
import { uploadsPerHour } from './statistics.ts';

describe('uploadsPerHour', () => {
  test('counts per UTC hour from the first upload to the last, empty hours included', () => {
    expect(uploadsPerHour(['2026-06-01T20:59:59.999Z', '2026-06-01T20:00:00.000Z', '2026-06-01T22:30:00.000Z', 'not a time'])).toEqual([
      { hour: '2026-06-01T20:00:00.000Z', count: 2 },
      { hour: '2026-06-01T21:00:00.000Z', count: 0 },
      { hour: '2026-06-01T22:00:00.000Z', count: 1 },
    ]);
  });

  test('nothing uploaded: no hours; a long event: the newest hours only', () => {
    expect(uploadsPerHour([])).toEqual([]);
    const hours = uploadsPerHour(['2026-06-01T00:10:00Z', '2026-06-05T12:10:00Z'], 3);
    expect(hours.map((h) => [h.hour, h.count])).toEqual([
      ['2026-06-05T10:00:00.000Z', 0],
      ['2026-06-05T11:00:00.000Z', 0],
      ['2026-06-05T12:00:00.000Z', 1],
    ]);
  });
});
