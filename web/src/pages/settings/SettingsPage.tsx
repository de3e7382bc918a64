import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from '../../lib/router';
import { AlertTriangle, ExternalLink, Home, Printer } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import type { AlbumDto } from '../../../../src/http/api-types';
import { hostQueries } from '../../api/queries';
import { Spinner } from '../../components/Spinner';
import { Toaster } from '../../components/admin/toast';
import { withCreatedFirst } from '../../components/albums/album-draft';
import { HostBrand } from '../../components/HostBrand';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { HostStrings, useHostT } from '../../i18n';
import { SECTIONS, type SectionId, type SectionProps } from './sections';
import '../../styles/admin.css';

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
  const [tab, setTab] = useState<SectionId>('home');
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

  const go = (id: SectionId) => {
    setTab(id);
    if (id !== 'albums') setEditRequest(null);
    window.scrollTo({ top: 0 });
  };
  const section: SectionProps = {
    token,
    event,
    albums,
    facePercent: settings.data?.face_progress.percent ?? 0,
    onAlbumCreated: (a) => setCreatedHere((ids) => [a.id, ...ids]),
    editRequest,
    onEditAlbum: (a) => {
      setTab('albums');
      setEditRequest({ album: a, n: ++editCounter.current });
    },
    go,
  };
  const current = SECTIONS.find((s) => s.id === tab) ?? SECTIONS[0];

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
        {/* a wrapping grid, not a scrolling row: every section in sight on a 360 px phone */}
        <div className="hx-tabs" role="tablist" aria-label={c.sections}>
          {SECTIONS.map((t) => (
            <button
              key={t.id}
              type="button"
              role="tab"
              id={`tab-${t.id}`}
              aria-selected={tab === t.id}
              aria-controls={`panel-${t.id}`}
              className={`hx-tab${tab === t.id ? ' is-active' : ''}`}
              onClick={() => go(t.id)}
            >
              <t.icon size={16} aria-hidden="true" />
              <span>{c.tabs[t.id]}</span>
            </button>
          ))}
        </div>
      </header>

      <main className="hx-main">
        <div role="tabpanel" id={`panel-${current.id}`} aria-labelledby={`tab-${current.id}`}>
          {current.render(section)}
        </div>
      </main>
    </div>
  );
}
