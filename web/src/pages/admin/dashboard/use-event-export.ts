import { useState } from 'react';
import type { AdminEventDto, AlbumDto } from '../../../../../src/http/api-types';
import { adminApi } from '../../../api/admin';
import { HttpError } from '../../../api/http';
import { ExportFailed, PREPARING, runZipExport, safeFileName, type ExportProgress } from '../../../host/zip-export';
import { getHostT } from '../../../i18n';
import { hostToast } from '../../../store/toast-store';

/** How long a finished export's 'done' stays on its card. */
const DONE_SHOWN_MS = 8000;

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

  /** The event's ZIP, or one album's (offered when the whole event did not arrive complete). */
  const exportEvent = async (ev: AdminEventDto, album?: AlbumDto) => {
    let last: ExportProgress = PREPARING;
    const follow = (p: ExportProgress) => {
      last = p;
      setProgress(ev.id, p);
    };
    follow(PREPARING);
    try {
      // A download link cannot send the Bearer header: a single-use one-minute ticket URL authorises itself.
      await runZipExport({
        ticket: () => adminApi.exportTicket(ev.id, album?.id),
        fallbackName: album ? `${safeFileName(ev.code)}_${safeFileName(album.name)}_export.zip` : `${safeFileName(ev.code)}_export.zip`,
        onProgress: follow,
      });
      hostToast.success(getHostT().exportDone);
      setTimeout(() => setProgress(ev.id, null), DONE_SHOWN_MS);
    } catch (err) {
      const nothing = err instanceof HttpError && err.status === 404;
      hostToast.error(nothing ? getHostT().noUploadsToExport : getHostT().exportFailed);
      // the card says it did not arrive and offers the albums one by one
      setProgress(ev.id, err instanceof ExportFailed ? { ...last, state: 'failed' } : null);
    }
  };

  return { exports, exportEvent };
}
