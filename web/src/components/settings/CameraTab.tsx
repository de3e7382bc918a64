import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import type { EventDto } from '../../../../src/http/api-types';
import { SHOTS_PER_GUEST } from '../../../../src/domain/limits.ts';
import { clientApi } from '../../api/client-settings';
import { invalidateHostPage } from '../../api/queries';
import { isoToLocalInput, localInputToIso } from '../../host/format';
import { useHostT } from '../../i18n';
import { hostToast } from '../../store/toast-store';
import { CheckField, NumberField } from './Fields';

/**
 * Section 'Einwegkamera' (issue 28): the reveal (a date and time in this browser's time zone, as the event's
 * start) and the shots per guest, each switched on by itself, and whether deleted photos give shots back.
 */
export function CameraTab({ token, event }: { token: string; event: EventDto }) {
  const h = useHostT();
  const c = h.camera;
  const [revealOn, setRevealOn] = useState(event.camera.reveal_at !== null);
  const [revealAt, setRevealAt] = useState(event.camera.reveal_at ? isoToLocalInput(event.camera.reveal_at) : '');
  const [shotsOn, setShotsOn] = useState(event.camera.shots_per_guest !== null);
  const [shots, setShots] = useState(String(event.camera.shots_per_guest ?? SHOTS_PER_GUEST.suggested));
  const [shotsReturn, setShotsReturn] = useState(event.camera.deleted_shots_return);
  const revealIso = localInputToIso(revealAt);
  const shotsValue = Number(shots);
  const revealValid = !revealOn || !!revealIso;
  const shotsValid = !shotsOn || (Number.isInteger(shotsValue) && shotsValue >= SHOTS_PER_GUEST.min && shotsValue <= SHOTS_PER_GUEST.max);

  const save = useMutation({
    mutationFn: () =>
      clientApi.saveCamera(token, {
        reveal_at: revealOn ? revealIso : null,
        shots_per_guest: shotsOn ? shotsValue : null,
        deleted_shots_return: shotsReturn,
      }),
    onSuccess: async () => {
      hostToast.success(c.saved);
      await invalidateHostPage(token);
    },
    onError: () => hostToast.error(c.saveFailed),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (revealValid && shotsValid && !save.isPending) save.mutate();
  };

  return (
    <div className="hx-general">
      <form className="hx-form hx-panel" onSubmit={submit} noValidate aria-label={c.title} data-testid="camera-settings">
        <h2 className="hx-panel__title">{c.title}</h2>
        <p className="hx-small hx-muted">{c.intro}</p>
        <CheckField label={c.revealOn} checked={revealOn} onChange={setRevealOn} />
        {revealOn && (
          <div className="hx-field">
            <label className="hx-label" htmlFor="camera-reveal">
              {c.revealAt}
            </label>
            <input
              id="camera-reveal"
              type="datetime-local"
              step={60}
              value={revealAt}
              onChange={(e) => setRevealAt(e.target.value)}
              aria-invalid={!revealValid}
              aria-describedby="camera-reveal-note"
            />
            <span id="camera-reveal-note" className={revealValid ? 'hx-small hx-muted' : 'hx-field-error'}>
              {revealValid ? c.revealNote : c.revealInvalid}
            </span>
          </div>
        )}
        <CheckField label={c.shotsOn} checked={shotsOn} onChange={setShotsOn} />
        {shotsOn && (
          <>
            <NumberField
              id="camera-shots"
              label={c.shots}
              value={shots}
              onChange={setShots}
              min={SHOTS_PER_GUEST.min}
              max={SHOTS_PER_GUEST.max}
              valid={shotsValid}
              note={c.shotsNote(SHOTS_PER_GUEST.min, SHOTS_PER_GUEST.max)}
            />
            <CheckField label={c.shotsReturn} checked={shotsReturn} onChange={setShotsReturn} />
          </>
        )}
        <div className="hx-form__actions">
          <button type="submit" className="hx-btn hx-btn--primary" disabled={save.isPending || !revealValid || !shotsValid}>
            <Save size={16} /> {save.isPending ? c.saving : c.save}
          </button>
        </div>
      </form>
    </div>
  );
}
