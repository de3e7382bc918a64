import { useEffect } from 'react';
import { openLive } from '../../../api/live';
import { invalidateAdminEvent } from '../../../api/queries';

/** Changes arriving together (a guest's batch) refetch the events list once. */
const LIVE_RELOAD_MS = 1_000;

/** Upload counts and sizes follow the events' live streams: a batch of changes of one event refetches it once. */
export function useLiveEvents(eventIds: number[] | undefined) {
  const ids = eventIds?.join(',') ?? '';
  useEffect(() => {
    if (!ids) return;
    const timers = new Map<number, number>();
    const closers = ids.split(',').map((id) =>
      openLive(Number(id), () => {
        window.clearTimeout(timers.get(Number(id)));
        timers.set(
          Number(id),
          window.setTimeout(() => void invalidateAdminEvent(Number(id)), LIVE_RELOAD_MS),
        );
      }),
    );
    return () => {
      for (const timer of timers.values()) window.clearTimeout(timer);
      for (const close of closers) close();
    };
  }, [ids]);
}
