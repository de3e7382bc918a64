import { useEffect } from 'react';
import type { EventDto } from '../../../../../src/http/api-types';
import { themeVars } from '../../../../../src/domain/colours.ts';
import { openLive } from '../../../api/live';
import { registerServiceWorker } from '../../../components/service-worker';
import { useEventStore } from '../../../store/event-store';

const STATUS_REFRESH_MS = 30_000;

/** Loads the event of `code` (then the service worker) and recomputes its status every 30 s (§4). */
export function useEventLoad(code: string) {
  useEffect(() => {
    void useEventStore
      .getState()
      .load(code)
      .then(() => registerServiceWorker());
    const t = window.setInterval(() => useEventStore.getState().refreshStatus(), STATUS_REFRESH_MS);
    return () => window.clearInterval(t);
  }, [code]);
}

/** The tab title and the event's theme colours, on the root element so the modals (rendered into <body>) get them too. */
export function useEventTheme(event: EventDto | null) {
  useEffect(() => {
    document.title = event ? `${event.name} – Momentbox` : 'Momentbox';
    if (!event) return;
    const vars = themeVars(event.primary_color, event.secondary_color);
    const root = document.documentElement.style;
    for (const [k, v] of Object.entries(vars)) root.setProperty(k, v);
    return () => {
      for (const k of Object.keys(vars)) root.removeProperty(k);
    };
  }, [event]);
}

/**
 * New media of others, approvals and finished video previews arrive over the live stream, without a reload.
 * The stream is opened again when the guest gives consent (`identified`): what it may show follows who is asking.
 */
export function useLiveUploads(eventId: number | undefined, identified: boolean) {
  useEffect(() => {
    if (eventId === undefined) return;
    return openLive(eventId, (change) => useEventStore.getState().applyLive(change));
  }, [eventId, identified]);
}
