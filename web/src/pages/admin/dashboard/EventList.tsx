import { useState } from 'react';
import { CalendarPlus, Film, HardDrive, Search, X } from 'lucide-react';
import type { AdminEventDto, BoxStatus } from '../../../../../src/http/api-types';
import { Spinner } from '../../../components/Spinner';
import { EventCard, type CardAction } from '../../../components/admin/EventCard';
import { filterEvents } from '../../../host/events';
import { formatGb } from '../../../host/format';
import { localeOf, useHostT, useLanguage } from '../../../i18n';
import type { ExportProgress } from '../../../host/zip-export';

interface Props {
  /** null while loading; [] also when loading failed (the error shows instead of the empty state) */
  events: AdminEventDto[] | null;
  loadFailed: boolean;
  onRetry: () => void;
  box: BoxStatus | null;
  publicUrl: string;
  exports: Record<number, ExportProgress>;
  onCreate: () => void;
  onAction: (a: CardAction, ev: AdminEventDto) => void;
}

/** 'Event Management': the count, the box's state, the search, and the event cards (or why there are none). */
export function EventList({ events, loadFailed, onRetry, box, publicUrl, exports, onCreate, onAction }: Props) {
  const h = useHostT();
  const locale = localeOf(useLanguage());
  const [query, setQuery] = useState('');
  const visible = events ? filterEvents(events, query) : [];

  return (
    <section aria-labelledby="events-title">
      <div className="hx-section-head">
        <div>
          <h1 id="events-title">{h.eventManagement}</h1>
          <p className="hx-muted">{events ? h.eventCount(events.length) : h.loadingEvents}</p>
          {box && (
            <p className="hx-box-status" data-testid="box-status">
              <span className={box.disk.ok ? '' : 'hx-text-danger'} data-testid="box-disk">
                <HardDrive size={15} aria-hidden="true" /> {h.freeOnBox(formatGb(box.disk.free_bytes, locale))}
              </span>
              <span data-testid="box-queue">
                <Film size={15} aria-hidden="true" /> {h.videoQueue(box.video_queue)}
              </span>
            </p>
          )}
        </div>
        <div className="hx-section-head__tools">
          <label className="hx-search">
            <Search size={17} aria-hidden="true" />
            <input
              type="search"
              placeholder={h.searchPlaceholder}
              aria-label={h.searchEvents}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
            />
          </label>
          <button type="button" className="hx-btn hx-btn--primary" onClick={onCreate}>
            <CalendarPlus size={17} /> {h.createEvent}
          </button>
        </div>
      </div>

      {loadFailed && (
        <div className="hx-alert hx-alert--error" role="alert">
          {h.loadEventsFailed}
          <button type="button" className="hx-link-btn" onClick={onRetry}>
            {h.retry}
          </button>
        </div>
      )}

      {events === null ? (
        <Spinner />
      ) : events.length === 0 ? (
        !loadFailed && (
          <div className="hx-empty">
            <CalendarPlus size={40} aria-hidden="true" />
            <h2>{h.noEvents}</h2>
            <p className="hx-muted">{h.noEventsHint}</p>
            <button type="button" className="hx-btn hx-btn--primary" onClick={onCreate}>
              <CalendarPlus size={17} /> {h.createEvent}
            </button>
          </div>
        )
      ) : visible.length === 0 ? (
        <div className="hx-empty">
          <Search size={40} aria-hidden="true" />
          <h2>{h.noMatch(query.trim())}</h2>
          <p className="hx-muted">{h.noMatchHint}</p>
          <button type="button" className="hx-btn hx-btn--secondary" onClick={() => setQuery('')}>
            <X size={16} /> {h.clearSearch}
          </button>
        </div>
      ) : (
        <div className="hx-cards">
          {visible.map((ev) => (
            <EventCard key={ev.id} event={ev} publicUrl={publicUrl} exporting={exports[ev.id] ?? null} onAction={onAction} />
          ))}
        </div>
      )}
    </section>
  );
}
