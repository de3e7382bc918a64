import { create } from 'zustand';
import { de } from '../i18n/de';

// §3 per-file upload item and the upload progress modal's list.

/** 'similar': held back because the guest already uploaded a similar photo; they may upload it anyway. */
export type UploadStatus = 'pending' | 'uploading' | 'success' | 'error' | 'duplicate' | 'similar' | 'cancelled';

export interface DuplicateInfo {
  kind: 'exact' | 'similar';
  id: number | null;
  distance?: number;
  /** the grid thumbnail of the guest's own similar photo */
  thumbnailPath?: string | null;
}

export interface UploadItem {
  id: string;
  fileName: string;
  size: number;
  progress: number;
  status: UploadStatus;
  error: string | null;
  isDuplicate: boolean;
  duplicateInfo: DuplicateInfo | null;
  targetAlbumId: number | null;
  targetAlbumName: string | null;
  extractingMetadata: boolean;
  mediaDate: string | null;
  /** set while a network error waits for the automatic resume */
  paused: boolean;
  approved: boolean | null;
}

interface UploadState {
  items: UploadItem[];
  open: boolean;
  running: boolean;
  controller: AbortController | null;
  start: (items: UploadItem[], controller: AbortController) => void;
  /** runs again (an item uploaded anyway) with the list as it is */
  resume: (controller: AbortController) => void;
  update: (id: string, patch: Partial<UploadItem>) => void;
  finish: () => void;
  cancel: () => void;
  close: () => void;
}

export const useUploads = create<UploadState>((set, get) => ({
  items: [],
  open: false,
  running: false,
  controller: null,
  start: (items, controller) => set({ items, open: true, running: true, controller }),
  resume: (controller) => set({ running: true, controller }),
  update: (id, patch) => set((s) => ({ items: s.items.map((it) => (it.id === id ? { ...it, ...patch } : it)) })),
  finish: () => set({ running: false, controller: null }),
  cancel: () => {
    get().controller?.abort();
    set((s) => ({
      items: s.items.map((it) =>
        it.status === 'pending' || it.status === 'uploading'
          ? { ...it, status: 'cancelled', paused: false, error: null, extractingMetadata: false }
          : it,
      ),
    }));
  },
  close: () => set({ open: false, items: [] }),
}));

export const isFinished = (it: Pick<UploadItem, 'status'>) =>
  it.status === 'success' || it.status === 'error' || it.status === 'duplicate' || it.status === 'similar' || it.status === 'cancelled';

export interface UploadSummary {
  /** the summary line(s) of the modal */
  lines: string[];
  allFinished: boolean;
  allOk: boolean;
}

/** §2 summary texts of the upload progress modal. */
export function summarize(items: Pick<UploadItem, 'status'>[]): UploadSummary {
  const total = items.length;
  const ok = items.filter((i) => i.status === 'success').length;
  const dup = items.filter((i) => i.status === 'duplicate').length;
  const similar = items.filter((i) => i.status === 'similar').length;
  const failed = items.filter((i) => i.status === 'error' || i.status === 'cancelled').length;
  const allFinished = items.every(isFinished);
  if (!allFinished) return { lines: [de.uploadProgress(ok, total)], allFinished, allOk: false };
  if (failed > 0) return { lines: [de.uploadWithErrors(ok, total)], allFinished, allOk: false };
  if (dup > 0 || similar > 0) {
    const lines = [de.uploadNew(ok), ...(dup > 0 ? [de.uploadDuplicates(dup)] : []), ...(similar > 0 ? [de.uploadSimilarWaiting(similar)] : [])];
    return { lines, allFinished, allOk: true };
  }
  return { lines: [de.uploadAllOk(total)], allFinished, allOk: true };
}
