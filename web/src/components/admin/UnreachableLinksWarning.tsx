import { useQuery } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import type { AppConfig } from '../../../../src/http/api-types';
import { adminQueries } from '../../api/queries';
import { useHostT } from '../../i18n';
import { Parts } from './Parts';

/**
 * A loud warning when QR codes, printed cards and recovery links would point at an address no guest's phone
 * can open (loopback or link-local: the dashboard was opened through localhost, or MOMENTBOX_PUBLIC_URL says
 * so). An admin is offered the box's own LAN addresses: the same page opened there makes every link right.
 */
export function UnreachableLinksWarning({ config, admin }: { config: AppConfig; admin: boolean }) {
  const h = useHostT();
  const unreachable = !config.publicUrlReachable;
  const offered = useQuery({ ...adminQueries.addresses(), enabled: unreachable && admin });
  // none known when the box could not say: the advice to connect it to the venue network
  const addresses = offered.data ?? (offered.isError ? [] : null);

  if (!unreachable) return null;
  const here = `${location.pathname}${location.search}`;
  return (
    <div className="hx-alert hx-alert--error hx-unreachable hx-no-print" role="alert" data-testid="unreachable-warning">
      <TriangleAlert size={22} aria-hidden="true" />
      <div>
        <strong>{h.unreachableTitle}</strong>
        <Parts parts={h.unreachableText} values={[<code key="url">{config.publicUrl}</code>]} />
        {addresses && addresses.length > 0 && (
          <>
            {h.unreachableOffer}
            <ul className="hx-unreachable__choices">
              {addresses.map((a) => (
                <li key={a.url}>
                  <a href={`${a.url}${here}`} data-testid="box-address">
                    {a.url}
                  </a>{' '}
                  <span className="hx-muted">({a.interface})</span>
                </li>
              ))}
            </ul>
          </>
        )}
        {addresses && addresses.length === 0 && h.unreachableNone}
        {!admin && h.unreachableAskAdmin}
      </div>
    </div>
  );
}
