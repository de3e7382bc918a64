import { useEffect, useState } from 'react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { MODERATION_PAGE } from '../../../../../src/domain/limits.ts';
import type { EventDto, ModerationUploadDto } from '../../../../../src/http/api-types';
import { clientApi, type BulkTarget, type ModerationQuery } from '../../../api/client-settings';
import { openLive } from '../../../api/live';
import { hostQueries, invalidateHostPage, queryKeys } from '../../../api/queries';
import { queryClient } from '../../../api/query-client';
import { hostToast } from '../../../store/toast-store';
import { useHostT } from '../../../i18n';

// The moderation list's data: one page of uploads under a filter, kept fresh by the live stream, the
// selection, and the changes (approve, withdraw, delete) with their toasts.

/** Changes arriving together (a guest's batch) refetch the list once. */
const LIVE_RELOAD_MS = 400;

export type Filter = Pick<ModerationQuery, 'status' | 'albumId' | 'guestId'>;
export type Confirm = { kind: 'selected'; ids: number[] } | { kind: 'guest'; guestId: number; name: string };

/** `pageSize`: how many uploads a page holds (the overview shows only the newest few). */
export function useModeration(token: string, event: EventDto, { pageSize = MODERATION_PAGE }: { pageSize?: number } = {}) {
  const c = useHostT().couple;
  const [filter, setFilter] = useState<Filter>({ status: 'all' });
  /** how many rows are shown: 'Mehr laden' adds a page, a new filter starts again with one */
  const [limit, setLimit] = useState(pageSize);
  const filterBy = (change: Partial<Filter>) => {
    setFilter((f) => ({ ...f, ...change }));
    setLimit(pageSize);
  };
  const loadMore = () => setLimit((n) => n + pageSize);
  // the previous answer stays on screen while a new filter or 'Mehr laden' is fetched
  const list = useQuery({ ...hostQueries.uploads(token, { ...filter, limit, offset: 0 }), placeholderData: keepPreviousData });
  const page = list.data ?? null;
  const uploads = page?.uploads ?? [];
  const [picked, setPicked] = useState<Set<number>>(new Set());
  /** the picked uploads that are still listed (a deleted or filtered-out upload is no longer selected) */
  const selected = new Set(uploads.filter((u) => picked.has(u.id)).map((u) => u.id));
  const allSelected = uploads.length > 0 && uploads.every((u) => selected.has(u.id));
  const toggle = (id: number) =>
    setPicked(() => {
      const next = new Set(selected);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const toggleAll = () => setPicked(allSelected ? new Set() : new Set(uploads.map((u) => u.id)));

  // New uploads, approvals elsewhere (a guest, a second host tab) and finished videos: refetch what shows them.
  useEffect(() => {
    let timer: number | undefined;
    const close = openLive(
      event.id,
      () => {
        window.clearTimeout(timer);
        // the lists, and the counts and the chart of the overview
        timer = window.setTimeout(() => {
          void queryClient.invalidateQueries({ queryKey: queryKeys.host.uploadsAll(token) });
          void queryClient.invalidateQueries({ queryKey: queryKeys.host.statistics(token) });
        }, LIVE_RELOAD_MS);
      },
      { clientToken: token },
    );
    return () => {
      window.clearTimeout(timer);
      close();
    };
  }, [event.id, token]);

  /** One moderation change; afterwards everything of the page is refetched (list, album counts, statistics). */
  const moderation = useMutation({
    mutationFn: ({ work }: { work: () => Promise<unknown>; ok: string; error: string }) => work(),
    onSuccess: async (_, { ok }) => {
      hostToast.success(ok);
      await invalidateHostPage(token);
    },
    onError: (_, { error }) => hostToast.error(error),
  });
  const run = (work: () => Promise<unknown>, ok: string, error: string) =>
    moderation.mutateAsync({ work, ok, error }).catch(() => undefined);

  const setApproved = (u: ModerationUploadDto) =>
    run(
      () => clientApi.setApproved(token, u.id, !u.approved),
      u.approved ? c.withdrawn : c.approved,
      u.approved ? c.withdrawFailed : c.approveFailed,
    );

  const bulkApprove = (approved: boolean) => {
    const ids = [...selected];
    return run(
      () => clientApi.setApprovedMany(token, { ids }, approved),
      approved ? c.approvedMany(ids.length) : c.withdrawnMany(ids.length),
      approved ? c.approveFailed : c.withdrawFailed,
    );
  };

  const remove = (confirm: Confirm) => {
    const target: BulkTarget = confirm.kind === 'selected' ? { ids: confirm.ids } : { guestId: confirm.guestId };
    return run(
      async () => {
        const answer = await clientApi.deleteMany(token, target);
        if (confirm.kind === 'guest') filterBy({ guestId: undefined });
        return answer;
      },
      confirm.kind === 'selected' && confirm.ids.length === 1 ? c.deletedOne : c.deletedMany,
      c.deleteFailed,
    );
  };

  return {
    filter,
    filterBy,
    loadMore,
    list,
    page,
    uploads,
    selected,
    allSelected,
    toggle,
    toggleAll,
    busy: moderation.isPending,
    setApproved,
    bulkApprove,
    remove,
  };
}

/** Sharing by default: the checkbox follows the click at once and goes back when saving fails. */
export function useAutoShare(token: string, event: EventDto) {
  const c = useHostT().couple;
  const [autoShare, setAutoShare] = useState(event.auto_share_uploads);
  const save = useMutation({
    mutationFn: (on: boolean) => clientApi.saveSharingAndWall(token, { auto_share_uploads: on }),
    onSuccess: async () => {
      hostToast.success(c.settingsSaved);
      await invalidateHostPage(token);
    },
    onError: (_, on) => {
      setAutoShare(!on);
      hostToast.error(c.settingsFailed);
    },
  });
  const change = (on: boolean) => {
    setAutoShare(on);
    save.mutate(on);
  };
  return [autoShare, change] as const;
}
