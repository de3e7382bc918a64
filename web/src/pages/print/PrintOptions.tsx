import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import type { EventDto } from '../../../../src/http/api-types';
import { PRINT_LINE_MAX } from '../../../../src/domain/limits.ts';
import { adminApi, fieldError } from '../../api/admin';
import { clientApi } from '../../api/client-settings';
import type { PrintFields } from '../../api/event-form';
import { invalidateAdminEvents, invalidateHostPage } from '../../api/queries';
import { ColorFields } from '../../components/admin/EventDesignFields';
import { useHostT } from '../../i18n';

// What the couple makes their own on the cards: a line of theirs, the day, and the event's colours (the
// guests' page has the same ones). The sheet below shows the draft at once; saving keeps it with the event.

/** The cards' settings as edited: the day always set (the event's first day unless chosen). */
export type PrintDraft = PrintFields;

/** The local calendar day of an ISO time, YYYY-MM-DD (what <input type="date"> holds). */
export function localDay(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The day the sheets print: the one chosen for the cards, else the event's first. */
export const eventDay = (event: EventDto) => event.print.date ?? localDay(event.event_start_datetime);

export function initialDraft(event: EventDto): PrintDraft {
  return {
    print_line: event.print.line ?? '',
    print_date: eventDay(event),
    primary_color: event.primary_color,
    secondary_color: event.secondary_color,
  };
}

export function PrintOptions({
  event,
  clientToken,
  draft,
  onChange,
}: {
  event: EventDto;
  /** the couple's token when the couple prints; else the admin's session saves */
  clientToken: string | null;
  draft: PrintDraft;
  onChange: (d: PrintDraft) => void;
}) {
  const h = useHostT();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: (f: PrintFields) => (clientToken ? clientApi.savePrint(clientToken, f) : adminApi.savePrint(event.id, f)),
    onSuccess: async () => {
      await (clientToken ? invalidateHostPage(clientToken) : invalidateAdminEvents());
    },
    onError: (err) => {
      const f = fieldError(err);
      if (f) setErrors({ [f.field]: f.message });
    },
  });
  const set = (field: keyof PrintDraft) => (value: string) => {
    save.reset();
    onChange({ ...draft, [field]: value });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    // the event's first day is not stored, so the cards follow a later change of the event's start
    const firstDay = localDay(event.event_start_datetime);
    save.mutate({ ...draft, print_date: !draft.print_date || draft.print_date === firstDay ? '' : draft.print_date });
  };
  return (
    <form className="hx-print__options hx-panel hx-no-print" onSubmit={submit} noValidate aria-label={h.printOptions}>
      <div className="hx-print__options-row">
        <label className="hx-field hx-print__own-line">
          <span className="hx-label">{h.printOwnLine}</span>
          <input
            name="print_line"
            value={draft.print_line}
            maxLength={PRINT_LINE_MAX}
            placeholder={h.printOwnLinePlaceholder}
            onChange={(e) => set('print_line')(e.target.value)}
          />
          {errors.print_line && <span className="hx-field-error">{errors.print_line}</span>}
        </label>
        <label className="hx-field">
          <span className="hx-label">{h.printDate}</span>
          <input name="print_date" type="date" value={draft.print_date} onChange={(e) => set('print_date')(e.target.value)} />
          {errors.print_date && <span className="hx-field-error">{errors.print_date}</span>}
        </label>
      </div>
      <ColorFields
        labels={[h.printPrimary, h.printSecondary]}
        primary={draft.primary_color}
        secondary={draft.secondary_color}
        onPrimary={set('primary_color')}
        onSecondary={set('secondary_color')}
        errors={errors}
      />
      <div className="hx-form__actions">
        <span className="hx-small hx-muted">{h.printColorsNote}</span>
        {/* said beside the button: the print view has no toasts */}
        <span role="status" className="hx-small" data-testid="print-save-status">
          {save.isSuccess ? h.printSaved : save.isError ? h.printSaveFailed : ''}
        </span>
        <button type="submit" className="hx-btn hx-btn--primary" disabled={save.isPending}>
          <Save size={17} /> {h.printSave}
        </button>
      </div>
    </form>
  );
}
