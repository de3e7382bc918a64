import { useId } from 'react';
import { isValidColor } from '../../../../src/domain/colors.ts';
import { toHexColor, type ColorPreset } from '../../host/design';
import { useHostT } from '../../i18n';

/** A colour picker plus a text field holding the same value (hex or a named token), and a row of preset swatches. */
export function ColorField({
  label,
  value,
  fallback,
  onChange,
  name,
  error,
  presets,
}: {
  label: string;
  value: string;
  fallback: string;
  onChange: (v: string) => void;
  name: string;
  /** the server's reason for refusing this value */
  error?: string;
  presets: readonly ColorPreset[];
}) {
  const h = useHostT();
  const id = useId();
  // said while typing, so the preview falling back to the default colour is explained
  const shown = error || (value.trim() && !isValidColor(value) ? h.notAColor : '');
  return (
    <div className="hx-field">
      <label className="hx-label" htmlFor={id}>
        {label}
      </label>
      <div className="hx-color">
        <input
          type="color"
          aria-label={h.colorPicker(label)}
          value={toHexColor(value, fallback)}
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
          aria-invalid={!!shown}
          aria-describedby={shown ? `${id}-error` : undefined}
        />
      </div>
      <div className="hx-swatches" role="group" aria-label={h.colorPresets(label)}>
        {presets.map((p) => (
          <button
            key={p.name}
            type="button"
            className="hx-swatch"
            style={{ background: p.hex }}
            title={h.colorPresetNames[p.name]}
            aria-label={h.colorPresetNames[p.name]}
            aria-pressed={toHexColor(value, fallback) === p.hex.toLowerCase()}
            onClick={() => onChange(p.hex)}
          />
        ))}
      </div>
      {shown && (
        <span id={`${id}-error`} className="hx-field-error" data-testid={`${name}-error`}>
          {shown}
        </span>
      )}
    </div>
  );
}
