import { describe, expect, test } from 'bun:test';
import { DEFAULT_DURATION_DAYS, eventStatus, eventWindow, normaliseDuration } from './event-window.ts';

const DAY = 86_400_000;

describe('normaliseDuration (spec: 7, 14, 21 or 28, otherwise 14)', () => {
  test.each([7, 14, 21, 28])('%p days is kept, as number and as form text', (d) => {
    expect(normaliseDuration(d)).toBe(d);
    expect(normaliseDuration(String(d))).toBe(d);
  });

  test('text with surrounding spaces is read as its number', () => {
    expect(normaliseDuration(' 21 ')).toBe(21);
  });

  // Each value wrapped in a row: test.each spreads array rows into arguments.
  test.each(
    [0, 1, 10, 15, 30, -7, 14.5, 7.0000001, NaN, Infinity, '10', 'abc', '', '  ', '7 days', null, undefined, true, [7], { d: 7 }].map(
      (v) => [v],
    ),
  )('%p falls back to 14', (v: unknown) => {
    expect(normaliseDuration(v)).toBe(14);
  });

  test('the default is 14', () => {
    expect(DEFAULT_DURATION_DAYS).toBe(14);
  });
});

describe('eventWindow', () => {
  const start = new Date('2025-06-01T10:00:00.000Z');

  test('end = start + duration days, viewable-until = end + retention days', () => {
    const w = eventWindow(start, 7, 30);
    expect(w.start.toISOString()).toBe('2025-06-01T10:00:00.000Z');
    expect(w.end.toISOString()).toBe('2025-06-08T10:00:00.000Z');
    expect(w.viewableUntil.toISOString()).toBe('2025-07-08T10:00:00.000Z');
  });

  test('a retention of 0 days makes viewable-until the end', () => {
    const w = eventWindow(start, 28, 0);
    expect(w.end.getTime() - start.getTime()).toBe(28 * DAY);
    expect(w.viewableUntil.getTime()).toBe(w.end.getTime());
  });

  test('durations are exact days in UTC (no DST shift)', () => {
    const w = eventWindow(new Date('2025-03-25T00:00:00Z'), 14, 1);
    expect(w.end.toISOString()).toBe('2025-04-08T00:00:00.000Z');
    expect(w.viewableUntil.toISOString()).toBe('2025-04-09T00:00:00.000Z');
  });
});

describe('eventStatus', () => {
  const w = eventWindow(new Date('2025-06-01T10:00:00Z'), 14, 30);
  const at = (ms: number) => new Date(ms);

  test('before the start: not_started', () => {
    expect(eventStatus(w, at(w.start.getTime() - 1))).toBe('not_started');
  });
  test('from the start (inclusive) until before the end: active', () => {
    expect(eventStatus(w, w.start)).toBe('active');
    expect(eventStatus(w, at(w.end.getTime() - 1))).toBe('active');
  });
  test('from the end until before viewable-until: ended', () => {
    expect(eventStatus(w, w.end)).toBe('ended');
    expect(eventStatus(w, at(w.viewableUntil.getTime() - 1))).toBe('ended');
  });
  test('from viewable-until: expired', () => {
    expect(eventStatus(w, w.viewableUntil)).toBe('expired');
    expect(eventStatus(w, at(w.viewableUntil.getTime() + 365 * DAY))).toBe('expired');
  });
  test('with no retention an event goes straight from active to expired', () => {
    const w0 = eventWindow(new Date('2025-06-01T10:00:00Z'), 7, 0);
    expect(eventStatus(w0, at(w0.end.getTime() - 1))).toBe('active');
    expect(eventStatus(w0, w0.end)).toBe('expired');
  });
});
