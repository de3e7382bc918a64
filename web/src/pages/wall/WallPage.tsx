import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from '../../lib/router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { WallSettings } from '../../../../src/http/api-types';
import { wallQueries } from '../../api/queries';
import { guestApi } from '../../api/guest';
import { useEventLanguage, useT } from '../../i18n';
import { themeVars } from '../../../../src/domain/colors.ts';
import { WallShow, type ShowSettings } from './show';
import { QrOverlay } from './QrOverlay';
import { Celebration, RevealCountdown } from '../../components/Einwegkamera';
import './WallPage.css';

// The live wall (/event/{code}/wall): a projector or TV at the venue shows the approved photos (and muted
// videos) as they arrive. It is a visitor of the event: the live stream gives it exactly the approved media
// in visible albums. It runs all night: it reconnects by itself, keeps the screen awake, and holds no more
// than the event's upload list and two slide layers.

/** The keyboard hint and the mouse pointer hide after this long without a move. */
const POINTER_HIDE_MS = 3_000;

export default function WallPage() {
  const t = useT();
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
  // Einwegkamera: the moment the gallery opens, the wall celebrates with the guests' phones.
  const [celebrating, setCelebrating] = useState(false);
  const endCelebration = useCallback(() => setCelebrating(false), []);
  const rootRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const collageRef = useRef<HTMLDivElement>(null);
  // The slideshow starts once the event's language is shown (its badges are worded as they come up).
  const languageShown = useEventLanguage(event?.language);
  const eventId = languageShown ? event?.id : undefined;
  const includeVideos = event?.wall.include_videos ?? true;
  const photoMs = (event?.wall.seconds_per_slide ?? 8) * 1000;
  const showNicknames = event?.wall.show_nicknames ?? false;
  const layout: WallSettings['layout'] = event?.wall.layout ?? 'single';
  const favorLoved = event?.wall.favor_loved ?? false;
  const guestbookEvery = event?.wall.guestbook_every ?? 0;

  // The slideshow itself runs outside React (show.ts); it reads the host's settings at each slide.
  const show = useRef<WallShow | null>(null);
  const settings = useRef<ShowSettings>({ photoMs, showNicknames, includeVideos, layout, favorLoved, guestbookEvery });
  settings.current = { photoMs, showNicknames, includeVideos, layout, favorLoved, guestbookEvery };
  useEffect(() => {
    show.current?.setIncludeVideos(includeVideos);
  }, [includeVideos]);
  // The host switched the layout: the next slide comes in the new one at once.
  const shownLayout = useRef(layout);
  useEffect(() => {
    if (shownLayout.current === layout) return;
    shownLayout.current = layout;
    show.current?.step(1);
  }, [layout]);

  // the operator's checklist ticks 'wall opened once' from the box's record of it
  const openedId = event?.id;
  useEffect(() => {
    if (openedId !== undefined) void guestApi.wallOpened(openedId).catch(() => undefined);
  }, [openedId]);

  useEffect(() => {
    if (eventId === undefined || !rootRef.current || !stageRef.current || !collageRef.current) return;
    const wallShow = new WallShow(
      eventId,
      { root: rootRef.current, stage: stageRef.current, collage: collageRef.current },
      {
        settings: () => settings.current,
        onEmpty: setEmpty,
        onConnected: setConnected,
        onSettingsChanged: () => refetchEvent.current(),
        onReveal: () => {
          refetchEvent.current();
          setCelebrating(true);
        },
      },
    );
    show.current = wallShow;
    return () => {
      wallShow.dispose();
      show.current = null;
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
    document.title = event ? `${event.name} – ${t.wallTitle}` : t.wallTitle;
  }, [event, t]);

  if (failed && !event) {
    return (
      <div className="wall wall--message" data-testid="wall-error">
        <p>{t.wallEventMissing}</p>
      </div>
    );
  }

  const theme = event ? themeVars(event.primary_color, event.secondary_color) : {};
  return (
    <div
      ref={rootRef}
      className={`wall${pointerIdle ? ' wall--idle' : ''}${event?.wall.ken_burns ? ' wall--kenburns' : ''}${event?.wall.show_qr ? ' wall--qr' : ''}`}
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

      {/* Einwegkamera: until the reveal the wall (a visitor) has nothing to show but the countdown */}
      {event?.camera.sealed && <RevealCountdown camera={event.camera} hint={t.cameraWallHint} />}

      {event && empty && !event.camera.sealed && (
        <div className="wall__empty" data-testid="wall-empty">
          <p>{t.wallEmpty}</p>
        </div>
      )}

      {event && event.wall.show_qr && <QrOverlay event={event} config={config} large={empty && !event.camera.sealed} />}

      <div className="wall__status" aria-live="polite">
        {paused && <span data-testid="wall-paused">{t.wallPaused}</span>}
        {!connected && <span data-testid="wall-offline">{t.wallReconnecting}</span>}
      </div>
      <p className="wall__hint">{t.wallKeys}</p>
      {celebrating && <Celebration onDone={endCelebration} />}
    </div>
  );
}
