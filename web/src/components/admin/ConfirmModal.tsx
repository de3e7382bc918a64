import type { ReactNode } from 'react';
import { AlertTriangle } from 'lucide-react';
import { useHostT } from '../../i18n';
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
  const h = useHostT();
  return (
    <Modal look="host" title={title} icon={<AlertTriangle size={20} className="hx-text-danger" />} onClose={onClose} size="sm">
      <div className="hx-confirm-body">{children}</div>
      <div className="hx-form__actions">
        <button type="button" className="hx-btn hx-btn--ghost" onClick={onClose} autoFocus>
          {h.cancel}
        </button>
        <button type="button" className="hx-btn hx-btn--danger" onClick={onConfirm} disabled={busy}>
          {busy ? h.deleting : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
