import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { BookHeart, Check, ChevronLeft, ChevronRight, EyeOff, Images, ListChecks, ScanFace, type LucideIcon } from 'lucide-react';
import type { GalleryAlbumDto } from '../../../../src/http/api-types';
import { useT } from '../../i18n';
import { Spinner } from '../../components/Spinner';
import { albumContains } from '../../../../src/domain/albums.ts';
import { albumCountLabel, albumName } from './logic/albums';
import { formatRange, parseDate } from './logic/format';

// §2 album list: a slider with arrows on mobile, a sidebar titled 'Alben' from 1024 px.
// Selecting an album centres it in the slider after 300 ms; the arrows refresh after 500 ms.

export const CENTER_DELAY_MS = 300;
export const ARROW_REFRESH_MS = 500;

interface Props {
  albums: GalleryAlbumDto[];
  /** the covers wait while the grid's first images load (the photos come first on a slow Wi-Fi) */
  holdCovers: boolean;
  /** the album whose grid is loading */
  loadingId: number | null;
  selectedId: number | null;
  onSelect: (id: number) => void;
  /** the guestbook's card after the albums (issue 27), chosen like an album */
  guestbookSelected: boolean;
  onGuestbook: () => void;
  /** the photo challenges' card (issue 28), when there are any: their number, or the guest's own progress */
  challenges: { line: string; selected: boolean; onOpen: () => void } | null;
  /** 'Fotos von mir finden' (issue 30), only when the event has the face search on */
  faces: { selected: boolean; onOpen: () => void } | null;
}

export function AlbumList({
  albums,
  holdCovers,
  loadingId,
  selectedId,
  onSelect,
  guestbookSelected,
  onGuestbook,
  challenges,
  faces,
}: Props) {
  const t = useT();
  const trackRef = useRef<HTMLUListElement>(null);
  const [canLeft, setCanLeft] = useState(false);
  const [canRight, setCanRight] = useState(false);

  const refreshArrows = useCallback(() => {
    const el = trackRef.current;
    if (!el) return;
    setCanLeft(el.scrollLeft > 4);
    setCanRight(el.scrollLeft + el.clientWidth < el.scrollWidth - 4);
  }, []);

  useEffect(() => {
    refreshArrows();
    const el = trackRef.current;
    if (!el) return;
    const ro = new ResizeObserver(refreshArrows);
    ro.observe(el);
    return () => ro.disconnect();
  }, [refreshArrows, albums.length]);

  const centre = useCallback((id: number, behavior: ScrollBehavior = 'smooth') => {
    const el = trackRef.current;
    const card = el?.querySelector<HTMLElement>(`[data-album-id="${id}"]`);
    if (!el || !card || el.scrollWidth <= el.clientWidth) return;
    const left = card.offsetLeft - (el.clientWidth - card.offsetWidth) / 2;
    el.scrollTo({ left: Math.max(0, left), behavior });
  }, []);

  // Initial choice: centre without animation once the cards exist.
  const centredOnce = useRef(false);
  useEffect(() => {
    if (centredOnce.current || selectedId === null || albums.length === 0) return;
    centredOnce.current = true;
    centre(selectedId, 'auto');
    refreshArrows();
  }, [selectedId, albums.length, centre, refreshArrows]);

  const select = (id: number) => {
    onSelect(id);
    window.setTimeout(() => centre(id), CENTER_DELAY_MS);
    window.setTimeout(refreshArrows, ARROW_REFRESH_MS);
  };

  const scrollBy = (dir: -1 | 1) => {
    const el = trackRef.current;
    if (!el) return;
    el.scrollBy({ left: dir * el.clientWidth * 0.8, behavior: 'smooth' });
    window.setTimeout(refreshArrows, ARROW_REFRESH_MS);
  };

  if (albums.length === 0) return null;

  return (
    <nav className="ev-albums" aria-labelledby="ev-albums-title">
      <h2 id="ev-albums-title" className="ev-albums__title">
        {t.albums}
      </h2>
      <div className="ev-albums__slider">
        <button
          type="button"
          className="ev-albums__arrow ev-albums__arrow--left"
          onClick={() => scrollBy(-1)}
          disabled={!canLeft}
          aria-label={t.scrollAlbumsLeft}
          data-testid="albums-left"
        >
          <ChevronLeft size={20} aria-hidden="true" />
        </button>
        <ul className="ev-albums__track" ref={trackRef} onScroll={refreshArrows}>
          {albums.map((a) => (
            <AlbumCard
              key={a.id}
              album={a}
              holdCover={holdCovers}
              loading={a.id === loadingId}
              selected={a.id === selectedId}
              onSelect={select}
            />
          ))}
          {challenges && (
            <SectionCard
              icon={ListChecks}
              name={t.challenges}
              line={challenges.line}
              selected={challenges.selected}
              onOpen={challenges.onOpen}
              testId="album-challenges"
            />
          )}
          <SectionCard icon={BookHeart} name={t.guestbook} selected={guestbookSelected} onOpen={onGuestbook} testId="album-guestbook" />
          {faces && (
            <SectionCard icon={ScanFace} name={t.faceSearch} selected={faces.selected} onOpen={faces.onOpen} testId="album-faces" />
          )}
        </ul>
        <button
          type="button"
          className="ev-albums__arrow ev-albums__arrow--right"
          onClick={() => scrollBy(1)}
          disabled={!canRight}
          aria-label={t.scrollAlbumsRight}
          data-testid="albums-right"
        >
          <ChevronRight size={20} aria-hidden="true" />
        </button>
      </div>
    </nav>
  );
}

/** The card of a section beside the albums (the photo challenges, the guestbook), chosen like an album. */
function SectionCard(props: { icon: LucideIcon; name: string; line?: string; selected: boolean; onOpen: () => void; testId: string }) {
  const { icon: Icon, name, line, selected, onOpen, testId } = props;
  return (
    <li className="ev-album">
      <button
        type="button"
        className={`ev-album__btn${selected ? ' is-selected' : ''}`}
        aria-current={selected ? 'true' : undefined}
        onClick={onOpen}
        data-testid={testId}
      >
        <span className="ev-album__cover">
          <Icon size={26} aria-hidden="true" />
        </span>
        <span className="ev-album__info">
          <span className="ev-album__name">{name}</span>
          {line && (
            <span className="ev-album__count" data-testid={`${testId}-line`}>
              {line}
            </span>
          )}
        </span>
      </button>
    </li>
  );
}

const AlbumCard = memo(function AlbumCard({
  album,
  holdCover,
  loading,
  selected,
  onSelect,
}: {
  album: GalleryAlbumDto;
  holdCover: boolean;
  loading: boolean;
  selected: boolean;
  onSelect: (id: number) => void;
}) {
  const t = useT();
  const cover = album.cover;
  const [coverFailed, setCoverFailed] = useState(false);
  const range = formatRange(parseDate(album.start_datetime), parseDate(album.end_datetime));
  const current = albumContains(album, new Date());
  return (
    <li className="ev-album" data-album-id={album.id}>
      <button
        type="button"
        className={`ev-album__btn${selected ? ' is-selected' : ''}`}
        aria-current={selected ? 'true' : undefined}
        onClick={() => onSelect(album.id)}
        data-testid="album-card"
        data-album-name={album.name}
      >
        <span className="ev-album__cover">
          {cover && holdCover ? null : cover && !coverFailed ? (
            <img
              src={cover.thumbnail_path}
              srcSet={cover.thumbnail_srcset ?? undefined}
              alt=""
              loading="lazy"
              decoding="async"
              onError={() => setCoverFailed(true)}
            />
          ) : (
            <Images size={26} aria-hidden="true" />
          )}
          {loading && (
            <span className="ev-album__loading">
              <Spinner label={t.albumLoading} />
            </span>
          )}
        </span>
        <span className="ev-album__info">
          <span className="ev-album__name">{albumName(album.name)}</span>
          {range && <span className="ev-album__range">{range}</span>}
          <span className="ev-album__count" data-testid="album-count">
            {albumCountLabel(album)}
          </span>
          {(selected || current || !album.visible) && (
            <span className="ev-album__badges">
              {!album.visible && (
                <span className="ev-badge ev-badge--hidden" data-testid="album-hidden">
                  <EyeOff size={12} aria-hidden="true" />
                  {t.hiddenAlbum}
                </span>
              )}
              {selected && (
                <span className="ev-badge ev-badge--selected">
                  <Check size={12} aria-hidden="true" />
                  {t.selected}
                </span>
              )}
              {current && <span className="ev-badge ev-badge--current">{t.current}</span>}
            </span>
          )}
        </span>
      </button>
    </li>
  );
});
