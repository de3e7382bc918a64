import { useQuery } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import type { AppConfig } from '../../../../src/http/api-types';
import { adminQueries } from '../../api/queries';

/**
 * A loud warning when QR codes, printed cards and recovery links would point at an address no guest's phone
 * can open (loopback or link-local: the dashboard was opened through localhost, or MOMENTBOX_PUBLIC_URL says
 * so). An admin is offered the box's own LAN addresses: the same page opened there makes every link right.
 */
export function UnreachableLinksWarning({ config, admin }: { config: AppConfig; admin: boolean }) {
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
        <strong>Guests cannot open these links.</strong> QR codes, printed cards and recovery links point at{' '}
        <code>{config.publicUrl}</code>, an address that only this computer can reach.
        {addresses && addresses.length > 0 && (
          <>
            {' '}
            Open Momentbox at an address of the box that guests can reach (you log in there once), or set
            MOMENTBOX_PUBLIC_URL to one of them:
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
        {addresses && addresses.length === 0 && ' This box has no address other devices can reach: connect it to the venue network (scripts/setup-hotspot.sh).'}
        {!admin && ' Ask the admin to set MOMENTBOX_PUBLIC_URL to the box’s address on the venue network.'}
      </div>
    </div>
  );
}
