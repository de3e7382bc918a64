import { useEffect, useMemo, useState } from 'react';
import { Camera, Hourglass, PartyPopper } from 'lucide-react';
import type { EventDto } from '../../../src/http/api-types';
import { localeOf, useLanguage, useT, type Dict } from '../i18n';
import './Einwegkamera.css';

// Einwegkamera (issue 28) on the guest page and the wall: the countdown to the reveal, the shots left, and the
// small celebration at the moment the gallery opens (the live stream's 'reveal').

type Camera = EventDto['camera'];

/** How long the celebration stays on screen. */
const CELEBRATION_MS = 6_000;
/** A countdown longer than this says only the day and time. */
const COUNTDOWN_MAX_MS = 24 * 3600_000;
/** Confetti pieces of the celebration. */
const CONFETTI = 18;

/**
 * The milliseconds to the reveal, ticking, while it is to come (else null). Counted from the box's
 * `reveal_in_seconds` when the event was fetched, not from the phone's clock, which may be wrong.
 */
export function useRevealLeft(camera: Camera): number | null {
  const target = useMemo(() => (camera.sealed ? Date.now() + camera.reveal_in_seconds * 1000 : null), [camera]);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (target === null) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [target]);
  return target === null ? null : Math.max(0, target - now);
}

/** 'Die Galerie öffnet um 23:00' (another day: with the day), in the page's language and the phone's time zone. */
function opensText(t: Dict, locale: string, revealAt: string): string {
  const at = new Date(revealAt);
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(at);
  if (at.toDateString() === new Date().toDateString()) return t.cameraOpensAt(time);
  return t.cameraOpensOn(new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long' }).format(at), time);
}

/** 1:02:03, 2:03 */
function clock(ms: number): string {
  const s = Math.ceil(ms / 1000);
  const [h, m, sec] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(sec)}` : `${m}:${two(sec)}`;
}

/** The reveal's line and its countdown, while the gallery is closed. */
export function RevealCountdown({ camera, hint }: { camera: Camera; hint: string }) {
  const t = useT();
  const locale = localeOf(useLanguage());
  const left = useRevealLeft(camera);
  if (left === null || !camera.reveal_at) return null;
  return (
    <div className="cam-reveal" data-testid="reveal-countdown">
      <Hourglass className="cam-reveal__icon" aria-hidden="true" />
      <div>
        <p className="cam-reveal__title">{opensText(t, locale, camera.reveal_at)}</p>
        {left < COUNTDOWN_MAX_MS && (
          <p className="cam-reveal__left" role="timer" aria-live="off">
            {t.cameraCountdown(clock(left))}
          </p>
        )}
        <p className="cam-reveal__hint">{hint}</p>
      </div>
    </div>
  );
}

/** The guest page's Einwegkamera banner: the countdown while the gallery is closed, and the shots left. */
export function CameraBanner({ camera, shotsLeft }: { camera: Camera; shotsLeft: number | null }) {
  const t = useT();
  if (!camera.sealed && shotsLeft === null) return null;
  return (
    <div className="cam-banner" role="status">
      <RevealCountdown camera={camera} hint={t.cameraOwnOnly} />
      {shotsLeft !== null && (
        <p className={`cam-shots${shotsLeft === 0 ? ' cam-shots--none' : ''}`} data-testid="shots-left">
          <Camera size={18} aria-hidden="true" />
          {shotsLeft === 0 ? t.cameraShotsNone : t.cameraShotsLeft(shotsLeft)}
        </p>
      )}
    </div>
  );
}

/** The moment the gallery opens: a few seconds of confetti and 'Die Galerie ist offen!'. */
export function Celebration({ onDone }: { onDone: () => void }) {
  const t = useT();
  useEffect(() => {
    const timer = window.setTimeout(onDone, CELEBRATION_MS);
    return () => window.clearTimeout(timer);
  }, [onDone]);
  return (
    <div className="cam-celebration" role="status" data-testid="reveal-celebration" onClick={onDone}>
      <div className="cam-celebration__confetti" aria-hidden="true">
        {Array.from({ length: CONFETTI }, (_, i) => (
          <span key={i} style={{ '--i': i } as React.CSSProperties} />
        ))}
      </div>
      <div className="cam-celebration__card">
        <PartyPopper className="cam-celebration__icon" aria-hidden="true" />
        <p className="cam-celebration__title">{t.cameraRevealed}</p>
        <p className="cam-celebration__sub">{t.cameraRevealedSub}</p>
      </div>
    </div>
  );
}
