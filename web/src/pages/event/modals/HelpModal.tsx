import { useId, useState } from 'react';
import { Link } from '../../../lib/router';
import { PartyPopper } from 'lucide-react';
import { useT } from '../../../i18n';
import { Modal } from '../../../components/Modal';
import { nicknameError } from '../logic/nickname';
import { NicknameField } from './NicknameField';

interface Props {
  eventName: string;
  /** no confirmed consent yet: the terms checkbox and the optional nickname are shown */
  needsConsent: boolean;
  /** §4 step 4: closable once consent exists or it is not the first visit */
  closable: boolean;
  onConfirm: (nickname: string) => Promise<void>;
  onClose: () => void;
}

/** §2/§4 help modal with the consent step (terms checkbox, optional nickname). */
export function HelpModal({ eventName, needsConsent, closable, onConfirm, onClose }: Props) {
  const t = useT();
  const [accepted, setAccepted] = useState(false);
  const [nickname, setNickname] = useState('');
  const [busy, setBusy] = useState(false);
  const termsId = useId();
  const nickErr = nicknameError(nickname);

  const confirm = async (e?: React.FormEvent) => {
    e?.preventDefault();
    if (!accepted || busy || nickErr) return;
    setBusy(true);
    await onConfirm(nickname);
    setBusy(false);
  };

  return (
    <Modal
      title={t.helpTitle}
      icon={<PartyPopper size={20} />}
      onClose={closable ? onClose : undefined}
      testId="help-modal"
      footer={
        needsConsent ? (
          <button
            type="submit"
            form={`${termsId}-form`}
            className="g-btn g-btn--primary g-btn--block"
            disabled={!accepted || busy || !!nickErr}
            data-testid="consent-confirm"
          >
            {t.confirm}
          </button>
        ) : (
          <button type="button" className="g-btn g-btn--primary g-btn--block" onClick={onClose}>
            {t.helpOk}
          </button>
        )
      }
    >
      <p className="ev-help__intro">{t.helpIntro(eventName)}</p>
      <ol className="ev-help__steps">
        {t.helpSteps.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ol>
      {needsConsent && (
        <form id={`${termsId}-form`} className="ev-help__consent" onSubmit={confirm}>
          <NicknameField label={t.nicknameOptional} value={nickname} onChange={setNickname} testId="consent-nickname" />
          <label className="g-check" htmlFor={termsId}>
            <input
              id={termsId}
              type="checkbox"
              checked={accepted}
              onChange={(e) => setAccepted(e.target.checked)}
              data-testid="consent-terms"
            />
            <span>
              {t.terms}{' '}
              <Link to="/datenschutz" target="_blank" rel="noopener">
                {t.termsLinkText}
              </Link>
            </span>
          </label>
        </form>
      )}
    </Modal>
  );
}
