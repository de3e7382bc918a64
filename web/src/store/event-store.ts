import { create } from 'zustand';
import type { GuestIdentity } from '../../../src/http/api-types';
import type { UploadSort } from '../../../src/domain/limits.ts';
import { guestApi } from '../api/guest';
import { adminToken } from '../api/http';
import { getT } from '../i18n';
import { toast } from './toast-store';
import { randomId } from '../upload/names';

// The guest event page's own state (§3 "client state"): who this browser is, the album chosen, the open
// modal, the 'Automatisch freigeben' choice. The server's data (event, albums, uploads) is not kept here:
// it lives in the query cache (web/src/api/queries.ts, pages/event/hooks/use-gallery.ts).

export type ModalName = 'help' | 'recovery' | 'profile' | 'qr' | 'download' | null;

interface EventState {
  code: string | null;
  /** the album the guest chose; null until they choose (the page shows the initial album of §4) */
  selectedAlbumId: number | null;
  /** the grid's order: newest first, or 'Beliebteste' */
  sort: UploadSort;

  currentUserId: string | null;
  nickname: string;
  hasConsent: boolean;
  isFirstVisit: boolean;
  termsAccepted: boolean;
  isAdmin: boolean;
  /** null until the event is known: then the host's default or the guest's own choice */
  autoApprove: boolean | null;
  modal: ModalName;

  /** a new page for the event of `code` */
  begin: (code: string) => void;
  /** who this browser is, from GET /api/event/{code}/me (§4 consent flow, step 1); null when that call failed */
  identify: (me: GuestIdentity | null) => void;
  /** the host's 'Neue Uploads sofort für alle sichtbar' until the guest chooses otherwise */
  initAutoApprove: (hostDefault: boolean) => void;
  selectAlbum: (albumId: number) => void;
  setSort: (sort: UploadSort) => void;
  giveConsent: (nickname: string) => Promise<void>;
  saveNickname: (nickname: string) => Promise<boolean>;
  setAutoApprove: (on: boolean) => void;
  openModal: (m: ModalName) => void;
}

const autoApproveKey = (code: string) => `momentbox_auto_approve_${code}`;

const initial = {
  code: null,
  selectedAlbumId: null,
  sort: 'newest' as UploadSort,
  currentUserId: null,
  nickname: '',
  hasConsent: false,
  isFirstVisit: false,
  termsAccepted: false,
  isAdmin: false,
  autoApprove: null,
  modal: null as ModalName,
};

export const useEventStore = create<EventState>((set, get) => ({
  ...initial,

  begin: (code) => set({ ...initial, code, isAdmin: !!adminToken.get() }),

  identify: (me) => {
    if (!me) {
      set({ hasConsent: true }); // the check failed: continue as before rather than lock the page
      return;
    }
    if (!me.userId) {
      // An admin looking at the guest page is not asked for a guest's consent.
      set({ isFirstVisit: true, hasConsent: false, modal: get().isAdmin ? null : 'help' });
      return;
    }
    set({ currentUserId: me.userId, nickname: me.nickname ?? '', hasConsent: me.hasConsent, termsAccepted: me.hasConsent });
    if (!me.hasConsent) set({ modal: 'help' });
  },

  initAutoApprove: (hostDefault) => {
    const code = get().code;
    if (!code || get().autoApprove !== null) return;
    const stored = localStorage.getItem(autoApproveKey(code));
    set({ autoApprove: stored === null ? hostDefault : stored === '1' });
  },

  selectAlbum: (albumId) => set({ selectedAlbumId: albumId }),
  setSort: (sort) => set({ sort }),

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
      toast(getT().nicknameSaved, 'success');
      return true;
    } catch (err) {
      console.error('nickname', err);
      toast(getT().nicknameError, 'error');
      return false;
    }
  },

  setAutoApprove: (on) => {
    const code = get().code;
    if (code) localStorage.setItem(autoApproveKey(code), on ? '1' : '0');
    set({ autoApprove: on });
  },

  openModal: (modal) => set({ modal }),
}));
