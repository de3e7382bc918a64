import { describe, expect, test } from 'bun:test';
import type { AlbumDto } from '../../../../src/http/api-types';
import { withCreatedFirst } from './album-draft';

const album = (id: number, name: string): AlbumDto => ({
  id,
  event_id: 1,
  name,
  visible: true,
  challenge: false,
  start_datetime: null,
  end_datetime: null,
  created_at: '2026-06-20T10:00:00.000Z',
});

describe('settings album list: created on the page goes on top', () => {
  const server = [album(1, 'Sektempfang'), album(2, 'Grillen'), album(3, 'Tanz')];
  const names = (list: AlbumDto[]) => list.map((a) => a.name);

  test("nothing created: the server's order", () => {
    expect(names(withCreatedFirst(server, []))).toEqual(['Sektempfang', 'Grillen', 'Tanz']);
  });

  test('created here: newest first, then the rest in the server order', () => {
    expect(names(withCreatedFirst(server, [3, 2]))).toEqual(['Tanz', 'Grillen', 'Sektempfang']);
  });

  test('a created album that is gone (deleted, or not refetched yet) is skipped', () => {
    expect(names(withCreatedFirst(server, [9, 2]))).toEqual(['Grillen', 'Sektempfang', 'Tanz']);
  });
});
