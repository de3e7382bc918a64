import type { EventDto, EventStatus } from '../../../../../src/http/api-types';
import { de } from '../../../i18n/de';
import { formatDate, formatTime, parseDate } from './format';

export interface StatusInfo {
  status: EventStatus;
  /** the banner lines; empty when active */
  messages: string[];
}

type EventTimes = Pick<EventDto, 'event_start_datetime' | 'event_end_datetime' | 'event_viewable_until_datetime'>;

/** §4: the event status is computed on the client from the current time; default active. */
export function computeEventStatus(event: EventTimes, now: Date = new Date()): StatusInfo {
  const start = parseDate(event.event_start_datetime);
  const end = parseDate(event.event_end_datetime);
  const until = parseDate(event.event_viewable_until_datetime);
  const t = now.getTime();
  if (start && t < start.getTime()) {
    return { status: 'not_started', messages: [de.statusNotStarted(formatDate(start), formatTime(start))] };
  }
  if (end && t > end.getTime()) {
    if (until && t > until.getTime()) return { status: 'expired', messages: [de.statusExpired] };
    const messages = [de.statusEnded(formatDate(end))];
    if (until) messages.push(de.statusAvailableUntil(formatDate(until)));
    return { status: 'ended', messages };
  }
  return { status: 'active', messages: [] };
}

export const canUpload = (status: EventStatus) => status === 'active';

/** The toast shown when an upload is attempted outside the window (§4, §8). */
export function blockedUploadToast(status: EventStatus): string | null {
  if (status === 'not_started') return de.eventNotStartedToast;
  if (status === 'ended' || status === 'expired') return de.eventClosedToast;
  return null;
}
