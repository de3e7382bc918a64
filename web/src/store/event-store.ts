import { create } from 'zustand';
import type { AlbumDto, AppConfig, EventDto, UploadDto } from '../../../src/http/api-types';
import { guestApi } from '../api/guest';
import { adminToken } from '../api/http';
import { applyChange, type LiveChange } from '../api/live';
import { de } from '../i18n/de';
import { initialAlbum, sortAlbums, UNSORTED_ALBUM_NAME, visibleSorted } from '../../../src/domain/albums.ts';
import { computeEventStatus, type StatusInfo } from '../pages/event/logic/status';
import { toast } from './toast-store';
import { randomId } from '../upload/names';

// The guest event page's state (§3 "client state"): event, albums, uploads per album, the guest.

/** The albums the page lists: guests keep the visible ones (§7); Admin Mode also shows the hidden ones the API gives it, marked on their cards. */
function shownAlbums(albums: AlbumDto[], isAdmin: boolean): AlbumDto[] {
  return isAdmin ? sortAlbums(albums) : visibleSorted(albums);
}

export type ModalName = 'help' | 'recovery' | 'profile' | 'qr' | 'download' | null;

interface EventState {
  code: string | null;
  event: EventDto | null;
  loading: boolean;
  notFound: boolean;
  config: AppConfig | null;
  maxUploadSizeMB: number;
  albums: AlbumDto[];
  uploads: Record<number, UploadDto[]>;
  albumLoading: Record<number, boolean>;
  selectedAlbumId: number | null;
  statusInfo: StatusInfo;

  currentUserId: string | null;
  nickname: string;
  hasConsent: boolean;
  isFirstVisit: boolean;
  termsAccepted: boolean;
  isAdmin: boolean;
  autoApprove: boolean;
  /** uploads whose approve/withdraw call is running */
  busy: Record<number, boolean>;
  modal: ModalName;

  load: (code: string) => Promise<void>;
  reset: () => void;
  refreshStatus: () => void;
  selectAlbum: (albumId: number) => void;
  loadAlbumUploads: (albumId: number) => Promise<void>;
  reloadAllUploads: () => Promise<void>;
  reloadAlbums: () => Promise<void>;
  ensureUnsorted: () => Promise<AlbumDto>;
  toggleApproval: (upload: UploadDto) => Promise<void>;
  deleteUpload: (upload: UploadDto) => Promise<boolean>;
  giveConsent: (nickname: string) => Promise<void>;
  saveNickname: (nickname: string) => Promise<boolean>;
  setAutoApprove: (on: boolean) => void;
  /** a change from the live stream: new, changed or removed media appear without a reload */
  applyLive: (change: LiveChange) => void;
  /** shares every private upload of this guest at once */
  shareAllOwn: () => Promise<void>;
  openModal: (m: ModalName) => void;
}

const autoApproveKey = (code: string) => `momentbox_auto_approve_${code}`;

const initial = {
  code: null,
  event: null,
  loading: true,
  notFound: false,
  config: null,
  maxUploadSizeMB: 300,
  albums: [],
  uploads: {},
  albumLoading: {},
  selectedAlbumId: null,
  statusInfo: { status: 'active' as const, messages: [] },
  currentUserId: null,
  nickname: '',
  hasConsent: false,
  isFirstVisit: false,
  termsAccepted: false,
  isAdmin: false,
  autoApprove: false,
  busy: {},
  modal: null as ModalName,
};

let unsortedPromise: Promise<AlbumDto> | null = null;

export const useEventStore = create<EventState>((set, get) => ({
  ...initial,

  reset: () => {
    unsortedPromise = null;
    set({ ...initial });
  },

  load: async (code) => {
    unsortedPromise = null;
    set({ ...initial, code, loading: true, isAdmin: !!adminToken.get() });
    let event: EventDto;
    try {
      const [ev, config] = await Promise.all([guestApi.event(code), guestApi.config().catch(() => null)]);
      event = ev;
      set({ config, maxUploadSizeMB: config?.maxUploadSizeMB ?? 300 });
    } catch (err) {
      console.error(de.eventLoadError, err);
      set({ loading: false, notFound: true });
      return;
    }
    const storedAuto = localStorage.getItem(autoApproveKey(code));
    set({
      event,
      statusInfo: computeEventStatus(event),
      // The host's 'Neue Uploads sofort für alle sichtbar' until the guest chooses otherwise.
      autoApprove: storedAuto === null ? event.auto_share_uploads : storedAuto === '1',
    });

    // Who is this? The cookie event_{code} (HttpOnly, so the server reads it for us), with consent and
    // nickname (§4 consent flow).
    guestApi
      .me(code)
      .then((me) => {
        if (get().code !== code) return;
        if (!me.userId) {
          // An admin looking at the guest page is not asked for a guest's consent.
          set({ isFirstVisit: true, hasConsent: false, modal: get().isAdmin ? null : 'help' });
          return;
        }
        set({ currentUserId: me.userId, nickname: me.nickname ?? '', hasConsent: me.hasConsent, termsAccepted: me.hasConsent });
        if (!me.hasConsent) set({ modal: 'help' });
      })
      .catch(() => get().code === code && set({ hasConsent: true }));

    try {
      const albums = shownAlbums(await guestApi.albums(event.id), get().isAdmin);
      const first = initialAlbum(albums, new Date());
      set({ albums, selectedAlbumId: first?.id ?? null });
      // The page shows once every album's uploads are here (covers, counts, the grid, the pending hint),
      // so nothing moves afterwards; the requests run in parallel.
      await Promise.all(albums.map((a) => get().loadAlbumUploads(a.id)));
      set({ loading: false });
    } catch (err) {
      console.error('albums', err);
      set({ loading: false });
    }
  },

  refreshStatus: () => {
    const ev = get().event;
    if (ev) set({ statusInfo: computeEventStatus(ev) });
  },

  selectAlbum: (albumId) => {
    set({ selectedAlbumId: albumId });
    if (!get().uploads[albumId]) void get().loadAlbumUploads(albumId);
  },

  loadAlbumUploads: async (albumId) => {
    const ev = get().event;
    if (!ev) return;
    set((s) => ({ albumLoading: { ...s.albumLoading, [albumId]: true } }));
    try {
      const list = await guestApi.uploads(ev.id, albumId);
      set((s) => ({ uploads: { ...s.uploads, [albumId]: list } }));
    } catch (err) {
      console.error('uploads', err);
      set((s) => ({ uploads: { ...s.uploads, [albumId]: s.uploads[albumId] ?? [] } }));
    } finally {
      set((s) => ({ albumLoading: { ...s.albumLoading, [albumId]: false } }));
    }
  },

  reloadAlbums: async () => {
    const ev = get().event;
    if (!ev) return;
    try {
      const albums = shownAlbums(await guestApi.albums(ev.id), get().isAdmin);
      set((s) => ({
        albums,
        selectedAlbumId: albums.some((a) => a.id === s.selectedAlbumId) ? s.selectedAlbumId : (initialAlbum(albums, new Date())?.id ?? null),
      }));
    } catch (err) {
      console.error('albums', err);
    }
  },

  reloadAllUploads: async () => {
    await get().reloadAlbums();
    await Promise.all(get().albums.map((a) => get().loadAlbumUploads(a.id)));
  },

  ensureUnsorted: () => {
    const existing = get().albums.find((a) => a.name === UNSORTED_ALBUM_NAME);
    if (existing) return Promise.resolve(existing);
    const ev = get().event;
    if (!ev) return Promise.reject(new Error('no event'));
    unsortedPromise ??= guestApi
      .createAlbum(ev.id, UNSORTED_ALBUM_NAME)
      .then(async (album) => {
        await get().reloadAlbums();
        if (!get().albums.some((a) => a.id === album.id) && album.visible) {
          set((s) => ({ albums: visibleSorted([...s.albums, album]) }));
        }
        return album;
      })
      .catch((err) => {
        unsortedPromise = null;
        throw err;
      });
    return unsortedPromise;
  },

  toggleApproval: async (upload) => {
    const ev = get().event;
    if (!ev || get().busy[upload.id]) return;
    set((s) => ({ busy: { ...s.busy, [upload.id]: true } }));
    const approving = !upload.approved;
    try {
      const updated = approving ? await guestApi.approve(ev.id, upload.id) : await guestApi.reject(ev.id, upload.id);
      const approved = updated?.approved ?? approving;
      set((s) => ({
        uploads: {
          ...s.uploads,
          [upload.album_id]: (s.uploads[upload.album_id] ?? []).map((u) => (u.id === upload.id ? { ...u, approved } : u)),
        },
      }));
      toast(approving ? de.approved : de.rejected, 'success');
    } catch (err) {
      console.error('approval', err);
      toast(approving ? de.approveError : de.rejectError, 'error');
    } finally {
      set((s) => {
        const busy = { ...s.busy };
        delete busy[upload.id];
        return { busy };
      });
    }
  },

  deleteUpload: async (upload) => {
    const ev = get().event;
    if (!ev) return false;
    try {
      await guestApi.deleteUpload(ev.id, upload.id);
      set((s) => ({
        uploads: { ...s.uploads, [upload.album_id]: (s.uploads[upload.album_id] ?? []).filter((u) => u.id !== upload.id) },
      }));
      toast(de.deleted, 'success');
      return true;
    } catch (err) {
      console.error('delete', err);
      toast(de.deleteError, 'error');
      return false;
    }
  },

  // §4 consent flow, step 2 and 3: new id, ten-year cookie (set by the server), consent + nickname saved; failures continue.
  giveConsent: async (nickname) => {
    const code = get().code;
    if (!code) return;
    const userId = randomId();
    try {
      await guestApi.saveConsent(code, userId);
    } catch (err) {
      console.warn('consent could not be saved; continuing as consented', err);
    }
    // Only now: the answer has set the (HttpOnly) cookie event_{code}, so the live stream that reopens for
    // the identified guest, and every later call, carries it.
    set({ currentUserId: userId, hasConsent: true, termsAccepted: true, isFirstVisit: false });
    const nick = nickname.trim();
    if (nick) {
      try {
        const a = await guestApi.saveNickname(code, userId, nick);
        set({ nickname: a?.nickname ?? nick });
      } catch (err) {
        console.warn('nickname could not be saved', err);
        set({ nickname: nick });
      }
    }
    set({ modal: 'recovery' });
  },

  saveNickname: async (nickname) => {
    const { code, currentUserId } = get();
    const nick = nickname.trim();
    if (!code || !currentUserId || !nick) return false;
    try {
      const a = await guestApi.saveNickname(code, currentUserId, nick);
      set({ nickname: a?.nickname ?? nick });
      // the nickname shows on one's own uploads too
      toast(de.nicknameSaved, 'success');
      return true;
    } catch (err) {
      console.error('nickname', err);
      toast(de.nicknameError, 'error');
      return false;
    }
  },

  setAutoApprove: (on) => {
    const code = get().code;
    if (code) localStorage.setItem(autoApproveKey(code), on ? '1' : '0');
    set({ autoApprove: on });
  },

  applyLive: (change) => {
    if (change.kind === 'resync') {
      void get().reloadAllUploads();
      return;
    }
    // An upload into an album this page does not know yet (just created): the albums and its list are loaded.
    if (change.kind !== 'remove' && !get().albums.some((a) => a.id === change.upload.album_id)) {
      const albumId = change.upload.album_id;
      void get()
        .reloadAlbums()
        .then(() => {
          if (get().albums.some((a) => a.id === albumId)) return get().loadAlbumUploads(albumId);
        });
      return;
    }
    // Lists not loaded yet stay so: they load whole when their album is opened.
    set((s) => {
      const uploads: Record<number, UploadDto[]> = {};
      for (const [albumId, list] of Object.entries(s.uploads)) uploads[Number(albumId)] = applyChange(list, change, (u) => u.album_id === Number(albumId));
      return { uploads };
    });
  },

  shareAllOwn: async () => {
    const ev = get().event;
    if (!ev) return;
    try {
      await guestApi.shareAllOwn(ev.id);
      const userId = get().currentUserId;
      set((s) => ({
        uploads: Object.fromEntries(Object.entries(s.uploads).map(([id, list]) => [id, list.map((u) => (u.user_id === userId ? { ...u, approved: true } : u))])),
      }));
      toast(de.approved, 'success');
    } catch (err) {
      console.error('share all', err);
      toast(de.approveError, 'error');
    }
  },

  openModal: (modal) => set({ modal }),
}));

/** Guests see their own unapproved uploads; true when there is at least one (§2 upload modal close). */
export function ownPendingCount(uploads: Record<number, UploadDto[]>, userId: string | null): number {
  if (!userId) return 0;
  let n = 0;
  for (const list of Object.values(uploads)) for (const u of list) if (u.user_id === userId && !u.approved) n++;
  return n;
}
