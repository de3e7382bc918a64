// Pieces of the guest event page that only show what they are given: a section with its head, the album toolbar, the private-uploads hint, the not-found view.
import type { ReactNode } from 'react';
import { Link } from '../../lib/router';
import { CheckSquare, Download, Heart, LockKeyhole, SearchX, type LucideIcon } from 'lucide-react';
import type { UploadSort } from '../../../../src/domain/limits.ts';
import type { GalleryAlbumDto } from '../../../../src/http/api-types';
import { useT } from '../../i18n';
import { albumCountLabel, albumName } from './logic/albums';
import { formatRange, parseDate } from './logic/format';

/** A section of the event page below the albums ('Foto-Aufgaben', 'Gästebuch'): its heading with an icon and its intro. */
export function PageSection({
  id,
  icon: Icon,
  title,
  intro,
  testId,
  children,
}: {
  id: string;
  icon: LucideIcon;
  title: string;
  intro: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <section className="ev-section" aria-labelledby={id} data-testid={testId}>
      <h2 id={id} className="ev-section__title">
        <Icon size={22} aria-hidden="true" />
        {title}
      </h2>
      <p className="ev-section__intro">{intro}</p>
      {children}
    </section>
  );
}

/** Above the grid: the album's name, dates and count, 'Auswählen' and 'Herunterladen' where the event allows downloads, and 'Beliebteste'. */
export function AlbumToolbar({
  album,
  canDownload,
  onDownload,
  onSelect,
  sort,
  onSort,
}: {
  album: GalleryAlbumDto;
  canDownload: boolean;
  onDownload: () => void;
  onSelect: () => void;
  sort: UploadSort;
  onSort: (sort: UploadSort) => void;
}) {
  const t = useT();
  const range = formatRange(parseDate(album.start_datetime), parseDate(album.end_datetime));
  return (
    <div className="ev-toolbar">
      <div className="ev-toolbar__text">
        <h2 className="ev-toolbar__title" data-testid="album-title">
          {albumName(album.name)}
        </h2>
        <p className="ev-toolbar__meta">
          {album.challenge && <span data-testid="challenge-label">{t.challengeLabel}</span>}
          {range && <span>{range}</span>}
          <span>{albumCountLabel(album)}</span>
        </p>
      </div>
      <div className="ev-toolbar__actions">
        {canDownload && (
          <>
            <button type="button" className="g-btn g-btn--ghost ev-toolbar__dl" onClick={onSelect} data-testid="select-start">
              <CheckSquare size={18} aria-hidden="true" />
              <span className="ev-toolbar__select-label">{t.selectAction}</span>
            </button>
            <button
              type="button"
              className="g-btn g-btn--ghost ev-toolbar__dl"
              onClick={onDownload}
              aria-label={t.downloadAlbum}
              data-testid="download-album"
            >
              <Download size={18} aria-hidden="true" />
              <span>{t.download}</span>
            </button>
          </>
        )}
        {/* 'Beliebteste' as a toggle beside the album's buttons (pressed: most hearts first; else newest first), on
            phones its heart alone like the download beside it: a switch on a line of its own pushed the first photo
            below a phone's first screen. */}
        <button
          type="button"
          className={`g-btn g-btn--ghost ev-toolbar__dl ev-sort-toggle${sort === 'loved' ? ' is-on' : ''}`}
          aria-pressed={sort === 'loved'}
          aria-label={t.sortLoved}
          title={t.sortLoved}
          onClick={() => onSort(sort === 'loved' ? 'newest' : 'loved')}
          data-testid="sort-loved"
        >
          <Heart size={16} aria-hidden="true" />
          <span>{t.sortLoved}</span>
        </button>
      </div>
    </div>
  );
}

/** The guest's uploads only they see, with 'share all of them'. */
export function PendingHint({ count, onShareAll }: { count: number; onShareAll: () => void }) {
  const t = useT();
  return (
    <p className="ev-pending" data-testid="pending-hint">
      <LockKeyhole size={16} aria-hidden="true" />
      {t.pendingHint(count)}
      <button type="button" className="g-btn g-btn--ghost ev-pending__share" onClick={onShareAll} data-testid="share-all-own">
        {t.shareAllOwn}
      </button>
    </p>
  );
}

/** §2: the event could not be loaded. */
export function EventNotFound() {
  const t = useT();
  return (
    <div className="ev-notfound" data-testid="event-not-found">
      <div className="ev-notfound__card">
        <SearchX size={44} aria-hidden="true" />
        <h1>{t.eventNotFoundTitle}</h1>
        <p>{t.eventNotFoundText}</p>
        <Link to="/" className="g-btn g-btn--dark">
          {t.backHome}
        </Link>
      </div>
    </div>
  );
}
