import { useId, useState } from 'react';
import { UserRoundPen } from 'lucide-react';
import { de } from '../../../i18n/de';
import { Modal } from '../../../components/Modal';
import { canSaveNickname } from '../logic/nickname';
import { NicknameField } from './NicknameField';
import { RecoveryLink } from './RecoveryLink';

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
        <NicknameField label={de.nickname} value={value} onChange={setValue} testId="profile-nickname" />
      </form>

      {recoveryLink ? (
        <section className="ev-recovery" aria-label={de.recoverySection}>
          <h3 className="ev-recovery__title">{de.recoverySection}</h3>
          <p className="g-help">{de.recoveryExplain}</p>
          <RecoveryLink link={recoveryLink} />
        </section>
      ) : (
        <p className="g-help">{de.noSessionYet}</p>
      )}
    </Modal>
  );
}
