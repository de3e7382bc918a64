import { Heart, ImageOff, Video } from 'lucide-react';
import type { ModerationUploadDto } from '../../../../../src/http/api-types';
import { currentLocale, useHostT } from '../../../i18n';
import { UploadActions, uploaderName, visibilityState, visibilityText } from './UploadActions';

// One upload of the moderation list: its picture (a tap opens it large), who sees it, uploader, time and
// album, its own approve/withdraw and delete buttons, and (on the full list) a checkbox to select it.

interface Props {
  upload: ModerationUploadDto;
  albumName: string;
  busy: boolean;
  onOpen: () => void;
  onApprove: () => void;
  onDelete: () => void;
  /** on the full list: the upload can be selected for the bulk actions */
  selection?: { selected: boolean; onToggle: () => void };
}

export function ModerationItem({ upload: u, albumName, busy, onOpen, onApprove, onDelete, selection }: Props) {
  const c = useHostT().couple;
  const state = visibilityState(u);
  return (
    <li
      className={`hx-mod__item${selection?.selected ? ' is-selected' : ''}`}
      data-testid="moderation-item"
      data-upload-id={u.id}
      data-state={state}
    >
      <button type="button" className="hx-mod__pick" onClick={onOpen} aria-label={c.openLarge(uploaderName(u, c))}>
        {u.thumbnail_path ? (
          <img src={u.thumbnail_path} alt="" loading="lazy" />
        ) : (
          <span className="hx-mod__placeholder">{u.type === 'video' ? <Video size={28} /> : <ImageOff size={28} />}</span>
        )}
        {u.type === 'video' && u.thumbnail_path && (
          <span className="hx-mod__video" aria-hidden="true">
            <Video size={16} />
          </span>
        )}
      </button>
      {selection && (
        <input
          type="checkbox"
          className="hx-mod__check"
          checked={selection.selected}
          onChange={selection.onToggle}
          aria-label={c.selectUpload(u.id)}
        />
      )}
      <span className={`hx-mod__badge hx-mod__badge--${state}`} data-testid="visibility">
        {visibilityText(u, c)}
      </span>
      <div className="hx-mod__meta">
        <strong>{uploaderName(u, c)}</strong>
        <span>
          {new Date(u.created_at).toLocaleString(currentLocale(), { dateStyle: 'short', timeStyle: 'short' })} · {albumName}
        </span>
        {u.heart_count > 0 && (
          <span className="hx-mod__hearts" data-testid="heart-count">
            <Heart size={13} aria-hidden="true" /> {c.hearts(u.heart_count)}
          </span>
        )}
      </div>
      <UploadActions upload={u} busy={busy} onApprove={onApprove} onDelete={onDelete} />
    </li>
  );
}
