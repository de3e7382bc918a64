import { Link } from '../lib/router';
import { useT } from '../i18n';
import { LogoMark } from './Logo';
import './SiteFooter.css';

/** Footer with the product credit and the legal links (§2). */
export function SiteFooter({ showHome = false }: { showHome?: boolean }) {
  const t = useT();
  return (
    <footer className="g-footer">
      <p className="g-footer__credit">
        <LogoMark size={20} />
        <span>{t.footerCredit}</span>
      </p>
      <nav className="g-footer__links" aria-label={t.footerLegal}>
        {showHome && <Link to="/">{t.footerHome}</Link>}
        <Link to="/impressum">{t.footerImpressum}</Link>
        <Link to="/datenschutz">{t.footerDatenschutz}</Link>
      </nav>
    </footer>
  );
}
