import { useCallback, useEffect, useState } from 'react';
import type { UploadDto } from '../../../../../src/http/api-types';

// Issue 22: the grid's selection ('Auswählen'); its bar (Selection.tsx) is fetched when a selection starts.

export interface Selection {
  active: boolean;
  picked: ReadonlySet<number>;
  start(): void;
  stop(): void;
  toggle(u: UploadDto): void;
}

/** The grid's selection; it ends when the album changes. */
export function useSelection(albumId: number | undefined): Selection {
  const [active, setActive] = useState(false);
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const stop = useCallback(() => {
    setActive(false);
    setPicked(new Set());
  }, []);
  const start = useCallback(() => setActive(true), []);
  const toggle = useCallback((u: UploadDto) => {
    setPicked((prev) => {
      const next = new Set(prev);
      if (!next.delete(u.id)) next.add(u.id);
      return next;
    });
  }, []);
  useEffect(stop, [albumId, stop]);
  return { active, picked, start, stop, toggle };
}
