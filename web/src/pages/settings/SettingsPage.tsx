import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { AlertTriangle, BarChart3, Camera, ExternalLink, FileArchive, FolderOpen, Home, Images, MonitorPlay, Printer, Settings } from 'lucide-react';
import type { AlbumDto, EventDto } from '../../../../src/http/api-types';
import { clientApi } from '../../api/client-settings';
import { Spinner } from '../../components/Spinner';
import { Toaster } from '../../components/admin/toast';
import { hostToast } from '../../store/toast-store';
import { AlbumsTab } from '../../components/settings/AlbumsTab';
import { ExportTab } from '../../components/settings/ExportTab';
import { GeneralTab } from '../../components/settings/GeneralTab';
import { StatsTab, type StatsState } from '../../components/settings/StatsTab';
import { UploadsTab } from '../../components/settings/UploadsTab';
import { WallTab } from '../../components/settings/WallTab';
import '../../styles/admin.css';

type Tab = 'general' | 'albums' | 'stats' | 'export' | 'uploads' | 'wall';

const TABS: { id: Tab; label: string; icon: typeof Settings; beta?: boolean }[] = [
  { id: 'general', label: 'General Settings', icon: Settings },
  { id: 'albums', label: 'Albums', icon: FolderOpen },
  { id: 'stats', label: 'Statistiken', icon: BarChart3, beta: true },
  { id: 'export', label: 'Export', icon: FileArchive },
  // additions of issue 14, after the spec's four
  { id: 'uploads', label: 'Uploads', icon: Images },
  { id: 'wall', label: 'Live-Wand', icon: MonitorPlay },
];

export default function SettingsPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [state, setState] = useState<'loading' | 'loaded' | 'error'>('loading');
  const [event, setEvent] = useState<EventDto | null>(null);
  const [albums, setAlbumsState] = useState<AlbumDto[]>([]);
  const [tab, setTab] = useState<Tab>('general');
  const [stats, setStats] = useState<StatsState>({ status: 'idle' });
  const [editRequest, setEditRequest] = useState<{ album: AlbumDto; n: number } | null>(null);
  const editCounter = useRef(0);

  useEffect(() => {
    let live = true;
    setState('loading');
    clientApi
      .settings(token)
      .then((s) => {
        if (!live) return;
        setEvent(s.event);
        setAlbumsState(s.albums ?? []);
        setState('loaded');
      })
      .catch(() => live && setState('error'));
    return () => {
      live = false;
    };
  }, [token]);

  useEffect(() => {
    document.title = event ? `${event.name} · Settings` : 'Event Settings · Momentbox';
  }, [event]);

  const loadStats = useCallback(() => {
    setStats({ status: 'loading' });
    clientApi
      .statistics(token)
      .then((s) => setStats({ status: 'ready', stats: s }))
      .catch(() => {
        setStats({ status: 'error' });
        hostToast.error('Fehler beim Laden der Statistiken');
      });
  }, [token]);

  // Statistiken are loaded lazily, on the first opening of the tab
  useEffect(() => {
    if (tab === 'stats' && stats.status === 'idle') loadStats();
  }, [tab, stats.status, loadStats]);

  const setAlbums = useCallback((update: (list: AlbumDto[]) => AlbumDto[]) => setAlbumsState((l) => update(l)), []);

  if (state === 'loading') return <Spinner fullscreen label="Event wird geladen" />;

  if (state === 'error' || !event)
    return (
      <div className="hx hx-error-page">
        <div className="hx-error-panel" role="alert">
          <span className="hx-error-panel__icon" aria-hidden="true">
            <AlertTriangle size={28} />
          </span>
          <h1>Event-Einstellungen</h1>
          <p>Ungültiger Token oder Fehler beim Laden der Event-Daten.</p>
          <button type="button" className="hx-btn hx-btn--primary" onClick={() => navigate('/')}>
            <Home size={17} /> Return to Home
          </button>
        </div>
      </div>
    );

  const onEdit = (a: AlbumDto) => {
    setTab('albums');
    setEditRequest({ album: a, n: ++editCounter.current });
  };

  return (
    <div className="hx hx-settings" style={{ ['--event-primary' as string]: event.primary_color }}>
      <Toaster />
      <header className="hx-topbar hx-topbar--settings">
        <div className="hx-topbar__inner">
          <div className="hx-brand">
            <span className="hx-logo" aria-hidden="true">
              <Camera size={20} />
            </span>
            <div className="hx-brand__stack">
              <span className="hx-brand__tag">Event-Einstellungen</span>
              <h1 className="hx-brand__event">{event.name}</h1>
            </div>
          </div>
          <nav className="hx-topbar__actions" aria-label="Event">
            <a className="hx-btn hx-btn--ghost" href={`/print/${event.id}?token=${encodeURIComponent(token)}`} target="_blank" rel="noopener noreferrer">
              <Printer size={17} /> QR-Code drucken
            </a>
            <a className="hx-btn hx-btn--secondary" href={`/event/${encodeURIComponent(event.code)}`} target="_blank" rel="noopener noreferrer">
              <ExternalLink size={17} /> Event anzeigen
            </a>
          </nav>
        </div>
        <div className="hx-tabs" role="tablist" aria-label="Settings sections">
          {TABS.map((t) => (
            <button
              key={t.id}
              type="button"
              role="tab"
              id={`tab-${t.id}`}
              aria-selected={tab === t.id}
              aria-controls={`panel-${t.id}`}
              className={`hx-tab${tab === t.id ? ' is-active' : ''}`}
              onClick={() => {
                setTab(t.id);
                if (t.id !== 'albums') setEditRequest(null);
              }}
            >
              <t.icon size={16} aria-hidden="true" />
              {t.label}
              {t.beta && <span className="hx-beta">Beta</span>}
            </button>
          ))}
        </div>
      </header>

      <main className="hx-main">
        <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
          {tab === 'general' && <GeneralTab token={token} event={event} onSaved={setEvent} />}
          {tab === 'albums' && <AlbumsTab token={token} albums={albums} setAlbums={setAlbums} editRequest={editRequest} onEdit={onEdit} />}
          {tab === 'stats' && <StatsTab state={stats} onRetry={loadStats} />}
          {tab === 'export' && <ExportTab token={token} event={event} albums={albums} />}
          {tab === 'uploads' && <UploadsTab token={token} event={event} albums={albums} onSaved={setEvent} />}
          {tab === 'wall' && <WallTab token={token} event={event} onSaved={setEvent} />}
        </div>
      </main>
    </div>
  );
}
