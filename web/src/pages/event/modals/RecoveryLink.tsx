import { TriangleAlert } from 'lucide-react';
import { de } from '../../../i18n/de';
import { QrCode } from '../../../components/QrCode';
import { CopyField } from './CopyField';

export const RECOVERY_QR_SIZE = 150;

/** §2 the personal recovery link: QR code (150), the link with a copy button, and the ACHTUNG warning. */
export function RecoveryLink({ link }: { link: string }) {
  return (
    <>
      <div className="ev-recovery__qr">
        <QrCode value={link} size={RECOVERY_QR_SIZE} label={de.recoveryQrAlt} testId="recovery-qr" />
      </div>
      <CopyField label={de.recoveryLink} value={link} copiedMessage={de.recoveryCopied} testId="recovery-link" />
      <div className="g-warning" role="note">
        <TriangleAlert size={20} aria-hidden="true" />
        <p>
          <strong>{de.warningTitle}:</strong> {de.warningText}
        </p>
      </div>
    </>
  );
}
