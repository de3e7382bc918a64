import { describe, expect, test } from 'bun:test';
import { InfiniteQueryObserver } from '@tanstack/react-query';
import type { UploadDto, UploadPage } from '../../../../../src/http/api-types';
import { queryKeys } from '../../../api/queries';
import { createQueryClient } from '../../../api/query-client';
import { loadedUploads } from '../logic/gallery-pages';
import { applyLiveChange } from './use-gallery';

const upload = (thumbnail_path: string | null) =>
  ({
    id: 4,
    album_id: 7,
    event_id: 1,
    created_at: '2026-06-20T20:00:00Z',
    thumbnail_path,
    processing_state: thumbnail_path ? 'ready' : 'pending',
  }) as unknown as UploadDto;

describe('live changes into the cached grid', () => {
  test('a change that arrives while the grid is being fetched is not undone by that fetch', async () => {
    const client = createQueryClient();
    const key = queryKeys.guest.uploads(1, 7);
    // the box: the photo is still processing when the first fetch is answered, ready by the second
    let calls = 0;
    let answerFirst!: () => void;
    // the grid on screen (an observer), with what it fetched earlier
    client.setQueryData(key, { pages: [{ uploads: [upload(null)], next_cursor: null }], pageParams: [null] });
    const observer = new InfiniteQueryObserver(client, {
      queryKey: key,
      staleTime: Infinity,
      initialPageParam: null as string | null,
      getNextPageParam: (p: UploadPage) => p.next_cursor,
      queryFn: async (): Promise<UploadPage> => {
        if (++calls === 1) {
          await new Promise<void>((r) => (answerFirst = r));
          return { uploads: [upload(null)], next_cursor: null };
        }
        return { uploads: [upload('/media/x/thumb.jpg')], next_cursor: null };
      },
    });
    const unsubscribe = observer.subscribe(() => undefined);
    // the page reloads its grid (after a reconnect)
    const fetching = client.refetchQueries({ queryKey: key, exact: true });
    expect(calls).toBe(1);
    // the live stream says the photo is ready while that fetch is on its way
    applyLiveChange(client, 1, { kind: 'update', upload: upload('/media/x/thumb.jpg') });
    answerFirst();
    await fetching;
    await Bun.sleep(0);
    for (let i = 0; i < 50 && client.isFetching({ queryKey: key }) > 0; i++) await Bun.sleep(10);
    expect(loadedUploads(client.getQueryData(key)).map((u) => u.thumbnail_path)).toEqual(['/media/x/thumb.jpg']);
    unsubscribe();
  });
});
