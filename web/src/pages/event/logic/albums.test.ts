import { describe, expect, test } from 'bun:test';
import { albumCountLabel } from './albums';

describe('album card', () => {
  test('count labels: Medium, Medien, Nur Videos, Keine Medien', () => {
    expect(albumCountLabel({ upload_count: 0, video_count: 0 })).toBe('Keine Medien');
    expect(albumCountLabel({ upload_count: 1, video_count: 0 })).toBe('1 Medium');
    expect(albumCountLabel({ upload_count: 2, video_count: 1 })).toBe('2 Medien');
    expect(albumCountLabel({ upload_count: 2, video_count: 2 })).toBe('Nur Videos');
  });
});
