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

export function eventStatus(w: EventWindow, now: Date): EventStatus {
  if (now < w.start) return 'not_started';
  if (now >= w.viewableUntil) return 'expired';
  if (now >= w.end) return 'ended';
  return 'active';
}
