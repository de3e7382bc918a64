import { useEffect } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '../../lib/router';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { guestApi } from '../../api/guest';
import { guestQueries, queryKeys } from '../../api/queries';
import { queryClient } from '../../api/query-client';
import { useEventLanguage, useT } from '../../i18n';
import { Spinner } from '../../components/Spinner';
import '../../components/ui.css';
import './RecoverPage.css';

export const RECOVERY_REDIRECT_MS = 1500;

type State = { kind: 'loading' } | { kind: 'success' } | { kind: 'error'; message: string };

/** §2 /event/{code}/recover/{userId}: checks consent, has the server store the cookie, redirects after 1.5 s. */
export default function RecoverPage() {
  const t = useT();
  const { code = '', userId = '' } = useParams();
  const navigate = useNavigate();
  const c = code.trim();
  const u = userId.trim();
  const complete = c !== '' && u !== '';
  // The page speaks the event's language (unless this device chose one); until it is known, only the spinner.
  const event = useQuery({ ...guestQueries.visitorEvent(c), enabled: complete, retry: false });
  const languageShown = useEventLanguage(event.data?.language);
  const speaking = !complete || (!event.isPending && languageShown);
  // The server checks the id's consent and, only then, sets the (HttpOnly) cookie event_{code}.
  const { mutate: recover, ...recovery } = useMutation({
    mutationFn: (link: { code: string; userId: string }) => guestApi.recover(link.code, link.userId),
    // this browser is another guest now: nothing cached for the guest pages (identity, private uploads) is theirs
    onSuccess: (answer) => {
      if (answer.hasConsent) queryClient.removeQueries({ queryKey: queryKeys.guest.all });
    },
  });
  const state: State = !complete
    ? { kind: 'error', message: t.recoverInvalid }
    : recovery.isError
      ? { kind: 'error', message: t.recoverError }
      : recovery.data
        ? recovery.data.hasConsent
          ? { kind: 'success' }
          : { kind: 'error', message: t.recoverNoConsent }
        : { kind: 'loading' };

  useEffect(() => {
    document.title = 'Momentbox';
    if (complete) recover({ code: c, userId: u });
  }, [complete, c, u, recover]);

  const recovered = state.kind === 'success';
  useEffect(() => {
    if (!recovered) return;
    const timer = window.setTimeout(() => navigate(`/event/${encodeURIComponent(c)}`, { replace: true }), RECOVERY_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [recovered, c, navigate]);

  return (
    <main className="rec">
      <div className="rec__card" data-testid="recover" data-state={speaking ? state.kind : 'loading'}>
        {!speaking && <Spinner />}
        {speaking && state.kind === 'loading' && (
          <>
            <Spinner label={t.recovering} />
            <p>{t.recovering}</p>
          </>
        )}
        {speaking && state.kind === 'success' && (
          <>
            <CircleCheck size={48} className="rec__ok" aria-hidden="true" />
            <h1>{t.recoverSuccess}</h1>
          </>
        )}
        {speaking && state.kind === 'error' && (
          <>
            <CircleAlert size={48} className="rec__err" aria-hidden="true" />
            <h1>{state.message}</h1>
            <Link to="/" className="g-btn g-btn--dark">
              {t.recoverBack}
            </Link>
          </>
        )}
      </div>
    </main>
  );
}
