import { useEffect } from 'react';
import impressum from '../../../../assets/legal/impressum.md?raw';
import datenschutz from '../../../../assets/legal/datenschutz.md?raw';
import { Logo } from '../../components/Logo';
import { SiteFooter } from '../../components/SiteFooter';
import { useT } from '../../i18n';
import { renderMarkdown } from './markdown';
import './LegalPage.css';

/**
 * §2 static German legal pages; the footer links home and to each other. In another language a short summary
 * in it stands above the German text (which stays the binding one, marked as German for screen readers).
 */
export default function LegalPage({ kind }: { kind: 'impressum' | 'datenschutz' }) {
  const t = useT();
  const text = kind === 'impressum' ? impressum : datenschutz;
  const title = kind === 'impressum' ? t.footerImpressum : t.footerDatenschutz;
  useEffect(() => {
    document.title = `${title} – Momentbox`;
  }, [title]);
  // braces: Chromium's scrollTo returns a promise, which React would take for the effect's clean-up and call
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [kind]);
  return (
    <div className="legal">
      <header className="legal__top">
        <Logo />
      </header>
      <main className="legal__main" data-testid={`legal-${kind}`}>
        {t.legalSummary && (
          <section className="legal__card legal__summary" data-testid="legal-summary">
            <h1>{title}</h1>
            <p>{t.legalSummary.inGerman}</p>
            <p>{t.legalSummary[kind]}</p>
          </section>
        )}
        <article className="legal__card" lang="de">
          {renderMarkdown(text)}
        </article>
      </main>
      <SiteFooter showHome />
    </div>
  );
}
