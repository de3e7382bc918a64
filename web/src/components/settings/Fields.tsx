import { useId } from 'react';

/** One checkbox row of the host's forms; with a note, the note is shown below it and describes it. */
export function CheckField({
  label,
  checked,
  onChange,
  name,
  note,
  testId,
}: {
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  name?: string;
  note?: string;
  testId?: string;
}) {
  const noteId = useId();
  const check = (
    <label className="hx-check">
      <input
        type="checkbox"
        name={name}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={note ? noteId : undefined}
        data-testid={testId}
      />
      <span>{label}</span>
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

/**
 * A whole-number field of the host's forms with its range: the note below names the range and turns into the
 * error style while the value is outside it (the caller judges `valid`, as it also blocks saving).
 */
export function NumberField({
  id,
  label,
  value,
  onChange,
  min,
  max,
  valid,
  note,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  min: number;
  max: number;
  valid: boolean;
  note: string;
}) {
  return (
    <div className="hx-field">
      <label className="hx-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={!valid}
        aria-describedby={`${id}-note`}
      />
      <span id={`${id}-note`} className={valid ? 'hx-small hx-muted' : 'hx-field-error'}>
        {note}
      </span>
    </div>
  );
}
