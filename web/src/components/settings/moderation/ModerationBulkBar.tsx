import { Check, EyeOff, Trash2 } from 'lucide-react';
import { useHostT } from '../../../i18n';

// The bar under a selection: approve, withdraw or delete every selected upload at once.

interface Props {
  count: number;
  busy: boolean;
  onApprove: (approved: boolean) => void;
  onDelete: () => void;
}

export function ModerationBulkBar({ count, busy, onApprove, onDelete }: Props) {
  const c = useHostT().couple;
  return (
    <div className="hx-mod__bulk" role="region" aria-label={c.selection}>
      <span>{c.selected(count)}</span>
      <button type="button" className="hx-btn hx-btn--primary" onClick={() => onApprove(true)} disabled={busy}>
        <Check size={16} /> {c.approve}
      </button>
      <button type="button" className="hx-btn hx-btn--secondary" onClick={() => onApprove(false)} disabled={busy}>
        <EyeOff size={16} /> {c.withdraw}
      </button>
      <button type="button" className="hx-btn hx-btn--danger" onClick={onDelete} disabled={busy}>
        <Trash2 size={16} /> {c.delete}
      </button>
    </div>
  );
}
