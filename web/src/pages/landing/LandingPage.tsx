import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from '../../lib/router';
import {
  ArrowRight,
  CalendarClock,
  CalendarPlus,
  ChartColumn,
  CircleCheck,
  DatabaseBackup,
  Download,
  FolderHeart,
  FolderTree,
  Hash,
  Images,
  KeyRound,
  LockKeyhole,
  Palette,
  ShieldCheck,
  Smartphone,
  Upload,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import { useT, type Dict } from '../../i18n';
import type { LandingCopy } from '../../i18n/landing.de';
import { Logo } from '../../components/Logo';
import { Spinner } from '../../components/Spinner';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { SiteFooter } from '../../components/SiteFooter';
import { registerServiceWorker } from '../../components/service-worker';
import '../../components/ui.css';
import './LandingPage.css';

const HOST_ICONS: LucideIcon[] = [CalendarPlus, Palette, FolderHeart, ShieldCheck, DatabaseBackup];
const GUEST_ICONS: LucideIcon[] = [KeyRound, Upload, Images, UserRound];
const FEATURE_ICONS: LucideIcon[] = [Hash, Palette, FolderTree, CalendarClock, Download, CircleCheck, Smartphone, LockKeyhole, ChartColumn];

/** The two benefit card sections, guests first: heading, [title, text] items with one icon each, layout classes. */
const benefitSections = (t: LandingCopy) => [
  {
    id: 'land-guests',
    title: t.forGuests,
    items: t.guestBenefits,
    icons: GUEST_ICONS,
    listClass: 'land-cards--4',
    iconClass: 'land-card__icon',
  },
  {
    id: 'land-hosts',
    title: t.forHosts,
    items: t.hostBenefits,
    icons: HOST_ICONS,
    listClass: 'land-cards--5',
    iconClass: 'land-card__icon land-card__icon--alt',
  },
];

/** The landing page's texts in the language shown (their own small chunk): null until the first arrive. */
function useLandingCopy(t: Dict): LandingCopy | null {
  const [copy, setCopy] = useState<LandingCopy | null>(null);
  useEffect(() => {
    let live = true;
    void t.landingCopy().then((c) => live && setCopy(c));
    return () => {
      live = false;
    };
  }, [t]);
  return copy;
}

export default function LandingPage() {
  const copy = useLandingCopy(useT());
  return copy ? <Landing copy={copy} /> : <Spinner fullscreen />;
}

function Landing({ copy }: { copy: LandingCopy }) {
  const t = useT();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const joinRef = useRef<HTMLElement>(null);
  const inputId = useId();
  const errorId = useId();

  useEffect(() => {
    registerServiceWorker();
  }, []);
  useEffect(() => {
    document.title = `Momentbox – ${t.tagline}`;
  }, [t]);

  const join = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = code.trim();
    if (!trimmed) {
      setMissing(true);
      inputRef.current?.focus();
      return;
    }
    navigate(`/event/${encodeURIComponent(trimmed)}`);
  };

  const scrollToJoin = (e: React.MouseEvent) => {
    e.preventDefault();
    joinRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    window.setTimeout(() => inputRef.current?.focus({ preventScroll: true }), 350);
  };

  return (
    <div className="land">
      <header className="land-top">
        <Logo light />
        <div className="land-top__end">
          <LanguageSwitcher label={t.language} className="language-switcher land-top__lang" />
          <a href="#join" className="land-top__cta" onClick={scrollToJoin}>
            {copy.joinButton}
          </a>
        </div>
      </header>

      <section className="land-hero" id="join" ref={joinRef} aria-labelledby="land-title">
        <div className="land-hero__glow" aria-hidden="true" />
        <p className="land-hero__tagline">{t.tagline}</p>
        <h1 id="land-title" className="land-hero__title">
          {copy.landingHeroTitle}
        </h1>
        <p className="land-hero__text">{copy.landingHeroText}</p>

        <form className="land-join" onSubmit={join} noValidate>
          <label htmlFor={inputId} className="land-join__label">
            {copy.codeLabel}
          </label>
          <div className="land-join__row">
            <input
              id={inputId}
              ref={inputRef}
              className="g-input land-join__input"
              value={code}
              onChange={(e) => {
                setCode(e.target.value);
                if (missing) setMissing(false);
              }}
              placeholder={copy.codePlaceholder}
              autoCapitalize="none"
              autoCorrect="off"
              autoComplete="off"
              spellCheck={false}
              enterKeyHint="go"
              aria-invalid={missing ? true : undefined}
              aria-describedby={missing ? errorId : undefined}
              data-testid="event-code"
            />
            <button type="submit" className="g-btn g-btn--primary land-join__btn" data-testid="join">
              {copy.joinButton}
              <ArrowRight size={18} aria-hidden="true" />
            </button>
          </div>
          {missing ? (
            <p id={errorId} className="g-error land-join__msg" role="alert">
              {copy.codeRequired}
            </p>
          ) : (
            <p className="land-join__msg land-join__hint">{copy.codeHint}</p>
          )}
        </form>
      </section>

      <main className="land-main">
        {benefitSections(copy).map((section) => (
          <section key={section.id} className="land-section" aria-labelledby={section.id}>
            <h2 id={section.id} className="land-section__title">
              {section.title}
            </h2>
            <ul className={`land-cards ${section.listClass}`}>
              {section.items.map(([title, text], i) => {
                const Icon = section.icons[i]!;
                return (
                  <li key={title} className="land-card">
                    <span className={section.iconClass} aria-hidden="true">
                      <Icon size={22} />
                    </span>
                    <h3>{title}</h3>
                    <p>{text}</p>
                  </li>
                );
              })}
            </ul>
          </section>
        ))}

        <section className="land-section land-section--features" aria-labelledby="land-features">
          <h2 id="land-features" className="land-section__title">
            {copy.features}
          </h2>
          <ul className="land-features">
            {copy.featureList.map(([title, text], i) => {
              const Icon = FEATURE_ICONS[i]!;
              return (
                <li key={title} className="land-feature">
                  <Icon size={20} aria-hidden="true" />
                  <div>
                    <h3>{title}</h3>
                    <p>{text}</p>
                  </div>
                </li>
              );
            })}
          </ul>
        </section>

        <div className="land-cta">
          <a href="#join" className="g-btn g-btn--dark" onClick={scrollToJoin} data-testid="scroll-to-join">
            {copy.scrollToJoin}
            <ArrowRight size={18} aria-hidden="true" />
          </a>
        </div>
      </main>

      <SiteFooter />
    </div>
  );
}
