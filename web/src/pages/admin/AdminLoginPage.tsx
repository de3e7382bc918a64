import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Camera, Lock } from 'lucide-react';
import { adminApi, HttpError } from '../../api/admin';
import { adminToken, SESSION_EXPIRED_QUERY } from '../../api/http';
import '../../styles/admin.css';

export default function AdminLoginPage() {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [params] = useSearchParams();
  const expired = params.has(SESSION_EXPIRED_QUERY);

  useEffect(() => {
    document.title = 'Admin Login · Momentbox';
    if (adminToken.get()) navigate('/admin/dashboard', { replace: true });
  }, [navigate]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!password || busy) return;
    setBusy(true);
    setError('');
    try {
      await adminApi.login(password);
      navigate('/admin/dashboard', { replace: true });
    } catch (err) {
      // 429 (too many attempts) has its own server message; every other failure is the spec's text
      setError(err instanceof HttpError && err.status === 429 && err.body?.error ? err.body.error : 'Invalid credentials');
      setBusy(false);
    }
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
            <p className="hx-muted">Admin</p>
          </div>
        </div>
        {expired && !error && (
          <div className="hx-alert hx-alert--info" role="status" data-testid="session-expired">
            Your session has expired. Please sign in again.
          </div>
        )}
        <label className="hx-field">
          <span className="hx-label">Password</span>
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
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </div>
  );
}
