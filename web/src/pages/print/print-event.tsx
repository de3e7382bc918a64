import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams, useSearchParams } from '../../lib/router';
import { adminToken } from '../../api/http';
import { adminQueries, configQuery, hostQueries } from '../../api/queries';
import type { Language } from '../../../../src/domain/languages.ts';
import { hostStringsOf, localeOf, useHostT, useLanguage, type HostDict } from '../../i18n';

// What the print views share (the QR material, the guestbook): who prints, their event, the sheet's language.
// /print/{eventId}… for an admin (Bearer token), with ?token={clientToken} for the couple from their page.

/** A day (YYYY-MM-DD) as a sheet prints it, in the event's language: '20. Juni 2026'. */
export function printedDay(day: string, lang: Language): string {
  return new Intl.DateTimeFormat(localeOf(lang), { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/**
 * Who prints and their event: the couple by the client token in the address, else the signed-in admin (its
 * events list); neither is sent to the sign-in page. `error`: the event could not be loaded (in the reader's language).
 */
export function usePrintEvent() {
  const h = useHostT();
  const { eventId = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const clientToken = params.get('token');
  const signedIn = !!clientToken || !!adminToken.get();

  useEffect(() => {
    if (!signedIn) navigate('/admin', { replace: true });
  }, [signedIn, navigate]);

  // a host reads its event through the client token, an admin finds it in the events list
  const hostSettings = useQuery({ ...hostQueries.settings(clientToken ?? ''), enabled: !!clientToken });
  const adminEvents = useQuery({ ...adminQueries.events(), enabled: !clientToken && signedIn });
  const eventQuery = clientToken ? hostSettings : adminEvents;
  const event = clientToken ? hostSettings.data?.event : adminEvents.data?.find((e) => String(e.id) === eventId);
  const configQ = useQuery({ ...configQuery(), enabled: signedIn });
  const error = eventQuery.isError || configQ.isError || (eventQuery.isSuccess && !event) ? h.printLoadFailed : '';
  return { eventId: Number(eventId), clientToken, signedIn, event, config: configQ.data, hostAlbums: hostSettings.data?.albums, error };
}

/** The print view's page when its event could not be loaded: why, and the way back. */
export function PrintLoadError({ title, error, clientToken }: { title: string; error: string; clientToken: string | null }) {
  const h = useHostT();
  return (
    <div className="hx hx-error-page">
      <div className="hx-error-panel" role="alert">
        <h1>{title}</h1>
        <p>{error}</p>
        <Link className="hx-btn hx-btn--primary" to={clientToken ? '/' : '/admin/dashboard'}>
          {h.back}
        </Link>
      </div>
    </div>
  );
}

/** The host strings in the event's guest language for the sheet; null while that language loads. */
export function useSheetStrings(lang: Language | undefined): HostDict | null {
  const reader = useHostT();
  const readerLang = useLanguage();
  const [loaded, setLoaded] = useState<{ lang: Language; dict: HostDict } | null>(null);
  const other = lang && lang !== readerLang ? lang : null;
  useEffect(() => {
    if (!other) return;
    let live = true;
    void hostStringsOf(other).then((dict) => live && setLoaded({ lang: other, dict }));
    return () => {
      live = false;
    };
  }, [other]);
  if (!other) return reader;
  return loaded?.lang === other ? loaded.dict : null;
}
