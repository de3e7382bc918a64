import { useState } from 'react';
import { chooseLanguage, LANGUAGE_ROWS, useLanguage, useT } from '../i18n';

/**
 * The languages by their own names; a choice is remembered on this device and switches every screen. When
 * the chosen language's texts do not arrive (after the retries), the switcher says so beside it.
 */
export function LanguageSwitcher({ label, className }: { label: string; className?: string }) {
  const lang = useLanguage();
  const t = useT();
  const [failed, setFailed] = useState(false);
  return (
    <label className={className ?? 'language-switcher'}>
      <span className="visually-hidden">{label}</span>
      <select
        aria-label={label}
        value={lang}
        onChange={(e) => {
          setFailed(false);
          void chooseLanguage(e.target.value as typeof lang).then((ok) => setFailed(!ok));
        }}
      >
        <LanguageOptions />
      </select>
      {failed && (
        <span className="language-switcher__failed" role="alert" data-testid="language-failed">
          {t.languageFailed}
        </span>
      )}
    </label>
  );
}

/** The languages as the options of a select, each by its own name (the switcher, the events' guest-language fields). */
export function LanguageOptions() {
  return LANGUAGE_ROWS.map((r) => (
    <option key={r.code} value={r.code} lang={r.code}>
      {r.name}
    </option>
  ));
}
