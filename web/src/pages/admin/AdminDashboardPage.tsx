import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { CalendarPlus, Camera, Film, HardDrive, KeyRound, KeySquare, LogOut, Search, Wifi, X } from 'lucide-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { AdminEventDto, AlbumDto } from '../../../../src/http/api-types';
import { adminApi } from '../../api/admin';
import { openLive } from '../../api/live';
import { adminToken } from '../../api/http';
import { adminQueries, configQuery, invalidateAdminEvent, invalidateAdminEvents, queryKeys } from '../../api/queries';
import { queryClient } from '../../api/query-client';
import { Spinner } from '../../components/Spinner';
import { AlbumsModal } from '../../components/admin/AlbumsModal';
import { ApiKeysModal } from '../../components/admin/ApiKeysModal';
import { ChangePasswordModal } from '../../components/admin/ChangePasswordModal';
import { ConfirmModal } from '../../components/admin/ConfirmModal';
import { EventCard, type CardAction } from '../../components/admin/EventCard';
import { EventFormModal } from '../../components/admin/EventFormModal';
import { filterEvents } from '../../components/admin/host-utils';
import { StatsModal } from '../../components/admin/StatsModal';
import { Toaster } from '../../components/admin/toast';
import { hostToast } from '../../store/toast-store';
import { UnreachableLinksWarning } from '../../components/admin/UnreachableLinksWarning';
import { UploadersModal } from '../../components/admin/UploadersModal';
import { WifiModal } from '../../components/admin/WifiModal';
import { exportFiles, runZipExport, safeFileName, type ExportProgress } from '../../components/admin/zip-export';
import '../../styles/admin.css';

/** Changes arriving together (a guest's batch) refetch the events list once. */
const LIVE_RELOAD_MS = 1_000;

type ModalState =
  | { kind: 'none' }
  | { kind: 'create' }
  | { kind: 'edit' | 'albums' | 'stats' | 'delete' | 'uploaders'; event: AdminEventDto }
  | { kind: 'apikeys' }
  | { kind: 'wifi' }
  | { kind: 'password' };

/** Free space as GB with one decimal (MB below 1 GB). */
function formatGb(bytes: number): string {
  return bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(1)} GB` : `${Math.round(bytes / 1024 ** 2)} MB`;
}

export default function AdminDashboardPage() {
  const navigate = useNavigate();
  const hasToken = !!adminToken.get();
  const eventsQuery = useQuery({ ...adminQueries.events(), enabled: hasToken });
  // failed before anything arrived: the error and no empty state (the events are unknown, not absent)
  const events = eventsQuery.data ?? (eventsQuery.isError ? [] : null);
  const loadError = eventsQuery.isError ? 'Failed to load events' : '';
  const box = useQuery({ ...adminQueries.box(), enabled: hasToken }).data ?? null;
  const config = useQuery({ ...configQuery(), enabled: hasToken }).data ?? null;
  const publicUrl = config?.publicUrl ?? location.origin;
  const [query, setQuery] = useState('');
  const [modal, setModal] = useState<ModalState>({ kind: 'none' });
  const [exports, setExports] = useState<Record<number, ExportProgress>>({});

  useEffect(() => {
    document.title = 'Dashboard · Momentbox';
    if (!hasToken) navigate('/admin', { replace: true });
  }, [hasToken, navigate]);

  // Upload counts and sizes follow the events' live streams: a batch of changes of one event refetches once.
  const eventIds = events?.map((e) => e.id).join(',') ?? '';
  useEffect(() => {
    if (!eventIds) return;
    const timers = new Map<number, number>();
    const closers = eventIds.split(',').map((id) =>
      openLive(Number(id), () => {
        window.clearTimeout(timers.get(Number(id)));
        timers.set(Number(id), window.setTimeout(() => void invalidateAdminEvent(Number(id)), LIVE_RELOAD_MS));
      }),
    );
    return () => {
      for (const timer of timers.values()) window.clearTimeout(timer);
      for (const close of closers) close();
    };
  }, [eventIds]);

  const deleteEvent = useMutation({
    mutationFn: (ev: AdminEventDto) => adminApi.deleteEvent(ev.id),
    onSuccess: async (_, ev) => {
      queryClient.removeQueries({ queryKey: queryKeys.admin.event(ev.id) });
      await invalidateAdminEvents();
      hostToast.success(`Event “${ev.name}” deleted`);
      setModal({ kind: 'none' });
    },
    onError: () => hostToast.error('Failed to delete event'),
  });

  if (!hasToken) return null;

  const close = () => setModal({ kind: 'none' });

  const logout = async () => {
    await adminApi.logout();
    navigate('/admin', { replace: true });
  };

  const setProgress = (id: number, p: ExportProgress | null) =>
    setExports((all) => {
      const next = { ...all };
      if (p) next[id] = p;
      else delete next[id];
      return next;
    });

  /** The event's ZIP, or one album's (the Export note's advice when the whole event is too much at once). */
  const exportEvent = async (ev: AdminEventDto, album?: AlbumDto) => {
    setProgress(ev.id, { done: 0, total: 0, percent: 0, mode: 'preparing' });
    let files;
    try {
      files = exportFiles(await adminApi.exportJson(ev.id), album?.id);
    } catch {
      setProgress(ev.id, null);
      hostToast.error('Backup fehlgeschlagen. Bitte versuchen Sie es erneut.');
      return;
    }
    if (files.total === 0) {
      setProgress(ev.id, null);
      hostToast.error('Keine Uploads zum Exportieren vorhanden');
      return;
    }
    try {
      // A download link cannot send the Bearer header: a single-use one-minute ticket URL authorises itself.
      const how = await runZipExport({
        url: async () => {
          const { url } = await adminApi.exportTicket(ev.id);
          return album ? `${url}&albumId=${album.id}` : url;
        },
        fallbackName: album ? `${safeFileName(ev.code)}_${safeFileName(album.name)}_export.zip` : `${safeFileName(ev.code)}_export.zip`,
        files,
        onProgress: (p) => setProgress(ev.id, p),
      });
      if (how !== 'cancelled') hostToast.success('Export erfolgreich abgeschlossen');
    } catch {
      hostToast.error('Fehler beim Exportieren der Medien');
    } finally {
      setTimeout(() => setProgress(ev.id, null), 4000);
    }
  };

  const onAction = (a: CardAction, ev: AdminEventDto) => {
    if (a === 'export') void exportEvent(ev);
    else setModal({ kind: a === 'uploaders' ? 'uploaders' : a, event: ev });
  };

  const visible = events ? filterEvents(events, query) : [];

  return (
    <div className="hx hx-dashboard">
      <Toaster />
      <header className="hx-topbar">
        <div className="hx-topbar__inner">
          <div className="hx-brand">
            <span className="hx-logo" aria-hidden="true">
              <Camera size={20} />
            </span>
            <span className="hx-brand__name">Momentbox</span>
            <span className="hx-brand__tag">Admin</span>
          </div>
          <nav className="hx-topbar__actions" aria-label="Account">
            <button type="button" className="hx-btn hx-btn--ghost" onClick={() => setModal({ kind: 'apikeys' })} title="API keys for photo-booth integration">
              <KeySquare size={17} /> API keys
            </button>
            <button type="button" className="hx-btn hx-btn--ghost" onClick={() => setModal({ kind: 'wifi' })} title="Venue Wi-Fi for the printed QR cards">
              <Wifi size={17} /> Wi-Fi
            </button>
            <button type="button" className="hx-btn hx-btn--ghost" onClick={() => setModal({ kind: 'password' })}>
              <KeyRound size={17} /> Change Password
            </button>
            <button type="button" className="hx-btn hx-btn--secondary" onClick={logout}>
              <LogOut size={17} /> Logout
            </button>
          </nav>
        </div>
      </header>

      <main className="hx-main">
        {config && <UnreachableLinksWarning config={config} admin />}
        <section aria-labelledby="events-title">
          <div className="hx-section-head">
            <div>
              <h1 id="events-title">Event Management</h1>
              <p className="hx-muted">
                {events ? `${events.length} ${events.length === 1 ? 'event' : 'events'}` : 'Loading events…'}
              </p>
              {box && (
                <p className="hx-box-status" data-testid="box-status">
                  <span className={box.disk.ok ? '' : 'hx-text-danger'} data-testid="box-disk">
                    <HardDrive size={15} aria-hidden="true" /> {formatGb(box.disk.free_bytes)} free on the box
                  </span>
                  <span data-testid="box-queue">
                    <Film size={15} aria-hidden="true" /> {box.video_queue === 0 ? 'no videos waiting for conversion' : `${box.video_queue} ${box.video_queue === 1 ? 'video' : 'videos'} waiting for conversion`}
                  </span>
                </p>
              )}
            </div>
            <div className="hx-section-head__tools">
              <label className="hx-search">
                <Search size={17} aria-hidden="true" />
                <input
                  type="search"
                  placeholder="Search by name or code"
                  aria-label="Search events"
                  value={query}
                  onChange={(e) => setQuery(e.target.value)}
                />
              </label>
              <button type="button" className="hx-btn hx-btn--primary" onClick={() => setModal({ kind: 'create' })}>
                <CalendarPlus size={17} /> Create New Event
              </button>
            </div>
          </div>

          {loadError && (
            <div className="hx-alert hx-alert--error" role="alert">
              {loadError}
              <button type="button" className="hx-link-btn" onClick={() => void eventsQuery.refetch()}>
                Retry
              </button>
            </div>
          )}

          {events === null ? (
            <Spinner />
          ) : events.length === 0 ? (
            !loadError && (
              <div className="hx-empty">
                <CalendarPlus size={40} aria-hidden="true" />
                <h2>No events found</h2>
                <p className="hx-muted">Create your first event to get a guest link and QR code.</p>
                <button type="button" className="hx-btn hx-btn--primary" onClick={() => setModal({ kind: 'create' })}>
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
                <EventCard
                  key={ev.id}
                  event={ev}
                  publicUrl={publicUrl}
                  exporting={exports[ev.id] ?? null}
                  onAction={onAction}
                />
              ))}
            </div>
          )}
        </section>
      </main>

      {(modal.kind === 'create' || modal.kind === 'edit') && (
        <EventFormModal
          event={modal.kind === 'edit' ? modal.event : null}
          onClose={close}
          onSaved={(created) => {
            hostToast.success(created ? 'Event created successfully' : 'Event updated successfully');
            close();
          }}
        />
      )}
      {modal.kind === 'albums' && (
        <AlbumsModal
          event={modal.event}
          exporting={exports[modal.event.id] ?? null}
          onExportAlbum={(album) => {
            const ev = modal.event;
            close();
            void exportEvent(ev, album);
          }}
          onClose={close}
        />
      )}
      {modal.kind === 'stats' && <StatsModal event={modal.event} onClose={close} />}
      {modal.kind === 'uploaders' && <UploadersModal event={modal.event} onClose={close} />}
      {modal.kind === 'apikeys' && <ApiKeysModal onClose={close} />}
      {modal.kind === 'wifi' && <WifiModal onClose={close} />}
      {modal.kind === 'password' && <ChangePasswordModal onClose={close} onLoggedOut={() => navigate('/admin', { replace: true })} />}
      {modal.kind === 'delete' && (
        <ConfirmModal title="Delete Event" confirmLabel="Delete event" busy={deleteEvent.isPending} onClose={close} onConfirm={() => deleteEvent.mutate(modal.event)}>
          <p>
            Delete <strong>{modal.event.name}</strong> ({modal.event.code})?
          </p>
          <p className="hx-muted">All albums, photos and videos of this event are permanently deleted. This cannot be undone.</p>
        </ConfirmModal>
      )}
    </div>
  );
}
