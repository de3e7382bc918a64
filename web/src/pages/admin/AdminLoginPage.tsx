import { useEffect, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from '../../lib/router';
import { Camera, Lock } from 'lucide-react';
import { adminApi, HttpError } from '../../api/admin';
import { adminToken, SESSION_EXPIRED_QUERY } from '../../api/http';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { useHostT } from '../../i18n';
import '../../styles/admin.css';

export default function AdminLoginPage() {
  const h = useHostT();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [params] = useSearchParams();
  const expired = params.has(SESSION_EXPIRED_QUERY);

  useEffect(() => {
    document.title = h.loginTitle;
    if (adminToken.get()) navigate('/admin/dashboard', { replace: true });
  }, [navigate, h]);

  const login = useMutation({
    mutationFn: adminApi.login,
    onSuccess: () => navigate('/admin/dashboard', { replace: true }),
  });
  // stays busy after a success: the dashboard opens
  const busy = login.isPending || login.isSuccess;
  // 429 (too many attempts) has its own server message; every other failure is the spec's text
  const error = !login.isError
    ? ''
    : login.error instanceof HttpError && login.error.status === 429 && login.error.body?.error
      ? login.error.body.error
      : h.invalidCredentials;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!password || busy) return;
    login.mutate(password);
  };

  return (
    <div className="hx hx-login">
      <form className="hx-login__card" onSubmit={submit} noValidate>
        <div className="hx-login__brand">
          <span className="hx-logo" aria-hidden="true">
            <Camera size={26} />
          </span>
          <div>
            <h1>Momentbox</h1>
            <p className="hx-muted">{h.adminTag}</p>
          </div>
        </div>
        {expired && !error && (
          <div className="hx-alert hx-alert--info" role="status" data-testid="session-expired">
            {h.sessionExpired}
          </div>
        )}
        <label className="hx-field">
          <span className="hx-label">{h.password}</span>
          <span className="hx-input-icon">
            <Lock size={16} aria-hidden="true" />
            <input
              type="password"
              name="password"
              autoComplete="current-password"
              autoFocus
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-invalid={!!error}
            />
          </span>
        </label>
        {error && (
          <div className="hx-alert hx-alert--error" role="alert">
            {error}
          </div>
        )}
        <button type="submit" className="hx-btn hx-btn--primary hx-btn--block" disabled={!password || busy}>
          {busy ? h.signingIn : h.signIn}
        </button>
        <LanguageSwitcher label={h.languageLabel} className="language-switcher hx-language hx-language--login" />
      </form>
    </div>
  );
}
