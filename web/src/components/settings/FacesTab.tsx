import { useEffect } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { EventDto } from '../../../../src/http/api-types';
import { clientApi } from '../../api/client-settings';
import { invalidateHostPage, queryKeys } from '../../api/queries';
import { queryClient } from '../../api/query-client';
import { useHostT } from '../../i18n';
import { hostToast } from '../../store/toast-store';
import { CheckField } from './Fields';

/** How often the progress is asked again while the box still looks for faces. */
const PROGRESS_REFRESH_MS = 5_000;

/**
 * Section 'Gesichtssuche' (issue 30): the couple decides, with a plain explanation; while it is on, how far the
 * box is with the event's photos ('84 % der Fotos durchsucht'). Off deletes every descriptor on the server.
 */
export function FacesTab({ token, event, percent }: { token: string; event: EventDto; percent: number }) {
  const f = useHostT().faces;
  const save = useMutation({
    mutationFn: (on: boolean) => clientApi.saveFaceSearch(token, on),
    onSuccess: async (_e, on) => {
      hostToast.success(f.saved(on));
      await invalidateHostPage(token);
    },
    onError: () => hostToast.error(f.saveFailed),
  });
  const on = save.isPending ? save.variables : event.face_search;

  useEffect(() => {
    if (!event.face_search || percent >= 100) return;
    const timer = window.setInterval(
      () => void queryClient.invalidateQueries({ queryKey: queryKeys.host.settings(token) }),
      PROGRESS_REFRESH_MS,
    );
    return () => window.clearInterval(timer);
  }, [event.face_search, percent, token]);

  return (
    <div className="hx-general">
      <section className="hx-form hx-panel" aria-label={f.title} data-testid="face-settings">
        <h2 className="hx-panel__title">{f.title}</h2>
        <p className="hx-small hx-muted">{f.intro}</p>
        <CheckField label={f.on} checked={on} onChange={(v) => save.mutate(v)} note={f.offNote} testId="face-search-on" />
        {event.face_search && !save.isPending && (
          <p className="hx-small" data-testid="face-progress" role="status">
            {f.progress(percent)}
          </p>
        )}
      </section>
    </div>
  );
}
