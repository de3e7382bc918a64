import { useMemo, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CalendarPlus, Lock, LockOpen, Pencil } from 'lucide-react';
import type { AdminEventDto, HeaderStyle } from '../../../../src/http/api-types';
import { adminApi, fieldError, serverMessage, type EventFormFields } from '../../api/admin';
import { configQuery, invalidateAdminEvents } from '../../api/queries';
import { EventSchedule, scheduleOf } from './EventSchedule';
import { Modal } from '../Modal';
import { AllowDownloadField, ColorFields, FaceSearchField, HeaderStyleField, StripLocationField } from './EventDesignFields';
import { FormActions } from './FormActions';
import { ImageField } from './ImageField';
import { NEW_EVENT_PRIMARY, NEW_EVENT_SECONDARY } from '../../../../src/domain/colors.ts';
import { codeFromName, randomCodeSuffix } from '../../../../src/domain/event-code.ts';
import { EVENT_DURATIONS, normaliseDuration } from '../../../../src/domain/event-window.ts';
import { isoToLocalInput, localInputToIso } from '../../host/format';
import { EVENT_NAME_MAX } from '../../../../src/domain/limits.ts';
import { DEFAULT_LANGUAGE, type Language } from '../../../../src/domain/languages.ts';
import { useHostT } from '../../i18n';
import { LanguageOptions } from '../LanguageSwitcher';

function nowLocalInput(): string {
  const d = new Date();
  d.setSeconds(0, 0);
  return isoToLocalInput(d.toISOString());
}

export function EventFormModal({
  event,
  onClose,
  onSaved,
}: {
  event: AdminEventDto | null;
  onClose: () => void;
  /** after the events list was refetched */
  onSaved: (created: boolean) => void;
}) {
  const h = useHostT();
  const editing = !!event;
  const suffix = useMemo(() => randomCodeSuffix(), []);
  const [name, setName] = useState(event?.name ?? '');
  const [code, setCode] = useState(event?.code ?? '');
  const [codeEdited, setCodeEdited] = useState(editing);
  const [codeUnlocked, setCodeUnlocked] = useState(false);
  const [primary, setPrimary] = useState(event?.primary_color ?? NEW_EVENT_PRIMARY);
  const [secondary, setSecondary] = useState(event?.secondary_color ?? NEW_EVENT_SECONDARY);
  const [headerStyle, setHeaderStyle] = useState<HeaderStyle>(event?.header_style ?? 'minimalistic');
  const [allowDownload, setAllowDownload] = useState(event?.allow_download ?? true);
  const [stripLocation, setStripLocation] = useState(event?.strip_location ?? true);
  const [faceSearch, setFaceSearch] = useState(event?.face_search ?? false);
  const [start, setStart] = useState(event ? isoToLocalInput(event.event_start_datetime) : nowLocalInput());
  const [duration, setDuration] = useState(normaliseDuration(event?.event_duration_days));
  const [language, setLanguage] = useState<Language>(event?.language ?? DEFAULT_LANGUAGE);
  const [image, setImage] = useState<File | null>(null);
  const [error, setError] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const retentionDays = useQuery(configQuery()).data?.retentionDays ?? null;
  const startIso = localInputToIso(start);
  const schedule = startIso && retentionDays !== null ? scheduleOf(startIso, duration, retentionDays) : null;
  // an event that is running has a start in the past by nature: warn only about a start being chosen now
  const startChosen = !editing || start !== isoToLocalInput(event.event_start_datetime);

  const onName = (v: string) => {
    setName(v);
    if (!editing && !codeEdited) setCode(v.trim() ? codeFromName(v, suffix) : '');
  };

  const codeReadOnly = editing && !codeUnlocked;
  const valid = name.trim() !== '' && code.trim() !== '' && !!localInputToIso(start);

  const save = useMutation({
    mutationFn: (fields: EventFormFields) => (editing ? adminApi.updateEvent(event.id, fields) : adminApi.createEvent(fields)),
    onSuccess: async () => {
      await invalidateAdminEvents();
      onSaved(!editing);
    },
    onError: (err) => {
      const f = fieldError(err);
      if (f) setFieldErrors({ [f.field]: f.message });
      setError(serverMessage(err, editing ? h.updateEventFailed : h.createEventFailed));
    },
  });
  // stays busy after a success: the dialog closes
  const busy = save.isPending || save.isSuccess;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!valid || busy) return;
    setError('');
    setFieldErrors({});
    save.mutate({
      name: name.trim(),
      code: code.trim(),
      primary_color: primary.trim(),
      secondary_color: secondary.trim(),
      header_style: headerStyle,
      allow_download: allowDownload,
      strip_location: stripLocation,
      face_search: faceSearch,
      event_start_datetime: localInputToIso(start)!,
      event_duration_days: duration,
      language,
      host_image: image,
    });
  };

  return (
    <Modal
      look="host"
      title={editing ? h.editEvent : h.createEvent}
      icon={editing ? <Pencil size={20} /> : <CalendarPlus size={20} />}
      onClose={onClose}
      size="lg"
    >
      <form className="hx-form" onSubmit={submit} noValidate>
        <div className="hx-grid-2">
          <label className="hx-field">
            <span className="hx-label">
              {h.eventName} <span className="hx-req">*</span>
            </span>
            <input name="name" value={name} onChange={(e) => onName(e.target.value)} required maxLength={EVENT_NAME_MAX} />
          </label>
          <div className="hx-field">
            <label className="hx-label" htmlFor="event-code">
              {h.eventCode} <span className="hx-req">*</span>
            </label>
            <div className="hx-input-group">
              <input
                id="event-code"
                name="code"
                value={code}
                readOnly={codeReadOnly}
                required
                maxLength={64}
                spellCheck={false}
                onChange={(e) => {
                  setCode(e.target.value.toLowerCase().replace(/\s+/g, '-'));
                  setCodeEdited(true);
                }}
              />
              {editing && (
                <button
                  type="button"
                  className="hx-btn hx-btn--secondary hx-btn--icon"
                  aria-pressed={codeUnlocked}
                  aria-label={codeUnlocked ? h.lockCode : h.unlockCode}
                  title={codeUnlocked ? h.lockCode : h.unlockCodeHint}
                  onClick={() => setCodeUnlocked((v) => !v)}
                >
                  {codeUnlocked ? <LockOpen size={16} /> : <Lock size={16} />}
                </button>
              )}
            </div>
            <span className="hx-small hx-muted">
              {editing ? (codeUnlocked ? h.codeUnlocked : h.codeLocked) : codeEdited ? h.codeCustom : h.codeGenerated}
            </span>
          </div>
        </div>

        <ColorFields
          labels={[h.primaryColor, h.secondaryColor]}
          primary={primary}
          secondary={secondary}
          onPrimary={setPrimary}
          onSecondary={setSecondary}
          errors={fieldErrors}
        />

        <div className="hx-grid-3">
          <HeaderStyleField label={h.headerStyle} value={headerStyle} onChange={setHeaderStyle} />
          <label className="hx-field">
            <span className="hx-label">{h.eventStart}</span>
            <input type="datetime-local" name="event_start_datetime" value={start} step={60} onChange={(e) => setStart(e.target.value)} />
          </label>
          <label className="hx-field">
            <span className="hx-label">{h.duration}</span>
            <select name="event_duration_days" value={duration} onChange={(e) => setDuration(normaliseDuration(e.target.value))}>
              {EVENT_DURATIONS.map((d) => (
                <option key={d} value={d}>
                  {h.days(d)}
                </option>
              ))}
            </select>
          </label>
        </div>

        {schedule && <EventSchedule schedule={schedule} warnPast={startChosen} />}

        <ImageField label={h.hostImage} currentUrl={event?.host_image_url} file={image} onFile={setImage} hint={h.hostImageHint} />

        <AllowDownloadField checked={allowDownload} onChange={setAllowDownload} />
        <StripLocationField checked={stripLocation} onChange={setStripLocation} />
        <FaceSearchField checked={faceSearch} onChange={setFaceSearch} />
        <label className="hx-field">
          <span className="hx-label">{h.guestLanguage}</span>
          <select
            name="language"
            value={language}
            onChange={(e) => setLanguage(e.target.value as Language)}
            aria-describedby="event-language-hint"
          >
            <LanguageOptions />
          </select>
          <span id="event-language-hint" className="hx-small hx-muted">
            {h.guestLanguageHint}
          </span>
        </label>

        {error && (
          <div className="hx-alert hx-alert--error" role="alert">
            {error}
          </div>
        )}

        <FormActions submitLabel={editing ? h.saveChanges : h.createEventSubmit} busy={busy} disabled={!valid} onCancel={onClose} />
      </form>
    </Modal>
  );
}
