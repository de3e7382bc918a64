import { useQuery } from '@tanstack/react-query';
import { Copy, MonitorPlay } from 'lucide-react';
import type { EventDto } from '../../../../src/http/api-types';
import { configQuery } from '../../api/queries';
import { wallLink } from '../../host/links';
import { useHostT } from '../../i18n';
import { hostToast } from '../../store/toast-store';
import { copyText } from '../clipboard';
import { QrCode } from '../QrCode';
import { UnreachableLinksWarning } from '../admin/UnreachableLinksWarning';

/**
 * The live wall's address, a copy button, a link and its QR code, on the overview and in the wall's section.
 * Built from the server's public URL, so a couple who opened this page on the box itself (127.0.0.1) still
 * hands the projector an address it can reach; drawn once that is known, with the warning when it is loopback.
 */
export function WallLink({ event, heading }: { event: EventDto; heading: 'h2' | 'h3' }) {
  const c = useHostT().couple;
  const config = useQuery(configQuery()).data;
  const Heading = heading;
  const url = config ? wallLink(config.publicUrl, event.code) : null;
  const copy = async () => {
    if (url && (await copyText(url))) hostToast.success(c.urlCopied);
  };
  return (
    <section className="hx-panel hx-wall-link" aria-label={c.wallOpenRegion}>
      <Heading className="hx-panel__title">
        <MonitorPlay size={18} aria-hidden="true" /> {c.wallOpenTitle}
      </Heading>
      {config && <UnreachableLinksWarning config={config} admin={false} />}
      <p className="hx-small hx-muted">{c.wallOpenHint}</p>
      {url && (
        <>
          <div className="hx-copy-row">
            <input readOnly value={url} aria-label={c.wallUrl} className="hx-mono" data-testid="wall-url" />
            <button type="button" className="hx-btn hx-btn--ghost" onClick={() => void copy()} aria-label={c.wallUrlCopy}>
              <Copy size={16} />
            </button>
          </div>
          <a className="hx-btn hx-btn--secondary" href={url} target="_blank" rel="noopener noreferrer">
            <MonitorPlay size={17} /> {c.wallOpen}
          </a>
          <QrCode value={url} label={c.wallQrLabel} className="hx-qr hx-wall-qr" testId="wall-qr" />
        </>
      )}
    </section>
  );
}
