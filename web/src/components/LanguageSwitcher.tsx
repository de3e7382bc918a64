import { chooseLanguage, LANGUAGE_ROWS, useLanguage } from '../i18n';

/** The languages by their own names; a choice is remembered on this device and switches every screen. */
export function LanguageSwitcher({ label, className }: { label: string; className?: string }) {
  const lang = useLanguage();
  return (
    <label className={className ?? 'language-switcher'}>
      <span className="visually-hidden">{label}</span>
      <select aria-label={label} value={lang} onChange={(e) => void chooseLanguage(e.target.value as typeof lang)}>
        {LANGUAGE_ROWS.map((r) => (
          <option key={r.code} value={r.code} lang={r.code}>
            {r.name}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * The same choice inside a menu (the event page's): one radio item per language, the one shown checked (a tick
 * drawn by CSS), so the menu's arrow keys reach them like its other items.
 */
export function LanguageMenuItems({ label, onChosen }: { label: string; onChosen: () => void }) {
  const lang = useLanguage();
  return (
    <div role="group" aria-label={label} className="language-menu">
      {LANGUAGE_ROWS.map((r) => (
        <button
          key={r.code}
          type="button"
          role="menuitemradio"
          aria-checked={r.code === lang}
          lang={r.code}
          onClick={() => {
            onChosen();
            void chooseLanguage(r.code);
          }}
        >
          {r.name}
        </button>
      ))}
    </div>
  );
}
