import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useShallow } from 'zustand/react/shallow';
import { Download, Images, LockKeyhole, SearchX, ShieldCheck } from 'lucide-react';
import type { UploadDto } from '../../../../src/http/api-types';
import { de } from '../../i18n/de';
import { Spinner } from '../../components/Spinner';
import { Toast } from '../../components/Toast';
import { SiteFooter } from '../../components/SiteFooter';
import { ownPendingCount, useEventStore } from '../../store/event-store';
import { useUploads } from '../../store/upload-store';
import { toast } from '../../store/toast-store';
import { notYetDownloaded, markDownloaded } from '../../store/downloads';
import { detectDevice } from '../../upload/device';
import { EventHeader } from './EventHeader';
import { StatusBanner } from './StatusBanner';
import { TopMenu } from './TopMenu';
import { AlbumList } from './AlbumList';
import { MediaGrid, MediaTile } from './MediaGrid';
import { UploadFab, UploadTile } from './UploadTile';
import { Viewer } from './Viewer';
import { bulkDownload } from './download';
import { albumCountLabel } from './logic/albums';
import { formatRange, parseDate } from './logic/format';
import { themeVars } from '../../../../src/domain/colours.ts';
import { QrModal } from './modals/QrModal';
import { ProfileModal } from './modals/ProfileModal';
import { HelpModal } from './modals/HelpModal';
import { RecoveryModal } from './modals/RecoveryModal';
import { UploadModal } from './modals/UploadModal';
import { DeleteModal } from './modals/DeleteModal';
import { DownloadModal } from './modals/DownloadModal';
import { eventLink, recoveryLink } from './modals/links';
import { useEventLoad, useEventTheme, useLiveUploads } from './hooks/use-event-page';
import { useUploadQueue } from './hooks/use-upload-queue';
import '../../components/ui.css';
import './EventPage.css';

export default function EventPage() {
  const { code = '' } = useParams();
  const st = useEventStore(
    useShallow((s) => ({
      event: s.event,
      loading: s.loading,
      notFound: s.notFound,
      config: s.config,
      albums: s.albums,
      uploads: s.uploads,
      albumLoading: s.albumLoading,
      selectedAlbumId: s.selectedAlbumId,
      statusInfo: s.statusInfo,
      currentUserId: s.currentUserId,
      nickname: s.nickname,
      hasConsent: s.hasConsent,
      isFirstVisit: s.isFirstVisit,
      isAdmin: s.isAdmin,
      autoApprove: s.autoApprove,
      busy: s.busy,
      modal: s.modal,
    })),
  );
  const actions = useEventStore.getState();
  const uploadState = useUploads(useShallow((s) => ({ items: s.items, open: s.open, running: s.running })));
  const [viewerIndex, setViewerIndex] = useState<number | null>(null);
  const [deleteTarget, setDeleteTarget] = useState<UploadDto | null>(null);
  const device = useMemo(() => detectDevice(), []);

  useEventLoad(code);
  useEventTheme(st.event);

  const { event, selectedAlbumId, currentUserId, isAdmin } = st;
  const identified = !!currentUserId && st.hasConsent;

  const selectedAlbum = st.albums.find((a) => a.id === selectedAlbumId) ?? null;
  const rawList = selectedAlbumId !== null ? st.uploads[selectedAlbumId] : undefined;
  const list = useMemo(
    () => (rawList ?? []).filter((u) => u.approved || isAdmin || (currentUserId !== null && u.user_id === currentUserId)),
    [rawList, isAdmin, currentUserId],
  );
  const pending = ownPendingCount(st.uploads, currentUserId);

  useLiveUploads(event?.id, identified);

  const closeViewer = useCallback(() => setViewerIndex(null), []);
  useEffect(() => {
    if (viewerIndex !== null && viewerIndex >= list.length) setViewerIndex(list.length ? list.length - 1 : null);
  }, [list.length, viewerIndex]);

  const onToggle = useCallback((u: UploadDto) => void useEventStore.getState().toggleApproval(u), []);
  const onDelete = useCallback((u: UploadDto) => setDeleteTarget(u), []);
  const onOpen = useCallback((i: number) => setViewerIndex(i), []);

  const { beforePick, startUpload, uploadAnyway, closeUploadModal } = useUploadQueue(device);

  const onDownloadOne = useCallback(
    (u: UploadDto) => {
      const ev = useEventStore.getState().event;
      if (ev) markDownloaded(ev.id, u.album_id, u.id);
      if (device.mobile && u.type === 'photo') toast(de.mobileSaveHint);
    },
    [device.mobile],
  );

  if (st.loading) return <Spinner fullscreen label={de.loadingEvent} />;

  if (st.notFound || !event) {
    return (
      <div className="ev-notfound" data-testid="event-not-found">
        <div className="ev-notfound__card">
          <SearchX size={44} aria-hidden="true" />
          <h1>{de.eventNotFoundTitle}</h1>
          <p>{de.eventNotFoundText}</p>
          <Link to="/" className="g-btn g-btn--dark">
            {de.backHome}
          </Link>
        </div>
      </div>
    );
  }

  const link = eventLink(st.config, event.code);
  const myRecovery = currentUserId ? recoveryLink(st.config, event.code, currentUserId) : null;
  const uploadsBlocked = st.statusInfo.status !== 'active' && !isAdmin;
  // After viewable-until the gallery is gone for guests: the banner says so, nothing else to show.
  const expiredForGuest = st.statusInfo.status === 'expired' && !isAdmin;
  const range = selectedAlbum ? formatRange(parseDate(selectedAlbum.start_datetime), parseDate(selectedAlbum.end_datetime)) : null;
  const albumBusy = selectedAlbumId !== null && !!st.albumLoading[selectedAlbumId] && !rawList;

  return (
    <div className="ev" style={themeVars(event.primary_color, event.secondary_color) as React.CSSProperties} data-event-code={event.code}>
      <div className="ev-topbar">
        {isAdmin ? (
          <span className="ev-admin-badge" data-testid="admin-badge">
            <ShieldCheck size={16} aria-hidden="true" />
            {de.adminModeActive}
          </span>
        ) : (
          <span />
        )}
        <TopMenu onProfile={() => actions.openModal('profile')} onShare={() => actions.openModal('qr')} onHelp={() => actions.openModal('help')} />
      </div>

      <EventHeader event={event} />

      <div className="ev-body">
        <StatusBanner info={st.statusInfo} />

        {expiredForGuest ? null : (
          <div className="ev-layout">
            <AlbumList albums={st.albums} uploads={st.uploads} loading={st.albumLoading} selectedId={selectedAlbumId} onSelect={(id) => actions.selectAlbum(id)} />

            <main className="ev-content" id="main">
              {selectedAlbum && (
                <div className="ev-toolbar">
                  <div className="ev-toolbar__text">
                    <h2 className="ev-toolbar__title" data-testid="album-title">
                      {selectedAlbum.name}
                    </h2>
                    <p className="ev-toolbar__meta">
                      {range && <span>{range}</span>}
                      {rawList && <span>{albumCountLabel(list)}</span>}
                    </p>
                  </div>
                  {event.allow_download && list.length > 0 && (
                    <button type="button" className="g-btn g-btn--ghost ev-toolbar__dl" onClick={() => actions.openModal('download')} aria-label={de.downloadAlbum} data-testid="download-album">
                      <Download size={18} aria-hidden="true" />
                      <span>{de.download}</span>
                    </button>
                  )}
                </div>
              )}

              {pending > 0 && (
                <p className="ev-pending" data-testid="pending-hint">
                  <LockKeyhole size={16} aria-hidden="true" />
                  {de.pendingHint(pending)}
                  <button type="button" className="g-btn g-btn--ghost ev-pending__share" onClick={() => void actions.shareAllOwn()} data-testid="share-all-own">
                    {de.shareAllOwn}
                  </button>
                </p>
              )}

              {albumBusy ? (
                <div className="ev-grid-loading">
                  <Spinner label={de.albumLoading} />
                </div>
              ) : (
                <MediaGrid
                  uploads={list}
                  empty={
                    rawList && (
                      <p className="ev-empty" data-testid="empty-album">
                        <Images size={28} aria-hidden="true" />
                        <span>{uploadsBlocked ? (st.statusInfo.status === 'not_started' ? de.emptyAlbumNotStarted : de.emptyAlbumClosed) : de.emptyAlbum}</span>
                      </p>
                    )
                  }
                  uploadTile={
                    <UploadTile
                      identified={identified}
                      autoApprove={st.autoApprove}
                      onAutoApprove={(on) => actions.setAutoApprove(on)}
                      beforePick={beforePick}
                      onFiles={(files) => void startUpload(files)}
                      disabled={uploadsBlocked}
                      notStarted={st.statusInfo.status === 'not_started'}
                    />
                  }
                  renderTile={(u, i) => (
                    <MediaTile
                      upload={u}
                      index={i}
                      own={currentUserId !== null && u.user_id === currentUserId}
                      admin={isAdmin}
                      busy={!!st.busy[u.id]}
                      onOpen={onOpen}
                      onToggle={onToggle}
                      onDelete={onDelete}
                    />
                  )}
                />
              )}
            </main>
          </div>
        )}
      </div>

      <SiteFooter />

      {!uploadsBlocked && !expiredForGuest && <UploadFab beforePick={beforePick} onFiles={(files) => void startUpload(files)} />}

      {viewerIndex !== null && list.length > 0 && (
        <Viewer items={list} index={Math.min(viewerIndex, list.length - 1)} allowDownload={event.allow_download} onIndex={setViewerIndex} onClose={closeViewer} onDownload={onDownloadOne} />
      )}

      {st.modal === 'help' && (
        <HelpModal
          eventName={event.name}
          needsConsent={!st.hasConsent}
          closable={st.hasConsent || !st.isFirstVisit}
          onConfirm={(nick) => actions.giveConsent(nick)}
          onClose={() => actions.openModal(null)}
        />
      )}
      {st.modal === 'recovery' && myRecovery && <RecoveryModal link={myRecovery} onClose={() => actions.openModal(null)} />}
      {st.modal === 'profile' && (
        <ProfileModal nickname={st.nickname} recoveryLink={st.hasConsent ? myRecovery : null} onSave={(n) => actions.saveNickname(n)} onClose={() => actions.openModal(null)} />
      )}
      {st.modal === 'qr' && <QrModal link={link} onClose={() => actions.openModal(null)} />}
      {st.modal === 'download' && selectedAlbum && (
        <DownloadModal
          albumName={selectedAlbum.name}
          all={list}
          fresh={notYetDownloaded(event.id, selectedAlbum.id, list)}
          mobile={device.mobile}
          onStart={(items) => void bulkDownload(event.id, items, { toast })}
          onClose={() => actions.openModal(null)}
        />
      )}
      {deleteTarget && (
        <DeleteModal
          onConfirm={async () => {
            const ok = await actions.deleteUpload(deleteTarget);
            if (ok && viewerIndex !== null) setViewerIndex(null);
          }}
          onClose={() => setDeleteTarget(null)}
        />
      )}
      {uploadState.open && (
        <UploadModal
          items={uploadState.items}
          onCancel={() => useUploads.getState().cancel()}
          onClose={closeUploadModal}
          onUploadAnyway={(id) => void uploadAnyway(id)}
        />
      )}

      <Toast />
    </div>
  );
}
