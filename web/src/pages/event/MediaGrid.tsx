import { memo, useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Camera, Check, FileWarning, Film, Globe, LockKeyhole, Play, Trash2, UserRound } from 'lucide-react';
import type { UploadDto } from '../../../../src/http/api-types';
import { useT, type Dict } from '../../i18n';
import { visibleRows } from './logic/grid';
import { uploaderNickname } from './logic/nickname';
import { HeartButton } from './HeartButton';

// §2 media grid: 2 / 3 / 4 columns; the upload tile first. Thousands of tiles stay smooth on a phone:
// square boxes of a known size (no layout shift), lazy thumbnails sized for the tile (srcset), only the rows
// near the viewport in the DOM (window-scroll virtualisation), and the album's uploads fetched page by page:
// the grid is laid out for the album's whole count at once, tiles of pages not yet fetched are grey boxes,
// and the next page is asked for while they are still well below the screen (IntersectionObserver).

const COLUMN_QUERIES: [string, number][] = [
  ['(min-width: 1024px)', 4],
  ['(min-width: 640px)', 3],
];

function useColumns(): number {
  const get = () => {
    for (const [q, n] of COLUMN_QUERIES) if (window.matchMedia(q).matches) return n;
    return 2;
  };
  const [cols, setCols] = useState(get);
  useEffect(() => {
    const mqs = COLUMN_QUERIES.map(([q]) => window.matchMedia(q));
    const on = () => setCols(get());
    mqs.forEach((m) => m.addEventListener('change', on));
    return () => mqs.forEach((m) => m.removeEventListener('change', on));
  }, []);
  return cols;
}

const OVERSCAN_ROWS = 4;
/** The next page is asked for when its first tiles come this close below the viewport (a phone screen or two). */
const LOAD_AHEAD_PX = 1500;
/** The other tiles' images wait for the first row's at most this long (a slow or failing first image). */
const HOLD_AT_MOST_MS = 3000;
/** ... and when they are anywhere above it (scrolled past): the pages follow one after another. */
const PASSED_PX = 10_000_000;
/** Below this many tiles everything is rendered (simpler for the browser's find, print and screenshots). */
const VIRTUALISE_FROM = 150;
const INITIAL_TILES = 24;

interface GridProps {
  /** the uploads fetched so far */
  uploads: UploadDto[];
  /** how many uploads the album has in all (the grid's size); more than `uploads` while pages are still to come */
  total: number;
  /** asks for the next page (only given while there is one) */
  onNeedMore?: () => void;
  /** whether a first-row image has arrived (until then the other images are held), and the setter */
  firstArrived: boolean;
  onFirstArrived: () => void;
  uploadTile: ReactNode;
  /** shown beside the upload tile when there are no uploads */
  empty?: ReactNode;
  /** `firstRow`: the tile is in the grid's first row; `holdImage`: its image waits until one of the first row's has arrived */
  renderTile: (u: UploadDto, index: number, load: { firstRow: boolean; holdImage: boolean }) => ReactNode;
}

export function MediaGrid({
  uploads,
  total: albumTotal,
  onNeedMore,
  firstArrived,
  onFirstArrived,
  uploadTile,
  renderTile,
  empty,
}: GridProps) {
  const cols = useColumns();
  const outerRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  // Cells: the upload tile, the fetched uploads, then one grey box per upload still to come.
  const total = Math.max(albumTotal, uploads.length) + 1;
  const gap = cols === 2 ? 8 : 12;
  const tile = width > 0 ? (width - gap * (cols - 1)) / cols : 0;
  const rowHeight = tile + gap;
  const rows = Math.ceil(total / cols);
  // The first screen first: on a phone the first thumbnails would otherwise share the venue Wi-Fi with a
  // dozen others (and the album covers). The first row's images load at once; the page holds the others
  // until one of them has arrived (`firstArrived`), or for HOLD_AT_MOST_MS.
  const firstRowImages = uploads.slice(0, cols - 1).filter((u) => u.thumbnail_path && u.processing_state !== 'failed').length;
  const nothingToWaitFor = albumTotal === 0 || (uploads.length > 0 && firstRowImages === 0);
  useEffect(() => {
    const el = outerRef.current;
    if (!el || firstArrived) return;
    if (nothingToWaitFor) return onFirstArrived();
    const arrived = (e: Event) => (e.target as HTMLElement).tagName === 'IMG' && onFirstArrived();
    el.addEventListener('load', arrived, true);
    el.addEventListener('error', arrived, true);
    const fallback = window.setTimeout(onFirstArrived, HOLD_AT_MOST_MS);
    return () => {
      el.removeEventListener('load', arrived, true);
      el.removeEventListener('error', arrived, true);
      window.clearTimeout(fallback);
    };
  }, [firstArrived, onFirstArrived, nothingToWaitFor]);
  const holdOthers = !firstArrived;
  const [range, setRange] = useState<[number, number]>([0, Math.ceil(INITIAL_TILES / cols)]);

  useLayoutEffect(() => {
    const el = outerRef.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const ro = new ResizeObserver(() => setWidth(el.clientWidth));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const update = useCallback(() => {
    const el = outerRef.current;
    if (!el || rowHeight <= 0 || total < VIRTUALISE_FROM) return;
    const gridTop = el.getBoundingClientRect().top + window.scrollY;
    const next = visibleRows({
      scrollTop: window.scrollY,
      viewport: window.innerHeight,
      gridTop,
      rowHeight,
      rows,
      overscan: OVERSCAN_ROWS,
    });
    setRange((prev) => (prev[0] === next[0] && prev[1] === next[1] ? prev : next));
  }, [rowHeight, rows, total]);

  useLayoutEffect(update, [update]);

  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      if (!frame)
        frame = requestAnimationFrame(() => {
          frame = 0;
          update();
        });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [update]);

  const virtual = total >= VIRTUALISE_FROM;
  const measured = width > 0 && virtual;
  const [r0, r1] = measured ? range : virtual ? [0, Math.ceil(INITIAL_TILES / cols)] : [0, rows - 1];
  const start = r0 * cols;
  const end = Math.min(total, (r1 + 1) * cols);
  // In virtual mode every cell sits at its own absolute place: cells coming and going never move the
  // others (no layout shift), and only the rows near the viewport exist.
  const place = (i: number): React.CSSProperties | undefined =>
    measured
      ? { position: 'absolute', top: Math.floor(i / cols) * rowHeight, left: (i % cols) * (tile + gap), width: tile, height: tile }
      : undefined;
  const children: ReactNode[] = [];
  for (let i = start; i < end; i++) {
    if (i === 0)
      children.push(
        <div key="upload-tile" className="ev-cell" style={place(0)}>
          {uploadTile}
        </div>,
      );
    else if (i <= uploads.length) {
      const u = uploads[i - 1]!;
      children.push(
        <div key={u.id} className="ev-cell" style={place(i)}>
          {renderTile(u, i - 1, { firstRow: i < cols, holdImage: holdOthers && i >= cols })}
        </div>,
      );
    } else
      children.push(
        <div key={`coming-${i}`} className="ev-cell" style={place(i)} aria-hidden="true">
          <span className="ev-tile ev-tile--coming" data-testid="tile-coming" />
        </div>,
      );
  }
  // Where the tiles still to come begin: coming near it asks for the next page.
  const firstComing = uploads.length + 1;
  const sentinel = onNeedMore && (
    <NextPageSentinel
      key={firstComing}
      onNeedMore={onNeedMore}
      style={
        measured ? { position: 'absolute', top: Math.floor(firstComing / cols) * rowHeight, left: 0, width: '100%', height: 1 } : undefined
      }
    />
  );

  return (
    <div
      ref={outerRef}
      className={measured ? 'ev-grid-outer ev-grid--virtual' : 'ev-grid-outer'}
      style={measured ? { height: Math.max(0, rows * rowHeight - gap) } : undefined}
      data-testid="media-grid"
      data-total={uploads.length}
      data-album-total={albumTotal}
    >
      {measured ? (
        <>
          {children}
          {sentinel}
        </>
      ) : (
        <div className="ev-grid" style={{ gridTemplateColumns: `repeat(${cols}, minmax(0, 1fr))`, gap }}>
          {children}
          {uploads.length === 0 && albumTotal === 0 && empty && (
            <div className="ev-cell ev-cell--empty" style={{ gridColumn: `span ${cols - 1}` }}>
              {empty}
            </div>
          )}
        </div>
      )}
      {!measured && sentinel}
    </div>
  );
}

/**
 * Tells when the tiles still to come near the viewport. Keyed by where they begin, so each page fetched
 * gives a fresh element whose first observation reports at once if it is still close (a short page).
 */
function NextPageSentinel({ onNeedMore, style }: { onNeedMore: () => void; style?: React.CSSProperties }) {
  const ref = useRef<HTMLDivElement>(null);
  const needMore = useRef(onNeedMore);
  needMore.current = onNeedMore;
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    // Also when it is above the viewport: a fast fling or a dragged scrollbar may have passed it.
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && needMore.current(), {
      rootMargin: `${PASSED_PX}px 0px ${LOAD_AHEAD_PX}px 0px`,
    });
    io.observe(el);
    return () => io.disconnect();
  }, []);
  return <div ref={ref} className="ev-grid-sentinel" style={style} data-testid="grid-sentinel" />;
}

interface TileProps {
  upload: UploadDto;
  index: number;
  /** in the grid's first row: its image loads at once and first (the first thumbnail, LCP) */
  firstRow: boolean;
  /** its image is not asked for yet (the box shows without it) */
  holdImage: boolean;
  own: boolean;
  admin: boolean;
  busy: boolean;
  onOpen: (index: number) => void;
  onToggle: (u: UploadDto) => void;
  onDelete: (u: UploadDto) => void;
  /** whether this guest hearted it, and the toggle (null: the count only, for the admin) */
  hearted: boolean;
  onHeart: ((u: UploadDto) => void) | null;
  /** in a selection ('Auswählen'): a tap picks the tile instead of opening it; `picked` whether it is */
  selecting?: { picked: boolean; onPick: (u: UploadDto) => void };
}

const nickOf = (u: UploadDto, t: Dict) => uploaderNickname(u) ?? t.anonymousUploader;

export const MediaTile = memo(function MediaTile({
  upload: u,
  index,
  firstRow,
  holdImage,
  own,
  admin,
  busy,
  onOpen,
  onToggle,
  onDelete,
  hearted,
  onHeart,
  selecting,
}: TileProps) {
  const t = useT();
  const [failed, setFailed] = useState(false);
  const [showNick, setShowNick] = useState(false);
  const thumb = u.thumbnail_path;
  const unreadable = u.processing_state === 'failed';
  const adminMark = admin && !own;
  const cls = ['ev-tile'];
  if (adminMark) cls.push(u.approved ? 'ev-tile--admin-approved' : 'ev-tile--admin-pending');
  if (own && !u.approved) cls.push('ev-tile--own-pending');
  if (selecting) cls.push('is-selecting');
  if (selecting?.picked) cls.push('is-picked');
  const openLabel = unreadable ? `${t.openMedia(index + 1, u.type)}: ${t.tileUnreadable}` : t.openMedia(index + 1, u.type);

  return (
    <div className={cls.join(' ')} data-testid="media-tile" data-upload-id={u.id} data-approved={u.approved} data-own={own}>
      <button
        type="button"
        className="ev-tile__open"
        onClick={() => (selecting ? selecting.onPick(u) : onOpen(index))}
        aria-label={selecting ? t.selectTile(index + 1) : openLabel}
        aria-pressed={selecting ? selecting.picked : undefined}
      >
        {unreadable ? (
          // Stored, but the server could not read it: say so, no play icon; the owner deletes it with the bin.
          <span className="ev-tile__placeholder ev-tile__placeholder--broken" data-testid="tile-unreadable">
            <FileWarning size={30} aria-hidden="true" />
            <span>{t.tileUnreadable}</span>
          </span>
        ) : thumb && holdImage ? (
          <span className="ev-tile__placeholder" />
        ) : thumb && !failed ? (
          <img
            src={thumb}
            srcSet={u.thumbnail_srcset ?? undefined}
            alt=""
            loading={firstRow ? 'eager' : 'lazy'}
            fetchPriority={firstRow ? 'high' : 'low'}
            decoding="async"
            width={300}
            height={300}
            onError={() => {
              console.warn('thumbnail failed to load', thumb);
              setFailed(true);
            }}
          />
        ) : (
          <span className="ev-tile__placeholder" data-testid="tile-placeholder">
            {u.type === 'video' && !failed ? <Film size={30} aria-hidden="true" /> : <Camera size={30} aria-hidden="true" />}
          </span>
        )}
        {u.type === 'video' && !unreadable && (
          <span className="ev-tile__play" aria-hidden="true">
            <Play size={18} fill="currentColor" />
          </span>
        )}
        {selecting && (
          <span className="ev-tile__check" aria-hidden="true" data-testid="tile-check">
            {selecting.picked && <Check size={16} strokeWidth={3} />}
          </span>
        )}
      </button>

      {own && (
        <button
          type="button"
          className={`ev-tile__approve${u.approved ? ' is-approved' : ''}`}
          onClick={() => onToggle(u)}
          disabled={busy}
          aria-pressed={u.approved}
          aria-label={u.approved ? t.rejectAction : t.approveAction}
          title={u.approved ? t.approvedLabel : t.pendingLabel}
          data-testid="approve-toggle"
        >
          {u.approved ? <Globe size={15} aria-hidden="true" /> : <LockKeyhole size={15} aria-hidden="true" />}
          <span>{u.approved ? t.shareStateShared : t.shareStatePrivate}</span>
        </button>
      )}

      {(own || admin) && (
        <button
          type="button"
          className="ev-tile__delete"
          onClick={() => onDelete(u)}
          aria-label={t.deleteAction}
          data-testid="delete-upload"
        >
          <Trash2 size={16} aria-hidden="true" />
        </button>
      )}

      {adminMark && (
        <button
          type="button"
          className={`ev-tile__admin${u.approved ? ' is-approved' : ''}`}
          onClick={() => setShowNick((s) => !s)}
          aria-expanded={showNick}
          aria-label={showNick ? nickOf(u, t) : `${t.adminUploaderAction} (${u.approved ? t.approvedLabel : t.pendingLabel})`}
          data-testid="admin-mark"
        >
          <UserRound size={14} aria-hidden="true" />
          {showNick && <span>{nickOf(u, t)}</span>}
        </button>
      )}

      {!selecting && <HeartButton upload={u} hearted={hearted} onHeart={onHeart} variant="tile" />}

      {!own && !admin && u.approved && (
        <span className="ev-tile__shared" data-testid="shared-by">
          <span className="visually-hidden">{t.sharedBy} </span>
          {nickOf(u, t)}
        </span>
      )}
    </div>
  );
});
