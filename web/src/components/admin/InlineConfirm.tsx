import type { ReactNode } from 'react';
import { Trash2 } from 'lucide-react';
import { useHostT } from '../../i18n';

/** A delete confirmation shown inside a modal (alertdialog): the message, Cancel and a danger button. */
export function InlineConfirm({
  label,
  confirmLabel,
  onCancel,
  onConfirm,
  children,
}: {
  label: string;
  confirmLabel: string;
  onCancel: () => void;
  onConfirm: () => void;
  children: ReactNode;
}) {
  const h = useHostT();
  return (
    <div className="hx-confirm" role="alertdialog" aria-label={label}>
      <p>{children}</p>
      <div className="hx-confirm__actions">
        <button type="button" className="hx-btn hx-btn--ghost" onClick={onCancel}>
          {h.cancel}
        </button>
        <button type="button" className="hx-btn hx-btn--danger" onClick={onConfirm}>
          <Trash2 size={16} /> {confirmLabel}
        </button>
      </div>
    </div>
  );
}
