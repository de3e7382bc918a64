import { useId } from 'react';
import type { HeaderStyle } from '../../../../src/http/api-types';
import { ColourField } from './ColourField';
import { NEW_EVENT_PRIMARY, NEW_EVENT_SECONDARY } from '../../../../src/domain/colours.ts';

export const HEADER_STYLES: { value: HeaderStyle; label: string }[] = [
  { value: 'minimalistic', label: 'Minimalistic' },
  { value: 'split', label: 'Split' },
  { value: 'premium', label: 'Premium' },
];

/** Primary and secondary colour side by side (picker plus text each), shared by the event form and the settings page. */
export function ColourFields({
  labels,
  primary,
  secondary,
  onPrimary,
  onSecondary,
  errors = {},
}: {
  labels: [primary: string, secondary: string];
  primary: string;
  secondary: string;
  onPrimary: (v: string) => void;
  onSecondary: (v: string) => void;
  /** the server's reasons by field name */
  errors?: Record<string, string>;
}) {
  return (
    <div className="hx-grid-2">
      <ColourField label={labels[0]} name="primary_color" value={primary} fallback={NEW_EVENT_PRIMARY} onChange={onPrimary} error={errors.primary_color} />
      <ColourField label={labels[1]} name="secondary_color" value={secondary} fallback={NEW_EVENT_SECONDARY} onChange={onSecondary} error={errors.secondary_color} />
    </div>
  );
}

/** The header style select (Minimalistic, Split, Premium). */
export function HeaderStyleField({ label, value, onChange }: { label: string; value: HeaderStyle; onChange: (v: HeaderStyle) => void }) {
  return (
    <label className="hx-field">
      <span className="hx-label">{label}</span>
      <select name="header_style" value={value} onChange={(e) => onChange(e.target.value as HeaderStyle)}>
        {HEADER_STYLES.map((s) => (
          <option key={s.value} value={s.value}>
            {s.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The checkbox 'Allow users to download images'; with a note, the note is shown below and describes it. */
export function AllowDownloadField({ checked, onChange, note }: { checked: boolean; onChange: (v: boolean) => void; note?: string }) {
  const noteId = useId();
  const check = (
    <label className="hx-check">
      <input
        type="checkbox"
        name="allow_download"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={note ? noteId : undefined}
      />
      <span>Allow users to download images</span>
    </label>
  );
  if (!note) return check;
  return (
    <div className="hx-field">
      {check}
      <span id={noteId} className="hx-small hx-muted hx-check-note">
        {note}
      </span>
    </div>
  );
}
