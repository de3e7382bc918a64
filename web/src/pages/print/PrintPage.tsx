import { Fragment, useEffect, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from '../../lib/router';
import { ArrowLeft, Camera, ImageIcon, Printer, Scissors, Wifi } from 'lucide-react';
import { promptsForCards } from '../../../../src/domain/challenges.ts';
import { adminApi } from '../../api/admin';
import { clientApi } from '../../api/client-settings';
import { adminQueries } from '../../api/queries';
import type { AppConfig, EventDto } from '../../../../src/http/api-types';
import { Spinner } from '../../components/Spinner';
import { NEW_EVENT_PRIMARY, NEW_EVENT_SECONDARY } from '../../../../src/domain/colors.ts';
import { eventLink, settingsLink } from '../../host/links';
import { headerTextColor, toHexColor } from '../../host/design';
import { wifiQrPayload } from '../../lib/wifi-qr';
import { QrCode } from '../../components/QrCode';
import { UnreachableLinksWarning } from '../../components/admin/UnreachableLinksWarning';
import { useHostT, type HostDict } from '../../i18n';
import { eventDay, initialDraft, PrintOptions, type PrintDraft } from './PrintOptions';
import { PrintLoadError, printedDay, usePrintEvent, useSheetStrings } from './print-event';
import '../../styles/admin.css';

// Printable QR material: /print/{eventId} for an admin (Bearer token), /print/{eventId}?token={clientToken}
// for a host from the settings page. A4 poster, a table card (A6), four table cards on one A4 sheet with
// cutting marks, a table tent (an A5 sheet folded into two A6 faces), the couple's card; with the venue Wi-Fi QR
// when one is set in the dashboard. Each carries the couple's own line and the day, set above the sheet. The
// photo challenges' cards (issue 28): one per table, four to a sheet, each with a few prompts and the event's QR code.
// Languages: the toolbar and notes speak to whoever prints (the page's language); the sheet speaks to the
// guests who read it on the tables, so it is in the event's guest language (the host's setting).

// One list of formats: each names its paper (the CSS class hx-print--{format}) and its sheet below.
type Format = 'a4' | 'card' | 'cards4' | 'tent' | 'couple' | 'challenges';
const FORMATS: readonly Format[] = ['a4', 'card', 'cards4', 'tent', 'couple', 'challenges'];
/** Tables to print challenge cards for, unless the address says (`tables=`): two sheets. */
const DEFAULT_TABLES = 8;
const MAX_TABLES = 60;
const CARDS_PER_SHEET = 4;

export default function PrintPage() {
  const h = useHostT();
  const [params] = useSearchParams();
  const { eventId, clientToken, signedIn, event, config, hostAlbums, error } = usePrintEvent();
  const format: Format = FORMATS.find((f) => f === params.get('format')) ?? 'a4';
  // the challenge cards' prompts: the couple's page has the albums already, the admin asks for them
  const adminAlbums = useQuery({ ...adminQueries.albums(eventId), enabled: !clientToken && signedIn && format === 'challenges' });
  const prompts = (clientToken ? hostAlbums : adminAlbums.data)?.filter((a) => a.challenge).map((a) => a.name);
  const tables = Math.min(MAX_TABLES, Math.max(1, Math.trunc(Number(params.get('tables'))) || DEFAULT_TABLES));
  const s = useSheetStrings(event?.language);

  useEffect(() => {
    if (event) document.title = `${event.name} · QR`;
  }, [event]);

  if (error) return <PrintLoadError title={h.printTitle} error={error} clientToken={clientToken} />;
  if (!event || !config || !s) return <Spinner fullscreen />;

  return <PrintView event={event} config={config} s={s} clientToken={clientToken} format={format} prompts={prompts} tables={tables} />;
}

function PrintView({
  event,
  config,
  s,
  clientToken,
  format,
  prompts,
  tables,
}: {
  event: EventDto & { client_token?: string | null };
  config: AppConfig;
  /** the sheet's strings, in the event's language */
  s: HostDict;
  clientToken: string | null;
  format: Format;
  /** the challenge cards' prompts, undefined while they load */
  prompts: string[] | undefined;
  /** tables to print challenge cards for */
  tables: number;
}) {
  const h = useHostT();
  const [params, setParams] = useSearchParams();
  const [imgBroken, setImgBroken] = useState(false);
  const [draft, setDraft] = useState<PrintDraft>(() => initialDraft(event));
  // the operator's checklist ticks 'cards printed' from the box's record of this opening
  useEffect(() => {
    void (clientToken ? clientApi.printOpened(clientToken) : adminApi.printOpened(event.id)).catch(() => undefined);
  }, [clientToken, event.id]);
  const primary = toHexColor(draft.primary_color, NEW_EVENT_PRIMARY);
  const secondary = toHexColor(draft.secondary_color, NEW_EVENT_SECONDARY);
  const onPrimary = headerTextColor(primary, 'minimalistic');
  // the round step numbers are small: white unless the colour is very light
  const onStep = headerTextColor(primary, 'split');
  const link = eventLink(config.publicUrl, event.code);
  const shownLink = link.replace(/^https?:\/\//, '');
  const wifi = config.wifi && config.wifi.ssid ? config.wifi : null;
  const setParam = (name: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === null) next.delete(name);
    else next.set(name, value);
    setParams(next, { replace: true });
  };
  const setFormat = (f: Format) => setParam('format', f === 'a4' ? null : f);
  // the couple's own link: the host's token in this page's address, or the one the admin's event list holds
  const coupleToken: string | null = clientToken ?? event.client_token ?? null;
  const ownLine = draft.print_line.trim();
  const day = printedDay(draft.print_date || eventDay(event), event.language);
  const backHref = clientToken ? `/event/${encodeURIComponent(clientToken)}/settings` : '/admin/dashboard';
  const sheet = () => (
    <article
      className="hx-sheet"
      data-testid="print-sheet"
      lang={event.language}
      style={{ ['--p' as string]: primary, ['--s' as string]: secondary }}
    >
      <header className="hx-sheet__head" style={{ background: `linear-gradient(135deg, ${primary}, ${secondary})`, color: onPrimary }}>
        <div className="hx-sheet__avatar">
          {event.host_image_url && !imgBroken ? (
            <img src={event.host_image_url} alt="" onError={() => setImgBroken(true)} />
          ) : (
            <ImageIcon aria-hidden="true" />
          )}
        </div>
        <h1 className="hx-sheet__title">{event.name}</h1>
        {ownLine && (
          <p className="hx-sheet__own" data-testid="print-own-line">
            {ownLine}
          </p>
        )}
        <p className="hx-sheet__date" data-testid="print-date">
          {day}
        </p>
        <p className="hx-sheet__tag">{s.sheetTagline}</p>
      </header>
      <p className="hx-sheet__lead">{s.sheetLead}</p>
      <div className={`hx-sheet__codes${wifi ? ' has-wifi' : ''}`}>
        {wifi && (
          <section className="hx-sheet__code">
            <span className="hx-sheet__step" style={{ background: primary, color: onStep }}>
              1
            </span>
            <h2>
              <Wifi aria-hidden="true" /> {s.sheetJoinWifi}
            </h2>
            <QrCode value={wifiQrPayload(wifi.ssid, wifi.password)} label={s.sheetWifiQr(wifi.ssid)} className="hx-qr hx-qr--wifi" />
            <dl className="hx-sheet__wifi">
              <div>
                <dt>{s.sheetNetwork}</dt>
                <dd>{wifi.ssid}</dd>
              </div>
              {wifi.password && (
                <div>
                  <dt>{s.sheetPassword}</dt>
                  <dd>{wifi.password}</dd>
                </div>
              )}
            </dl>
          </section>
        )}
        <section className={`hx-sheet__code${config.shortName ? ' has-short-name' : ''}`}>
          {wifi && (
            <span className="hx-sheet__step" style={{ background: primary, color: onStep }}>
              2
            </span>
          )}
          <h2>
            <Camera aria-hidden="true" /> {s.sheetOpenEvent}
          </h2>
          <QrCode value={link} label={s.sheetEventQr(link)} className="hx-qr hx-qr--event" />
          <p className="hx-sheet__link">
            {/* a line may break after a '/' or a '.', nowhere else */}
            {shownLink.split(/(?<=[/.])/).map((part, i) => (
              <Fragment key={i}>
                {i > 0 && <wbr />}
                <span className="hx-sheet__link-part">{part}</span>
              </Fragment>
            ))}
          </p>
          <p className="hx-sheet__code-text">
            {s.sheetEventCode} <strong>{event.code}</strong>
          </p>
          {config.shortName && (
            <p className="hx-sheet__short" data-testid="short-address">
              {s.sheetOrType} <strong>{`${config.shortName}/${event.code}`}</strong>
            </p>
          )}
        </section>
      </div>
      <footer className="hx-sheet__foot">
        {s.sheetFoot}
        {wifi ? s.sheetFootWifi : ''}.
      </footer>
    </article>
  );

  /** A table's challenge card: a few prompts, and the event's QR code to upload the photos with. */
  const challengeCard = (cardPrompts: string[]) => (
    <article
      className="hx-sheet hx-sheet--challenge"
      data-testid="challenge-card"
      lang={event.language}
      style={{ ['--p' as string]: primary, ['--s' as string]: secondary }}
    >
      <header className="hx-sheet__head" style={{ background: `linear-gradient(135deg, ${primary}, ${secondary})`, color: onPrimary }}>
        <h1 className="hx-sheet__title">{s.challengeCardTitle}</h1>
        <p className="hx-sheet__tag">{event.name}</p>
      </header>
      <p className="hx-sheet__lead">{s.challengeCardLead}</p>
      <ol className="hx-challenge-card__prompts">
        {cardPrompts.map((p, i) => (
          <li key={i} data-testid="challenge-card-prompt">
            {p}
          </li>
        ))}
      </ol>
      <div className="hx-challenge-card__code">
        <QrCode value={link} label={s.sheetEventQr(link)} className="hx-qr hx-qr--challenge" />
        <p className="hx-sheet__code-text">
          {s.challengeCardScan}
          <br />
          {s.sheetEventCode} <strong>{event.code}</strong>
        </p>
      </div>
    </article>
  );

  /** Four A6 cards on an A4 sheet with cutting marks (table cards, challenge cards). */
  const fourUp = (cells: ReactNode[], key?: number) => (
    <div key={key} className="hx-sheet4" data-testid="print-sheet-4up">
      {cells.map((cell, i) => (
        <div key={i} className="hx-sheet4__cell">
          {cell}
        </div>
      ))}
      {/* cutting marks along the two cuts that halve the sheet each way */}
      <span className="hx-cut hx-cut--v" aria-hidden="true" data-testid="cut-mark" />
      <span className="hx-cut hx-cut--h" aria-hidden="true" data-testid="cut-mark" />
      <Scissors className="hx-cut__scissors" aria-hidden="true" />
    </div>
  );

  const challengeSheets = () => {
    if (!prompts) return <Spinner />;
    if (prompts.length === 0)
      return (
        <p className="hx-print__notice" role="alert" data-testid="no-challenges">
          {h.printNoChallenges}
        </p>
      );
    const cards = promptsForCards(prompts, tables).map(challengeCard);
    const sheets = Array.from({ length: Math.ceil(cards.length / CARDS_PER_SHEET) }, (_, i) =>
      cards.slice(i * CARDS_PER_SHEET, (i + 1) * CARDS_PER_SHEET),
    );
    return <div className="hx-sheets">{sheets.map((cells, i) => fourUp(cells, i))}</div>;
  };

  /** The couple's card: their settings page as a QR code, what it is for, and to keep it to themselves. */
  const coupleSheet = (token: string) => {
    const coupleLink = settingsLink(config.publicUrl, token);
    return (
      <article
        className="hx-sheet hx-sheet--couple"
        data-testid="couple-sheet"
        lang={event.language}
        style={{ ['--p' as string]: primary }}
      >
        <header className="hx-sheet__head" style={{ background: `linear-gradient(135deg, ${primary}, ${secondary})`, color: onPrimary }}>
          <h1 className="hx-sheet__title">{s.coupleCardTitle}</h1>
          <p className="hx-sheet__tag">{event.name}</p>
          <p className="hx-sheet__date" data-testid="print-date">
            {day}
          </p>
        </header>
        <p className="hx-sheet__lead">{s.coupleCardLead}</p>
        <QrCode value={coupleLink} label={s.coupleQr} className="hx-qr hx-qr--event" testId="couple-qr" />
        <p className="hx-sheet__private">{s.coupleCardPrivate}</p>
      </article>
    );
  };

  return (
    <div className={`hx hx-print hx-print--${format}`}>
      <div className="hx-print__toolbar hx-no-print">
        <Link className="hx-btn hx-btn--ghost" to={backHref}>
          <ArrowLeft size={17} /> {h.back}
        </Link>
        <strong className="hx-print__heading">{h.printTitle}</strong>
        <div className="hx-segmented" role="radiogroup" aria-label={h.paperSize}>
          {FORMATS.map((f) => (
            <button
              key={f}
              type="button"
              role="radio"
              aria-checked={format === f}
              className={format === f ? 'is-active' : ''}
              onClick={() => setFormat(f)}
            >
              {h.printFormats[f]}
            </button>
          ))}
        </div>
        {format === 'challenges' && (
          <label className="hx-print__tables">
            {h.printTables}
            <input
              type="number"
              min={1}
              max={MAX_TABLES}
              value={tables}
              onChange={(e) => setParam('tables', e.target.value || null)}
              data-testid="print-tables"
            />
          </label>
        )}
        <button type="button" className="hx-btn hx-btn--primary" onClick={() => window.print()}>
          <Printer size={17} /> {h.print}
        </button>
      </div>
      <UnreachableLinksWarning config={config} admin={!clientToken} />
      <PrintOptions event={event} clientToken={clientToken} draft={draft} onChange={setDraft} />
      {!wifi && (
        <p className="hx-print__notice hx-no-print">
          {h.noWifiNotice} {clientToken ? h.noWifiHost : h.noWifiAdmin}
        </p>
      )}

      <div className="hx-sheet-wrap">
        {format === 'couple' ? (
          coupleToken ? (
            coupleSheet(coupleToken)
          ) : (
            <p className="hx-print__notice" role="alert">
              {h.coupleNoLink}
            </p>
          )
        ) : format === 'cards4' ? (
          fourUp([0, 1, 2, 3].map(() => sheet()))
        ) : format === 'challenges' ? (
          challengeSheets()
        ) : format === 'tent' ? (
          // folded along the middle it stands on the table: the back half upside down, so it reads from both sides
          <div className="hx-tent" data-testid="print-tent">
            <div className="hx-tent__half hx-tent__half--back" data-testid="tent-back">
              {sheet()}
            </div>
            <div className="hx-fold" data-testid="fold-line">
              <span>{s.sheetFold}</span>
            </div>
            <div className="hx-tent__half">{sheet()}</div>
          </div>
        ) : (
          sheet()
        )}
      </div>
    </div>
  );
}
