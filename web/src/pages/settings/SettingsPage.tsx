import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import {
  AlertTriangle,
  BarChart3,
  ExternalLink,
  FileArchive,
  FolderOpen,
  Home,
  Images,
  MonitorPlay,
  Printer,
  Settings,
} from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import type { AlbumDto } from '../../../../src/http/api-types';
import { hostQueries } from '../../api/queries';
import { Spinner } from '../../components/Spinner';
import { Toaster } from '../../components/admin/toast';
import { AlbumsTab } from '../../components/settings/AlbumsTab';
import { ExportTab } from '../../components/settings/ExportTab';
import { GeneralTab } from '../../components/settings/GeneralTab';
import { StatsTab } from '../../components/settings/StatsTab';
import { withCreatedFirst } from '../../components/albums/album-draft';
import { UploadsTab } from '../../components/settings/UploadsTab';
import { WallTab } from '../../components/settings/WallTab';
import { HostBrand } from '../../components/HostBrand';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { HostStrings, useHostT } from '../../i18n';
import '../../styles/admin.css';

type Tab = 'general' | 'albums' | 'stats' | 'export' | 'uploads' | 'wall';

const TABS: { id: Tab; icon: typeof Settings; beta?: boolean }[] = [
  { id: 'general', icon: Settings },
  { id: 'albums', icon: FolderOpen },
  { id: 'stats', icon: BarChart3, beta: true },
  { id: 'export', icon: FileArchive },
  // additions of issue 14, after the spec's four
  { id: 'uploads', icon: Images },
  { id: 'wall', icon: MonitorPlay },
];

/** The couple's page in the language of their browser or their choice (the switcher in the header). */
export default function SettingsPage() {
  return (
    <HostStrings fallback={<Spinner fullscreen />}>
      <SettingsScreen />
    </HostStrings>
  );
}

function SettingsScreen() {
  const h = useHostT();
  const c = h.couple;
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const settings = useQuery(hostQueries.settings(token));
  const event = settings.data?.event ?? null;
  /** albums created on this page, newest first: they stay on top of the list (spec) until the page is left */
  const [createdHere, setCreatedHere] = useState<number[]>([]);
  const albums = withCreatedFirst(settings.data?.albums ?? [], createdHere);
  const [tab, setTab] = useState<Tab>('general');
  const [editRequest, setEditRequest] = useState<{ album: AlbumDto; n: number } | null>(null);
  const editCounter = useRef(0);

  useEffect(() => {
    document.title = event ? c.pageTitle(event.name) : c.pageTitleLoading;
  }, [event, c]);

  if (settings.isPending) return <Spinner fullscreen label={c.loading} />;

  if (!event)
    return (
      <div className="hx hx-error-page">
        <div className="hx-error-panel" role="alert">
          <span className="hx-error-panel__icon" aria-hidden="true">
            <AlertTriangle size={28} />
          </span>
          <h1>{c.settingsTag}</h1>
          <p>{c.loadFailed}</p>
          <button type="button" className="hx-btn hx-btn--primary" onClick={() => navigate('/')}>
            <Home size={17} /> {c.returnHome}
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
          <HostBrand>
            <div className="hx-brand__stack">
              <span className="hx-brand__tag">{c.settingsTag}</span>
              <h1 className="hx-brand__event">{event.name}</h1>
            </div>
            {/* beside the title, not among the actions: the toasts sit left of those (top-right) */}
            <LanguageSwitcher label={h.languageLabel} className="language-switcher hx-brand__language" />
          </HostBrand>
          <nav className="hx-topbar__actions" aria-label={c.eventNav}>
            <a
              className="hx-btn hx-btn--ghost"
              href={`/print/${event.id}?token=${encodeURIComponent(token)}`}
              target="_blank"
              rel="noopener noreferrer"
            >
              <Printer size={17} /> {c.printQr}
            </a>
            <a
              className="hx-btn hx-btn--secondary"
              href={`/event/${encodeURIComponent(event.code)}`}
              target="_blank"
              rel="noopener noreferrer"
            >
              <ExternalLink size={17} /> {c.viewEvent}
            </a>
          </nav>
        </div>
        <div className="hx-tabs" role="tablist" aria-label={c.sections}>
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
              {c.tabs[t.id]}
              {t.beta && <span className="hx-beta">{c.beta}</span>}
            </button>
          ))}
        </div>
      </header>

      <main className="hx-main">
        <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
          {tab === 'general' && <GeneralTab token={token} event={event} />}
          {tab === 'albums' && (
            <AlbumsTab
              token={token}
              albums={albums}
              onCreated={(a) => setCreatedHere((ids) => [a.id, ...ids])}
              editRequest={editRequest}
              onEdit={onEdit}
            />
          )}
          {tab === 'stats' && <StatsTab token={token} />}
          {tab === 'export' && <ExportTab token={token} event={event} albums={albums} />}
          {tab === 'uploads' && <UploadsTab token={token} event={event} albums={albums} />}
          {tab === 'wall' && <WallTab token={token} event={event} />}
        </div>
      </main>
    </div>
  );
}
