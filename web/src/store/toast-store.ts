import { create } from 'zustand';

// The one toast store of the web app. Two screens show it by their spec:
// - the guest page (guest §9): a toast hides after 4 s, only one at a time (a new one replaces the old);
// - the host screens, admin dashboard and settings page (host §9): top-right, 3 s, several at once.
// web/src/components/Toast.tsx and components/admin/toast.tsx (Toaster) draw them. On the guest page, while a
// dialog is open, the toast shows inside it, above its buttons (Modal registers a slot there): at the bottom
// of a phone's screen it would cover the dialog's buttons.

export type ToastKind = 'info' | 'success' | 'error';
export interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
}

export const GUEST_TOAST_MS = 4000;
export const HOST_TOAST_MS = 3000;

interface ToastState {
  toasts: ToastItem[];
  /** Shows a toast for `ms`; `alone` replaces those shown (the guest page's rule). */
  push: (kind: ToastKind, message: string, opts: { ms: number; alone?: boolean }) => void;
  dismiss: (id: number) => void;
  /** takes every toast off the screen (a language switch: their texts are in the old language) */
  clear: () => void;
  /** the open guest dialogs' toast slots, the newest last */
  slots: HTMLElement[];
  addSlot: (el: HTMLElement) => void;
  removeSlot: (el: HTMLElement) => void;
}

let nextId = 1;

export const useToasts = create<ToastState>((set, get) => ({
  toasts: [],
  push: (kind, message, { ms, alone }) => {
    const id = nextId++;
    const item = { id, kind, message };
    set({ toasts: alone ? [item] : [...get().toasts, item] });
    setTimeout(() => get().dismiss(id), ms);
  },
  dismiss: (id) => set({ toasts: get().toasts.filter((t) => t.id !== id) }),
  clear: () => set({ toasts: [] }),
  slots: [],
  addSlot: (el) => set((s) => ({ slots: [...s.slots, el] })),
  removeSlot: (el) => set((s) => ({ slots: s.slots.filter((x) => x !== el) })),
}));

/** A toast on the guest page: 4 s, one at a time. */
export const toast = (message: string, kind: ToastKind = 'info') =>
  useToasts.getState().push(kind, message, { ms: GUEST_TOAST_MS, alone: true });

/** Toasts on the host screens: 3 s, stacked. */
export const hostToast = {
  success: (m: string) => useToasts.getState().push('success', m, { ms: HOST_TOAST_MS }),
  error: (m: string) => useToasts.getState().push('error', m, { ms: HOST_TOAST_MS }),
  info: (m: string) => useToasts.getState().push('info', m, { ms: HOST_TOAST_MS }),
};
