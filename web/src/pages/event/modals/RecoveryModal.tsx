import { KeyRound, TriangleAlert } from 'lucide-react';
import { de } from '../../../i18n/de';
import { Modal } from '../../../components/Modal';
import { QrCode } from '../../../components/QrCode';
import { CopyField } from './CopyField';
import { RECOVERY_QR_SIZE } from './ProfileModal';

/** §2 recovery modal, shown after consent: the personal recovery link. */
export function RecoveryModal({ link, onClose }: { link: string; onClose: () => void }) {
  return (
    <Modal
      title={de.recoveryTitle}
      icon={<KeyRound size={20} />}
      onClose={onClose}
      testId="recovery-modal"
      footer={
        <button type="button" className="g-btn g-btn--primary g-btn--block" onClick={onClose} data-testid="recovery-done">
          {de.recoveryDone}
        </button>
      }
    >
      <p className="g-help ev-recovery__lead">{de.recoveryModalText}</p>
      <div className="ev-recovery__qr">
        <QrCode value={link} size={RECOVERY_QR_SIZE} alt={de.recoveryQrAlt} testId="recovery-qr" />
      </div>
      <CopyField label={de.recoveryLink} value={link} copiedMessage={de.recoveryCopied} testId="recovery-link" />
      <div className="g-warning" role="note">
        <TriangleAlert size={20} aria-hidden="true" />
        <p>
          <strong>{de.warningTitle}:</strong> {de.warningText}
        </p>
      </div>
    </Modal>
  );
}
