import { useEffect, useState, type FormEvent } from 'react';
import { Save } from 'lucide-react';
import type { EventDto, HeaderStyle } from '../../../../src/http/api-types';
import { fieldError } from '../../api/admin';
import { useMutation } from '@tanstack/react-query';
import { clientApi, type SettingsFields } from '../../api/client-settings';
import { invalidateHostPage } from '../../api/queries';
import { AllowDownloadField, ColorFields, HeaderStyleField, StripLocationField } from '../admin/EventDesignFields';
import { NEW_EVENT_PRIMARY, NEW_EVENT_SECONDARY } from '../../../../src/domain/colors.ts';
import { ImageField } from '../admin/ImageField';
import { hostToast } from '../../store/toast-store';
import { HeaderPreview } from './HeaderPreview';
import { EVENT_NAME_MAX } from '../../../../src/domain/limits.ts';

export function GeneralTab({ token, event }: { token: string; event: EventDto }) {
  const [name, setName] = useState(event.name);
  const [primary, setPrimary] = useState(event.primary_color || NEW_EVENT_PRIMARY);
  const [secondary, setSecondary] = useState(event.secondary_color || NEW_EVENT_SECONDARY);
  const [headerStyle, setHeaderStyle] = useState<HeaderStyle>(event.header_style ?? 'minimalistic');
  const [allowDownload, setAllowDownload] = useState(event.allow_download ?? true);
  const [stripLocation, setStripLocation] = useState(event.strip_location ?? true);
  const [image, setImage] = useState<File | null>(null);
  const [imagePreview, setImagePreview] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (!image) return setImagePreview(null);
    const url = URL.createObjectURL(image);
    setImagePreview(url);
    return () => URL.revokeObjectURL(url);
  }, [image]);

  const save = useMutation({
    mutationFn: (fields: SettingsFields) => clientApi.saveSettings(token, fields),
    onSuccess: async () => {
      setImage(null);
      hostToast.success('Settings saved successfully');
      await invalidateHostPage(token);
    },
    onError: (err) => {
      const f = fieldError(err);
      if (f) setFieldErrors({ [f.field]: f.message });
      hostToast.error('Failed to save settings');
    },
  });
  const saving = save.isPending;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim() || saving) return;
    setFieldErrors({});
    save.mutate({
      name: name.trim(),
      primary_color: primary.trim(),
      secondary_color: secondary.trim(),
      header_style: headerStyle,
      allow_download: allowDownload,
      strip_location: stripLocation,
      host_image: image,
    });
  };

  return (
    <div className="hx-general">
      <form className="hx-form hx-panel" onSubmit={submit} noValidate aria-label="General Settings">
        <h2 className="hx-panel__title">General Settings</h2>
        <div className="hx-field">
          <label className="hx-label" htmlFor="gs-name">
            Event Name <span className="hx-req">*</span>
          </label>
          <input
            id="gs-name"
            name="name"
            value={name}
            required
            maxLength={EVENT_NAME_MAX}
            onChange={(e) => setName(e.target.value)}
            aria-invalid={!name.trim()}
            aria-describedby={name.trim() ? undefined : 'gs-name-error'}
          />
          {!name.trim() && (
            <span id="gs-name-error" className="hx-field-error">
              Event name is required.
            </span>
          )}
        </div>
        <div className="hx-field">
          <label className="hx-label" htmlFor="gs-code">
            Event Code
          </label>
          <input id="gs-code" name="code" value={event.code} readOnly className="hx-readonly hx-mono" aria-describedby="gs-code-note" />
          <span id="gs-code-note" className="hx-small hx-muted">
            This code is used in the URL and cannot be changed.
          </span>
        </div>
        <ColorFields
          labels={['Primary Color', 'Secondary Color']}
          primary={primary}
          secondary={secondary}
          onPrimary={(v) => {
            setPrimary(v);
            setFieldErrors(({ primary_color: _, ...rest }) => rest);
          }}
          onSecondary={(v) => {
            setSecondary(v);
            setFieldErrors(({ secondary_color: _, ...rest }) => rest);
          }}
          errors={fieldErrors}
        />
        <ImageField label="Header Image (optional)" currentUrl={event.host_image_url} file={image} onFile={setImage} hint="Images only (JPEG, PNG, …)." />
        <HeaderStyleField label="Header Style" value={headerStyle} onChange={setHeaderStyle} />
        <AllowDownloadField checked={allowDownload} onChange={setAllowDownload} note="Users can download individual photos or entire albums as ZIP files." />
        <StripLocationField checked={stripLocation} onChange={setStripLocation} />
        <div className="hx-form__actions">
          <button type="submit" className="hx-btn hx-btn--primary" disabled={saving || !name.trim()}>
            <Save size={16} /> {saving ? 'Saving...' : 'Save Settings'}
          </button>
        </div>
      </form>
      <aside className="hx-preview-col" aria-label="Live preview">
        <span className="hx-label-sm">Live preview</span>
        <HeaderPreview name={name} primary={primary} secondary={secondary} style={headerStyle} imageUrl={imagePreview ?? event.host_image_url} />
      </aside>
    </div>
  );
}
