// When an event takes uploads and until when guests may view it.
export const EVENT_DURATIONS = [7, 14, 21, 28] as const;
export const DEFAULT_DURATION_DAYS = 14;
const DAY_MS = 86_400_000;

export type EventStatus = 'active' | 'not_started' | 'ended' | 'expired';

/** 7, 14, 21 or 28; anything else falls back to 14 (spec §5). */
export function normaliseDuration(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return EVENT_DURATIONS.includes(n as (typeof EVENT_DURATIONS)[number]) ? (n as number) : DEFAULT_DURATION_DAYS;
}

export interface EventWindow {
  start: Date;
  end: Date;
  viewableUntil: Date;
}

export function eventWindow(start: Date, durationDays: number, retentionDays: number): EventWindow {
  const end = new Date(start.getTime() + durationDays * DAY_MS);
  return { start, end, viewableUntil: new Date(end.getTime() + retentionDays * DAY_MS) };
}

/**
 * The status at `now`, for the server (which refuses uploads by it) and the guest page (which shows its
 * banner by it). The window is half-open, [start, end): the spec's event "accepts uploads from its start
 * for the chosen duration", so the duration is over at the end instant itself, which is the first moment
 * 'ended' (and viewable-until the first moment 'expired'). A bound the client could not read counts as absent.
 */
export function eventStatus(w: { start?: Date | null; end?: Date | null; viewableUntil?: Date | null }, now: Date): EventStatus {
  const t = now.getTime();
  if (w.start && t < w.start.getTime()) return 'not_started';
  if (w.viewableUntil && t >= w.viewableUntil.getTime()) return 'expired';
  if (w.end && t >= w.end.getTime()) return 'ended';
  return 'active';
}

/** Einwegkamera (issue 28): whether the event's gallery is still closed at `now` (its reveal is to come; none: never). */
export function isSealed(revealAt: string | null, now: Date): boolean {
  return revealAt !== null && now.getTime() < new Date(revealAt).getTime();
}
