import { create } from 'zustand';

// §9: a toast hides after 4 s on the event page, only one at a time (a new one replaces the old).
// While a dialog is open the toast shows inside it, above its buttons (Modal registers a slot there):
// at the bottom of a phone's screen it would cover the dialog's buttons.

export type ToastKind = 'info' | 'success' | 'error';

interface ToastState {
  toast: { id: number; message: string; kind: ToastKind } | null;
  show: (message: string, kind?: ToastKind) => void;
  hide: () => void;
  /** the open dialogs' toast slots, the newest last */
  slots: HTMLElement[];
  addSlot: (el: HTMLElement) => void;
  removeSlot: (el: HTMLElement) => void;
}

export const TOAST_MS = 4000;
let timer: ReturnType<typeof setTimeout> | undefined;
let seq = 0;

export const useToast = create<ToastState>((set) => ({
  toast: null,
  show: (message, kind = 'info') => {
    clearTimeout(timer);
    const id = ++seq;
    set({ toast: { id, message, kind } });
    timer = setTimeout(() => set((s) => (s.toast?.id === id ? { toast: null } : s)), TOAST_MS);
  },
  hide: () => {
    clearTimeout(timer);
    set({ toast: null });
  },
  slots: [],
  addSlot: (el) => set((s) => ({ slots: [...s.slots, el] })),
  removeSlot: (el) => set((s) => ({ slots: s.slots.filter((x) => x !== el) })),
}));

export const toast = (message: string, kind?: ToastKind) => useToast.getState().show(message, kind);
