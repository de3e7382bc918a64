import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useParams } from '../../lib/router';
import { useShallow } from 'zustand/react/shallow';
import { Images, ShieldCheck } from 'lucide-react';
import type { UploadDto } from '../../../../src/http/api-types';
import { browserLanguage, getT, useEventLanguage, useT } from '../../i18n';
import { Spinner } from '../../components/Spinner';
import { Toast } from '../../components/Toast';
import { SiteFooter } from '../../components/SiteFooter';
import { useEventStore } from '../../store/event-store';
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
import { InAppBanner } from './InAppBanner';
import { CameraBanner, Celebration } from '../../components/Einwegkamera';
import { useSelection } from './hooks/use-selection';
import { AlbumToolbar, EventNotFound, PendingHint } from './PageParts';
import { themeVars } from '../../../../src/domain/colors.ts';
import { onDemand } from '../../lib/on-demand';
import { eventLink, recoveryLink } from './modals/links';
import { useEventStatus, useEventTheme } from './hooks/use-event-page';
import {
  refreshCamera,
  useAlbumGrid,
  useGalleryAlbums,
  useGuestEvent,
  useHearts,
  useLiveGallery,
  useUploadActions,
} from './hooks/use-gallery';
import { useViewerWalk } from './hooks/use-viewer-walk';
import { loadEngine, useUploadQueue } from './hooks/use-upload-queue';
import { useSection } from './guestbook/section';
import { challengeProgress } from '../../../../src/domain/challenges.ts';
import '../../components/ui.css';
import './EventPage.css';
import './guest-browse.css';

// Its own chunk: the gallery's first load does without it.
const Guestbook = lazy(() => import('./guestbook/Guestbook'));
const Challenges = lazy(() => import('./challenges/Challenges'));
const FaceSearch = lazy(() => import('./faces/FaceSearch'));
// What a guest opens later (the viewer, every dialog, the upload sheet and pill, the selection bar, the
// downloads) is its own chunk, fetched on first use: the first load is what shows the gallery (issue 31,
// at most 120 KB gzip: tests/lint/guest-first-load.test.ts). The viewer and the upload parts are warmed
// once the first thumbnails are in, so opening a photo or picking files waits for nothing.
const Viewer = onDemand(() => import('./Viewer').then((m) => m.Viewer));
const UploadPill = onDemand(() => import('./UploadPill').then((m) => m.UploadPill));
const SelectionBar = onDemand(() => import('./Selection').then((m) => m.SelectionBar));
const QrModal = onDemand(() => import('./modals/QrModal').then((m) => m.QrModal));
const ProfileModal = onDemand(() => import('./modals/ProfileModal').then((m) => m.ProfileModal));
const HelpModal = onDemand(() => import('./modals/HelpModal').then((m) => m.HelpModal));
const RecoveryModal = onDemand(() => import('./modals/RecoveryModal').then((m) => m.RecoveryModal));
const UploadModal = onDemand(() => import('./modals/UploadModal').then((m) => m.UploadModal));
const DeleteModal = onDemand(() => import('./modals/DeleteModal').then((m) => m.DeleteModal));
const DownloadModal = onDemand(() => import('./modals/DownloadModal').then((m) => m.DownloadModal));
const downloads = () => import('./download');

export default function EventPage() {
  const t = useT();
  const { code = '' } = useParams();
  const st = useEventStore(
    useShallow((s) => ({
      currentUserId: s.currentUserId,
      nickname: s.nickname,
      hasConsent: s.hasConsent,
      isFirstVisit: s.isFirstVisit,
      isAdmin: s.isAdmin,
      autoApprove: s.autoApprove,
      modal: s.modal,
      sort: s.sort,
    })),
  );
  const actions = useEventStore.getState();
  const uploadState = useUploads(useShallow((s) => ({ items: s.items, open: s.open, running: s.running })));
  const [deleteTarget, setDeleteTarget] = useState<UploadDto | null>(null);
  const [downloadList, setDownloadList] = useState<UploadDto[] | null>(null);
  // The grid's first row of images before anything else (the other tiles, the album covers): see MediaGrid.
  const [firstArrived, setFirstArrived] = useState(false);
  const onFirstArrived = useCallback(() => setFirstArrived(true), []);
  // once the first thumbnails are in: the viewer and the upload parts, so a tap on either waits for nothing
  useEffect(() => {
    if (!firstArrived) return;
    Viewer.warm();
    UploadModal.warm();
    void loadEngine();
  }, [firstArrived]);
  const device = useMemo(() => detectDevice(), []);

  const { event, shotsLeft, config, maxUploadSizeMB, loading, notFound } = useGuestEvent(code);
  // The host's language for the event (a choice made on this device wins); no event: the browser's.
  const languageShown = useEventLanguage(event?.language ?? (notFound ? browserLanguage() : undefined));
  const statusInfo = useEventStatus(event);
  useEventTheme(event);
  const { currentUserId, isAdmin } = st;
  const identified = !!currentUserId && st.hasConsent;
  const gallery = useGalleryAlbums(event?.id, isAdmin);
  const selectedAlbum = gallery.selected;
  const grid = useAlbumGrid(event?.id, selectedAlbum?.id, st.sort);
  const list = grid.uploads;
  // The album's count (what this viewer sees) lays out the grid and the viewer's counter; while pages are still to come.
  const albumTotal = grid.hasMore ? Math.max(selectedAlbum?.upload_count ?? 0, list.length) : list.length;
  const viewer = useViewerWalk(grid, selectedAlbum?.id);
  const selection = useSelection(selectedAlbum?.id);
  const uploadActions = useUploadActions(event?.id);
  const hearts = useHearts(event?.id, identified);
  // The admin's view shows the counts; hearts are the guests' (kept per guest identity).
  const onHeart = isAdmin ? null : hearts.toggle;
  const [section, showSection] = useSection();

  // Einwegkamera: the moment the gallery opens, a few seconds of celebration.
  const [celebrating, setCelebrating] = useState(false);
  const celebrate = useCallback(() => setCelebrating(true), []);
  const endCelebration = useCallback(() => setCelebrating(false), []);
  useLiveGallery(event?.id, identified, celebrate);

  const onToggle = uploadActions.toggleApproval;
  const onDelete = useCallback((u: UploadDto) => setDeleteTarget(u), []);
  const onOpen = viewer.show;

  const { beforePick, startUpload, again, closeUploadModal, dismiss } = useUploadQueue(device, event, maxUploadSizeMB);

  // 'Album herunterladen' offers the whole album: every page is fetched first.
  const { loadAll } = grid;
  const openDownload = useCallback(() => {
    actions.openModal('download');
    setDownloadList(null);
    void loadAll().then(setDownloadList);
  }, [actions, loadAll]);

  const onDownloadOne = useCallback(
    (u: UploadDto) => {
      markDownloaded(u.event_id, u.album_id, u.id);
      if (device.mobile && u.type === 'photo') toast(getT().mobileSaveHint);
    },
    [device.mobile],
  );

  // The page shows once the event and its albums (counts, covers, the private hint) are here, so nothing moves afterwards.
  if (loading || gallery.loading || !languageShown) return <Spinner fullscreen label={t.loadingEvent} />;

  if (notFound || !event) return <EventNotFound />;

  const link = eventLink(config, event.code);
  const myRecovery = currentUserId ? recoveryLink(config, event.code, currentUserId) : null;
  const uploadsBlocked = statusInfo.status !== 'active' && !isAdmin;
  // After viewable-until the gallery is gone for guests: the banner says so, nothing else to show.
  const expiredForGuest = statusInfo.status === 'expired' && !isAdmin;
  const pending = gallery.ownPrivate;
  // The grid's size: the album list's count until the grid has loaded (the toolbar's buttons show from the start, nothing moves).
  const gridTotal = grid.loaded ? albumTotal : (selectedAlbum?.upload_count ?? 0);
  const picked = selection.active ? list.filter((u) => selection.picked.has(u.id)) : [];
  // Photo challenges (issue 28): their card shows the guest's own progress (else how many there are); a picked one shows as an album.
  const progress = challengeProgress(gallery.challenges);
  const challengeShown = section === 'gallery' && !!selectedAlbum?.challenge;
  // 'Fotos von mir finden' (issue 30): only for consented guests of an event with the face search on
  const faceSearch = event.face_search && identified && !isAdmin;
  const pickAlbum = (id: number) => {
    actions.selectAlbum(id);
    showSection('gallery');
  };

  return (
    <div className="ev" style={themeVars(event.primary_color, event.secondary_color) as React.CSSProperties} data-event-code={event.code}>
      <div className="ev-topbar">
        {isAdmin ? (
          <span className="ev-admin-badge" data-testid="admin-badge">
            <ShieldCheck size={16} aria-hidden="true" />
            {t.adminModeActive}
          </span>
        ) : (
          <span />
        )}
        <TopMenu
          onProfile={() => actions.openModal('profile')}
          onShare={() => actions.openModal('qr')}
          onHelp={() => actions.openModal('help')}
          onGuestbook={() => showSection('guestbook')}
          onFaces={faceSearch ? () => showSection('faces') : null}
        />
      </div>

      <EventHeader event={event} />

      <div className="ev-body">
        <StatusBanner info={statusInfo} />
        {!expiredForGuest && !isAdmin && <CameraBanner camera={event.camera} shotsLeft={shotsLeft} />}

        {expiredForGuest ? null : (
          <div className="ev-layout">
            <AlbumList
              albums={gallery.albums}
              holdCovers={!firstArrived}
              loadingId={grid.loaded ? null : (selectedAlbum?.id ?? null)}
              selectedId={section === 'gallery' ? (selectedAlbum?.id ?? null) : null}
              onSelect={pickAlbum}
              guestbookSelected={section === 'guestbook'}
              onGuestbook={() => showSection('guestbook')}
              challenges={
                progress.total > 0
                  ? {
                      line: identified ? t.challengeProgress(progress.done, progress.total) : t.challengeCount(progress.total),
                      selected: section === 'challenges' || challengeShown,
                      onOpen: () => showSection('challenges'),
                    }
                  : null
              }
              faces={faceSearch ? { selected: section === 'faces', onOpen: () => showSection('faces') } : null}
            />

            <main className="ev-content" id="main">
              {section === 'guestbook' && (
                <Suspense fallback={<Spinner label={t.guestbook} />}>
                  <Guestbook
                    eventId={event.id}
                    identified={identified}
                    nickname={st.nickname}
                    open={!uploadsBlocked}
                    onJoin={() => actions.openModal('help')}
                    device={device}
                    maxUploadSizeMB={maxUploadSizeMB}
                  />
                </Suspense>
              )}
              {section === 'challenges' && (
                <Suspense fallback={<Spinner label={t.challenges} />}>
                  <Challenges challenges={gallery.challenges} identified={identified} onPick={pickAlbum} />
                </Suspense>
              )}
              {section === 'faces' && faceSearch && (
                <Suspense fallback={<Spinner label={t.faceSearch} />}>
                  <FaceSearch
                    eventId={event.id}
                    allowDownload={event.allow_download}
                    ios={device.ios}
                    isOwn={(u) => currentUserId !== null && u.user_id === currentUserId}
                    onDownload={onDownloadOne}
                    isHearted={(u) => hearts.hearted.has(u.id)}
                    onHeart={onHeart}
                  />
                </Suspense>
              )}
              {section === 'gallery' && selectedAlbum && (
                <AlbumToolbar
                  album={selectedAlbum}
                  canDownload={event.allow_download && gridTotal > 0}
                  onDownload={openDownload}
                  onSelect={selection.start}
                  sort={st.sort}
                  onSort={actions.setSort}
                />
              )}
              {section === 'gallery' && pending > 0 && <PendingHint count={pending} onShareAll={uploadActions.shareAllOwn} />}
              {!uploadsBlocked && <InAppBanner link={link} />}

              {section === 'gallery' && selectedAlbum && (
                <MediaGrid
                  key={selectedAlbum.id}
                  uploads={list}
                  total={gridTotal}
                  onNeedMore={grid.hasMore ? grid.loadMore : undefined}
                  firstArrived={firstArrived}
                  onFirstArrived={onFirstArrived}
                  empty={
                    grid.loaded && (
                      <p className="ev-empty" data-testid="empty-album">
                        <Images size={28} aria-hidden="true" />
                        <span>
                          {uploadsBlocked
                            ? statusInfo.status === 'not_started'
                              ? t.emptyAlbumNotStarted
                              : t.emptyAlbumClosed
                            : t.emptyAlbum}
                        </span>
                      </p>
                    )
                  }
                  uploadTile={
                    <UploadTile
                      identified={identified}
                      autoApprove={!!st.autoApprove}
                      onAutoApprove={(on) => actions.setAutoApprove(on)}
                      beforePick={beforePick}
                      onFiles={(files) => void startUpload(files)}
                      disabled={uploadsBlocked}
                      notStarted={statusInfo.status === 'not_started'}
                    />
                  }
                  renderTile={(u, i, load) => (
                    <MediaTile
                      upload={u}
                      index={i}
                      firstRow={load.firstRow}
                      holdImage={load.holdImage}
                      own={currentUserId !== null && u.user_id === currentUserId}
                      admin={isAdmin}
                      busy={uploadActions.busyIds.includes(u.id)}
                      onOpen={onOpen}
                      onToggle={onToggle}
                      onDelete={onDelete}
                      hearted={hearts.hearted.has(u.id)}
                      onHeart={onHeart}
                      selecting={selection.active ? { picked: selection.picked.has(u.id), onPick: selection.toggle } : undefined}
                    />
                  )}
                />
              )}
            </main>
          </div>
        )}
      </div>

      <SiteFooter />

      {selection.active ? (
        <SelectionBar
          eventId={event.id}
          chosen={picked}
          onDownload={() =>
            void downloads()
              .then((d) => d.bulkDownload(event.id, picked, { toast }))
              .then(selection.stop)
          }
          onDone={selection.stop}
        />
      ) : (
        !uploadsBlocked &&
        !expiredForGuest &&
        section === 'gallery' && <UploadFab beforePick={beforePick} onFiles={(files) => void startUpload(files)} />
      )}

      {viewer.index !== null && list.length > 0 && (
        <Viewer
          items={list}
          index={Math.min(viewer.index, list.length - 1)}
          total={albumTotal}
          allowDownload={event.allow_download}
          ios={device.ios}
          isOwn={(u) => currentUserId !== null && u.user_id === currentUserId}
          onIndex={viewer.show}
          onClose={viewer.close}
          onDownload={onDownloadOne}
          isHearted={(u) => hearts.hearted.has(u.id)}
          onHeart={onHeart}
        />
      )}

      {st.modal === 'help' && (
        <HelpModal
          eventName={event.name}
          needsConsent={!st.hasConsent}
          closable={st.hasConsent || !st.isFirstVisit}
          // the shots left were counted for a browser without a guest (0): asked again for the guest it now is
          onConfirm={(nick) => actions.giveConsent(nick).then(refreshCamera)}
          onClose={() => actions.openModal(null)}
        />
      )}
      {st.modal === 'recovery' && myRecovery && <RecoveryModal link={myRecovery} onClose={() => actions.openModal(null)} />}
      {st.modal === 'profile' && (
        <ProfileModal
          nickname={st.nickname}
          recoveryLink={st.hasConsent ? myRecovery : null}
          onSave={(n) => actions.saveNickname(n)}
          onClose={() => actions.openModal(null)}
        />
      )}
      {st.modal === 'qr' && <QrModal link={link} onClose={() => actions.openModal(null)} />}
      {st.modal === 'download' && selectedAlbum && (
        <DownloadModal
          eventId={event.id}
          albumName={selectedAlbum.name}
          all={downloadList}
          fresh={downloadList && notYetDownloaded(event.id, selectedAlbum.id, downloadList)}
          hearted={hearts.hearted}
          mobile={device.mobile}
          onStart={(items) => void downloads().then((d) => d.bulkDownload(event.id, items, { toast }))}
          onStartEvent={() => void downloads().then((d) => d.eventDownload(event.id, { toast }))}
          onClose={() => actions.openModal(null)}
        />
      )}
      {deleteTarget && (
        <DeleteModal
          onConfirm={async () => {
            const ok = await uploadActions.deleteUpload(deleteTarget);
            if (ok) viewer.close();
          }}
          onClose={() => setDeleteTarget(null)}
        />
      )}
      {uploadState.open && (
        <UploadModal items={uploadState.items} onCancel={() => useUploads.getState().cancel()} onClose={closeUploadModal} onAgain={again} />
      )}
      {!uploadState.open && !selection.active && uploadState.items.length > 0 && (
        <UploadPill items={uploadState.items} onOpen={() => useUploads.getState().show()} onDone={dismiss} />
      )}

      {celebrating && <Celebration onDone={endCelebration} />}
      <Toast />
    </div>
  );
}
