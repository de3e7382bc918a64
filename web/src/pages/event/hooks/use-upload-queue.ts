import { useCallback, useRef } from 'react';
import type { EventDto } from '../../../../../src/http/api-types';
import { useEventStore } from '../../../store/event-store';
import { toast } from '../../../store/toast-store';
import { isFinished, useUploads } from '../../../store/upload-store';
import type { DeviceProfile } from '../../../upload/device';
import type { QueueEntry, QueueRun } from '../../../upload/engine';
import { blockedUploadToast, computeEventStatus } from '../logic/status';
import { cachedAlbums, cachedShownAlbum, ensureUnsorted, refreshCamera, refreshGallery } from './use-gallery';

/**
 * The upload engine is its own chunk (issue 31): fetched once the gallery shows or when the picker opens, so
 * it is here by the time the guest has chosen files. What it needs for a file's first steps (exifr,
 * hash-wasm) only when the picker opens: a guest who only looks never fetches them.
 */
export const loadEngine = () => import('../../../upload/engine');

/**
 * The guest page's uploads: whether the picker may open, one queue that runs in the background while the
 * guest browses (more picks join it), 'Trotzdem hochladen' and 'Erneut versuchen' for listed files, and what
 * closing the progress sheet reloads. The page stays mounted across albums, the viewer and modals, so does the queue.
 */
export function useUploadQueue(device: DeviceProfile, event: EventDto | null, maxUploadSizeMB: number) {
  /** The files of the listed items, so one held back or failed can go again. */
  const filesOfItems = useRef(new Map<string, File>());
  /** The albums that got new media since the list was last emptied. */
  const lastAffected = useRef<Set<number>>(new Set());
  const current = useRef<QueueRun | null>(null);

  /** Whether the picker may open: event active and consent given (§4). */
  const beforePick = useCallback(() => {
    const s = useEventStore.getState();
    if (!event) return false;
    const blocked = blockedUploadToast(computeEventStatus(event).status);
    if (blocked && !s.isAdmin) {
      toast(blocked, 'error');
      return false;
    }
    if (!s.isAdmin && (!s.currentUserId || !s.hasConsent)) {
      s.openModal('help');
      return false;
    }
    void loadEngine().then((m) => m.warmEngine());
    return true;
  }, [event]);

  /** Into the running queue, or a new run (none yet, or the last was cancelled or is over). */
  const enqueue = useCallback(
    async (entries: QueueEntry[]) => {
      const { startQueue } = await loadEngine();
      if (!event || current.current?.add(entries)) return;
      const s = useEventStore.getState();
      const controller = new AbortController();
      const run = startQueue({
        eventId: event.id,
        maxUploadSizeMB,
        autoApprove: !!s.autoApprove,
        userId: s.currentUserId,
        device,
        albums: () => cachedAlbums(event.id),
        selectedAlbum: () => cachedShownAlbum(event.id),
        ensureUnsorted: () => ensureUnsorted(event),
        update: (id, patch) => useUploads.getState().update(id, patch),
        toast: (m) => toast(m, 'error'),
        signal: controller.signal,
      });
      current.current = run;
      useUploads.getState().run(controller);
      run.add(entries);
      void run.done.then((affected) => {
        if (current.current === run) {
          current.current = null;
          useUploads.getState().finish();
        }
        for (const id of affected) lastAffected.current.add(id);
        // After the last upload the affected albums are refreshed (§4).
        refreshGallery(event.id, affected);
        if (event.camera.shots_per_guest !== null) refreshCamera();
      });
    },
    [device, event, maxUploadSizeMB],
  );

  /**
   * Listed files go again: one held back as similar without the similarity check ('Trotzdem hochladen'), a
   * cancelled or failed one from the chunks the box already holds ('Erneut versuchen').
   */
  const retry = useCallback(
    (itemIds: string[]) => {
      const entries: QueueEntry[] = [];
      for (const id of itemIds) {
        const file = filesOfItems.current.get(id);
        const item = useUploads.getState().items.find((it) => it.id === id);
        if (!file || !item) continue;
        entries.push({ id, file, uploadAnyway: item.status === 'similar' });
        useUploads.getState().update(id, { status: 'pending', error: null, duplicateInfo: null, retryable: false });
      }
      if (entries.length) void enqueue(entries);
    },
    [enqueue],
  );

  /**
   * Picked files join the queue; one that is listed as cancelled or failed (the same file picked again)
   * goes again in its place, from the chunks the box already holds.
   */
  const startUpload = useCallback(
    async (files: File[]) => {
      if (!beforePick()) return;
      const { newItem } = await loadEngine();
      const listed = useUploads.getState().items;
      const same = (f: File, g: File) => f.name === g.name && f.size === g.size && f.lastModified === g.lastModified;
      const again: string[] = [];
      const fresh: File[] = [];
      for (const file of files) {
        const old = listed.find(
          (it) => (it.status === 'cancelled' || (it.status === 'error' && it.retryable)) && same(filesOfItems.current.get(it.id)!, file),
        );
        if (old && !again.includes(old.id)) {
          again.push(old.id);
          filesOfItems.current.set(old.id, file);
        } else fresh.push(file);
      }
      const items = fresh.map(newItem);
      items.forEach((it, i) => filesOfItems.current.set(it.id, fresh[i]!));
      useUploads.getState().add(items);
      retry(again);
      if (items.length) void enqueue(items.map((it) => ({ id: it.id, file: filesOfItems.current.get(it.id)! })));
    },
    [beforePick, enqueue, retry],
  );

  /** Every file is finished and the guest has seen it: the list empties and all albums reload (§2). */
  const dismiss = useCallback(() => {
    useUploads.getState().clear();
    filesOfItems.current = new Map();
    const affected = lastAffected.current;
    lastAffected.current = new Set();
    // Closing reloads the uploads of all albums (§2); the private count comes with the albums.
    if (event) refreshGallery(event.id);
    return affected;
  }, [event]);

  /** The sheet closes at any time: while files are still going it only hides, and the pill stands in for it. */
  const closeUploadModal = useCallback(() => {
    const uploads = useUploads.getState();
    if (uploads.items.some((it) => !isFinished(it))) {
      uploads.hide();
      return;
    }
    // Everything went into one other album (e.g. 'Unsortiert'): show it, so the guest sees the result.
    const only = [...dismiss()];
    if (only.length === 1) useEventStore.getState().selectAlbum(only[0]!);
  }, [dismiss]);

  return { beforePick, startUpload, again: retry, closeUploadModal, dismiss };
}
