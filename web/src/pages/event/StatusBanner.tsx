import { CalendarClock, CircleAlert, Hourglass } from 'lucide-react';
import type { StatusInfo } from './logic/status';

/** §2 status banner: shown when the event is not active. expired red, ended amber, not_started blue. */
export function StatusBanner({ info }: { info: StatusInfo }) {
  if (info.status === 'active') return null;
  const Icon = info.status === 'expired' ? CircleAlert : info.status === 'ended' ? Hourglass : CalendarClock;
  return (
    <div className={`ev-banner ev-banner--${info.status}`} role="status" data-testid="status-banner" data-status={info.status}>
      <Icon size={22} aria-hidden="true" />
      <div>
        {info.messages.map((m) => (
          <p key={m}>{m}</p>
        ))}
      </div>
    </div>
  );
}
