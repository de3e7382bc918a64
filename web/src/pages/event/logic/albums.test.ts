import { describe, expect, test } from 'bun:test';
import type { AlbumDto } from '../../../../../src/http/api-types';
import { albumCountLabel, albumCover, albumForDate, initialAlbum, isCurrent, visibleSorted } from './albums';

let id = 0;
function album(name: string, start: string | null = null, end: string | null = null, visible = true): AlbumDto {
  return { id: ++id, event_id: 1, name, visible, start_datetime: start, end_datetime: end, created_at: '2026-01-01T00:00:00Z' };
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
    expect(isCurrent(cur, now)).toBe(true);
    expect(isCurrent(past1, now)).toBe(false);
    expect(isCurrent(plain, now)).toBe(false);
    expect(isCurrent(cur, new Date('2026-06-20T23:00:00Z'))).toBe(true);
  });
});

describe('albumForDate (target album of an upload)', () => {
  const a = album('A', '2008-05-01T00:00:00Z', '2008-05-31T23:59:59Z');
  const b = album('B', '2008-05-15T00:00:00Z', '2008-06-30T00:00:00Z');
  test('the first album whose window contains the date', () => {
    expect(albumForDate([a, b], new Date('2008-05-20T12:00:00Z'))?.name).toBe('A');
    expect(albumForDate([a, b], new Date('2008-06-20T12:00:00Z'))?.name).toBe('B');
  });
  test('none for a date outside every window, or no date', () => {
    expect(albumForDate([a, b], new Date('2015-01-01T00:00:00Z'))).toBeUndefined();
    expect(albumForDate([a, b], null)).toBeUndefined();
  });
});

describe('album card', () => {
  test('count labels: Medium, Medien, Nur Videos, Keine Medien', () => {
    expect(albumCountLabel([])).toBe('Keine Medien');
    expect(albumCountLabel([{ type: 'photo' }])).toBe('1 Medium');
    expect(albumCountLabel([{ type: 'photo' }, { type: 'video' }])).toBe('2 Medien');
    expect(albumCountLabel([{ type: 'video' }, { type: 'video' }])).toBe('Nur Videos');
  });
  test('cover: the first photo, else any thumbnail', () => {
    expect(albumCover([{ type: 'video', thumbnail_path: '/v.jpg' }, { type: 'photo', thumbnail_path: '/p.jpg' }])).toBe('/p.jpg');
    expect(albumCover([{ type: 'video', thumbnail_path: '/v.jpg' }])).toBe('/v.jpg');
    expect(albumCover([])).toBeNull();
  });
});
