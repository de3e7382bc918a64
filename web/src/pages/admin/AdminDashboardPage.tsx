import { useEffect, useState } from 'react';
import { useNavigate } from '../../lib/router';
import { useQuery } from '@tanstack/react-query';
import type { AdminEventDto } from '../../../../src/http/api-types';
import { adminApi } from '../../api/admin';
import { adminToken } from '../../api/http';
import { adminQueries, configQuery } from '../../api/queries';
import type { CardAction } from '../../components/admin/EventCard';
import { Toaster } from '../../components/admin/toast';
import { UnreachableLinksWarning } from '../../components/admin/UnreachableLinksWarning';
import { useHostT } from '../../i18n';
import { BackupSection } from './dashboard/BackupSection';
import { DashboardDialogs, type DialogState } from './dashboard/DashboardDialogs';
import { DashboardHeader } from './dashboard/DashboardHeader';
import { EventList } from './dashboard/EventList';
import { useEventExport } from './dashboard/use-event-export';
import { useLiveEvents } from './dashboard/use-live-events';
import '../../styles/admin.css';

/** The admin's dashboard: the account bar, the events, and the dialog open on them. Without a token: the login. */
export default function AdminDashboardPage() {
  const h = useHostT();
  const navigate = useNavigate();
  const hasToken = !!adminToken.get();
  const eventsQuery = useQuery({ ...adminQueries.events(), enabled: hasToken });
  // failed before anything arrived: the error and no empty state (the events are unknown, not absent)
  const events = eventsQuery.data ?? (eventsQuery.isError ? [] : null);
  const box = useQuery({ ...adminQueries.box(), enabled: hasToken }).data ?? null;
  const config = useQuery({ ...configQuery(), enabled: hasToken }).data ?? null;
  const [dialog, setDialog] = useState<DialogState>({ kind: 'none' });
  const { exports, exportEvent } = useEventExport();
  useLiveEvents(events?.map((e) => e.id));

  useEffect(() => {
    document.title = h.dashboardTitle;
    if (!hasToken) navigate('/admin', { replace: true });
  }, [hasToken, navigate, h]);

  if (!hasToken) return null;

  const close = () => setDialog({ kind: 'none' });
  const toLogin = () => navigate('/admin', { replace: true });
  const logout = async () => {
    await adminApi.logout();
    toLogin();
  };
  const onAction = (a: CardAction, ev: AdminEventDto) => {
    if (a === 'export') void exportEvent(ev);
    else setDialog({ kind: a, event: ev });
  };

  return (
    <div className="hx hx-dashboard">
      <Toaster />
      <DashboardHeader onOpen={(kind) => setDialog({ kind })} onLogout={() => void logout()} />
      <main className="hx-main">
        {config && <UnreachableLinksWarning config={config} admin />}
        <EventList
          events={events}
          loadFailed={eventsQuery.isError}
          onRetry={() => void eventsQuery.refetch()}
          box={box}
          publicUrl={config?.publicUrl ?? location.origin}
          exports={exports}
          onCreate={() => setDialog({ kind: 'create' })}
          onAction={onAction}
        />
        <BackupSection events={events} />
      </main>
      <DashboardDialogs
        dialog={dialog}
        onClose={close}
        exports={exports}
        onExportAlbum={(ev, album) => void exportEvent(ev, album)}
        onLoggedOut={toLogin}
      />
    </div>
  );
}
