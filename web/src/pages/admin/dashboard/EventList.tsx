import { useState } from 'react';
import { CalendarPlus, Film, HardDrive, Search, X } from 'lucide-react';
import type { AdminEventDto, BoxStatus } from '../../../../../src/http/api-types';
import { Spinner } from '../../../components/Spinner';
import { EventCard, type CardAction } from '../../../components/admin/EventCard';
import { filterEvents } from '../../../host/events';
import type { ExportProgress } from '../../../host/zip-export';

/** Free space as GB with one decimal (MB below 1 GB). */
function formatGb(bytes: number): string {
  return bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(1)} GB` : `${Math.round(bytes / 1024 ** 2)} MB`;
}

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
  const [query, setQuery] = useState('');
  const visible = events ? filterEvents(events, query) : [];

  return (
    <section aria-labelledby="events-title">
      <div className="hx-section-head">
        <div>
          <h1 id="events-title">Event Management</h1>
          <p className="hx-muted">{events ? `${events.length} ${events.length === 1 ? 'event' : 'events'}` : 'Loading events…'}</p>
          {box && (
            <p className="hx-box-status" data-testid="box-status">
              <span className={box.disk.ok ? '' : 'hx-text-danger'} data-testid="box-disk">
                <HardDrive size={15} aria-hidden="true" /> {formatGb(box.disk.free_bytes)} free on the box
              </span>
              <span data-testid="box-queue">
                <Film size={15} aria-hidden="true" />{' '}
                {box.video_queue === 0 ? 'no videos waiting for conversion' : `${box.video_queue} ${box.video_queue === 1 ? 'video' : 'videos'} waiting for conversion`}
              </span>
            </p>
          )}
        </div>
        <div className="hx-section-head__tools">
          <label className="hx-search">
            <Search size={17} aria-hidden="true" />
            <input type="search" placeholder="Search by name or code" aria-label="Search events" value={query} onChange={(e) => setQuery(e.target.value)} />
          </label>
          <button type="button" className="hx-btn hx-btn--primary" onClick={onCreate}>
            <CalendarPlus size={17} /> Create New Event
          </button>
        </div>
      </div>

      {loadFailed && (
        <div className="hx-alert hx-alert--error" role="alert">
          Failed to load events
          <button type="button" className="hx-link-btn" onClick={onRetry}>
            Retry
          </button>
        </div>
      )}

      {events === null ? (
        <Spinner />
      ) : events.length === 0 ? (
        !loadFailed && (
          <div className="hx-empty">
            <CalendarPlus size={40} aria-hidden="true" />
            <h2>No events found</h2>
            <p className="hx-muted">Create your first event to get a guest link and QR code.</p>
            <button type="button" className="hx-btn hx-btn--primary" onClick={onCreate}>
              <CalendarPlus size={17} /> Create New Event
            </button>
          </div>
        )
      ) : visible.length === 0 ? (
        <div className="hx-empty">
          <Search size={40} aria-hidden="true" />
          <h2>No events match “{query.trim()}”</h2>
          <p className="hx-muted">Search looks at event names and codes.</p>
          <button type="button" className="hx-btn hx-btn--secondary" onClick={() => setQuery('')}>
            <X size={16} /> Clear search
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
