import type { HeaderStyle } from '../../../../src/http/api-types';
import { ColorField } from './ColorField';
import { COLOR_PRESETS } from '../../host/design';
import { NEW_EVENT_PRIMARY, NEW_EVENT_SECONDARY } from '../../../../src/domain/colors.ts';
import { HEADER_STYLES } from '../../../../src/domain/limits.ts';
import { useHostT } from '../../i18n';
import { CheckField } from '../settings/Fields';

/** Primary and secondary colour side by side (picker plus text each), shared by the event form and the settings page. */
export function ColorFields({
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
      <ColorField
        label={labels[0]}
        name="primary_color"
        value={primary}
        fallback={NEW_EVENT_PRIMARY}
        onChange={onPrimary}
        error={errors.primary_color}
        presets={COLOR_PRESETS.primary}
      />
      <ColorField
        label={labels[1]}
        name="secondary_color"
        value={secondary}
        fallback={NEW_EVENT_SECONDARY}
        onChange={onSecondary}
        error={errors.secondary_color}
        presets={COLOR_PRESETS.secondary}
      />
    </div>
  );
}

/** The header style select (Minimalistic, Split, Premium). */
export function HeaderStyleField({ label, value, onChange }: { label: string; value: HeaderStyle; onChange: (v: HeaderStyle) => void }) {
  const h = useHostT();
  return (
    <label className="hx-field">
      <span className="hx-label">{label}</span>
      <select name="header_style" value={value} onChange={(e) => onChange(e.target.value as HeaderStyle)}>
        {HEADER_STYLES.map((s) => (
          <option key={s} value={s}>
            {h.headerStyleNames[s]}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The checkbox 'Allow users to download images' (the settings page adds a note). */
export function AllowDownloadField({ checked, onChange, note }: { checked: boolean; onChange: (v: boolean) => void; note?: string }) {
  const h = useHostT();
  return <CheckField name="allow_download" label={h.allowDownload} checked={checked} onChange={onChange} note={note} />;
}

/** The checkbox 'Standortdaten entfernen' with what it means, in the admin's event form and the host's settings. */
export function StripLocationField({ checked, onChange }: { checked: boolean; onChange: (v: boolean) => void }) {
  const h = useHostT();
  return (
    <CheckField
      name="strip_location"
      label={h.stripLocation}
      checked={checked}
      onChange={onChange}
      note={h.stripLocationNote}
      testId="strip-location"
    />
  );
}

/**
 * The checkbox 'Gesichtssuche einschalten' (issue 30) in the admin's event form, with the couple's explanation
 * of it (their section 'Gesichtssuche' has the same words): off deletes the event's face data when saved.
 */
export function FaceSearchField({ checked, onChange }: { checked: boolean; onChange: (v: boolean) => void }) {
  const f = useHostT().faces;
  return (
    <CheckField
      name="face_search"
      label={f.on}
      checked={checked}
      onChange={onChange}
      note={`${f.intro} ${f.offNote}`}
      testId="face-search-on"
    />
  );
}
