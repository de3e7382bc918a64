import { Check, EyeOff, ImageOff, Trash2, Video } from 'lucide-react';
import type { ModerationUploadDto } from '../../../../../src/http/api-types';
import { currentLocale, useHostT, type HostDict } from '../../../i18n';

// One upload of the moderation list: its picture (the checkbox), state, uploader, time and album, and its
// own approve/withdraw and delete buttons.

function uploaderName(u: ModerationUploadDto, c: HostDict['couple']): string {
  if (u.guest_id === null) return c.boothOrAdmin;
  return u.uploader_nickname || c.anonymous;
}

interface Props {
  upload: ModerationUploadDto;
  albumName: string;
  selected: boolean;
  busy: boolean;
  onToggle: () => void;
  onApprove: () => void;
  onDelete: () => void;
}

export function ModerationItem({ upload: u, albumName, selected, busy, onToggle, onApprove, onDelete }: Props) {
  const c = useHostT().couple;
  const state = u.processing_state === 'failed' ? 'failed' : u.approved ? 'shared' : 'private';
  return (
    <li className={`hx-mod__item${selected ? ' is-selected' : ''}`} data-testid="moderation-item" data-upload-id={u.id} data-state={state}>
      <label className="hx-mod__pick">
        <input type="checkbox" checked={selected} onChange={onToggle} aria-label={c.selectUpload(u.id)} />
        {u.thumbnail_path ? (
          <img src={u.thumbnail_path} alt="" loading="lazy" />
        ) : (
          <span className="hx-mod__placeholder">{u.type === 'video' ? <Video size={28} /> : <ImageOff size={28} />}</span>
        )}
      </label>
      <span className={`hx-mod__badge hx-mod__badge--${state}`}>{c.stateLabels[state]}</span>
      <div className="hx-mod__meta">
        <strong>{uploaderName(u, c)}</strong>
        <span>
          {new Date(u.created_at).toLocaleString(currentLocale(), { dateStyle: 'short', timeStyle: 'short' })} · {albumName}
        </span>
      </div>
      <div className="hx-mod__actions">
        <button
          type="button"
          className="hx-btn hx-btn--ghost"
          onClick={onApprove}
          disabled={busy}
          aria-label={u.approved ? c.withdrawApproval : c.approve}
        >
          {u.approved ? <EyeOff size={16} /> : <Check size={16} />}
          <span>{u.approved ? c.withdraw : c.approve}</span>
        </button>
        <button type="button" className="hx-btn hx-btn--ghost hx-text-danger" onClick={onDelete} disabled={busy} aria-label={c.delete}>
          <Trash2 size={16} />
        </button>
      </div>
    </li>
  );
}
