import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ArrowLeft, Camera, ImageIcon, Printer, Scissors, Wifi } from 'lucide-react';
import { adminToken } from '../../api/http';
import { adminQueries, configQuery, hostQueries } from '../../api/queries';
import { Spinner } from '../../components/Spinner';
import { NEW_EVENT_PRIMARY, NEW_EVENT_SECONDARY } from '../../../../src/domain/colors.ts';
import { eventLink } from '../../host/links';
import { headerTextColor, toHexColor } from '../../host/design';
import { wifiQrPayload } from '../../lib/wifi-qr';
import { QrCode } from '../../components/QrCode';
import { UnreachableLinksWarning } from '../../components/admin/UnreachableLinksWarning';
import '../../styles/admin.css';

// Printable QR material: /print/{eventId} for an admin (Bearer token), /print/{eventId}?token={clientToken}
// for a host from the settings page. A4 poster, a table card (A6), or four table cards on one A4 sheet with
// cutting marks; with the venue Wi-Fi QR when one is set in the dashboard.

type Format = 'a4' | 'card' | 'cards4';
const FORMATS: { value: Format; label: string }[] = [
  { value: 'a4', label: 'A4 poster' },
  { value: 'card', label: 'Table card (A6)' },
  { value: 'cards4', label: '4 table cards on A4' },
];

export default function PrintPage() {
  const { eventId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const clientToken = params.get('token');
  const format: Format = FORMATS.find((f) => f.value === params.get('format'))?.value ?? 'a4';
  const [imgBroken, setImgBroken] = useState(false);
  const signedIn = !!clientToken || !!adminToken.get();

  useEffect(() => {
    if (!signedIn) navigate('/admin', { replace: true });
  }, [signedIn, navigate]);

  // a host reads its event through the client token, an admin finds it in the events list
  const hostSettings = useQuery({ ...hostQueries.settings(clientToken ?? ''), enabled: !!clientToken });
  const adminEvents = useQuery({ ...adminQueries.events(), enabled: !clientToken && signedIn });
  const eventQuery = clientToken ? hostSettings : adminEvents;
  const event = clientToken ? hostSettings.data?.event : adminEvents.data?.find((e) => String(e.id) === eventId);
  const configQ = useQuery({ ...configQuery(), enabled: signedIn });
  const config = configQ.data;
  const error = eventQuery.isError || configQ.isError || (eventQuery.isSuccess && !event) ? 'The event could not be loaded.' : '';

  useEffect(() => {
    if (event) document.title = `${event.name} · QR`;
  }, [event]);

  if (error)
    return (
      <div className="hx hx-error-page">
        <div className="hx-error-panel" role="alert">
          <h1>Print QR material</h1>
          <p>{error}</p>
          <Link className="hx-btn hx-btn--primary" to={clientToken ? '/' : '/admin/dashboard'}>
            Back
          </Link>
        </div>
      </div>
    );
  if (!event || !config) return <Spinner fullscreen />;

  const primary = toHexColor(event.primary_color, NEW_EVENT_PRIMARY);
  const secondary = toHexColor(event.secondary_color, NEW_EVENT_SECONDARY);
  const onPrimary = headerTextColor(primary, 'minimalistic');
  // the round step numbers are small: white unless the colour is very light
  const onStep = headerTextColor(primary, 'split');
  const link = eventLink(config.publicUrl, event.code);
  const shownLink = link.replace(/^https?:\/\//, '');
  const wifi = config.wifi && config.wifi.ssid ? config.wifi : null;
  const setFormat = (f: Format) => {
    const next = new URLSearchParams(params);
    if (f === 'a4') next.delete('format');
    else next.set('format', f);
    setParams(next, { replace: true });
  };
  const backHref = clientToken ? `/event/${encodeURIComponent(clientToken)}/settings` : '/admin/dashboard';
  const sheet = () => (
      <article className="hx-sheet" data-testid="print-sheet" style={{ ['--p' as string]: primary, ['--s' as string]: secondary }}>
      <header className="hx-sheet__head" style={{ background: `linear-gradient(135deg, ${primary}, ${secondary})`, color: onPrimary }}>
        <div className="hx-sheet__avatar">
          {event.host_image_url && !imgBroken ? (
            <img src={event.host_image_url} alt="" onError={() => setImgBroken(true)} />
          ) : (
            <ImageIcon aria-hidden="true" />
          )}
        </div>
        <h1 className="hx-sheet__title">{event.name}</h1>
        <p className="hx-sheet__tag">Teile deine Erinnerungen</p>
      </header>
      <p className="hx-sheet__lead">Teile deine Fotos und Videos von diesem Event – ganz einfach mit dem Handy.</p>
      <div className={`hx-sheet__codes${wifi ? ' has-wifi' : ''}`}>
        {wifi && (
          <section className="hx-sheet__code">
            <span className="hx-sheet__step" style={{ background: primary, color: onStep }}>
              1
            </span>
            <h2>
              <Wifi aria-hidden="true" /> WLAN verbinden
            </h2>
            <QrCode value={wifiQrPayload(wifi.ssid, wifi.password)} label={`Wi-Fi QR code for ${wifi.ssid}`} className="hx-qr hx-qr--wifi" />
            <dl className="hx-sheet__wifi">
              <div>
                <dt>Netzwerk</dt>
                <dd>{wifi.ssid}</dd>
              </div>
              {wifi.password && (
                <div>
                  <dt>Passwort</dt>
                  <dd>{wifi.password}</dd>
                </div>
              )}
            </dl>
          </section>
        )}
        <section className={`hx-sheet__code${config.shortName ? ' has-short-name' : ''}`}>
          {wifi && (
            <span className="hx-sheet__step" style={{ background: primary, color: onStep }}>
              2
            </span>
          )}
          <h2>
            <Camera aria-hidden="true" /> Event öffnen
          </h2>
          <QrCode value={link} label={`Event QR code for ${link}`} className="hx-qr hx-qr--event" />
          <p className="hx-sheet__link">
            {shownLink.split('/').map((part, i) => (
              <span key={i}>
                {i > 0 && (
                  <>
                    /<wbr />
                  </>
                )}
                {part}
              </span>
            ))}
          </p>
          <p className="hx-sheet__code-text">
            Event-Code: <strong>{event.code}</strong>
          </p>
          {config.shortName && (
            <p className="hx-sheet__short" data-testid="short-address">
              oder im Browser eintippen: <strong>{`${config.shortName}/${event.code}`}</strong>
            </p>
          )}
        </section>
      </div>
      <footer className="hx-sheet__foot">Kamera-App öffnen, QR-Code scannen{wifi ? ' – erst das WLAN, dann das Event' : ''}.</footer>
    </article>
  );

  return (
    <div className={`hx hx-print hx-print--${format}`}>
      <div className="hx-print__toolbar hx-no-print">
        <Link className="hx-btn hx-btn--ghost" to={backHref}>
          <ArrowLeft size={17} /> Back
        </Link>
        <strong className="hx-print__heading">Print QR material</strong>
        <div className="hx-segmented" role="radiogroup" aria-label="Paper size">
          {FORMATS.map((f) => (
            <button
              key={f.value}
              type="button"
              role="radio"
              aria-checked={format === f.value}
              className={format === f.value ? 'is-active' : ''}
              onClick={() => setFormat(f.value)}
            >
              {f.label}
            </button>
          ))}
        </div>
        <button type="button" className="hx-btn hx-btn--primary" onClick={() => window.print()}>
          <Printer size={17} /> Print
        </button>
      </div>
      <UnreachableLinksWarning config={config} admin={!clientToken} />
      {!wifi && (
        <p className="hx-print__notice hx-no-print">
          No venue Wi-Fi is set, so only the event QR code is printed.{' '}
          {clientToken ? 'The box admin can add the Wi-Fi name and password in the dashboard (Wi-Fi).' : 'Add the Wi-Fi name and password in the dashboard under Wi-Fi to print a Wi-Fi QR code.'}
        </p>
      )}

      <div className="hx-sheet-wrap">
        {format === 'cards4' ? (
          <div className="hx-sheet4" data-testid="print-sheet-4up">
            {[0, 1, 2, 3].map((i) => (
              <div key={i} className="hx-sheet4__cell">
                {sheet()}
              </div>
            ))}
            {/* cutting marks along the two cuts that halve the sheet each way */}
            <span className="hx-cut hx-cut--v" aria-hidden="true" data-testid="cut-mark" />
            <span className="hx-cut hx-cut--h" aria-hidden="true" data-testid="cut-mark" />
            <Scissors className="hx-cut__scissors" aria-hidden="true" />
          </div>
        ) : (
          sheet()
        )}
      </div>
    </div>
  );
}
