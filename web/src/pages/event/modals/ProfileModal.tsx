import { useId, useState } from 'react';
import { UserRoundPen } from 'lucide-react';
import { useT } from '../../../i18n';
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
  const t = useT();
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
      title={t.profileTitle}
      icon={<UserRoundPen size={20} />}
      onClose={onClose}
      testId="profile-modal"
      footer={
        <>
          <button type="button" className="g-btn g-btn--ghost" onClick={onClose}>
            {t.cancel}
          </button>
          <button
            type="submit"
            form={`${id}-form`}
            className="g-btn g-btn--primary"
            disabled={!recoveryLink || !canSaveNickname(value) || saving}
            data-testid="profile-save"
          >
            {t.save}
          </button>
        </>
      }
    >
      <form id={`${id}-form`} onSubmit={save}>
        <NicknameField label={t.nickname} value={value} onChange={setValue} testId="profile-nickname" />
      </form>

      {recoveryLink ? (
        <section className="ev-recovery" aria-label={t.recoverySection}>
          <h3 className="ev-recovery__title">{t.recoverySection}</h3>
          <p className="g-help">{t.recoveryExplain}</p>
          <RecoveryLink link={recoveryLink} />
        </section>
      ) : (
        <p className="g-help">{t.noSessionYet}</p>
      )}
    </Modal>
  );
}
