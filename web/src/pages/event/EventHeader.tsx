import { useEffect, useRef, useState } from 'react';
import { Camera } from 'lucide-react';
import type { EventDto } from '../../../../src/http/api-types';
import { useT } from '../../i18n';
import { DEFAULT_PRIMARY, HEADER_THRESHOLDS, lighten, LIGHTEN_FACTOR, resolveColor, textColorOn } from '../../../../src/domain/colors.ts';

// §2 event header: minimalistic (default), split, premium (parallax from 1024 px, 40vh / 50vh), at the top of
// the page. Below 1024 px it collapses to a slim bar with the event's name once scrolled past (issue 22:
// photos first on a phone), and the album chips stick under that bar.

export function headerStyleOf(event: Pick<EventDto, 'header_style'>): 'minimalistic' | 'split' | 'premium' {
  return event.header_style === 'split' || event.header_style === 'premium' ? event.header_style : 'minimalistic';
}

function HostImage({ event, className }: { event: EventDto; className: string }) {
  const t = useT();
  const [failed, setFailed] = useState(false);
  if (!event.host_image_url || failed) {
    return (
      <div
        className={`${className} ev-hostimg--placeholder`}
        role="img"
        aria-label={t.hostImageAlt(event.name)}
        data-testid="host-placeholder"
      >
        <Camera size={40} aria-hidden="true" />
      </div>
    );
  }
  return (
    <img
      className={className}
      src={event.host_image_url}
      alt={t.hostImageAlt(event.name)}
      onError={() => {
        console.warn('host image failed to load', event.host_image_url);
        setFailed(true);
      }}
      data-testid="host-image"
    />
  );
}

export function EventHeader({ event }: { event: EventDto }) {
  const endRef = useRef<HTMLDivElement>(null);
  const collapsed = useScrolledPast(endRef);
  return (
    <>
      <FullHeader event={event} />
      <div ref={endRef} className="ev-header-end" aria-hidden="true" />
      <div className={`ev-slimbar${collapsed ? ' is-shown' : ''}`} aria-hidden={!collapsed} data-testid="slim-header">
        <span className="ev-slimbar__title">{event.name}</span>
      </div>
    </>
  );
}

/** The slim bar's height (CSS --slim-h): the header counts as scrolled past once its end is under it. */
const SLIM_BAR_PX = 48;

/** Whether the element has gone above the slim bar's lower edge. */
function useScrolledPast(ref: React.RefObject<HTMLElement | null>): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const io = new IntersectionObserver(([e]) => e && setPast(!e.isIntersecting && e.boundingClientRect.top < SLIM_BAR_PX), {
      rootMargin: `-${SLIM_BAR_PX}px 0px 0px 0px`,
    });
    io.observe(el);
    return () => io.disconnect();
  }, [ref]);
  return past;
}

function FullHeader({ event }: { event: EventDto }) {
  const t = useT();
  const style = headerStyleOf(event);
  const primary = resolveColor(event.primary_color, DEFAULT_PRIMARY);
  const light = lighten(primary, LIGHTEN_FACTOR);

  if (style === 'premium') return <PremiumHeader event={event} />;

  if (style === 'split') {
    const text = textColorOn(primary, HEADER_THRESHOLDS.split);
    return (
      <header className="ev-header ev-header--split" data-style="split" style={{ color: text }}>
        <div className="ev-split__image">
          <HostImage event={event} className="ev-hostimg ev-hostimg--fill" />
        </div>
        <div className="ev-split__panel" style={{ background: `linear-gradient(135deg, ${primary} 0%, ${primary} 55%, ${light} 140%)` }}>
          <div className="ev-split__text">
            <h1 className="ev-title">{event.name}</h1>
            <p className="ev-tagline">{t.tagline}</p>
          </div>
        </div>
      </header>
    );
  }

  const text = textColorOn(primary, HEADER_THRESHOLDS.minimalistic);
  return (
    <header
      className="ev-header ev-header--minimal"
      data-style="minimalistic"
      style={{ color: text, background: `linear-gradient(160deg, ${primary} 0%, ${light} 100%)` }}
    >
      <div className="ev-minimal__inner">
        <HostImage event={event} className="ev-hostimg ev-hostimg--round" />
        <div className="ev-minimal__text">
          <h1 className="ev-title">{event.name}</h1>
          <p className="ev-tagline">{t.tagline}</p>
        </div>
      </div>
    </header>
  );
}

function PremiumHeader({ event }: { event: EventDto }) {
  const t = useT();
  const bgRef = useRef<HTMLDivElement>(null);
  const primary = resolveColor(event.primary_color, DEFAULT_PRIMARY);
  const secondary = resolveColor(event.secondary_color, lighten(primary, LIGHTEN_FACTOR));

  useEffect(() => {
    const wide = window.matchMedia('(min-width: 1024px)');
    const calm = window.matchMedia('(prefers-reduced-motion: reduce)');
    let frame = 0;
    const apply = () => {
      frame = 0;
      const el = bgRef.current;
      if (!el) return;
      if (!wide.matches || calm.matches) {
        el.style.transform = '';
        return;
      }
      const y = Math.min(window.scrollY, window.innerHeight);
      el.style.transform = `translate3d(0, ${y * 0.4}px, 0) scale(1.08)`;
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(apply);
    };
    apply();
    window.addEventListener('scroll', onScroll, { passive: true });
    wide.addEventListener('change', apply);
    return () => {
      window.removeEventListener('scroll', onScroll);
      wide.removeEventListener('change', apply);
      cancelAnimationFrame(frame);
    };
  }, []);

  return (
    <header className="ev-header ev-header--premium" data-style="premium">
      <div
        ref={bgRef}
        className="ev-premium__bg"
        data-testid="parallax"
        style={{ background: `linear-gradient(135deg, ${primary}, ${secondary})` }}
      >
        <HostImage event={event} className="ev-hostimg ev-hostimg--cover" />
      </div>
      <div className="ev-premium__shade" aria-hidden="true" />
      <div className="ev-premium__text">
        <h1 className="ev-title">{event.name}</h1>
        <p className="ev-tagline">{t.tagline}</p>
      </div>
    </header>
  );
}
