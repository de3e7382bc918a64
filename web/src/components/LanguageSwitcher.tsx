import { chooseLanguage, LANGUAGE_ROWS, useLanguage } from '../i18n';

/** The languages by their own names; a choice is remembered on this device and switches every screen. */
export function LanguageSwitcher({ label, className }: { label: string; className?: string }) {
  const lang = useLanguage();
  return (
    <label className={className ?? 'language-switcher'}>
      <span className="visually-hidden">{label}</span>
      <select aria-label={label} value={lang} onChange={(e) => void chooseLanguage(e.target.value as typeof lang)}>
        <LanguageOptions />
      </select>
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
