import { useCallback, useEffect, useMemo, useRef } from 'react';
import { type QueryClient, useInfiniteQuery, useMutation, useMutationState, useQuery } from '@tanstack/react-query';
import type { AlbumDto, EventDto, GalleryAlbumDto, GuestbookEntryDto, UploadDto } from '../../../../../src/http/api-types';
import type { UploadSort } from '../../../../../src/domain/limits.ts';
import { initialAlbum, sortAlbums, UNSORTED_ALBUM_NAME, visibleSorted } from '../../../../../src/domain/albums.ts';
import { guestApi } from '../../../api/guest';
import { adminToken } from '../../../api/http';
import { applyGuestbookChange, openLive, type LiveChange } from '../../../api/live';
import { configQuery, guestQueries, queryKeys } from '../../../api/queries';
import { queryClient } from '../../../api/query-client';
import { getT } from '../../../i18n';
import { useEventStore } from '../../../store/event-store';
import { toast } from '../../../store/toast-store';
import { type GalleryPages, loadedUploads, withLiveChange, withUploadPatched } from '../logic/gallery-pages';

// The guest page's server data through the query cache: the event, its albums with the counts and covers of
// what this browser sees, and each album's grid page by page. Changes (own actions, the live stream) update
// or invalidate the narrowest key that covers them.

/**
 * The event, and at once (without waiting for a render between the calls) its albums and the first page of
 * the album the page will show: on a slow phone each render between the three calls costs a few hundred ms
 * before the first photo.
 */
async function eventWithFirstPage(code: string): Promise<EventDto> {
  const event = await guestApi.event(code);
  void queryClient
    .fetchQuery(guestQueries.albums(event.id))
    .then((albums) => {
      const { selectedAlbumId, sort } = useEventStore.getState();
      const shown = shownAlbum(shownAlbums(albums, !!adminToken.get()), selectedAlbumId);
      if (shown) return queryClient.prefetchInfiniteQuery(guestQueries.uploads(event.id, shown.id, sort));
    })
    .catch(() => undefined); // the page's own queries ask again and show what failed
  return event;
}

/** The event of `code` and the box's config; who this browser is goes into the page's store. */
export function useGuestEvent(code: string) {
  const event = useQuery({ ...guestQueries.event(code), queryFn: () => eventWithFirstPage(code) });
  const config = useQuery(configQuery());
  const me = useQuery({ ...guestQueries.me(code), retry: false });

  useEffect(() => {
    useEventStore.getState().begin(code);
  }, [code]);
  useEffect(() => {
    if (me.data) useEventStore.getState().identify(me.data);
    else if (me.isError) useEventStore.getState().identify(null);
  }, [me.data, me.isError]);
  useEffect(() => {
    if (event.data) useEventStore.getState().initAutoApprove(event.data.auto_share_uploads);
  }, [event.data]);
  useEffect(() => {
    // §8's text for the log (logs stay English); the guest reads the not-found page
    if (event.isError) console.error('Event not found or error loading event details', event.error);
  }, [event.isError, event.error]);

  return {
    event: event.data ?? null,
    /** Einwegkamera: this guest's shots still to take (null without a limit, or before the answer) */
    shotsLeft: me.data?.shots_left ?? null,
    config: config.data ?? null,
    maxUploadSizeMB: config.data?.maxUploadSizeMB ?? 300,
    loading: event.isPending,
    notFound: event.isError,
  };
}

/** The albums the page lists: guests keep the visible ones (§7); Admin Mode also shows the hidden ones, marked on their cards. */
function shownAlbums(albums: GalleryAlbumDto[], isAdmin: boolean): GalleryAlbumDto[] {
  return isAdmin ? sortAlbums(albums) : visibleSorted(albums);
}

/**
 * The albums (the list's cards), the photo challenges (issue 28: albums with a prompt, listed in their own
 * section), the one shown (the guest's choice, an album or a challenge, else the initial album of §4) and the
 * guest's private uploads in all.
 */
export function useGalleryAlbums(eventId: number | undefined, isAdmin: boolean) {
  const query = useQuery({ ...guestQueries.albums(eventId ?? 0), enabled: eventId !== undefined });
  const all = useMemo(() => shownAlbums(query.data ?? [], isAdmin), [query.data, isAdmin]);
  const albums = useMemo(() => all.filter((a) => !a.challenge), [all]);
  const challenges = useMemo(() => all.filter((a) => a.challenge), [all]);
  const chosenId = useEventStore((s) => s.selectedAlbumId);
  const selected = shownAlbum(all, chosenId);
  const ownPrivate = all.reduce((n, a) => n + a.own_private_count, 0);
  return { albums, challenges, selected, ownPrivate, loading: query.isPending && eventId !== undefined };
}

/** The album on show: the guest's choice while it exists, else the initial album of §4 (never a challenge: those are chosen). */
const shownAlbum = (albums: GalleryAlbumDto[], chosenId: number | null) =>
  albums.find((a) => a.id === chosenId) ??
  initialAlbum(
    albums.filter((a) => !a.challenge),
    new Date(),
  ) ??
  null;

/** The albums as the cache holds them now (for the upload queue, which runs outside React's renders). */
export function cachedAlbums(eventId: number): GalleryAlbumDto[] {
  return shownAlbums(queryClient.getQueryData(queryKeys.guest.albums(eventId)) ?? [], useEventStore.getState().isAdmin);
}

/** The album on show now, outside React's renders. */
export const cachedShownAlbum = (eventId: number) => shownAlbum(cachedAlbums(eventId), useEventStore.getState().selectedAlbumId);

/** The most pages one walk loads (a bound: 200 pages of 60 are 12,000 uploads in one album). */
const MAX_PAGES = 200;

/**
 * An album's grid: the uploads of the pages fetched so far, whether more follow, and how to get them (the
 * next page as the guest scrolls or the viewer walks on; every page for 'Alles herunterladen').
 */
export function useAlbumGrid(eventId: number | undefined, albumId: number | undefined, sort: UploadSort) {
  const query = useInfiniteQuery({
    ...guestQueries.uploads(eventId ?? 0, albumId ?? 0, sort),
    enabled: eventId !== undefined && albumId !== undefined,
  });
  const uploads = useMemo(() => loadedUploads(query.data), [query.data]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage({ cancelRefetch: false });
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  /** The next page; resolves with the uploads fetched by then. */
  const loadNext = useCallback(
    async (): Promise<UploadDto[]> => loadedUploads((await fetchNextPage({ cancelRefetch: false })).data),
    [fetchNextPage],
  );

  /** Every page of the album; resolves with all its uploads (what the cache has when a page fails). */
  const loadAll = useCallback(async (): Promise<UploadDto[]> => {
    let result = await fetchNextPage({ cancelRefetch: false });
    for (let i = 0; result.hasNextPage && !result.isError && i < MAX_PAGES; i++)
      result = await result.fetchNextPage({ cancelRefetch: false });
    return loadedUploads(result.data);
  }, [fetchNextPage]);

  return {
    uploads,
    loaded: query.data !== undefined,
    hasMore: !!hasNextPage,
    loadingMore: isFetchingNextPage,
    loadMore,
    loadNext,
    loadAll,
  };
}

/** After uploads or a reload request: the albums (counts, covers) and the grids of `albumIds` (all when left out) are fetched again. */
export function refreshGallery(eventId: number, albumIds?: Iterable<number>) {
  void queryClient.invalidateQueries({ queryKey: queryKeys.guest.albums(eventId) });
  if (!albumIds) void queryClient.invalidateQueries({ queryKey: queryKeys.guest.uploadsAll(eventId) });
  else for (const id of albumIds) void queryClient.invalidateQueries({ queryKey: queryKeys.guest.albumUploads(eventId, id) });
}

/**
 * One change of the live stream into every cached grid of the event. A grid fetch under way answers with the
 * list from before the change and would put it back when it lands (an own HEIC's thumbnail, made while the
 * page reloaded after a reconnect, never showed on a phone): such a fetch is started again.
 */
export function applyLiveChange(client: QueryClient, eventId: number, change: Exclude<LiveChange, { kind: 'resync' }>) {
  for (const [key, data] of client.getQueriesData<GalleryPages>({ queryKey: queryKeys.guest.uploadsAll(eventId) })) {
    if (data) client.setQueryData<GalleryPages>(key, withLiveChange(data, change, key[4] as number, key[5] as UploadSort));
  }
  for (const q of client.getQueryCache().findAll({ queryKey: queryKeys.guest.uploadsAll(eventId), fetchStatus: 'fetching' })) {
    void client.invalidateQueries({ queryKey: q.queryKey, exact: true });
  }
}

/** Counts and covers follow the live stream, at most once per this many ms (a burst of uploads is one reload). */
const ALBUMS_REFRESH_MS = 2_000;

/** Einwegkamera: the event (its `camera`) and the guest's shots are asked again (after uploads, deletions, the reveal). */
export function refreshCamera() {
  void queryClient.invalidateQueries({ queryKey: queryKeys.guest.all, predicate: (q) => q.queryKey[1] === 'code' });
}

/**
 * New media of others, approvals and finished video previews arrive over the live stream, without a reload:
 * each change goes into the pages of its album's grid (and out of the others), the album list follows.
 * The stream is opened again when the guest gives consent (`identified`): what it may show follows who is asking.
 * At the Einwegkamera's reveal the gallery reloads (a 'resync'), the event is asked again and `onReveal` celebrates.
 */
export function useLiveGallery(eventId: number | undefined, identified: boolean, onReveal: () => void) {
  const onRevealRef = useRef(onReveal);
  onRevealRef.current = onReveal;
  useEffect(() => {
    if (eventId === undefined) return;
    let albumsTimer: number | undefined;
    const refreshAlbums = () => {
      albumsTimer ??= window.setTimeout(() => {
        albumsTimer = undefined;
        void queryClient.invalidateQueries({ queryKey: queryKeys.guest.albums(eventId) });
      }, ALBUMS_REFRESH_MS);
    };
    const guestbookKey = queryKeys.guest.guestbook(eventId);
    const close = openLive(
      eventId,
      (change) => {
        if (change.kind === 'resync') {
          void queryClient.invalidateQueries({ queryKey: guestbookKey });
          return refreshGallery(eventId);
        }
        applyLiveChange(queryClient, eventId, change);
        if (change.kind !== 'nickname') refreshAlbums(); // counts and covers do not show names
      },
      {
        onAlbums: () => void queryClient.invalidateQueries({ queryKey: queryKeys.guest.albums(eventId) }),
        onGuestbook: (change) =>
          queryClient.setQueryData<GuestbookEntryDto[]>(guestbookKey, (list) => list && applyGuestbookChange(list, change)),
        onReveal: () => {
          refreshCamera();
          onRevealRef.current();
        },
      },
    );
    return () => {
      close();
      window.clearTimeout(albumsTimer);
    };
  }, [eventId, identified]);
}

/** Sets one upload's fields in every cached grid of the event, where it is. */
function patchEverywhere(eventId: number, id: number, patch: Partial<UploadDto>) {
  for (const [key, data] of queryClient.getQueriesData<GalleryPages>({ queryKey: queryKeys.guest.uploadsAll(eventId) })) {
    if (data) queryClient.setQueryData<GalleryPages>(key, withUploadPatched(data, id, patch));
  }
}

/**
 * Hearts (issue 28): which uploads this guest hearted, and the toggle. The tap shows at once (the count and the
 * filled heart); the server's answer sets the count, a refusal puts both back. A guest without consent is asked
 * for it first (a heart is kept per guest identity).
 */
export function useHearts(eventId: number | undefined, identified: boolean) {
  const mine = useQuery({ ...guestQueries.hearts(eventId ?? 0), enabled: eventId !== undefined && identified });
  const hearted = useMemo(() => mine.data ?? new Set<number>(), [mine.data]);
  // The toggle reads the set through a ref: one stable function, so the grid's memoised tiles do not all render again per heart.
  const heartedRef = useRef(hearted);
  heartedRef.current = hearted;
  const setMine = (id: number, on: boolean) =>
    eventId !== undefined &&
    queryClient.setQueryData<Set<number>>(queryKeys.guest.hearts(eventId), (old) => {
      const next = new Set(old);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const { mutate } = useMutation({
    mutationFn: ({ u, on }: { u: UploadDto; on: boolean }) => guestApi.heart(u.event_id, u.id, on),
    onMutate: ({ u, on }) => {
      setMine(u.id, on);
      patchEverywhere(u.event_id, u.id, { heart_count: Math.max(0, u.heart_count + (on ? 1 : -1)) });
    },
    onSuccess: (answer, { u }) => patchEverywhere(u.event_id, u.id, { heart_count: answer.heart_count }),
    onError: (err, { u, on }) => {
      console.error('heart', err);
      setMine(u.id, !on);
      patchEverywhere(u.event_id, u.id, { heart_count: u.heart_count });
      toast(getT().heartError, 'error');
    },
  });
  /** `on`: true hearts, false takes back, undefined toggles. */
  const toggle = useCallback(
    (u: UploadDto, on?: boolean) => {
      if (!identified) return useEventStore.getState().openModal('help');
      const has = heartedRef.current.has(u.id);
      const want = on ?? !has;
      if (want !== has) mutate({ u, on: want });
    },
    [identified, mutate],
  );
  return { hearted, toggle };
}

const APPROVAL_KEY = ['guest', 'approval'] as const;

/** The guest's changes to uploads: share/withdraw one, delete one, share all of their own. */
export function useUploadActions(eventId: number | undefined) {
  const refreshAlbums = () => eventId !== undefined && void queryClient.invalidateQueries({ queryKey: queryKeys.guest.albums(eventId) });

  const approval = useMutation({
    mutationKey: APPROVAL_KEY,
    mutationFn: (u: UploadDto) => (u.approved ? guestApi.reject(u.event_id, u.id) : guestApi.approve(u.event_id, u.id)),
    onSuccess: (updated, u) => {
      patchEverywhere(u.event_id, u.id, { approved: updated?.approved ?? !u.approved });
      refreshAlbums();
      toast(u.approved ? getT().rejected : getT().approved, 'success');
    },
    onError: (err, u) => {
      console.error('approval', err);
      toast(u.approved ? getT().rejectError : getT().approveError, 'error');
    },
  });
  // The toggle is disabled while its change runs (§4).
  const busyIds = useMutationState({
    filters: { mutationKey: APPROVAL_KEY, status: 'pending' },
    select: (m) => (m.state.variables as UploadDto).id,
  });

  const remove = useMutation({
    mutationFn: (u: UploadDto) => guestApi.deleteUpload(u.event_id, u.id),
    onSuccess: (_answer, u) => {
      if (eventId !== undefined) {
        for (const [key, data] of queryClient.getQueriesData<GalleryPages>({ queryKey: queryKeys.guest.uploadsAll(eventId) })) {
          if (data)
            queryClient.setQueryData<GalleryPages>(
              key,
              withLiveChange(data, { kind: 'remove', id: u.id }, key[4] as number, key[5] as UploadSort),
            );
        }
      }
      refreshAlbums();
      refreshCamera(); // a deleted photo may give its shot back
      toast(getT().deleted, 'success');
    },
    onError: (err) => {
      console.error('delete', err);
      toast(getT().deleteError, 'error');
    },
  });

  const shareAll = useMutation({
    mutationFn: (id: number) => guestApi.shareAllOwn(id),
    onSuccess: (_answer, id) => {
      refreshGallery(id);
      toast(getT().approved, 'success');
    },
    onError: (err) => {
      console.error('share all', err);
      toast(getT().approveError, 'error');
    },
  });

  // Stable functions, so the grid's memoised tiles do not render again with every change of the page.
  const { mutate: toggleApproval } = approval;
  const { mutateAsync: removeAsync } = remove;
  const { mutate: shareAllOf } = shareAll;
  return {
    toggleApproval,
    busyIds,
    /** true when it was deleted */
    deleteUpload: useCallback(
      (u: UploadDto) =>
        removeAsync(u).then(
          () => true,
          () => false,
        ),
      [removeAsync],
    ),
    shareAllOwn: useCallback(() => eventId !== undefined && shareAllOf(eventId), [eventId, shareAllOf]),
  };
}

let unsortedPromise: Promise<AlbumDto> | null = null;

/** The album 'Unsortiert' for media that match no dated album (§4), created once when missing (one request for many files). */
export function ensureUnsorted(event: EventDto): Promise<AlbumDto> {
  const existing = cachedAlbums(event.id).find((a) => a.name === UNSORTED_ALBUM_NAME);
  if (existing) return Promise.resolve(existing);
  unsortedPromise ??= guestApi
    .createAlbum(event.id, UNSORTED_ALBUM_NAME)
    .then(async (album) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.guest.albums(event.id) });
      return album;
    })
    .finally(() => {
      unsortedPromise = null;
    });
  return unsortedPromise;
}
