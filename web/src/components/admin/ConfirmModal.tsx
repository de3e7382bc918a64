import type { ReactNode } from 'react';
import { AlertTriangle } from 'lucide-react';
import { Modal } from '../Modal';

export function ConfirmModal({
  title,
  children,
  confirmLabel,
  busy,
  onConfirm,
  onClose,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal look="host" title={title} icon={<AlertTriangle size={20} className="hx-text-danger" />} onClose={onClose} size="sm">
      <div className="hx-confirm-body">{children}</div>
      <div className="hx-form__actions">
        <button type="button" className="hx-btn hx-btn--ghost" onClick={onClose} autoFocus>
          Cancel
        </button>
        <button type="button" className="hx-btn hx-btn--danger" onClick={onConfirm} disabled={busy}>
          {busy ? 'Deleting…' : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
