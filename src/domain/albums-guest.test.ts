import { describe, expect, test } from 'bun:test';
import { albumContains, albumForDate, albumPhase, initialAlbum, visibleSorted } from './albums.ts';

// The guest page's album rules (spec §2, §4), as the web app uses them.

let id = 0;
function album(name: string, start: string | null = null, end: string | null = null, visible = true) {
  return { id: ++id, name, visible, start_datetime: start, end_datetime: end };
}

const now = new Date('2026-06-20T20:00:00Z');

describe('visibleSorted', () => {
  test('keeps visible albums, dated by start ascending, undated after them in their order', () => {
    const a = album('Unsortiert');
    const b = album('Party', '2026-06-20T21:00:00Z', '2026-06-21T03:00:00Z');
    const c = album('Hidden', '2026-06-20T10:00:00Z', '2026-06-20T11:00:00Z', false);
    const d = album('Trauung', '2026-06-20T14:00:00Z', '2026-06-20T15:00:00Z');
    const e = album('Default Album');
    expect(visibleSorted([a, b, c, d, e]).map((x) => x.name)).toEqual(['Trauung', 'Party', 'Unsortiert', 'Default Album']);
  });
});

describe('initialAlbum (§4)', () => {
  const past1 = album('Vormittag', '2026-06-20T08:00:00Z', '2026-06-20T10:00:00Z');
  const past2 = album('Mittag', '2026-06-20T12:00:00Z', '2026-06-20T13:00:00Z');
  const cur = album('Abend', '2026-06-20T19:00:00Z', '2026-06-20T23:00:00Z');
  const soon = album('Morgen', '2026-06-21T09:00:00Z', '2026-06-21T12:00:00Z');
  const later = album('Übermorgen', '2026-06-22T09:00:00Z', '2026-06-22T12:00:00Z');
  const def = album('Default Album');
  const plain = album('Allgemein');

  test('the album whose window contains now', () => {
    expect(initialAlbum([past1, def, cur, soon], now)?.name).toBe('Abend');
  });
  test('else the one named Default Album', () => {
    expect(initialAlbum([plain, past1, def, soon], now)?.name).toBe('Default Album');
  });
  test('else the most recently ended', () => {
    expect(initialAlbum([plain, past1, past2, soon], now)?.name).toBe('Mittag');
  });
  test('else the soonest upcoming', () => {
    expect(initialAlbum([plain, later, soon], now)?.name).toBe('Morgen');
  });
  test('else the first; none for no albums', () => {
    expect(initialAlbum([plain, album('B')], now)?.name).toBe('Allgemein');
    expect(initialAlbum([], now)).toBeUndefined();
  });
  test('Aktuell marks the album whose window contains now, bounds included', () => {
    expect(albumContains(cur, now)).toBe(true);
    expect(albumContains(past1, now)).toBe(false);
    expect(albumContains(plain, now)).toBe(false);
    expect(albumContains(cur, new Date('2026-06-20T23:00:00Z'))).toBe(true);
  });
});

describe('albumForDate (target album of an upload)', () => {
  const a = album('A', '2008-05-01T00:00:00Z', '2008-05-31T23:59:59Z');
  const b = album('B', '2008-05-15T00:00:00Z', '2008-06-30T00:00:00Z');
  test('the first album whose window contains the date', () => {
    expect(albumForDate([a, b], new Date('2008-05-20T12:00:00Z'))?.name).toBe('A');
    expect(albumForDate([a, b], new Date('2008-06-20T12:00:00Z'))?.name).toBe('B');
  });
  test('none for a date outside every window', () => {
    expect(albumForDate([a, b], new Date('2015-01-01T00:00:00Z'))).toBeNull();
  });
});

describe('album phase badge (host)', () => {
  const at = new Date('2025-06-01T12:00:00Z');
  const w = (start: string | null, end: string | null) => ({ start_datetime: start, end_datetime: end });
  test('current inside the range (limits included), upcoming before, past after', () => {
    expect(albumPhase(w('2025-06-01T10:00:00Z', '2025-06-01T14:00:00Z'), at)).toBe('current');
    expect(albumPhase(w('2025-06-01T12:00:00Z', '2025-06-01T13:00:00Z'), at)).toBe('current');
    expect(albumPhase(w('2025-06-01T11:00:00Z', '2025-06-01T12:00:00Z'), at)).toBe('current');
    expect(albumPhase(w('2025-06-02T10:00:00Z', '2025-06-03T14:00:00Z'), at)).toBe('upcoming');
    expect(albumPhase(w('2025-05-01T10:00:00Z', '2025-05-02T14:00:00Z'), at)).toBe('past');
  });
  test('no badge unless both dates are set and valid', () => {
    expect(albumPhase(w(null, '2025-06-01T14:00:00Z'), at)).toBeNull();
    expect(albumPhase(w('2025-06-01T10:00:00Z', null), at)).toBeNull();
    expect(albumPhase(w('garbage', '2025-06-01T14:00:00Z'), at)).toBeNull();
  });
});
