import type { ReactNode } from 'react';
import { Eye, EyeOff, Pencil, Trash2, X } from 'lucide-react';
import { albumName } from '../../pages/event/logic/albums';
import type { AlbumDto } from '../../../../src/http/api-types';
import { duplicateAlbum, type AlbumDraft } from './album-draft';
import { ALBUM_NAME_MAX } from '../../../../src/domain/limits.ts';
import { useHostT } from '../../i18n';

/** The server's reason beside a field, or nothing. */
function FieldError({ message, field }: { message: string | undefined; field: string }) {
  if (!message) return null;
  return (
    <span className="hx-field-error" data-testid={`${field}-error`}>
      {message}
    </span>
  );
}

/**
 * The required album name input; the label text and field class differ between admin modal and settings page.
 * `albums`: the event's albums, to point out a name that is taken already.
 */
export function AlbumNameField({
  draft,
  label,
  albums,
  className = 'hx-field',
  required,
}: {
  draft: AlbumDraft;
  label: string;
  albums: AlbumDto[];
  className?: string;
  required?: boolean;
}) {
  const c = useHostT().couple;
  const twin = duplicateAlbum(albums, draft.name, draft.editing);
  return (
    <label className={className}>
      <span className="hx-label">
        {label} <span className="hx-req">*</span>
      </span>
      <input
        ref={draft.nameRef}
        name="album_name"
        value={draft.name}
        required={required}
        maxLength={ALBUM_NAME_MAX}
        onChange={(e) => draft.setName(e.target.value)}
        aria-invalid={!!draft.errors.name}
      />
      <FieldError message={draft.errors.name} field="album_name" />
      {twin && (
        <span className="hx-field-warning hx-small" data-testid="album-name-duplicate">
          {c.duplicateName(twin.name)}
        </span>
      )}
    </label>
  );
}

/** The optional start and end inputs (datetime-local, minute precision), labels given by the screen. */
export function AlbumDateFields({ draft, startLabel, endLabel }: { draft: AlbumDraft; startLabel: string; endLabel: string }) {
  return (
    <>
      <AlbumDateField
        label={startLabel}
        name="album_start"
        value={draft.start}
        onChange={draft.setStart}
        error={draft.errors.start_datetime}
      />
      <AlbumDateField label={endLabel} name="album_end" value={draft.end} onChange={draft.setEnd} error={draft.errors.end_datetime} />
    </>
  );
}

/** One date and time of the album window, with the server's reason when it refused it. */
function AlbumDateField({
  label,
  name,
  value,
  onChange,
  error,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (v: string) => void;
  error: string | undefined;
}) {
  return (
    <label className="hx-field">
      <span className="hx-label">{label}</span>
      <input type="datetime-local" name={name} step={60} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={!!error} />
      <FieldError message={error} field={name} />
    </label>
  );
}

/** Cancel Editing (edit mode only) and the submit button, disabled without a name or while busy. */
export function AlbumFormActions({
  draft,
  busy,
  createLabel,
  updateLabel,
}: {
  draft: AlbumDraft;
  busy: boolean;
  createLabel: ReactNode;
  updateLabel: ReactNode;
}) {
  const c = useHostT().couple;
  return (
    <div className="hx-form__actions">
      {draft.editing && (
        <button type="button" className="hx-btn hx-btn--ghost" onClick={draft.reset}>
          <X size={16} /> {c.cancelEditing}
        </button>
      )}
      <button type="submit" className="hx-btn hx-btn--primary" disabled={!draft.canSubmit || busy}>
        {draft.editing ? updateLabel : createLabel}
      </button>
    </div>
  );
}

/** The icon buttons of one album: show/hide, edit, delete (the settings page puts edit first). */
export function AlbumActions({
  album: a,
  className,
  iconSize,
  editFirst = false,
  onToggle,
  onEdit,
  onDelete,
}: {
  album: AlbumDto;
  className: string;
  iconSize: number;
  editFirst?: boolean;
  onToggle: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const c = useHostT().couple;
  const toggle = (
    <button
      type="button"
      className="hx-icon-btn"
      title={a.visible ? c.hideAlbum : c.showAlbum}
      aria-label={a.visible ? c.hideNamed(albumName(a.name)) : c.showNamed(albumName(a.name))}
      onClick={onToggle}
    >
      {a.visible ? <EyeOff size={iconSize} /> : <Eye size={iconSize} />}
    </button>
  );
  const edit = (
    <button type="button" className="hx-icon-btn" title={c.editAlbumButton} aria-label={c.editNamed(albumName(a.name))} onClick={onEdit}>
      <Pencil size={iconSize} />
    </button>
  );
  return (
    <div className={className}>
      {editFirst ? edit : toggle}
      {editFirst ? toggle : edit}
      <button
        type="button"
        className="hx-icon-btn hx-icon-btn--danger"
        title={c.deleteAlbumButton}
        aria-label={c.deleteNamed(albumName(a.name))}
        onClick={onDelete}
      >
        <Trash2 size={iconSize} />
      </button>
    </div>
  );
}
