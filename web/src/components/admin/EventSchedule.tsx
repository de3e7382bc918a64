import { AlertTriangle, CalendarClock } from 'lucide-react';
import type { EventStatus } from '../../../../src/http/api-types';
import { eventStatus, eventWindow } from '../../../../src/domain/event-window';
import { formatDateTime } from '../../host/format';
import { localeOf, useHostT, useLanguage } from '../../i18n';

// When an event takes uploads and until when guests may view it: the same rule as the server
// (src/domain/event-window.ts), shown on the event form while the admin picks the start and duration,
// and on each event card.

export interface Schedule {
  start: Date;
  end: Date;
  viewableUntil: Date;
  status: EventStatus;
}

export function scheduleOf(startIso: string, durationDays: number, retentionDays: number, now: Date = new Date()): Schedule {
  const w = eventWindow(new Date(startIso), durationDays, retentionDays);
  return { ...w, status: eventStatus(w, now) };
}

/** The window of a saved event, as the server computed it. */
export function scheduleOfEvent(e: {
  event_start_datetime: string;
  event_end_datetime: string;
  event_viewable_until_datetime: string;
  status: EventStatus;
}): Schedule {
  return {
    start: new Date(e.event_start_datetime),
    end: new Date(e.event_end_datetime),
    viewableUntil: new Date(e.event_viewable_until_datetime),
    status: e.status,
  };
}

/** The event's window and status; `warnPast` adds the warning that uploads would start in the past. */
export function EventSchedule({
  schedule,
  warnPast = false,
  compact = false,
}: {
  schedule: Schedule;
  warnPast?: boolean;
  compact?: boolean;
}) {
  const h = useHostT();
  const locale = localeOf(useLanguage());
  const when = (d: Date) => formatDateTime(d.toISOString(), locale);
  const { start, end, viewableUntil, status } = schedule;
  const startsInPast = warnPast && start.getTime() < Date.now() - 60_000;
  return (
    <div className={`hx-schedule${compact ? ' hx-schedule--compact' : ''}`} data-testid="event-schedule" data-status={status}>
      <dl className="hx-schedule__dates">
        <div>
          <dt>
            <CalendarClock size={14} aria-hidden="true" /> {h.scheduleUploads}
          </dt>
          <dd data-testid="schedule-uploads">
            {when(start)} – {when(end)}
          </dd>
        </div>
        <div>
          <dt>{h.viewableUntil}</dt>
          <dd data-testid="schedule-viewable">{when(viewableUntil)}</dd>
        </div>
      </dl>
      {!compact && (
        <p className="hx-small hx-muted">
          <span className={`hx-badge hx-status-badge hx-status-badge--${status}`} data-testid="schedule-status">
            {h.statusLabel[status]}
          </span>{' '}
          {h.statusHint[status]}
        </p>
      )}
      {startsInPast && (
        <p className="hx-field-warning" data-testid="schedule-past-warning">
          <AlertTriangle size={15} aria-hidden="true" />
          {status === 'ended' || status === 'expired' ? h.startPastOver : h.startPastShort}
        </p>
      )}
    </div>
  );
}
