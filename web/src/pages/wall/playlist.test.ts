import { describe, expect, test } from 'bun:test';
import type { UploadDto } from '../../../../src/http/api-types';
import { Playlist } from './playlist';

const upload = (id: number, over: Partial<UploadDto> = {}): UploadDto =>
  ({ id, type: 'photo', approved: true, preview_path: `/media/${id}/preview.jpg`, processing_state: 'ready', ...over }) as UploadDto;
const photosOnly = (u: UploadDto) => u.type === 'photo' && u.preview_path !== null;

describe('wall playlist', () => {
  test('new uploads come first, with an older one after every two while more wait', () => {
    const p = new Playlist(photosOnly, () => 0);
    p.setAll([1, 2, 3].map((id) => upload(id)));
    for (const id of [10, 11, 12, 13, 14]) p.upsert(upload(id), true);
    const shown = Array.from({ length: 7 }, () => p.next()!.id);
    expect(shown.slice(0, 2)).toEqual([10, 11]);
    expect([1, 2, 3]).toContain(shown[2]!);
    expect(shown.slice(3, 5)).toEqual([12, 13]);
    expect(shown[6]).toBe(14);
  });

  test('older uploads rotate through all before any repeats, never the same twice in a row', () => {
    const p = new Playlist(photosOnly);
    p.setAll([1, 2, 3, 4, 5, 6].map((id) => upload(id)));
    const first = Array.from({ length: 6 }, () => p.next()!.id);
    expect(new Set(first).size).toBe(6);
    let previous = first[5];
    for (let i = 0; i < 200; i++) {
      const id = p.next()!.id;
      expect(id).not.toBe(previous);
      previous = id;
    }
  });

  test('videos and unfinished photos stay out; removed uploads disappear; arrows walk the history', () => {
    const p = new Playlist(photosOnly, () => 0);
    p.setAll([upload(1), upload(2, { type: 'video' }), upload(3, { preview_path: null })]);
    expect(p.size).toBe(1);
    p.upsert(upload(4), true);
    expect(p.next()!.id).toBe(4);
    expect(p.next()!.id).toBe(1);
    expect(p.previous()!.id).toBe(4);
    expect(p.next()!.id).toBe(1);
    p.remove(1);
    expect(p.next()!.id).toBe(4);
    p.remove(4);
    expect(p.next()).toBeNull();
  });

  test('after a reconnect, uploads that came while the wall was offline come first', () => {
    const p = new Playlist(photosOnly, () => 0);
    p.setAll([1, 2, 3].map((id) => upload(id)));
    p.next();
    p.setAll([1, 2, 3, 9].map((id) => upload(id)));
    expect(p.next()!.id).toBe(9);
  });
});
