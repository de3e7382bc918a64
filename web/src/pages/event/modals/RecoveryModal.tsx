import { KeyRound } from 'lucide-react';
import { useT } from '../../../i18n';
import { Modal } from '../../../components/Modal';
import { RecoveryLink } from './RecoveryLink';

/** §2 recovery modal, shown after consent: the personal recovery link. */
export function RecoveryModal({ link, onClose }: { link: string; onClose: () => void }) {
  const t = useT();
  return (
    <Modal
      title={t.recoveryTitle}
      icon={<KeyRound size={20} />}
      onClose={onClose}
      testId="recovery-modal"
      footer={
        <button type="button" className="g-btn g-btn--primary g-btn--block" onClick={onClose} data-testid="recovery-done">
          {t.recoveryDone}
        </button>
      }
    >
      <p className="g-help ev-recovery__lead">{t.recoveryModalText}</p>
      <RecoveryLink link={link} />
    </Modal>
  );
}
