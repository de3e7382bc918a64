import { useCallback, useEffect, useRef, useState } from 'react';
import { Camera, ChevronLeft, ChevronRight, Download, Globe, Heart, LockKeyhole, X } from 'lucide-react';
import type { UploadDto } from '../../../../src/http/api-types';
import { useT } from '../../i18n';
import { Spinner } from '../../components/Spinner';
import { trapTab } from '../../components/focus-trap';
import { lockScroll } from '../../components/scroll-lock';
import { clampDrag, fullJpegSource, swipeDirection, videoSource, wrapIndex } from './logic/viewer';
import { formatDate, formatTime, parseDate } from './logic/format';
import { uploaderNickname } from './logic/nickname';
import { HeartButton } from './HeartButton';
import './Viewer.css';

const canPlayType = (mime: string) => document.createElement('video').canPlayType(mime);

// §2 viewer: fullscreen, 'n / total', wrap-around previous/next, ArrowLeft / ArrowRight / Escape,
// swipe (50 px threshold, drag preview limited to ±100 px), download when allowed, a spinner while a
// photo loads, videos with controls and autoplay (the server's browser-playable preview). Under the photo
// its story: who took it and when, and for the uploader whether it is shared.

interface Props {
  /** the album's uploads fetched so far */
  items: UploadDto[];
  index: number;
  /** the album's count (the counter's total; more than `items` while pages are still to come) */
  total: number;
  allowDownload: boolean;
  /** iPhones and iPads: a photo that stays on screen is swapped for its full-resolution JPEG (see useFullResolution) */
  ios: boolean;
  /** whether the viewer uploaded this one (then its share state shows) */
  isOwn: (u: UploadDto) => boolean;
  /** asks for the upload at `i`, which may be -1 or past the fetched ones: the page wraps around or fetches more */
  onIndex: (i: number) => void;
  onClose: () => void;
  onDownload: (u: UploadDto) => void;
  /** whether this guest hearted it */
  isHearted: (u: UploadDto) => boolean;
  /** a heart given (`on` true, the double tap), or toggled (undefined, the button); null: the count only (the admin) */
  onHeart: ((u: UploadDto, on?: boolean) => void) | null;
}

/** Two taps on the picture within this long, and close together, are a double tap: a heart. */
export const DOUBLE_TAP_MS = 350;
const TAP_SLOP_PX = 12;

/** The height of the browser's video control bar at the bottom of a video, which keeps its own touches. */
const VIDEO_CONTROLS_PX = 64;

/** How long a photo stays in the viewer before its full-resolution JPEG is fetched: not while swiping through. */
export const FULL_RESOLUTION_DWELL_MS = 1000;

export function Viewer({ items, index, total, allowDownload, ios, isOwn, onIndex, onClose, onDownload, isHearted, onHeart }: Props) {
  const t = useT();
  const item = items[index];
  const playable = item?.type === 'video' ? videoSource(item, canPlayType) : null;
  const rootRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  // Which photo has loaded or failed, by id: a load that lands before an effect of the new photo ran (a cached
  // preview in WebKit) is never reset to 'loading' afterwards.
  const [loadedId, setLoadedId] = useState<number | null>(null);
  const [failedId, setFailedId] = useState<number | null>(null);
  const loaded = item !== undefined && loadedId === item.id;
  const failed = item !== undefined && failedId === item.id;
  const [drag, setDrag] = useState(0);
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  const lastTap = useRef<{ at: number; x: number; y: number } | null>(null);
  // The big heart that pops up on a double tap (a new key per tap restarts its animation).
  const [burst, setBurst] = useState(0);
  // On iPhones a long press ('Zu Fotos hinzufügen') is how a guest saves a photo, and it saves what is shown.
  const full = useFullResolution(ios && allowDownload && item ? fullJpegSource(item) : null, loaded);

  const go = useCallback((delta: number) => onIndex(index + delta), [index, onIndex]);

  useEffect(() => {
    const unlock = lockScroll();
    const previous = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    return () => {
      unlock();
      if (previous && document.contains(previous)) previous.focus();
    };
  }, []);

  useEffect(() => {
    setDrag(0);
  }, [item?.id]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      if (e.key === 'ArrowLeft') {
        e.preventDefault();
        go(-1);
      } else if (e.key === 'ArrowRight') {
        e.preventDefault();
        go(1);
      } else if (e.key === 'Escape') {
        e.preventDefault();
        onClose();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [go, onClose]);

  // Preload the neighbours' photos so next/previous feel instant.
  useEffect(() => {
    if (items.length < 2) return;
    for (const d of [1, -1]) {
      const n = items[wrapIndex(index + d, items.length)];
      if (n && n.type === 'photo') {
        const img = new Image();
        img.src = n.preview_path ?? n.file_path;
      }
    }
  }, [index, items]);

  if (!item) return null;

  const onPointerDown = (e: React.PointerEvent) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    const target = e.target as HTMLElement;
    if (target.closest('button, a')) return;
    // A swipe may start on a video too; only its control bar (seek bar, buttons) keeps the touch.
    if (target instanceof HTMLVideoElement && e.clientY > target.getBoundingClientRect().bottom - VIDEO_CONTROLS_PX) return;
    start.current = { x: e.clientX, y: e.clientY, id: e.pointerId };
  };
  const onPointerMove = (e: React.PointerEvent) => {
    if (!start.current || start.current.id !== e.pointerId) return;
    setDrag(clampDrag(e.clientX - start.current.x));
  };
  const onPointerEnd = (e: React.PointerEvent) => {
    if (!start.current || start.current.id !== e.pointerId) return;
    const dx = e.clientX - start.current.x;
    const dy = e.clientY - start.current.y;
    start.current = null;
    setDrag(0);
    if (Math.abs(dx) < TAP_SLOP_PX && Math.abs(dy) < TAP_SLOP_PX && onHeart) {
      const tap = { at: e.timeStamp, x: e.clientX, y: e.clientY };
      const before = lastTap.current;
      const double = before && tap.at - before.at < DOUBLE_TAP_MS && Math.hypot(tap.x - before.x, tap.y - before.y) < 3 * TAP_SLOP_PX;
      lastTap.current = double ? null : tap;
      if (double) {
        onHeart(item, true);
        setBurst((n) => n + 1);
      }
      return;
    }
    const dir = swipeDirection(dx);
    if (dir !== 0 && total > 1) go(dir);
  };

  return (
    <div
      ref={rootRef}
      className="ev-viewer"
      role="dialog"
      aria-modal="true"
      aria-label={t.viewer}
      onKeyDown={(e) => trapTab(e, rootRef.current)}
      data-testid="viewer"
    >
      <div className="ev-viewer__bar">
        <span className="ev-viewer__counter" aria-live="polite" data-testid="viewer-counter">
          {t.counter(index + 1, total)}
        </span>
        <div className="ev-viewer__actions">
          <HeartButton upload={item} hearted={isHearted(item)} onHeart={onHeart} variant="viewer" />
          {allowDownload && (
            <a
              className="ev-viewer__btn"
              href={item.download_path}
              download={item.original_name || true}
              onClick={() => onDownload(item)}
              aria-label={item.jpeg_download_path ? t.downloadOriginal : t.download}
              title={item.jpeg_download_path ? t.downloadOriginal : undefined}
              data-testid="viewer-download"
            >
              <Download size={22} aria-hidden="true" />
            </a>
          )}
          {allowDownload && item.jpeg_download_path && (
            // HEIC: only Safari shows it, so a JPEG is offered beside the original.
            <a
              className="ev-viewer__btn ev-viewer__btn--text"
              href={item.jpeg_download_path}
              download
              onClick={() => onDownload(item)}
              title={t.downloadJpeg}
              data-testid="viewer-download-jpeg"
            >
              {t.downloadJpegExplained}
            </a>
          )}
          <button ref={closeRef} type="button" className="ev-viewer__btn" onClick={onClose} aria-label={t.close} data-testid="viewer-close">
            <X size={24} aria-hidden="true" />
          </button>
        </div>
      </div>

      <div
        className="ev-viewer__stage"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        data-testid="viewer-stage"
      >
        <div className="ev-viewer__media" style={{ transform: drag ? `translateX(${drag}px)` : undefined }} data-drag={drag}>
          {item.type === 'video' && playable === null ? (
            <span className="ev-viewer__preparing" data-testid="viewer-video-preparing">
              {item.thumbnail_path && (
                <img className="ev-viewer__img is-loaded" src={item.thumbnail_path} alt={item.original_name} draggable={false} />
              )}
              <span className="ev-viewer__preparing-note">{t.videoPreparing}</span>
            </span>
          ) : item.type === 'video' ? (
            <video
              key={item.id}
              className="ev-viewer__video"
              src={playable ?? undefined}
              poster={item.thumbnail_path ?? undefined}
              controls
              autoPlay
              playsInline
              data-testid="viewer-video"
            />
          ) : failed ? (
            <span className="ev-viewer__failed">
              <Camera size={48} aria-hidden="true" />
            </span>
          ) : (
            <>
              {!loaded && (
                <span className="ev-viewer__spinner">
                  <Spinner />
                </span>
              )}
              <img
                key={item.id}
                className={`ev-viewer__img${loaded ? ' is-loaded' : ''}`}
                src={full ?? item.preview_path ?? item.file_path}
                alt={item.original_name}
                draggable={false}
                onLoad={() => setLoadedId(item.id)}
                onError={() => {
                  console.warn('image failed to load', item.preview_path);
                  setFailedId(item.id);
                }}
                data-testid="viewer-image"
              />
            </>
          )}
        </div>
        {burst > 0 && (
          <span key={burst} className="ev-viewer__burst" aria-hidden="true" data-testid="viewer-heart-burst">
            <Heart size={96} fill="currentColor" />
          </span>
        )}
      </div>

      <ViewerCaption item={item} own={isOwn(item)} />

      {total > 1 && (
        <>
          <button
            type="button"
            className="ev-viewer__nav ev-viewer__nav--prev"
            onClick={() => go(-1)}
            aria-label={t.previous}
            data-testid="viewer-prev"
          >
            <ChevronLeft size={28} aria-hidden="true" />
          </button>
          <button
            type="button"
            className="ev-viewer__nav ev-viewer__nav--next"
            onClick={() => go(1)}
            aria-label={t.next}
            data-testid="viewer-next"
          >
            <ChevronRight size={28} aria-hidden="true" />
          </button>
        </>
      )}
    </div>
  );
}

/**
 * `src` once the photo's preview has been on screen for FULL_RESOLUTION_DWELL_MS and `src` is decoded, so
 * the swap shows no gap (same box: the same picture, larger); null until then and for another photo.
 */
function useFullResolution(src: string | null, previewShown: boolean): string | null {
  const [ready, setReady] = useState<string | null>(null);
  useEffect(() => {
    if (!src || !previewShown) return;
    const img = new Image();
    let cancelled = false;
    const timer = setTimeout(() => {
      img.src = src;
      img.decode().then(
        () => !cancelled && setReady(src),
        () => undefined, // the preview stays
      );
    }, FULL_RESOLUTION_DWELL_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [src, previewShown]);
  return ready === src ? ready : null;
}

/** Who took it (the spec's 'Anonym' when nobody named it) and when (the capture time, else the upload time); the uploader also sees its share state. */
function ViewerCaption({ item, own }: { item: UploadDto; own: boolean }) {
  const t = useT();
  const when = parseDate(item.taken_at) ?? parseDate(item.created_at);
  return (
    <div className="ev-viewer__caption" data-testid="viewer-caption">
      <span className="ev-viewer__who" data-testid="viewer-uploader">
        {uploaderNickname(item) ?? t.anonymousUploader}
      </span>
      {when && (
        <time className="ev-viewer__when" dateTime={when.toISOString()} data-testid="viewer-time">
          {t.capturedAt(formatDate(when), formatTime(when))}
        </time>
      )}
      {own && (
        <span className={`ev-viewer__share${item.approved ? ' is-shared' : ''}`} data-testid="viewer-share-state">
          {item.approved ? <Globe size={14} aria-hidden="true" /> : <LockKeyhole size={14} aria-hidden="true" />}
          {item.approved ? t.viewerShared : t.viewerPrivate}
        </span>
      )}
    </div>
  );
}
