import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { guestApi } from '../../api/guest';
import { de } from '../../i18n/de';
import { Spinner } from '../../components/Spinner';
import '../../components/ui.css';
import './RecoverPage.css';

export const RECOVERY_REDIRECT_MS = 1500;

type State = { kind: 'loading' } | { kind: 'success' } | { kind: 'error'; message: string };

/** §2 /event/{code}/recover/{userId}: checks consent, has the server store the cookie, redirects after 1.5 s. */
export default function RecoverPage() {
  const { code = '', userId = '' } = useParams();
  const navigate = useNavigate();
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    document.title = 'Momentbox';
    const c = code.trim();
    const u = userId.trim();
    if (!c || !u) {
      setState({ kind: 'error', message: de.recoverInvalid });
      return;
    }
    let alive = true;
    let timer: number | undefined;
    // The server checks the id's consent and, only then, sets the (HttpOnly) cookie event_{code}.
    guestApi
      .recover(c, u)
      .then((a) => {
        if (!alive) return;
        if (!a.hasConsent) {
          setState({ kind: 'error', message: de.recoverNoConsent });
          return;
        }
        setState({ kind: 'success' });
        timer = window.setTimeout(() => navigate(`/event/${encodeURIComponent(c)}`, { replace: true }), RECOVERY_REDIRECT_MS);
      })
      .catch(() => alive && setState({ kind: 'error', message: de.recoverError }));
    return () => {
      alive = false;
      window.clearTimeout(timer);
    };
  }, [code, userId, navigate]);

  return (
    <main className="rec">
      <div className="rec__card" data-testid="recover" data-state={state.kind}>
        {state.kind === 'loading' && (
          <>
            <Spinner label={de.recovering} />
            <p>{de.recovering}</p>
          </>
        )}
        {state.kind === 'success' && (
          <>
            <CircleCheck size={48} className="rec__ok" aria-hidden="true" />
            <h1>{de.recoverSuccess}</h1>
          </>
        )}
        {state.kind === 'error' && (
          <>
            <CircleAlert size={48} className="rec__err" aria-hidden="true" />
            <h1>{state.message}</h1>
            <Link to="/" className="g-btn g-btn--dark">
              {de.recoverBack}
            </Link>
          </>
        )}
      </div>
    </main>
  );
}
