import { useId } from 'react';
import { toHexColour } from './host-utils';

/** A colour picker plus a text field holding the same value (hex or a named token). */
export function ColourField({
  label,
  value,
  fallback,
  onChange,
  name,
}: {
  label: string;
  value: string;
  fallback: string;
  onChange: (v: string) => void;
  name: string;
}) {
  const id = useId();
  return (
    <div className="hx-field">
      <label className="hx-label" htmlFor={id}>
        {label}
      </label>
      <div className="hx-colour">
        <input
          type="color"
          aria-label={`${label} picker`}
          value={toHexColour(value, fallback)}
          onChange={(e) => onChange(e.target.value.toUpperCase())}
        />
        <input
          id={id}
          name={name}
          type="text"
          value={value}
          spellCheck={false}
          maxLength={20}
          onChange={(e) => onChange(e.target.value)}
        />
      </div>
    </div>
  );
}
