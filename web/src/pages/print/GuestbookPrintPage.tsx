import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Mic, Printer, Video } from 'lucide-react';
import type { EventDto, GuestbookEntryDto } from '../../../../src/http/api-types';
import { NEW_EVENT_PRIMARY } from '../../../../src/domain/colors.ts';
import { adminApi } from '../../api/admin';
import { clientApi } from '../../api/client-settings';
import { queryKeys } from '../../api/queries';
import { Spinner } from '../../components/Spinner';
import { toHexColor } from '../../host/design';
import { localeOf, useHostT, type HostDict } from '../../i18n';
import { Link } from '../../lib/router';
import { eventDay } from './PrintOptions';
import { PrintLoadError, printedDay, usePrintEvent, useSheetStrings } from './print-event';
import '../../styles/admin.css';
import './guestbook-print.css';

// The printable guestbook (issue 27 item 5): /print/{eventId}/guestbook, with ?token= from the couple's page,
// else for the signed-in admin. Every shared entry, oldest first as a book is read: the words, the name, when,
// the selfie or a video's poster, a voice or video message named with its length (the sound is in the export's
// `Gästebuch/` folder). The browser prints it or saves it as PDF: A4, the same margins on both sides of a sheet,
// no entry split across pages (guestbook-print.css). The toolbar speaks to whoever prints, the pages in the event's language.

/** A recording's length as people read it: '0:42', '1:05'. */
function playLength(seconds: number): string {
  const total = Math.round(seconds);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

export default function GuestbookPrintPage() {
  const h = useHostT();
  const { eventId, clientToken, signedIn, event, error } = usePrintEvent();
  const list = useQuery({
    queryKey: clientToken ? queryKeys.host.guestbook(clientToken) : queryKeys.admin.guestbook(eventId),
    queryFn: () => (clientToken ? clientApi.guestbook(clientToken) : adminApi.guestbook(eventId)),
    enabled: signedIn,
  });
  const s = useSheetStrings(event?.language);

  useEffect(() => {
    if (event) document.title = `${event.name} · ${h.guestbookPrint}`;
  }, [event, h]);

  const failed = error || (list.isError ? h.guestbookPrintLoadFailed : '');
  if (failed) return <PrintLoadError title={h.guestbookPrint} error={failed} clientToken={clientToken} />;
  if (!event || !list.data || !s) return <Spinner fullscreen />;
  return <GuestbookPrintView event={event} entries={list.data} s={s} clientToken={clientToken} />;
}

function GuestbookPrintView({
  event,
  entries,
  s,
  clientToken,
}: {
  event: EventDto;
  /** every entry the couple (or the admin) sees, newest first */
  entries: GuestbookEntryDto[];
  /** the pages' strings, in the event's language */
  s: HostDict;
  clientToken: string | null;
}) {
  const h = useHostT();
  // what every guest sees is what goes into the book: entries waiting for approval or withdrawn stay out
  const shown = entries.filter((e) => e.approved).reverse();
  const left = entries.length - shown.length;
  const at = new Intl.DateTimeFormat(localeOf(event.language), { dateStyle: 'long', timeStyle: 'short' });
  const backHref = clientToken ? `/event/${encodeURIComponent(clientToken)}/settings` : '/admin/dashboard';
  const hasRecordings = shown.some((e) => e.attachment && e.attachment.kind !== 'photo');
  return (
    <div className="hx hx-print hx-gbp-view">
      <div className="hx-print__toolbar hx-no-print" data-testid="guestbook-print-toolbar">
        <Link className="hx-btn hx-btn--ghost" to={backHref}>
          <ArrowLeft size={17} /> {h.back}
        </Link>
        <strong className="hx-print__heading">{h.guestbookPrint}</strong>
        <button type="button" className="hx-btn hx-btn--primary" onClick={() => window.print()}>
          <Printer size={17} /> {h.print}
        </button>
      </div>
      <p className="hx-print__notice hx-no-print">
        {h.guestbookPrintNote}
        {left > 0 && ` ${h.guestbookPrintLeftOut(left)}`}
      </p>
      <div className="hx-sheet-wrap">
        <article
          className="hx-gbp"
          data-testid="guestbook-print"
          lang={event.language}
          style={{ ['--p' as string]: toHexColor(event.primary_color, NEW_EVENT_PRIMARY) }}
        >
          <header className="hx-gbp__head">
            <p className="hx-gbp__kicker">{s.guestbookSheetTitle}</p>
            <h1 className="hx-gbp__title">{event.name}</h1>
            <p className="hx-gbp__date" data-testid="guestbook-print-date">
              {printedDay(eventDay(event), event.language)}
            </p>
            <p className="hx-gbp__count">{shown.length === 0 ? s.guestbookSheetEmpty : s.guestbookSheetCount(shown.length)}</p>
            {hasRecordings && <p className="hx-gbp__count">{s.guestbookSheetRecordings}</p>}
          </header>
          <ol className="hx-gbp__entries">
            {shown.map((e) => (
              <PrintedEntry key={e.id} entry={e} s={s} when={at.format(new Date(e.created_at))} />
            ))}
          </ol>
        </article>
      </div>
    </div>
  );
}

/** One entry as printed: the picture (a selfie, a video's poster) beside the words, the name and when below them. */
function PrintedEntry({ entry: e, s, when }: { entry: GuestbookEntryDto; s: HostDict; when: string }) {
  const a = e.attachment;
  // a photo's upright JPEG; a video's poster once the box made it
  const picture = a?.kind === 'photo' ? a.url : a?.kind === 'video' ? a.poster_url : null;
  const recording =
    a && a.kind !== 'photo' ? (
      <p className="hx-gbp__kind" data-testid="guestbook-print-recording">
        {a.kind === 'video' ? <Video size={15} aria-hidden="true" /> : <Mic size={15} aria-hidden="true" />}
        {(a.kind === 'video' ? s.guestbookSheetVideo : s.guestbookSheetVoice)(a.seconds === null ? null : playLength(a.seconds))}
      </p>
    ) : null;
  return (
    <li className={`hx-gbp__entry${picture ? ' has-picture' : ''}`} data-testid="guestbook-print-entry" data-entry-id={e.id}>
      {picture && (
        <figure className="hx-gbp__picture">
          <img src={picture} alt={(a?.kind === 'video' ? s.guestbookSheetVideoOf : s.guestbookSheetPhotoOf)(e.name)} />
        </figure>
      )}
      <div className="hx-gbp__body">
        {/* plain text, never HTML */}
        {e.text && <p className="hx-gbp__text">{e.text}</p>}
        {recording}
        <p className="hx-gbp__by">
          <strong data-testid="guestbook-print-name">{e.name}</strong>
          <time dateTime={e.created_at}>{when}</time>
        </p>
      </div>
    </li>
  );
}
