import { useCallback, useEffect, useRef, useState } from 'react';
import type { useAlbumGrid } from './use-gallery';

/**
 * Which upload the viewer shows, walking the whole album (§2: previous and next wrap around): past the
 * fetched uploads it fetches the next page; before the first, while pages are still to come, every page
 * (to reach the last). Closed (null) when the album changes.
 */
export function useViewerWalk(grid: ReturnType<typeof useAlbumGrid>, albumId: number | undefined) {
  const [index, setIndex] = useState<number | null>(null);
  const { uploads, hasMore, loadNext, loadAll } = grid;
  const loaded = uploads.length;

  useEffect(() => {
    setIndex(null);
  }, [albumId]);
  // Deleted or gone (live) under the viewer: stay in range, close when nothing is left.
  useEffect(() => {
    if (index !== null && index >= loaded && !hasMore) setIndex(loaded ? loaded - 1 : null);
  }, [index, loaded, hasMore]);

  const walk = useCallback(
    (target: number) => {
      if (target >= 0 && target < loaded) return setIndex(target);
      if (!hasMore) return setIndex(loaded === 0 ? null : target < 0 ? loaded - 1 : 0);
      // Past the fetched ones: the next page (one walk fetches all pages to reach the last from the first).
      void (target < 0 ? loadAll() : loadNext()).then((all) => {
        if (all.length === 0) return setIndex(null);
        setIndex(target < 0 ? all.length - 1 : target < all.length ? target : 0);
      });
    },
    [loaded, hasMore, loadNext, loadAll],
  );

  // One function for the page's whole life (the grid's memoised tiles take it), calling the current walk.
  const current = useRef(walk);
  current.current = walk;
  const show = useCallback((target: number) => current.current(target), []);

  return { index, show, close: useCallback(() => setIndex(null), []) };
}
