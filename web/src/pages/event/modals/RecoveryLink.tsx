import { TriangleAlert } from 'lucide-react';
import { useT } from '../../../i18n';
import { QrCode } from '../../../components/QrCode';
import { CopyField } from './CopyField';

export const RECOVERY_QR_SIZE = 150;

/** §2 the personal recovery link: QR code (150), the link with a copy button, and the ACHTUNG warning. */
export function RecoveryLink({ link }: { link: string }) {
  const t = useT();
  return (
    <>
      <div className="ev-recovery__qr">
        <QrCode value={link} size={RECOVERY_QR_SIZE} label={t.recoveryQrAlt} testId="recovery-qr" />
      </div>
      <CopyField label={t.recoveryLink} value={link} copiedMessage={t.recoveryCopied} testId="recovery-link" />
      <div className="g-warning" role="note">
        <TriangleAlert size={20} aria-hidden="true" />
        <p>
          <strong>{t.warningTitle}:</strong> {t.warningText}
        </p>
      </div>
    </>
  );
}
