import { expect, test } from 'bun:test';
import { isIsoDateTime } from './dates.ts';

test('ISO 8601 dates and times are accepted, loose strings are not', () => {
  for (const ok of ['2026-06-20', '2026-06-20T18:30', '2026-06-20T18:30:00Z', '2026-06-20T20:30:00+02:00', '2026-06-20T18:30:00.123Z']) {
    expect(isIsoDateTime(ok)).toBe(true);
  }
  for (const bad of ['1', 'tomorrow', '2026-13-45', '20.06.2026', '2026-06-20T25:99:00Z', '']) expect(isIsoDateTime(bad)).toBe(false);
});
