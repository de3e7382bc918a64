import { Camera, KeyRound, KeySquare, LogOut, Wifi } from 'lucide-react';

export type AccountDialog = 'apikeys' | 'wifi' | 'password';

/** The top bar: the brand and the account's actions (API keys, Wi-Fi, password, logout). */
export function DashboardHeader({ onOpen, onLogout }: { onOpen: (d: AccountDialog) => void; onLogout: () => void }) {
  return (
    <header className="hx-topbar">
      <div className="hx-topbar__inner">
        <div className="hx-brand">
          <span className="hx-logo" aria-hidden="true">
            <Camera size={20} />
          </span>
          <span className="hx-brand__name">Momentbox</span>
          <span className="hx-brand__tag">Admin</span>
        </div>
        <nav className="hx-topbar__actions" aria-label="Account">
          <button type="button" className="hx-btn hx-btn--ghost" onClick={() => onOpen('apikeys')} title="API keys for photo-booth integration">
            <KeySquare size={17} /> API keys
          </button>
          <button type="button" className="hx-btn hx-btn--ghost" onClick={() => onOpen('wifi')} title="Venue Wi-Fi for the printed QR cards">
            <Wifi size={17} /> Wi-Fi
          </button>
          <button type="button" className="hx-btn hx-btn--ghost" onClick={() => onOpen('password')}>
            <KeyRound size={17} /> Change Password
          </button>
          <button type="button" className="hx-btn hx-btn--secondary" onClick={onLogout}>
            <LogOut size={17} /> Logout
          </button>
        </nav>
      </div>
    </header>
  );
}
