import { KeyRound, KeySquare, LogOut, Wifi } from 'lucide-react';
import { HostBrand } from '../../../components/HostBrand';
import { LanguageSwitcher } from '../../../components/LanguageSwitcher';
import { useHostT } from '../../../i18n';

export type AccountDialog = 'apikeys' | 'wifi' | 'password';

/** The top bar: the brand, the language and the account's actions (API keys, Wi-Fi, password, logout). */
export function DashboardHeader({ onOpen, onLogout }: { onOpen: (d: AccountDialog) => void; onLogout: () => void }) {
  const h = useHostT();
  return (
    <header className="hx-topbar">
      <div className="hx-topbar__inner">
        <HostBrand>
          <span className="hx-brand__name">Momentbox</span>
          <span className="hx-brand__tag">{h.adminTag}</span>
        </HostBrand>
        <nav className="hx-topbar__actions" aria-label={h.account}>
          <LanguageSwitcher label={h.languageLabel} className="language-switcher hx-language" />
          <button type="button" className="hx-btn hx-btn--ghost" onClick={() => onOpen('apikeys')} title={h.apiKeysHint}>
            <KeySquare size={17} /> {h.apiKeys}
          </button>
          <button type="button" className="hx-btn hx-btn--ghost" onClick={() => onOpen('wifi')} title={h.wifiHint}>
            <Wifi size={17} /> {h.wifi}
          </button>
          <button type="button" className="hx-btn hx-btn--ghost" onClick={() => onOpen('password')}>
            <KeyRound size={17} /> {h.changePassword}
          </button>
          <button type="button" className="hx-btn hx-btn--secondary" onClick={onLogout}>
            <LogOut size={17} /> {h.logout}
          </button>
        </nav>
      </div>
    </header>
  );
}
