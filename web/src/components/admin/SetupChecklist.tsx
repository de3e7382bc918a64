import { useMutation } from '@tanstack/react-query';
import { CheckCircle2, Circle, X } from 'lucide-react';
import type { AdminEventDto } from '../../../../src/http/api-types';
import { SETUP_STEPS } from '../../../../src/domain/setup.ts';
import { adminApi } from '../../api/admin';
import { invalidateAdminEvents } from '../../api/queries';
import { useHostT } from '../../i18n';

/**
 * What the operator does next after creating an event, ticked from what the box has seen (the server's
 * `setup` of the event): albums, the couple's link opened, Wi-Fi, print view, a test upload, the wall.
 * Hidden for good once dismissed (kept with the event).
 */
export function SetupChecklist({ event }: { event: AdminEventDto }) {
  const h = useHostT();
  const dismiss = useMutation({
    mutationFn: () => adminApi.dismissSetup(event.id),
    onSuccess: () => invalidateAdminEvents(),
  });
  if (event.setup.dismissed) return null;
  const done = SETUP_STEPS.filter((s) => event.setup[s]).length;
  return (
    <section className="hx-setup" aria-label={h.setupTitle} data-testid="setup-checklist">
      <div className="hx-setup__head">
        <strong>{h.setupTitle}</strong>
        <span className="hx-muted hx-small">{h.setupProgress(done, SETUP_STEPS.length)}</span>
        <button
          type="button"
          className="hx-btn hx-btn--ghost hx-btn--icon hx-btn--sm"
          aria-label={h.setupDismiss}
          title={h.setupDismiss}
          disabled={dismiss.isPending}
          onClick={() => dismiss.mutate()}
        >
          <X size={15} />
        </button>
      </div>
      <ul className="hx-setup__steps">
        {SETUP_STEPS.map((step) => (
          <li key={step} className={event.setup[step] ? 'is-done' : ''} data-step={step} data-done={event.setup[step]}>
            {event.setup[step] ? <CheckCircle2 size={16} aria-hidden="true" /> : <Circle size={16} aria-hidden="true" />}
            <span>{h.setupSteps[step]}</span>
            <span className="hx-setup__state">{event.setup[step] ? h.setupDone : h.setupOpen}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
