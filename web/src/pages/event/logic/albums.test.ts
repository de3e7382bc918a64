import { afterEach, describe, expect, test } from 'bun:test';
import { useLanguageStore } from '../../../i18n';
import { de } from '../../../i18n/de';
import { en } from '../../../i18n/en';
import { albumCountLabel, albumName } from './albums';

afterEach(() => useLanguageStore.setState({ lang: 'de', t: de }));

describe('album card', () => {
  test('count labels: Medium, Medien, Nur Videos, Keine Medien', () => {
    expect(albumCountLabel({ upload_count: 0, video_count: 0 })).toBe('Keine Medien');
    expect(albumCountLabel({ upload_count: 1, video_count: 0 })).toBe('1 Medium');
    expect(albumCountLabel({ upload_count: 2, video_count: 1 })).toBe('2 Medien');
    expect(albumCountLabel({ upload_count: 2, video_count: 2 })).toBe('Nur Videos');
  });

  test("the albums the box names itself read in the page's language; the host's names as written", () => {
    expect([albumName('Default Album'), albumName('Unsortiert'), albumName('Party')]).toEqual(['Standardalbum', 'Unsortiert', 'Party']);
    useLanguageStore.setState({ lang: 'en', t: en });
    expect([albumName('Default Album'), albumName('Unsortiert'), albumName('Party')]).toEqual(['Default Album', 'Unsorted', 'Party']);
    expect(albumCountLabel({ upload_count: 1, video_count: 0 })).toBe('1 item');
  });
});
