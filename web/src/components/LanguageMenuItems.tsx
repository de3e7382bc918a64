import { chooseLanguage, getT, LANGUAGE_ROWS, useLanguage } from '../i18n';
import { toast } from '../store/toast-store';

/**
 * The language switcher's choice inside a menu (the event page's; its own module, so the event page does not
 * load the landing page's select): one radio item per language, the one shown checked (a tick
 * drawn by CSS), so the menu's arrow keys reach them like its other items. A language whose texts do not
 * arrive (after the retries) is a toast.
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
            // its texts did not arrive after the retries: the page stays as it is and says so
            void chooseLanguage(r.code).then((ok) => ok || toast(getT().languageFailed, 'error'));
          }}
        >
          {r.name}
        </button>
      ))}
    </div>
  );
}
