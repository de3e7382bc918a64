import type { ReactNode } from 'react';
import { Eye, EyeOff, Pencil, Trash2, X } from 'lucide-react';
import type { AlbumDto } from '../../../../src/http/api-types';
import type { AlbumDraft } from './album-draft';

/** The required album name input; the label text and field class differ between admin modal and settings page. */
export function AlbumNameField({ draft, label, className = 'hx-field', required }: { draft: AlbumDraft; label: string; className?: string; required?: boolean }) {
  return (
    <label className={className}>
      <span className="hx-label">
        {label} <span className="hx-req">*</span>
      </span>
      <input ref={draft.nameRef} name="album_name" value={draft.name} required={required} maxLength={120} onChange={(e) => draft.setName(e.target.value)} />
    </label>
  );
}

/** The optional start and end inputs (datetime-local, minute precision), labels given by the screen. */
export function AlbumDateFields({ draft, startLabel, endLabel }: { draft: AlbumDraft; startLabel: string; endLabel: string }) {
  return (
    <>
      <label className="hx-field">
        <span className="hx-label">{startLabel}</span>
        <input type="datetime-local" name="album_start" step={60} value={draft.start} onChange={(e) => draft.setStart(e.target.value)} />
      </label>
      <label className="hx-field">
        <span className="hx-label">{endLabel}</span>
        <input type="datetime-local" name="album_end" step={60} value={draft.end} onChange={(e) => draft.setEnd(e.target.value)} />
      </label>
    </>
  );
}

/** Cancel Editing (edit mode only) and the submit button, disabled without a name or while busy. */
export function AlbumFormActions({ draft, busy, createLabel, updateLabel }: { draft: AlbumDraft; busy: boolean; createLabel: ReactNode; updateLabel: ReactNode }) {
  return (
    <div className="hx-form__actions">
      {draft.editing && (
        <button type="button" className="hx-btn hx-btn--ghost" onClick={draft.reset}>
          <X size={16} /> Cancel Editing
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
  const toggle = (
    <button
      type="button"
      className="hx-icon-btn"
      title={a.visible ? 'Hide album' : 'Show album'}
      aria-label={a.visible ? `Hide ${a.name}` : `Show ${a.name}`}
      onClick={onToggle}
    >
      {a.visible ? <EyeOff size={iconSize} /> : <Eye size={iconSize} />}
    </button>
  );
  const edit = (
    <button type="button" className="hx-icon-btn" title="Edit album" aria-label={`Edit ${a.name}`} onClick={onEdit}>
      <Pencil size={iconSize} />
    </button>
  );
  return (
    <div className={className}>
      {editFirst ? edit : toggle}
      {editFirst ? toggle : edit}
      <button type="button" className="hx-icon-btn hx-icon-btn--danger" title="Delete album" aria-label={`Delete ${a.name}`} onClick={onDelete}>
        <Trash2 size={iconSize} />
      </button>
    </div>
  );
}
