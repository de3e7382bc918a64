import { Link } from 'react-router-dom';
import { de } from '../i18n/de';
import { LogoMark } from './Logo';
import './SiteFooter.css';

/** Footer with the product credit and the legal links (§2). */
export function SiteFooter({ showHome = false }: { showHome?: boolean }) {
  return (
    <footer className="g-footer">
      <p className="g-footer__credit">
        <LogoMark size={20} />
        <span>{de.footerCredit}</span>
      </p>
      <nav className="g-footer__links" aria-label="Rechtliches">
        {showHome && <Link to="/">{de.footerHome}</Link>}
        <Link to="/impressum">{de.footerImpressum}</Link>
        <Link to="/datenschutz">{de.footerDatenschutz}</Link>
      </nav>
    </footer>
  );
}
