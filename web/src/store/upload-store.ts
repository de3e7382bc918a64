import { create } from 'zustand';
import { getT, type Text } from '../i18n';

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
  /** why it is not up (or paused), worded when the list draws it */
  error: Text | null;
  isDuplicate: boolean;
  duplicateInfo: DuplicateInfo | null;
  targetAlbumId: number | null;
  targetAlbumName: string | null;
  extractingMetadata: boolean;
  mediaDate: string | null;
  /** set while a network error waits for the automatic resume */
  paused: boolean;
  approved: boolean | null;
  /** cancelled or failed on the way (not refused for what it is): 'Erneut versuchen' continues it */
  retryable: boolean;
  /** an object URL of the file held back as similar, shown beside the photo already there */
  previewUrl: string | null;
}

interface UploadState {
  items: UploadItem[];
  /** the progress sheet is shown; closed, the progress pill stands in for it while items are listed */
  open: boolean;
  running: boolean;
  controller: AbortController | null;
  /** files picked: listed after those already there, and the sheet shows */
  add: (items: UploadItem[]) => void;
  /** a queue run started (its controller cancels it) */
  run: (controller: AbortController) => void;
  update: (id: string, patch: Partial<UploadItem>) => void;
  finish: () => void;
  cancel: () => void;
  show: () => void;
  /** closes the sheet; the uploads go on */
  hide: () => void;
  /** everything is finished and seen: the list is emptied */
  clear: () => void;
}

export const useUploads = create<UploadState>((set, get) => ({
  items: [],
  open: false,
  running: false,
  controller: null,
  add: (items) => set((s) => ({ items: [...s.items, ...items], open: true })),
  run: (controller) => set({ running: true, controller }),
  update: (id, patch) => set((s) => ({ items: s.items.map((it) => (it.id === id ? { ...it, ...patch } : it)) })),
  finish: () => set({ running: false, controller: null }),
  cancel: () => {
    get().controller?.abort();
    set((s) => ({
      items: s.items.map((it) =>
        it.status === 'pending' || it.status === 'uploading'
          ? { ...it, status: 'cancelled', paused: false, error: null, extractingMetadata: false, retryable: true }
          : it,
      ),
    }));
  },
  show: () => set({ open: true }),
  hide: () => set({ open: false }),
  clear: () => {
    for (const it of get().items) if (it.previewUrl) URL.revokeObjectURL(it.previewUrl);
    set({ open: false, items: [] });
  },
}));

export const isFinished = (it: Pick<UploadItem, 'status'>) =>
  it.status === 'success' || it.status === 'error' || it.status === 'duplicate' || it.status === 'similar' || it.status === 'cancelled';

/** Held back, refused or failed: the box does not have it (a file kept without preview counts as there). */
export const notUploaded = (it: Pick<UploadItem, 'status'>) => isFinished(it) && it.status !== 'success';

export interface UploadSummary {
  /** the summary line(s) of the modal */
  lines: string[];
  allFinished: boolean;
  /** every file went up: the only state shown as success */
  allOk: boolean;
  /** 'ok' every file went up, 'held' some were held back or skipped (similar, duplicate), 'error' some failed */
  tone: 'progress' | 'ok' | 'held' | 'error';
  /** finished files of all */
  done: number;
  total: number;
  /** of all bytes, finished files counting whole */
  percent: number;
}

/** §2 summary texts of the upload progress modal, and the figures of the progress pill. */
export function summarize(items: Pick<UploadItem, 'status' | 'size' | 'progress'>[]): UploadSummary {
  const total = items.length;
  const count = (...st: UploadStatus[]) => items.filter((i) => st.includes(i.status)).length;
  const ok = count('success');
  const dup = count('duplicate');
  const similar = count('similar');
  const failed = count('error', 'cancelled');
  const done = items.filter(isFinished).length;
  const bytes = items.reduce((sum, i) => sum + Math.max(1, i.size), 0);
  const sent = items.reduce((sum, i) => sum + Math.max(1, i.size) * (isFinished(i) ? 1 : i.progress / 100), 0);
  const figures = { done, total, percent: bytes ? Math.floor((sent / bytes) * 100) : 0 };
  const allFinished = done === total;
  const t = getT();
  const held = [...(dup > 0 ? [t.uploadDuplicates(dup)] : []), ...(similar > 0 ? [t.uploadSimilarWaiting(similar)] : [])];
  if (!allFinished) return { lines: [t.uploadProgress(ok, total)], allFinished, allOk: false, tone: 'progress', ...figures };
  if (failed > 0) return { lines: [t.uploadWithErrors(ok, total), ...held], allFinished, allOk: false, tone: 'error', ...figures };
  if (held.length > 0) return { lines: [t.uploadNew(ok), ...held], allFinished, allOk: false, tone: 'held', ...figures };
  return { lines: [t.uploadAllOk(total)], allFinished, allOk: true, tone: 'ok', ...figures };
}
