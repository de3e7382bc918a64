import { describe, expect, test } from 'bun:test';
import type { UploadDto } from '../../../../../src/http/api-types';
import { type GalleryPages, loadedUploads, withLiveChange, withUploadPatched } from './gallery-pages';

const upload = (id: number, minute: number, albumId = 1, second = 0) =>
  ({ id, album_id: albumId, created_at: `2026-11-23T10:0${minute}:${String(second).padStart(2, '0')}.000Z`, approved: true }) as UploadDto;

/** Two pages: uploads 9..6 (minutes 9..6) then 5..4, and whether more follow. */
const pages = (more: boolean): GalleryPages => ({
  pages: [
    { uploads: [upload(9, 9), upload(8, 8), upload(7, 7), upload(6, 6)], next_cursor: 'c1' },
    { uploads: [upload(5, 5), upload(4, 4)], next_cursor: more ? 'c2' : null },
  ],
  pageParams: [null, 'c1'],
});
const ids = (data: GalleryPages) => data.pages.map((p) => p.uploads.map((u) => u.id));

describe('live changes in a paged grid', () => {
  test('a new upload heads the first page; the cursors stay', () => {
    const next = withLiveChange(pages(true), { kind: 'upload', upload: upload(10, 9, 1, 30) }, 1);
    expect(ids(next)).toEqual([
      [10, 9, 8, 7, 6],
      [5, 4],
    ]);
    expect(next.pages.map((p) => p.next_cursor)).toEqual(['c1', 'c2']);
  });

  test('an older upload becoming visible goes where it belongs; older than all fetched: left to the pages to come, or at the end of the last', () => {
    expect(ids(withLiveChange(pages(true), { kind: 'upload', upload: upload(55, 5, 1, 30) }, 1))).toEqual([
      [9, 8, 7, 6],
      [55, 5, 4],
    ]);
    expect(ids(withLiveChange(pages(true), { kind: 'upload', upload: upload(3, 3) }, 1))).toEqual([
      [9, 8, 7, 6],
      [5, 4],
    ]);
    expect(ids(withLiveChange(pages(false), { kind: 'upload', upload: upload(3, 3) }, 1))).toEqual([
      [9, 8, 7, 6],
      [5, 4, 3],
    ]);
  });

  test('an update replaces in place, a removal drops, an upload of another album is not shown here', () => {
    const changed = withLiveChange(pages(true), { kind: 'update', upload: { ...upload(8, 8), approved: false } }, 1);
    expect(ids(changed)).toEqual([
      [9, 8, 7, 6],
      [5, 4],
    ]);
    expect(loadedUploads(changed).find((u) => u.id === 8)!.approved).toBe(false);
    expect(ids(withLiveChange(pages(true), { kind: 'remove', id: 5 }, 1))).toEqual([[9, 8, 7, 6], [4]]);
    expect(ids(withLiveChange(pages(true), { kind: 'upload', upload: upload(10, 9, 2, 30) }, 1))).toEqual([
      [9, 8, 7, 6],
      [5, 4],
    ]);
    // moved to another album: gone from this one
    expect(ids(withLiveChange(pages(true), { kind: 'update', upload: upload(7, 7, 2) }, 1))).toEqual([
      [9, 8, 6],
      [5, 4],
    ]);
  });

  test('a patch changes only that upload', () => {
    const patched = withUploadPatched(pages(false), 4, { approved: false });
    expect(loadedUploads(patched).map((u) => u.approved)).toEqual([true, true, true, true, true, false]);
  });
});
