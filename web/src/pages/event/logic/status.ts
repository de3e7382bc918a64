import type { EventDto, EventStatus } from '../../../../../src/http/api-types';
import { getT, type Dict } from '../../../i18n';
import { eventStatus } from '../../../../../src/domain/event-window.ts';
import { formatDate, formatTime, parseDate } from './format';

export interface StatusInfo {
  status: EventStatus;
  /** the banner lines; empty when active */
  messages: string[];
}

type EventTimes = Pick<EventDto, 'event_start_datetime' | 'event_end_datetime' | 'event_viewable_until_datetime'>;

/** §4: the event status, computed on the client from the current time by the server's rule; default active. Its lines in `t`'s language. */
export function computeEventStatus(event: EventTimes, now: Date = new Date(), t: Dict = getT()): StatusInfo {
  const start = parseDate(event.event_start_datetime);
  const end = parseDate(event.event_end_datetime);
  const until = parseDate(event.event_viewable_until_datetime);
  const status = eventStatus({ start, end, viewableUntil: until }, now);
  switch (status) {
    case 'not_started':
      return { status, messages: [t.statusNotStarted(formatDate(start!), formatTime(start!))] };
    case 'expired':
      return { status, messages: [t.statusExpired] };
    case 'ended':
      return {
        status,
        messages: until ? [t.statusEnded(formatDate(end!)), t.statusAvailableUntil(formatDate(until))] : [t.statusEnded(formatDate(end!))],
      };
    default:
      return { status, messages: [] };
  }
}

export const canUpload = (status: EventStatus) => status === 'active';

/** The toast shown when an upload is attempted outside the window (§4, §8). */
export function blockedUploadToast(status: EventStatus): string | null {
  const t = getT();
  if (status === 'not_started') return t.eventNotStartedToast;
  if (status === 'ended' || status === 'expired') return t.eventClosedToast;
  return null;
}
