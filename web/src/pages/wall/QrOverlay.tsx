import type { AppConfig, EventDto } from '../../../../src/http/api-types';
import { QrCode } from '../../components/QrCode';
import { wifiQrPayload } from '../../lib/wifi-qr';
import { useT } from '../../i18n';
import { eventLink } from '../event/modals/links';

// The wall's QR overlay, as the printed card: the event's code ('Lade deine Fotos hoch'), the venue Wi-Fi's
// code (a phone camera joins the network), or both side by side, numbered: first the Wi-Fi, then the event.
// A guest still on mobile data cannot reach the box's address, so the Wi-Fi comes first; the short address
// (`fotos.box/<code>`, in captive-portal mode) can be typed once on the venue network. Without Wi-Fi
// settings the overlay shows the event's code only.

export function QrOverlay({ event, config, large }: { event: EventDto; config: AppConfig | null; large: boolean }) {
  const t = useT();
  const link = eventLink(config, event.code);
  const wifi = event.wall.qr_content !== 'event' && config?.wifi?.ssid ? config.wifi : null;
  const showEvent = !wifi || event.wall.qr_content === 'both';
  const numbered = wifi && showEvent;
  const short = config?.shortName ? `${config.shortName}/${event.code}` : null;
  const size = large ? 280 : 150;
  return (
    <aside className={`wall__qr${large ? ' wall__qr--large' : ''}${numbered ? ' wall__qr--two' : ''}`} data-testid="wall-qr">
      {wifi && (
        <div className="wall__qr-card" data-testid="wall-qr-wifi">
          <QrCode value={wifiQrPayload(wifi.ssid, wifi.password)} size={size} label={t.wallWifiQrAlt(wifi.ssid)} />
          <div className="wall__qr-text">
            <strong>
              {numbered && <span className="wall__qr-step">1</span>}
              {t.wallWifiStep}
            </strong>
            <span data-testid="wall-wifi-ssid">{wifi.ssid}</span>
            {wifi.password && <span>{wifi.password}</span>}
            {!showEvent && short && <span data-testid="wall-short">{`${t.wallTypeIn} ${short}`}</span>}
          </div>
        </div>
      )}
      {showEvent && (
        <div className="wall__qr-card" data-testid="wall-qr-event">
          <QrCode value={link} size={size} label={t.wallQrAlt} />
          <div className="wall__qr-text">
            <strong>
              {numbered && <span className="wall__qr-step">2</span>}
              {numbered ? t.wallEventStep : t.wallUploadCall}
            </strong>
            <span data-testid="wall-address">{link.replace(/^https?:\/\//, '')}</span>
            {short && <span data-testid="wall-short">{`${t.wallTypeIn} ${short}`}</span>}
          </div>
        </div>
      )}
    </aside>
  );
}
