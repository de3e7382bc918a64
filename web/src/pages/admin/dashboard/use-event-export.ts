import { useState } from 'react';
import type { AdminEventDto, AlbumDto } from '../../../../../src/http/api-types';
import { adminApi } from '../../../api/admin';
import { exportFiles, runZipExport, safeFileName, type ExportProgress } from '../../../host/zip-export';
import { getHostT } from '../../../i18n';
import { hostToast } from '../../../store/toast-store';

/** The events' ZIP exports under way (progress per event id), and how to start one. */
export function useEventExport() {
  const [exports, setExports] = useState<Record<number, ExportProgress>>({});

  const setProgress = (id: number, p: ExportProgress | null) =>
    setExports((all) => {
      const next = { ...all };
      if (p) next[id] = p;
      else delete next[id];
      return next;
    });

  /** The event's ZIP, or one album's (the Export note's advice when the whole event is too much at once). */
  const exportEvent = async (ev: AdminEventDto, album?: AlbumDto) => {
    setProgress(ev.id, { done: 0, total: 0, percent: 0, mode: 'preparing' });
    let files;
    try {
      files = exportFiles(await adminApi.exportJson(ev.id), album?.id);
    } catch {
      setProgress(ev.id, null);
      hostToast.error(getHostT().backupFailed);
      return;
    }
    if (files.total === 0) {
      setProgress(ev.id, null);
      hostToast.error(getHostT().noUploadsToExport);
      return;
    }
    try {
      // A download link cannot send the Bearer header: a single-use one-minute ticket URL authorises itself.
      const how = await runZipExport({
        url: async () => {
          const { url } = await adminApi.exportTicket(ev.id);
          return album ? `${url}&albumId=${album.id}` : url;
        },
        fallbackName: album ? `${safeFileName(ev.code)}_${safeFileName(album.name)}_export.zip` : `${safeFileName(ev.code)}_export.zip`,
        files,
        onProgress: (p) => setProgress(ev.id, p),
      });
      if (how !== 'cancelled') hostToast.success(getHostT().exportDone);
    } catch {
      hostToast.error(getHostT().exportFailed);
    } finally {
      setTimeout(() => setProgress(ev.id, null), 4000);
    }
  };

  return { exports, exportEvent };
}
