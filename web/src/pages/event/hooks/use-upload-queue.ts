import { useCallback, useRef } from 'react';
import type { EventDto } from '../../../../../src/http/api-types';
import { useEventStore } from '../../../store/event-store';
import { toast } from '../../../store/toast-store';
import { useUploads } from '../../../store/upload-store';
import type { DeviceProfile } from '../../../upload/device';
import { newItem, runQueue, type QueueEntry } from '../../../upload/engine';
import { blockedUploadToast, computeEventStatus } from '../logic/status';
import { cachedAlbums, cachedShownAlbum, ensureUnsorted, refreshGallery } from './use-gallery';

/**
 * The guest page's uploads: whether the picker may open, the queue run over the picked files, 'Trotzdem
 * hochladen' for a photo held back as similar, and what closing the upload modal reloads.
 */
export function useUploadQueue(device: DeviceProfile, event: EventDto | null, maxUploadSizeMB: number) {
  /** The files of the modal's items, so one held back as similar can be uploaded anyway. */
  const filesOfItems = useRef(new Map<string, File>());
  /** The albums that got new media in this run. */
  const lastAffected = useRef<Set<number>>(new Set());

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
    return true;
  }, [event]);

  const run = useCallback(
    async (entries: QueueEntry[], controller: AbortController) => {
      if (!event) return;
      const s = useEventStore.getState();
      const affected = await runQueue(entries, {
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
      useUploads.getState().finish();
      for (const id of affected) lastAffected.current.add(id);
      // After the last upload the affected albums are refreshed (§4).
      refreshGallery(event.id, affected);
    },
    [device, event, maxUploadSizeMB],
  );

  const startUpload = useCallback(
    async (files: File[]) => {
      if (!beforePick()) return;
      const controller = new AbortController();
      const items = files.map(newItem);
      filesOfItems.current = new Map(items.map((it, i) => [it.id, files[i]!]));
      lastAffected.current = new Set();
      useUploads.getState().start(items, controller);
      await run(
        items.map((it) => ({ id: it.id, file: filesOfItems.current.get(it.id)! })),
        controller,
      );
    },
    [beforePick, run],
  );

  /** 'Trotzdem hochladen': the held-back photo goes through the queue again, without the similarity check. */
  const uploadAnyway = useCallback(
    async (itemId: string) => {
      const file = filesOfItems.current.get(itemId);
      if (!file || useUploads.getState().running) return;
      const controller = new AbortController();
      useUploads.getState().resume(controller);
      useUploads.getState().update(itemId, { status: 'pending', error: null, duplicateInfo: null });
      await run([{ id: itemId, file, uploadAnyway: true }], controller);
    },
    [run],
  );

  const closeUploadModal = useCallback(() => {
    useUploads.getState().close();
    if (!event) return;
    // Closing reloads the uploads of all albums (§2); the private count comes with the albums.
    refreshGallery(event.id);
    // Everything went into one other album (e.g. 'Unsortiert'): show it, so the guest sees the result.
    const only = [...lastAffected.current];
    if (only.length === 1) useEventStore.getState().selectAlbum(only[0]!);
    lastAffected.current = new Set();
  }, [event]);

  return { beforePick, startUpload, uploadAnyway, closeUploadModal };
}
