import { describe, expect, test } from 'bun:test';
import { albumContains, albumForDate, sortAlbums, type AlbumWindow } from './albums.ts';

const album = (id: number, name: string, start: string | null = null, end: string | null = null): AlbumWindow => ({
  id,
  name,
  start_datetime: start,
  end_datetime: end,
});

describe('sortAlbums (spec: dated by start ascending, then undated)', () => {
  test('dated albums first by start, undated after in creation order', () => {
    const list = [
      album(1, 'Default Album'),
      album(2, 'Party', '2025-06-01T20:00:00Z', '2025-06-02T02:00:00Z'),
      album(3, 'Unsortiert'),
      album(4, 'Trauung', '2025-06-01T14:00:00Z', '2025-06-01T15:00:00Z'),
      album(5, 'Brunch', '2025-06-02T10:00:00Z', null),
    ];
    expect(sortAlbums(list).map((a) => a.name)).toEqual(['Trauung', 'Party', 'Brunch', 'Default Album', 'Unsortiert']);
  });

  test('equal starts keep id order; the input is not changed', () => {
    const list = [album(9, 'b', '2025-01-01T00:00:00Z'), album(2, 'a', '2025-01-01T00:00:00Z')];
    expect(sortAlbums(list).map((a) => a.id)).toEqual([2, 9]);
    expect(list.map((a) => a.id)).toEqual([9, 2]);
  });

  test('an album with only an end date counts as undated', () => {
    const list = [album(1, 'end only', null, '2025-01-01T00:00:00Z'), album(2, 'dated', '2030-01-01T00:00:00Z')];
    expect(sortAlbums(list).map((a) => a.id)).toEqual([2, 1]);
  });

  test('start times are compared as instants, not as text', () => {
    const list = [album(1, 'later', '2025-06-01T12:00:00+00:00'), album(2, 'earlier', '2025-06-01T13:00:00+02:00')];
    expect(sortAlbums(list).map((a) => a.name)).toEqual(['earlier', 'later']);
  });
});

describe('albumContains', () => {
  const a = album(1, 'Trauung', '2025-06-01T14:00:00Z', '2025-06-01T15:00:00Z');
  test('inside, and both bounds inclusive', () => {
    expect(albumContains(a, new Date('2025-06-01T14:30:00Z'))).toBe(true);
    expect(albumContains(a, new Date('2025-06-01T14:00:00Z'))).toBe(true);
    expect(albumContains(a, new Date('2025-06-01T15:00:00Z'))).toBe(true);
  });
  test('outside', () => {
    expect(albumContains(a, new Date('2025-06-01T13:59:59.999Z'))).toBe(false);
    expect(albumContains(a, new Date('2025-06-01T15:00:00.001Z'))).toBe(false);
  });
  test('an album missing a bound contains nothing', () => {
    expect(albumContains(album(2, 'x', '2025-06-01T14:00:00Z', null), new Date('2025-06-01T14:30:00Z'))).toBe(false);
    expect(albumContains(album(3, 'y'), new Date())).toBe(false);
  });
});

describe('albumForDate (spec: the first album whose start and end contain the date)', () => {
  const albums = [
    album(1, 'Default Album'),
    album(2, 'Abend', '2025-06-01T18:00:00Z', '2025-06-02T02:00:00Z'),
    album(3, 'Ganzer Tag', '2025-06-01T00:00:00Z', '2025-06-02T00:00:00Z'),
    album(4, 'Unsortiert'),
  ];
  test('the matching album', () => {
    expect(albumForDate(albums, new Date('2025-06-01T10:00:00Z'))?.name).toBe('Ganzer Tag');
    expect(albumForDate(albums, new Date('2025-06-02T01:00:00Z'))?.name).toBe('Abend');
  });
  test('overlapping windows: the first in display order (earliest start) wins', () => {
    expect(albumForDate(albums, new Date('2025-06-01T20:00:00Z'))?.name).toBe('Ganzer Tag');
  });
  test('no match gives null (the caller then uses Unsortiert)', () => {
    expect(albumForDate(albums, new Date('2025-07-01T00:00:00Z'))).toBeNull();
    expect(albumForDate([], new Date())).toBeNull();
  });
});
