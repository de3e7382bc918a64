import { useEffect, useMemo, useState } from 'react';
import type { EventDto } from '../../../../../src/http/api-types';
import { themeVars } from '../../../../../src/domain/colors.ts';
import { registerServiceWorker } from '../../../components/service-worker';
import { useT } from '../../../i18n';
import { computeEventStatus, type StatusInfo } from '../logic/status';

const STATUS_REFRESH_MS = 30_000;

/** The event's status (§4), computed again every 30 s and in a newly chosen language; the service worker once the event is there. */
export function useEventStatus(event: EventDto | null): StatusInfo {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), STATUS_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, []);
  const t = useT();
  const loaded = event !== null;
  useEffect(() => {
    if (loaded) registerServiceWorker();
  }, [loaded]);
  return useMemo(() => (event ? computeEventStatus(event, now, t) : { status: 'active', messages: [] }), [event, now, t]);
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
