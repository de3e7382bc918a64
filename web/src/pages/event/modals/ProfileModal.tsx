import { useId, useState } from 'react';
import { TriangleAlert, UserRoundPen } from 'lucide-react';
import { de } from '../../../i18n/de';
import { Modal } from '../../../components/Modal';
import { QrCode } from '../../../components/QrCode';
import { CopyField } from './CopyField';
import { canSaveNickname, nicknameError } from '../logic/nickname';

export const RECOVERY_QR_SIZE = 150;

interface Props {
  nickname: string;
  recoveryLink: string | null;
  onSave: (nickname: string) => Promise<boolean>;
  onClose: () => void;
}

/** §2 'Profil bearbeiten': nickname, recovery link with QR (150) and copy, the ACHTUNG warning. */
export function ProfileModal({ nickname, recoveryLink, onSave, onClose }: Props) {
  const [value, setValue] = useState(nickname);
  const [saving, setSaving] = useState(false);
  const id = useId();
  const errId = useId();
  const error = nicknameError(value);

  const save = async (e?: React.FormEvent) => {
    e?.preventDefault();
    if (!recoveryLink || !canSaveNickname(value) || saving) return;
    setSaving(true);
    const ok = await onSave(value.trim());
    setSaving(false);
    if (ok) onClose();
  };

  return (
    <Modal
      title={de.profileTitle}
      icon={<UserRoundPen size={20} />}
      onClose={onClose}
      testId="profile-modal"
      footer={
        <>
          <button type="button" className="g-btn g-btn--ghost" onClick={onClose}>
            {de.cancel}
          </button>
          <button type="submit" form={`${id}-form`} className="g-btn g-btn--primary" disabled={!recoveryLink || !canSaveNickname(value) || saving} data-testid="profile-save">
            {de.save}
          </button>
        </>
      }
    >
      <form id={`${id}-form`} onSubmit={save}>
        <div className="g-field">
          <label className="g-label" htmlFor={id}>
            {de.nickname}
          </label>
          <input
            id={id}
            className="g-input"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            placeholder={de.nicknamePlaceholder}
            autoComplete="nickname"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errId : undefined}
            data-testid="profile-nickname"
          />
          {error && (
            <p id={errId} className="g-error" role="alert">
              {error}
            </p>
          )}
        </div>
      </form>

      {recoveryLink ? (
        <section className="ev-recovery" aria-label={de.recoverySection}>
          <h3 className="ev-recovery__title">{de.recoverySection}</h3>
          <p className="g-help">{de.recoveryExplain}</p>
          <div className="ev-recovery__qr">
            <QrCode value={recoveryLink} size={RECOVERY_QR_SIZE} alt={de.recoveryQrAlt} testId="recovery-qr" />
          </div>
          <CopyField label={de.recoveryLink} value={recoveryLink} copiedMessage={de.recoveryCopied} testId="recovery-link" />
          <div className="g-warning" role="note">
            <TriangleAlert size={20} aria-hidden="true" />
            <p>
              <strong>{de.warningTitle}:</strong> {de.warningText}
            </p>
          </div>
        </section>
      ) : (
        <p className="g-help">{de.noSessionYet}</p>
      )}
    </Modal>
  );
}
