import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { CheckCircle2, KeyRound } from 'lucide-react';
import { MIN_PASSWORD_LENGTH } from '../../../../src/domain/limits.ts';
import { adminApi, fieldError } from '../../api/admin';
import { Modal } from '../Modal';
import { useHostT } from '../../i18n';
import { FormActions } from './FormActions';

export const LOGOUT_AFTER_PASSWORD_CHANGE_MS = 2000;

export function ChangePasswordModal({ onClose, onLoggedOut }: { onClose: () => void; onLoggedOut: () => void }) {
  const h = useHostT();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [confirmPassword, setConfirm] = useState('');
  const [error, setError] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const change = useMutation({
    mutationFn: () => adminApi.changePassword(currentPassword, newPassword),
    // the session ends: logging out also empties the cache
    onSuccess: () => {
      timer.current = setTimeout(async () => {
        await adminApi.logout();
        onLoggedOut();
      }, LOGOUT_AFTER_PASSWORD_CHANGE_MS);
    },
    onError: (err) => {
      const f = fieldError(err);
      if (f) setFieldErrors({ [f.field]: f.message });
      setError(h.changePasswordFailed);
    },
  });
  const busy = change.isPending;
  const done = change.isSuccess;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy || done) return;
    setError('');
    setFieldErrors({});
    if (newPassword !== confirmPassword) return setError(h.passwordsDiffer);
    if (newPassword.length < MIN_PASSWORD_LENGTH) return setError(h.passwordTooShort(MIN_PASSWORD_LENGTH));
    change.mutate();
  };

  return (
    <Modal look="host" title={h.changePassword} icon={<KeyRound size={20} />} onClose={done ? () => undefined : onClose} size="sm">
      <form className="hx-form" onSubmit={submit} noValidate>
        <label className="hx-field">
          <span className="hx-label">{h.currentPassword}</span>
          <input
            type="password"
            name="currentPassword"
            autoComplete="current-password"
            value={currentPassword}
            onChange={(e) => setCurrent(e.target.value)}
            required
            aria-invalid={!!fieldErrors.currentPassword}
          />
          {fieldErrors.currentPassword && (
            <span className="hx-field-error" data-testid="currentPassword-error">
              {fieldErrors.currentPassword}
            </span>
          )}
        </label>
        <div className="hx-field">
          <label className="hx-label" htmlFor="cp-new">
            {h.newPassword}
          </label>
          <input
            id="cp-new"
            type="password"
            name="newPassword"
            autoComplete="new-password"
            value={newPassword}
            onChange={(e) => setNew(e.target.value)}
            aria-describedby="cp-new-hint"
            required
          />
          {fieldErrors.newPassword ? (
            <span id="cp-new-hint" className="hx-field-error">
              {fieldErrors.newPassword}
            </span>
          ) : (
            <span id="cp-new-hint" className="hx-small hx-muted">
              {h.passwordHint(MIN_PASSWORD_LENGTH)}
            </span>
          )}
        </div>
        <label className="hx-field">
          <span className="hx-label">{h.confirmPassword}</span>
          <input
            type="password"
            name="confirmPassword"
            autoComplete="new-password"
            value={confirmPassword}
            onChange={(e) => setConfirm(e.target.value)}
            required
          />
        </label>
        {error && (
          <div className="hx-alert hx-alert--error" role="alert">
            {error}
          </div>
        )}
        {done && (
          <div className="hx-alert hx-alert--success" role="status">
            <CheckCircle2 size={18} aria-hidden="true" />
            <span>{h.passwordChanged}</span>
          </div>
        )}
        <FormActions
          submitLabel={h.changePassword}
          busy={busy}
          disabled={done || !currentPassword || !newPassword || !confirmPassword}
          cancelDisabled={done}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
