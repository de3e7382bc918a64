import { QrCode as QrIcon } from 'lucide-react';
import { de } from '../../../i18n/de';
import { Modal } from '../../../components/Modal';
import { QrCode } from '../../../components/QrCode';
import { CopyField } from './CopyField';

export const EVENT_QR_SIZE = 200;

/** §2 'QR-Code zum Event': QR (200), read-only link, copy with toast, explanation, close. */
export function QrModal({ link, onClose }: { link: string; onClose: () => void }) {
  return (
    <Modal
      title={de.qrTitle}
      icon={<QrIcon size={20} />}
      onClose={onClose}
      size="sm"
      testId="qr-modal"
      initialFocus="[data-testid=event-link-copy]"
      footer={
        <button type="button" className="g-btn g-btn--ghost" onClick={onClose}>
          {de.close}
        </button>
      }
    >
      <div className="ev-qr">
        <QrCode value={link} size={EVENT_QR_SIZE} label={de.qrAlt} testId="event-qr" />
      </div>
      <CopyField label={de.eventLink} value={link} copiedMessage={de.linkCopied} testId="event-link" />
      <p className="g-help">{de.qrText}</p>
    </Modal>
  );
}
