import { describe, expect, test } from 'bun:test';
import type { UploadDto } from '../../../../src/http/api-types';
import { LOVED_WEIGHT_MAX, Playlist } from './playlist';

const upload = (id: number, over: Partial<UploadDto> = {}): UploadDto =>
  ({
    id,
    type: 'photo',
    approved: true,
    preview_path: `/media/${id}/preview.jpg`,
    processing_state: 'ready',
    heart_count: 0,
    ...over,
  }) as UploadDto;
const photosOnly = (u: UploadDto) => u.type === 'photo' && u.preview_path !== null;

describe('wall playlist', () => {
  test('new uploads come first, with an older one after every two while more wait', () => {
    const p = new Playlist(photosOnly, () => 0);
    p.setAll([1, 2, 3].map((id) => upload(id)));
    for (const id of [10, 11, 12, 13, 14]) p.upsert(upload(id), true);
    const shown = Array.from({ length: 7 }, () => p.next()!.upload.id);
    expect(shown.slice(0, 2)).toEqual([10, 11]);
    expect([1, 2, 3]).toContain(shown[2]!);
    expect(shown.slice(3, 5)).toEqual([12, 13]);
    expect(shown[6]).toBe(14);
  });

  test('older uploads rotate through all before any repeats, never the same twice in a row', () => {
    const p = new Playlist(photosOnly);
    p.setAll([1, 2, 3, 4, 5, 6].map((id) => upload(id)));
    const first = Array.from({ length: 6 }, () => p.next()!.upload.id);
    expect(new Set(first).size).toBe(6);
    let previous = first[5];
    for (let i = 0; i < 200; i++) {
      const id = p.next()!.upload.id;
      expect(id).not.toBe(previous);
      previous = id;
    }
  });

  test('videos and unfinished photos stay out; removed uploads disappear; arrows walk the history', () => {
    const p = new Playlist(photosOnly, () => 0);
    p.setAll([upload(1), upload(2, { type: 'video' }), upload(3, { preview_path: null })]);
    expect(p.size).toBe(1);
    p.upsert(upload(4), true);
    expect(p.next()!.upload.id).toBe(4);
    expect(p.next()!.upload.id).toBe(1);
    expect(p.previous()!.upload.id).toBe(4);
    expect(p.next()!.upload.id).toBe(1);
    p.remove(1);
    expect(p.next()!.upload.id).toBe(4);
    p.remove(4);
    expect(p.next()).toBeNull();
  });

  test("new uploads take turns by guest: one guest's burst does not hold back another's photo", () => {
    const p = new Playlist(photosOnly, () => 0);
    p.setAll([1, 2, 3].map((id) => upload(id)));
    const byAnna = (id: number) => upload(id, { user_id: 'anna', uploader_nickname: 'Anna' });
    for (const id of [10, 11, 12, 13, 14, 15]) p.upsert(byAnna(id), true);
    p.upsert(upload(20, { user_id: 'ben', uploader_nickname: 'Ben' }), true);
    p.upsert(upload(30, { user_id: null, uploader_nickname: 'Fotobox' }), true);
    const shown = Array.from({ length: 6 }, () => p.next()!);
    const fresh = shown.filter((s) => s.fresh).map((s) => s.upload.id);
    expect(fresh.slice(0, 3)).toEqual([10, 20, 30]);
    expect(shown.filter((s) => !s.fresh).every((s) => [1, 2, 3].includes(s.upload.id))).toBe(true);
    expect(shown.filter((s) => !s.fresh).length).toBe(2); // older ones keep appearing
  });

  test('pickWhere (a portrait partner): the next new upload that fits, else the older one shown longest ago', () => {
    const p = new Playlist(photosOnly, () => 0);
    const portrait = (id: number) => upload(id, { width: 3, height: 4 });
    p.setAll([portrait(1), upload(2, { width: 4, height: 3 }), portrait(3)]);
    const tall = (u: UploadDto) => (u.height ?? 0) > (u.width ?? 0);
    p.upsert(portrait(10), true);
    expect(p.next()).toEqual({ upload: portrait(10), fresh: true });
    const partner = p.pickWhere(tall)!;
    expect([1, 3]).toContain(partner.upload.id);
    expect(partner.fresh).toBe(false);
    p.upsert(portrait(11), true);
    expect(p.pickWhere(tall)!).toEqual({ upload: portrait(11), fresh: true });
    p.remove(1);
    p.remove(3);
    p.remove(11);
    expect(p.pickWhere(tall)).toBeNull(); // only the one on screen is a portrait
  });

  test('after a reconnect, uploads that came while the wall was offline come first', () => {
    const p = new Playlist(photosOnly, () => 0);
    p.setAll([1, 2, 3].map((id) => upload(id)));
    p.next();
    p.setAll([1, 2, 3, 9].map((id) => upload(id)));
    expect(p.next()!.upload.id).toBe(9);
  });

  /** How often each upload is shown in `slides` slides, with a seeded random (the same numbers every run). */
  function showings(favorLoved: boolean, slides: number) {
    let seed = 7;
    const random = () => ((seed = (seed * 48271) % 2147483647) - 1) / 2147483646;
    const p = new Playlist(photosOnly, random);
    p.setFavorLoved(favorLoved);
    // upload 1 has three hearts (weight 4), 2 has one (weight 2), 3 to 9 none
    p.setAll([1, 2, 3, 4, 5, 6, 7, 8, 9].map((id) => upload(id, { heart_count: id === 1 ? 3 : id === 2 ? 1 : 0 })));
    const count = new Map<number, number>();
    for (let i = 0; i < slides; i++) {
      const id = p.next()!.upload.id;
      count.set(id, (count.get(id) ?? 0) + 1);
    }
    const plain = [3, 4, 5, 6, 7, 8, 9].map((id) => count.get(id) ?? 0);
    return {
      loved: count.get(1) ?? 0,
      liked: count.get(2) ?? 0,
      plain: plain.reduce((a, b) => a + b, 0) / plain.length,
      min: Math.min(...plain),
    };
  }

  test("'Fotos mit Herzen öfter zeigen': a photo with hearts comes round more often, by its hearts; none is left out", () => {
    const on = showings(true, 400);
    expect(on.loved).toBeGreaterThan(2.5 * on.plain);
    expect(on.liked).toBeGreaterThan(1.4 * on.plain);
    expect(on.loved).toBeGreaterThan(on.liked);
    expect(on.min).toBeGreaterThan(0.5 * on.plain);
    // off: the hearts change nothing
    const off = showings(false, 400);
    expect(off.loved).toBeLessThan(1.5 * off.plain);
    expect(off.liked).toBeLessThan(1.5 * off.plain);
  });

  test('a heart given while the wall runs counts from the next pick on; at most LOVED_WEIGHT_MAX times as often', () => {
    const p = new Playlist(photosOnly, () => 0);
    p.setFavorLoved(true);
    p.setAll([1, 2, 3, 4, 5, 6].map((id) => upload(id)));
    for (let i = 0; i < 6; i++) p.next();
    p.upsert(upload(4, { heart_count: 50 }), false);
    const next = Array.from({ length: 60 }, () => p.next()!.upload.id);
    const fours = next.filter((id) => id === 4).length;
    const others = (60 - fours) / 5;
    expect(fours).toBeGreaterThan(2 * others);
    expect(fours).toBeLessThanOrEqual(LOVED_WEIGHT_MAX * others + 1);
  });
});
