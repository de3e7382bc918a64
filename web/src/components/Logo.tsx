import { Link } from '../lib/router';
import { useT } from '../i18n';

/** The Momentbox mark (same drawing as assets/logo.svg) with the word mark; links to / (§2). */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="mb-logo-g" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#A78BFA" />
          <stop offset="1" stopColor="#7C3AED" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill="url(#mb-logo-g)" />
      <rect x="13" y="21" width="38" height="27" rx="6" fill="none" stroke="#fff" strokeWidth="4" />
      <circle cx="32" cy="34.5" r="7.5" fill="none" stroke="#fff" strokeWidth="4" />
      <rect x="23" y="14" width="18" height="8" rx="3" fill="#fff" />
      <circle cx="45" cy="27" r="2.2" fill="#fff" />
    </svg>
  );
}

export function Logo({ light = false }: { light?: boolean }) {
  const t = useT();
  return (
    <Link to="/" className={`g-logo${light ? ' g-logo--light' : ''}`} aria-label={t.logoHome}>
      <LogoMark />
      <span className="g-logo__word">Momentbox</span>
    </Link>
  );
}
