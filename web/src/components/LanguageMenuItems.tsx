import { chooseLanguage, LANGUAGE_ROWS, useLanguage } from '../i18n';

/**
 * The language switcher's choice inside a menu (the event page's; its own module, so the event page does not
 * load the landing page's select): one radio item per language, the one shown checked (a tick
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
