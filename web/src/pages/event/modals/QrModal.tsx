import { QrCode as QrIcon } from 'lucide-react';
import { useT } from '../../../i18n';
import { Modal } from '../../../components/Modal';
import { QrCode } from '../../../components/QrCode';
import { CopyField } from './CopyField';

export const EVENT_QR_SIZE = 200;

/** §2 'QR-Code zum Event': QR (200), read-only link, copy with toast, explanation, close. */
export function QrModal({ link, onClose }: { link: string; onClose: () => void }) {
  const t = useT();
  return (
    <Modal
      title={t.qrTitle}
      icon={<QrIcon size={20} />}
      onClose={onClose}
      size="sm"
      testId="qr-modal"
      initialFocus="[data-testid=event-link-copy]"
      footer={
        <button type="button" className="g-btn g-btn--ghost" onClick={onClose}>
          {t.close}
        </button>
      }
    >
      <div className="ev-qr">
        <QrCode value={link} size={EVENT_QR_SIZE} label={t.qrAlt} testId="event-qr" />
      </div>
      <CopyField label={t.eventLink} value={link} copiedMessage={t.linkCopied} testId="event-link" />
      <p className="g-help">{t.qrText}</p>
    </Modal>
  );
}
