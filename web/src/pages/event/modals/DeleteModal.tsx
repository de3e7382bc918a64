import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import { useT } from '../../../i18n';
import { Modal } from '../../../components/Modal';

/** §2 delete confirmation: deleting an upload cannot be undone. */
export function DeleteModal({ onConfirm, onClose }: { onConfirm: () => Promise<unknown>; onClose: () => void }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      title={t.deleteTitle}
      icon={<Trash2 size={20} />}
      onClose={onClose}
      size="sm"
      testId="delete-modal"
      className="ev-delete-modal"
      footer={
        <>
          <button type="button" className="g-btn g-btn--ghost" onClick={onClose}>
            {t.cancel}
          </button>
          <button
            type="button"
            className="g-btn g-btn--danger"
            disabled={busy}
            data-testid="delete-confirm"
            onClick={async () => {
              setBusy(true);
              await onConfirm();
              setBusy(false);
              onClose();
            }}
          >
            {t.deleteConfirm}
          </button>
        </>
      }
    >
      <p>{t.deleteText}</p>
    </Modal>
  );
}
