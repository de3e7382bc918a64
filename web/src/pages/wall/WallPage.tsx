import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { UploadDto, WallSettings } from '../../../../src/http/api-types';
import { guestApi } from '../../api/guest';
import { openLive } from '../../api/live';
import { wallQueries } from '../../api/queries';
import { de } from '../../i18n/de';
import { themeVars } from '../../../../src/domain/colours.ts';
import { Playlist, type Pick } from './playlist';
import { Stage, type SlideItem } from './stage';
import { Collage, COLLAGE_MIN, tileCount } from './collage';
import { QrOverlay } from './QrOverlay';
import './WallPage.css';

// The live wall (/event/{code}/wall): a projector or TV at the venue shows the approved photos (and muted
// videos) as they arrive. It is a visitor of the event: the live stream gives it exactly the approved media
// in visible albums. It runs all night: it reconnects by itself, keeps the screen awake, and holds no more
// than the event's upload list and two slide layers.

/** A new upload waits at most this long after the current slide appeared before it cuts in. */
const NEW_UPLOAD_CUT_IN_MS = 3_000;
/** Retry when there is nothing to show or a slide failed to load. */
const IDLE_RETRY_MS = 2_000;
/** The keyboard hint and the mouse pointer hide after this long without a move. */
const POINTER_HIDE_MS = 3_000;

/**
 * What a slide says about its picture: the nickname (only a real one: 'Anonym' under every photo-booth
 * picture would be noise), and on a new upload's first showing 'Neu von {nickname}' in its place.
 */
function labelsOf({ upload, fresh }: Pick, showNicknames: boolean) {
  const name = showNicknames ? upload.uploader_nickname : null;
  if (!fresh) return { caption: name, badge: null };
  return { caption: null, badge: name ? de.wallNewFrom(name) : de.wallNew };
}

/** A photo taller than wide (the upright size), for Hochformat-Paare. */
const isPortraitPhoto = (u: UploadDto) => u.type === 'photo' && (u.height ?? 0) > (u.width ?? 0);

const isEligible = (includeVideos: boolean) => (u: UploadDto) =>
  u.approved && u.preview_path !== null && u.processing_state !== 'failed' && (u.type === 'photo' || (includeVideos && u.processing_state === 'ready'));

export default function WallPage() {
  const { code = '' } = useParams();
  // The event and its settings: at start, when the live stream says they changed, after a reconnect and every
  // minute (a wall that starts while the box is still booting keeps trying).
  const eventQuery = useQuery(wallQueries.event(code));
  const queryClient = useQueryClient();
  const refetchEvent = useRef(() => {});
  refetchEvent.current = () => void queryClient.invalidateQueries({ queryKey: wallQueries.event(code).queryKey });
  const event = eventQuery.data ?? null;
  const failed = eventQuery.isError;
  const config = useQuery(wallQueries.config()).data ?? null;
  const [empty, setEmpty] = useState(false);
  const [paused, setPaused] = useState(false);
  const [connected, setConnected] = useState(true);
  const [pointerIdle, setPointerIdle] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const collageRef = useRef<HTMLDivElement>(null);
  const eventId = event?.id;
  const includeVideos = event?.wall.include_videos ?? true;
  const photoMs = (event?.wall.seconds_per_slide ?? 8) * 1000;
  const showNicknames = event?.wall.show_nicknames ?? false;
  const layout: WallSettings['layout'] = event?.wall.layout ?? 'single';

  // The slideshow itself runs outside React: a playlist, two layers (or the collage's tiles) and one timer.
  const show = useRef<{ step: (dir: 1 | -1) => void; setPaused: (p: boolean) => void } | null>(null);
  const settings = useRef({ photoMs, showNicknames, includeVideos, layout });
  settings.current = { photoMs, showNicknames, includeVideos, layout };
  const playlistRef = useRef<Playlist | null>(null);
  useEffect(() => playlistRef.current?.setEligible(isEligible(includeVideos)), [includeVideos]);
  // The host switched the layout: the next slide comes in the new one at once.
  const shownLayout = useRef(layout);
  useEffect(() => {
    if (shownLayout.current === layout) return;
    shownLayout.current = layout;
    show.current?.step(1);
  }, [layout]);

  useEffect(() => {
    if (eventId === undefined || !stageRef.current || !collageRef.current) return;
    const playlist = new Playlist(isEligible(settings.current.includeVideos));
    playlistRef.current = playlist;
    const stage = new Stage(stageRef.current);
    const collage = new Collage(collageRef.current);
    const root = rootRef.current!;
    let timer: number | undefined;
    let pausedNow = false;
    let shownAt = 0;
    let slides = 0;
    let loading = false;
    /** a new upload arrived while a slide was loading: cut in once that one is up */
    let hurryAfterLoad = false;
    let disposed = false;
    /** the uploads list was loaded once */
    let listed = false;

    const schedule = (ms: number) => {
      window.clearTimeout(timer);
      if (!pausedNow) timer = window.setTimeout(() => void advance(1), ms);
    };

    const item = (p: Pick): SlideItem => ({ upload: p.upload, labels: labelsOf(p, settings.current.showNicknames) });

    /** Collage: the next picture not on screen yet into the next tile; resolves with how long until the next change. */
    async function nextTile(): Promise<{ pick: Pick | null; stayMs: number | null }> {
      stage.clear();
      const wanted = tileCount(playlist.size);
      if (collage.size !== wanted) collage.rebuild(wanted);
      const onScreen = collage.onScreen();
      const pick = playlist.pickWhere((u) => !onScreen.has(u.id));
      if (!pick) return { pick, stayMs: null }; // every picture is on screen already
      const placed = await collage.place(item(pick));
      // An empty grid fills at once; then one tile changes per slide time.
      return { pick, stayMs: placed ? (collage.hasEmpty ? 0 : settings.current.photoMs) : null };
    }

    /** Einzelbild or Hochformat-Paare: a portrait photo takes a second one beside it when there is one. */
    async function nextSlide(dir: 1 | -1): Promise<{ pick: Pick | null; stayMs: number | null }> {
      collage.clear();
      const pick = dir === 1 ? playlist.next() : playlist.previous();
      if (!pick) return { pick, stayMs: null };
      const partner = settings.current.layout === 'pairs' && dir === 1 && isPortraitPhoto(pick.upload) ? playlist.pickWhere(isPortraitPhoto) : null;
      return { pick, stayMs: await stage.show(partner ? [item(pick), item(partner)] : [item(pick)], settings.current.photoMs) };
    }

    async function advance(dir: 1 | -1) {
      if (disposed) return;
      window.clearTimeout(timer);
      setEmpty(playlist.size === 0);
      const asCollage = settings.current.layout === 'collage' && playlist.size >= COLLAGE_MIN;
      root.dataset.layout = asCollage ? 'collage' : settings.current.layout === 'pairs' ? 'pairs' : 'single';
      loading = true;
      const { pick, stayMs } = asCollage ? await nextTile() : await nextSlide(dir);
      loading = false;
      if (disposed) return;
      if (!pick) {
        schedule(IDLE_RETRY_MS);
        return;
      }
      if (stayMs === null) {
        schedule(IDLE_RETRY_MS / 4);
        return;
      }
      shownAt = Date.now();
      slides++;
      root.dataset.slides = String(slides);
      root.dataset.current = String(pick.upload.id);
      schedule(hurryAfterLoad && playlist.waitingFresh > 0 ? Math.min(stayMs, NEW_UPLOAD_CUT_IN_MS) : stayMs);
      hurryAfterLoad = false;
    }

    /** A new upload waits for the current slide to have been up a moment, then cuts in. */
    const hurry = () => {
      if (pausedNow) return;
      if (loading) hurryAfterLoad = true;
      else schedule(Math.max(0, NEW_UPLOAD_CUT_IN_MS - (Date.now() - shownAt)));
    };

    const reload = async () => {
      try {
        const list = await guestApi.visitorUploads(eventId);
        const waiting = playlist.waitingFresh;
        playlist.setAll(list);
        listed = true;
        setEmpty(playlist.size === 0);
        if (slides === 0 && !loading) void advance(1);
        // uploads that came while the wall was away (a restart of the box answers 'resync') cut in too
        else if (playlist.waitingFresh > waiting) hurry();
      } catch {
        // the stream reconnects and asks again ('ready' or 'resync')
      }
    };

    const close = openLive(
      eventId,
      (change) => {
        if (change.kind === 'resync') return void reload();
        if (change.kind === 'remove') {
          playlist.remove(change.id);
          // Deleted or withdrawn by the host: off the screen now, not at the next slide change.
          if (!loading && (stage.onScreen().has(change.id) || collage.onScreen().has(change.id))) void advance(1);
          return;
        }
        if (change.kind === 'nickname') return playlist.rename(change);
        const waiting = playlist.waitingFresh;
        playlist.upsert(change.upload, change.kind === 'upload');
        if (playlist.waitingFresh > waiting) hurry();
      },
      {
        // The wall shows what every guest may see, even in a browser where the admin is signed in.
        asVisitor: true,
        onSettings: () => refetchEvent.current(),
        onConnected: (on) => {
          setConnected(on);
          // The first connection loads the list; a reconnect gets what it missed (or a 'resync') from the
          // stream, and the settings the host may have changed meanwhile.
          if (on && !listed) void reload();
          else if (on) refetchEvent.current();
        },
      },
    );

    show.current = {
      step: (dir) => void advance(dir),
      setPaused: (p) => {
        pausedNow = p;
        stage.setPaused(p);
        collage.setPaused(p);
        if (p) window.clearTimeout(timer);
        else schedule(settings.current.photoMs);
      },
    };
    return () => {
      disposed = true;
      window.clearTimeout(timer);
      close();
      stage.dispose();
      collage.clear();
      show.current = null;
      playlistRef.current = null;
    };
  }, [eventId]);

  // Keyboard: space pauses, arrows step, F toggles full screen.
  const toggleFullscreen = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void rootRef.current?.requestFullscreen().catch(() => undefined);
  }, []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === ' ') {
        e.preventDefault();
        setPaused((p) => {
          show.current?.setPaused(!p);
          return !p;
        });
      } else if (e.key === 'ArrowRight') show.current?.step(1);
      else if (e.key === 'ArrowLeft') show.current?.step(-1);
      else if (e.key === 'f' || e.key === 'F') toggleFullscreen();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [toggleFullscreen]);

  // Keep the screen awake (Wake Lock where the browser has it; it is released when the tab is hidden).
  useEffect(() => {
    if (!('wakeLock' in navigator)) return;
    let lock: WakeLockSentinel | null = null;
    const request = () => {
      if (document.visibilityState === 'visible') {
        navigator.wakeLock
          .request('screen')
          .then((l) => (lock = l))
          .catch(() => undefined);
      }
    };
    request();
    document.addEventListener('visibilitychange', request);
    return () => {
      document.removeEventListener('visibilitychange', request);
      void lock?.release().catch(() => undefined);
    };
  }, []);

  // The pointer and the hint disappear when the mouse rests.
  useEffect(() => {
    let timer = window.setTimeout(() => setPointerIdle(true), POINTER_HIDE_MS);
    const onMove = () => {
      setPointerIdle(false);
      window.clearTimeout(timer);
      timer = window.setTimeout(() => setPointerIdle(true), POINTER_HIDE_MS);
    };
    window.addEventListener('pointermove', onMove);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('pointermove', onMove);
    };
  }, []);

  useEffect(() => {
    document.title = event ? `${event.name} – ${de.wallTitle}` : de.wallTitle;
  }, [event]);

  if (failed && !event) {
    return (
      <div className="wall wall--message" data-testid="wall-error">
        <p>{de.wallEventMissing}</p>
      </div>
    );
  }

  const theme = event ? themeVars(event.primary_color, event.secondary_color) : {};
  return (
    <div
      ref={rootRef}
      className={`wall${pointerIdle ? ' wall--idle' : ''}${event?.wall.ken_burns ? ' wall--kenburns' : ''}`}
      style={theme}
      data-testid="wall"
      data-slides="0"
      onDoubleClick={toggleFullscreen}
    >
      <div className="wall__stage" ref={stageRef} />
      <div className="wall__collage" ref={collageRef} />

      {event && (
        <header className="wall__name" data-testid="wall-event-name">
          {event.name}
        </header>
      )}

      {event && empty && (
        <div className="wall__empty" data-testid="wall-empty">
          <p>{de.wallEmpty}</p>
        </div>
      )}

      {event && event.wall.show_qr && <QrOverlay event={event} config={config} large={empty} />}

      <div className="wall__status" aria-live="polite">
        {paused && <span data-testid="wall-paused">{de.wallPaused}</span>}
        {!connected && <span data-testid="wall-offline">{de.wallReconnecting}</span>}
      </div>
      <p className="wall__hint">{de.wallKeys}</p>
    </div>
  );
}
