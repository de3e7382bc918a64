import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Download, FileArchive, Heart, Info } from 'lucide-react';
import type { AlbumDto, EventDto } from '../../../../src/http/api-types';
import { localeOf, useHostT, useLanguage } from '../../i18n';
import { clientApi } from '../../api/client-settings';
import { hostQueries } from '../../api/queries';
import { hostToast } from '../../store/toast-store';
import { ExportFailed, runZipExport, safeFileName, zipSize, type ExportProgress } from '../../host/zip-export';
import { formatBytes } from '../../host/format';
import { ExportStatus } from '../admin/ExportStatus';
import { albumName } from '../../pages/event/logic/albums';

const PRODUCT = 'Momentbox';

export function ExportTab({ token, event, albums }: { token: string; event: EventDto; albums: AlbumDto[] }) {
  const h = useHostT();
  const c = h.couple;
  const locale = localeOf(useLanguage());
  const sizes = useQuery(hostQueries.exportSizes(token)).data;
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  /** the server said the download stopped short: offer the albums one by one */
  const [unfinished, setUnfinished] = useState(false);
  const sized = (label: string, albumId?: number) => {
    const size = zipSize(sizes, albumId);
    return size === null ? label : h.zipOfSize(label, formatBytes(size, locale));
  };

  /**
   * The whole event, one album (the note's advice when the whole event fails or is too big at once), or the
   * uploads with hearts ('Nur Favoriten').
   */
  const start = async (album?: AlbumDto, favorites?: 'loved') => {
    if (busy) return;
    setBusy(true);
    setError('');
    setUnfinished(false);
    try {
      const now = await clientApi.exportSizes(token);
      if (now.albums.length === 0) throw new UserFacing(c.exportNoAlbums);
      const size = favorites ? now.favorites.size_bytes : album ? zipSize(now, album.id) : now.size_bytes;
      if (size === 0) throw new UserFacing(c.exportNoUploads);
      await runZipExport({
        ticket: () => clientApi.exportTicket(token, { albumId: album?.id, favorites }),
        fallbackName: `${PRODUCT}_${safeFileName(event.name)}${album ? `_${safeFileName(album.name)}` : ''}_export.zip`,
        onProgress: setProgress,
      });
      hostToast.success(c.exportDone);
    } catch (err) {
      const msg = err instanceof UserFacing ? err.message : c.exportFailed;
      setError(msg);
      setUnfinished(err instanceof ExportFailed);
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
        <Download size={18} /> {sized(c.exportZip)}
      </button>
      {/* only when there is a heart: an empty ZIP is no choice */}
      {sizes && sizes.favorites.files > 0 && (
        <div className="hx-export__favorites">
          <button
            type="button"
            className="hx-btn hx-btn--secondary"
            onClick={() => void start(undefined, 'loved')}
            disabled={busy}
            data-testid="export-favorites"
          >
            <Heart size={17} /> {h.zipOfSize(c.exportFavorites, formatBytes(sizes.favorites.size_bytes, locale))}
          </button>
          <span className="hx-small hx-muted">{c.exportFavoritesNote}</span>
        </div>
      )}

      {progress && <ExportStatus progress={progress} filesText={(done, total) => c.exportProgress(done, total)} doneText={c.exportDone} />}

      {error && (
        <div className="hx-alert hx-alert--error" role="alert" data-testid="export-error">
          {error}
          {unfinished && <p>{h.exportNotFinished}</p>}
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
                  <Download size={15} /> {sized(c.exportAlbumZip, a.id)}
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
