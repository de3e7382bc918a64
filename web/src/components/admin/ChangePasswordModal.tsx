import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { CheckCircle2, KeyRound } from 'lucide-react';
import { MIN_PASSWORD_LENGTH } from '../../../../src/domain/limits.ts';
import { adminApi, fieldError } from '../../api/admin';
import { Modal } from '../Modal';
import { FormActions } from './FormActions';

export const LOGOUT_AFTER_PASSWORD_CHANGE_MS = 2000;

export function ChangePasswordModal({ onClose, onLoggedOut }: { onClose: () => void; onLoggedOut: () => void }) {
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
      setError('Failed to change password');
    },
  });
  const busy = change.isPending;
  const done = change.isSuccess;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy || done) return;
    setError('');
    setFieldErrors({});
    if (newPassword !== confirmPassword) return setError('New passwords do not match');
    if (newPassword.length < MIN_PASSWORD_LENGTH) return setError(`New password must be at least ${MIN_PASSWORD_LENGTH} characters long`);
    change.mutate();
  };

  return (
    <Modal look="host" title="Change Password" icon={<KeyRound size={20} />} onClose={done ? () => undefined : onClose} size="sm">
      <form className="hx-form" onSubmit={submit} noValidate>
        <label className="hx-field">
          <span className="hx-label">Current Password</span>
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
            New Password
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
              At least {MIN_PASSWORD_LENGTH} characters.
            </span>
          )}
        </div>
        <label className="hx-field">
          <span className="hx-label">Confirm New Password</span>
          <input type="password" name="confirmPassword" autoComplete="new-password" value={confirmPassword} onChange={(e) => setConfirm(e.target.value)} required />
        </label>
        {error && (
          <div className="hx-alert hx-alert--error" role="alert">
            {error}
          </div>
        )}
        {done && (
          <div className="hx-alert hx-alert--success" role="status">
            <CheckCircle2 size={18} aria-hidden="true" />
            <span>Password changed successfully. You will be logged out in 2 seconds.</span>
          </div>
        )}
        <FormActions
          submitLabel="Change Password"
          busy={busy}
          disabled={done || !currentPassword || !newPassword || !confirmPassword}
          cancelDisabled={done}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
