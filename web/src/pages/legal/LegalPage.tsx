import { useEffect } from 'react';
import impressum from '../../../../assets/legal/impressum.md?raw';
import datenschutz from '../../../../assets/legal/datenschutz.md?raw';
import { Logo } from '../../components/Logo';
import { SiteFooter } from '../../components/SiteFooter';
import { renderMarkdown } from './markdown';
import './LegalPage.css';

/** §2 static German legal pages; the footer links home and to each other. */
export default function LegalPage({ kind }: { kind: 'impressum' | 'datenschutz' }) {
  const text = kind === 'impressum' ? impressum : datenschutz;
  useEffect(() => {
    document.title = `${kind === 'impressum' ? 'Impressum' : 'Datenschutz'} – Momentbox`;
    window.scrollTo(0, 0);
  }, [kind]);
  return (
    <div className="legal">
      <header className="legal__top">
        <Logo />
      </header>
      <main className="legal__main" data-testid={`legal-${kind}`}>
        <article className="legal__card">{renderMarkdown(text)}</article>
      </main>
      <SiteFooter showHome />
    </div>
  );
}
