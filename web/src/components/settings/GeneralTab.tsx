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
import type { Language } from '../../../../src/domain/languages.ts';
import { useHostT } from '../../i18n';
import { LanguageOptions } from '../LanguageSwitcher';

export function GeneralTab({ token, event }: { token: string; event: EventDto }) {
  const h = useHostT();
  const c = h.couple;
  const [name, setName] = useState(event.name);
  const [primary, setPrimary] = useState(event.primary_color || NEW_EVENT_PRIMARY);
  const [secondary, setSecondary] = useState(event.secondary_color || NEW_EVENT_SECONDARY);
  const [headerStyle, setHeaderStyle] = useState<HeaderStyle>(event.header_style ?? 'minimalistic');
  const [allowDownload, setAllowDownload] = useState(event.allow_download ?? true);
  const [stripLocation, setStripLocation] = useState(event.strip_location ?? true);
  const [language, setLanguage] = useState<Language>(event.language);
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
      hostToast.success(c.settingsSaved);
      await invalidateHostPage(token);
    },
    onError: (err) => {
      const f = fieldError(err);
      if (f) setFieldErrors({ [f.field]: f.message });
      hostToast.error(c.settingsFailed);
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
      language,
      host_image: image,
    });
  };

  return (
    <div className="hx-general">
      <form className="hx-form hx-panel" onSubmit={submit} noValidate aria-label={c.generalSettings}>
        <h2 className="hx-panel__title">{c.generalSettings}</h2>
        <div className="hx-field">
          <label className="hx-label" htmlFor="gs-name">
            {c.eventName} <span className="hx-req">*</span>
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
              {c.eventNameRequired}
            </span>
          )}
        </div>
        <div className="hx-field">
          <label className="hx-label" htmlFor="gs-code">
            {c.eventCode}
          </label>
          <input id="gs-code" name="code" value={event.code} readOnly className="hx-readonly hx-mono" aria-describedby="gs-code-note" />
          <span id="gs-code-note" className="hx-small hx-muted">
            {c.eventCodeNote}
          </span>
        </div>
        <ColorFields
          labels={[c.primaryColor, c.secondaryColor]}
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
        <ImageField label={c.headerImage} currentUrl={event.host_image_url} file={image} onFile={setImage} hint={c.headerImageHint} />
        <HeaderStyleField label={c.headerStyle} value={headerStyle} onChange={setHeaderStyle} />
        <AllowDownloadField checked={allowDownload} onChange={setAllowDownload} note={c.allowDownloadNote} />
        <StripLocationField checked={stripLocation} onChange={setStripLocation} />
        <div className="hx-field">
          <label className="hx-label" htmlFor="gs-language">
            {h.guestLanguage}
          </label>
          <select
            id="gs-language"
            name="language"
            value={language}
            onChange={(e) => setLanguage(e.target.value as Language)}
            aria-describedby="gs-language-note"
          >
            <LanguageOptions />
          </select>
          <span id="gs-language-note" className="hx-small hx-muted">
            {h.guestLanguageHint}
          </span>
        </div>
        <div className="hx-form__actions">
          <button type="submit" className="hx-btn hx-btn--primary" disabled={saving || !name.trim()}>
            <Save size={16} /> {saving ? c.saving : c.saveSettings}
          </button>
        </div>
      </form>
      <aside className="hx-preview-col" aria-label={c.livePreview}>
        <span className="hx-label-sm">{c.livePreview}</span>
        <HeaderPreview
          name={name}
          primary={primary}
          secondary={secondary}
          style={headerStyle}
          imageUrl={imagePreview ?? event.host_image_url}
        />
      </aside>
    </div>
  );
}
