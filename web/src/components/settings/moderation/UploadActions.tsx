import { Check, EyeOff, Trash2 } from 'lucide-react';
import type { ModerationUploadDto } from '../../../../../src/http/api-types';
import { useHostT, type HostDict } from '../../../i18n';

// What the couple can do with one upload, in words beside the icons: on the list and in the large view alike.

/** Who sees an upload: everyone, or only its uploader (and the couple); a failed one says so. */
export function visibilityText(u: ModerationUploadDto, c: HostDict['couple']): string {
  if (u.processing_state === 'failed') return c.processingFailed;
  if (u.approved) return c.visibleToAll;
  if (u.guest_id === null) return c.onlyForHosts;
  return u.uploader_nickname ? c.onlyFor(u.uploader_nickname) : c.onlyForGuest;
}

/** The state the list's badge colours by (and tests read from `data-state`). */
export const visibilityState = (u: ModerationUploadDto) => (u.processing_state === 'failed' ? 'failed' : u.approved ? 'shared' : 'private');

export function uploaderName(u: ModerationUploadDto, c: HostDict['couple']): string {
  if (u.guest_id === null) return c.boothOrAdmin;
  return u.uploader_nickname || c.anonymous;
}

export function UploadActions({
  upload: u,
  busy,
  onApprove,
  onDelete,
}: {
  upload: ModerationUploadDto;
  busy: boolean;
  onApprove: () => void;
  onDelete: () => void;
}) {
  const c = useHostT().couple;
  return (
    <div className="hx-mod__actions">
      <button
        type="button"
        className={`hx-btn ${u.approved ? 'hx-btn--secondary' : 'hx-btn--primary'}`}
        onClick={onApprove}
        disabled={busy}
        aria-label={u.approved ? c.withdrawApproval : c.approve}
      >
        {u.approved ? <EyeOff size={16} aria-hidden="true" /> : <Check size={16} aria-hidden="true" />}
        <span>{u.approved ? c.withdraw : c.approve}</span>
      </button>
      <button type="button" className="hx-btn hx-btn--ghost hx-text-danger" onClick={onDelete} disabled={busy}>
        <Trash2 size={16} aria-hidden="true" />
        <span>{c.delete}</span>
      </button>
    </div>
  );
}
