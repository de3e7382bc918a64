import { describe, expect, test } from 'bun:test';
import { albumCountLabel, albumCover } from './albums';

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
