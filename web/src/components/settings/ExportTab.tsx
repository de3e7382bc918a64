import { useState } from 'react';
import { CheckCircle2, Download, FileArchive, Info } from 'lucide-react';
import type { AlbumDto, EventDto } from '../../../../src/http/api-types';
import { useHostT } from '../../i18n';
import { clientApi } from '../../api/client-settings';
import { hostToast } from '../../store/toast-store';
import { exportFiles, runZipExport, safeFileName, type ExportProgress } from '../../host/zip-export';
import { albumName } from '../../pages/event/logic/albums';

const PRODUCT = 'Momentbox';

export function ExportTab({ token, event, albums }: { token: string; event: EventDto; albums: AlbumDto[] }) {
  const c = useHostT().couple;
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [finished, setFinished] = useState<'streamed' | 'handed-off' | null>(null);

  /** The whole event, or one album (the note's advice when the whole event fails or is too big at once). */
  const start = async (album?: AlbumDto) => {
    if (busy) return;
    setBusy(true);
    setError('');
    setFinished(null);
    setProgress({ done: 0, total: 0, percent: 0, mode: 'preparing' });
    try {
      const files = exportFiles(await clientApi.exportJson(token), album?.id);
      if (files.albumCount === 0) throw new UserFacing(c.exportNoAlbums);
      if (files.total === 0) throw new UserFacing(c.exportNoUploads);
      setProgress({ done: 0, total: files.total, percent: 0, mode: 'preparing' });
      const how = await runZipExport({
        url: async () => clientApi.exportZipUrl(token, album?.id),
        fallbackName: `${PRODUCT}_${safeFileName(event.name)}${album ? `_${safeFileName(album.name)}` : ''}_export.zip`,
        files,
        onProgress: setProgress,
      });
      if (how === 'cancelled') {
        setProgress(null);
      } else {
        setFinished(how);
        hostToast.success(c.exportDone);
      }
    } catch (err) {
      const msg = err instanceof UserFacing ? err.message : c.exportFailed;
      setError(msg);
      setProgress(null);
      hostToast.error(msg);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="hx-panel hx-export" aria-labelledby="export-title">
      <h2 className="hx-panel__title" id="export-title">
        <FileArchive size={18} aria-hidden="true" /> {c.tabs.export}
      </h2>
      <p className="hx-muted">{c.exportIntro}</p>

      <ul className="hx-notes">
        {c.exportNotes.map((note) => (
          <li key={note}>
            <Info size={16} aria-hidden="true" /> {note}
          </li>
        ))}
      </ul>

      <button type="button" className="hx-btn hx-btn--primary hx-btn--lg" onClick={() => void start()} disabled={busy}>
        <Download size={18} /> {c.exportZip}
      </button>

      {progress && (
        <div className="hx-export__progress" role="status" aria-live="polite">
          <div
            className="hx-progress hx-progress--lg"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress.percent}
          >
            <span style={{ width: `${progress.percent}%` }} />
          </div>
          <div className="hx-export__row">
            <span data-testid="export-progress-text">
              {progress.mode === 'preparing' && progress.total === 0 ? c.exportPreparing : c.exportProgress(progress.done, progress.total)}
            </span>
            <strong>{progress.percent}%</strong>
          </div>
          {finished === 'handed-off' && (
            <p className="hx-small hx-muted">
              <CheckCircle2 size={14} aria-hidden="true" /> {c.exportHandedOff}
            </p>
          )}
        </div>
      )}

      {error && (
        <div className="hx-alert hx-alert--error" role="alert">
          {error}
        </div>
      )}

      {albums.length > 0 && (
        <div className="hx-export__albums">
          <h3 className="hx-label">{c.exportSingle}</h3>
          <ul className="hx-album-list" aria-label={c.exportAlbums}>
            {albums.map((a) => (
              <li key={a.id} className="hx-album-row" data-album={a.name}>
                <div className="hx-album-row__main">
                  <span className="hx-album-row__name">{albumName(a.name)}</span>
                  <span className="hx-album-row__count">{c.albumCount(a.upload_count ?? 0)}</span>
                </div>
                <button
                  type="button"
                  className="hx-btn hx-btn--secondary hx-btn--sm"
                  onClick={() => void start(a)}
                  disabled={busy || !a.upload_count}
                  aria-label={c.exportOnly(albumName(a.name))}
                >
                  <Download size={15} /> {c.exportAlbumZip}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

class UserFacing extends Error {}
