import type { Db } from '../db/connection.ts';
import { createJobQueue } from '../jobs/queue.ts';
import { PHOTO_JOB, photoDerivativesJob } from '../jobs/photo-derivatives.job.ts';
import { videoDerivativesJobs } from '../jobs/video-derivatives.job.ts';
import { GUESTBOOK_ATTACHMENT_JOB, guestbookAttachmentJob } from '../jobs/guestbook-attachment.job.ts';
import type { Logger } from '../lib/logger.ts';
import { macOf } from '../lib/network.ts';
import { createFaceWorkerClient, type FaceWorkerProcess } from '../media/faces/worker-client.ts';
import type { MediaTools } from '../media/media-tools.ts';
import type { MediaStore } from '../storage/media-store.ts';
import { createAdminService, TEST_PASSWORD_COST } from './admin.service.ts';
import { createAlbumsService } from './albums.service.ts';
import { createApiKeysService } from './api-keys.service.ts';
import { createBoxSettingsService, type VenueWifi } from './box-settings.service.ts';
import { createEventsService } from './events.service.ts';
import { createFacesService } from './faces.service.ts';
import { createExportsService } from './exports.service.ts';
import { createGuestEntryService } from './guest-entry.service.ts';
import { createGalleryService, type GalleryPageModel } from './gallery.service.ts';
import { createGuestsService } from './guests.service.ts';
import { createRevealService } from './reveal.service.ts';
import { createShotsService } from './shots.service.ts';
import { createHeartsService } from './hearts.service.ts';
import { createFaceSearchService } from './face-search.service.ts';
import { faceIndexOf } from './face-index.ts';
import { createGuestbookService } from './guestbook.service.ts';
import { createLiveService } from './live.service.ts';
import { createOriginalsService } from './originals.service.ts';
import { createIngestService, type PartialLimits } from './ingest.service.ts';
import { createPortalService } from './portal.service.ts';
import { createImportService } from './import.service.ts';
import { createPushService } from './push.service.ts';
import type { RunSelf } from './run-self.ts';
import { createReportsService } from './reports.service.ts';
import { createS3TargetService } from './s3-target.service.ts';
import { createUploadsService } from './uploads.service.ts';

export interface ServiceDeps {
  db: Db;
  store: MediaStore;
  tools: MediaTools;
  logger: Logger;
  retentionDays: number;
  maxUploadBytes: number;
  minFreeDiskBytes: number;
  /** unfinished chunked uploads one guest or API key may hold */
  partialLimits: PartialLimits;
  /** new guests one client address may create at once (consent without a known user id) */
  newGuestsPerAddress: number;
  /** captive-portal mode: a guest's consent or recovery joins their device to the venue network */
  captivePortal?: boolean;
  /** the venue Wi-Fi from the environment, used until the admin saves one in the dashboard */
  wifiDefault?: VenueWifi | null;
  /** the published gallery's index.html (http/gallery-page.ts: a page of words, which services do not hold) */
  renderGalleryPage: (model: GalleryPageModel) => string;
  /** starts this program as a child process with these arguments (the push and the import run beside the server) */
  runSelf?: RunSelf;
  /** starts the face worker (`momentbox faces`, issue 30) with pipes; without it face search answers 503 */
  startFaceWorker?: () => FaceWorkerProcess;
  /** the face worker ends after this long without work (tests shorten it) */
  faceWorkerIdleMs?: number;
  /** the admin password was changed: a stored initial password is no longer true */
  onAdminPasswordChanged?: () => void;
  /** the test suite's cheap argon2 (Config.testCheapPasswordHashing); never set in production */
  testCheapPasswordHashing?: boolean;
  now?: () => Date;
}

/** The product's use cases, wired to one database, one media store and one job queue. */
export function createServices(deps: ServiceDeps) {
  const { db, store, tools, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const live = createLiveService({ db });
  const albums = createAlbumsService({ db, store, live });
  const shots = createShotsService(db);
  const uploads = createUploadsService({ db, store, live, shots });
  // A new nickname shows on the guest's media: one live message names their uploads.
  const guests = createGuestsService(db, deps.newGuestsPerAddress, now, (eventId, userId, nickname) =>
    uploads.announceNickname(eventId, userId, nickname),
  );
  // The queue and ingest know each other only through these two callbacks.
  let ingestBusy = () => false;
  const jobs = createJobQueue({
    db,
    logger,
    handlers: {
      ...videoDerivativesJobs({ db, store, tools, onUploadChanged: live.uploadChanged }),
      [PHOTO_JOB]: photoDerivativesJob({ db, store, tools, onUploadChanged: live.uploadChanged }),
      [GUESTBOOK_ATTACHMENT_JOB]: guestbookAttachmentJob({ db, store, tools, onChanged: live.guestbookChanged }),
    },
    busy: () => ingestBusy(),
  });
  const guestbook = createGuestbookService({ db, guests, live, store, tools, onJobQueued: () => jobs.poke(), now });
  const ingest = createIngestService({
    db,
    store,
    tools,
    albums,
    shots,
    logger,
    maxUploadBytes: deps.maxUploadBytes,
    minFreeDiskBytes: deps.minFreeDiskBytes,
    partialLimits: deps.partialLimits,
    guestbook,
    onJobQueued: () => jobs.poke(),
    onUploadCommitted: (row) => live.uploadChanged(null, row),
    now,
  });
  ingestBusy = () => ingest.uploadsMoving();
  const hearts = createHeartsService({ db, uploads, live });
  const reveal = createRevealService({ db, live, now });
  const reports = createReportsService({ db, albums, guests });
  const portal = createPortalService({ db, macOf, now });
  const originals = createOriginalsService({ store });
  const s3 = createS3TargetService({ db, now });
  const faceWorker = createFaceWorkerClient({
    start:
      deps.startFaceWorker ??
      (() => {
        throw new Error('no face worker in this run');
      }),
    logger,
    idleMs: deps.faceWorkerIdleMs,
  });
  // Never beside uploads or their previews: indexing is the box's lowest priority.
  const faces = createFacesService({ db, store, worker: faceWorker, logger, busy: () => ingest.uploadsMoving() || jobs.length() > 0 });
  const faceSearch = createFaceSearchService({ db, uploads, index: faceIndexOf(db, faces) });
  return {
    store,
    jobs,
    admin: createAdminService(db, now, deps.onAdminPasswordChanged, deps.testCheapPasswordHashing ? TEST_PASSWORD_COST : undefined),
    apiKeys: createApiKeysService(db, now),
    events: createEventsService({
      db,
      store,
      retentionDays: deps.retentionDays,
      now,
      onDeleted: (id) => {
        live.forget(id);
        reveal.changed();
      },
      onWindowChanged: live.reconnect,
      onSettingsChanged: live.settingsChanged,
      onRevealChanged: reveal.changed,
      // Off: every face datum of the event goes in one transaction, the index's and what its guests kept.
      onFaceSearchChanged: (id, on) => faces.settingChanged(id, on),
    }),
    faces,
    albums,
    guests,
    guestbook,
    ingest,
    uploads,
    hearts,
    faceSearch,
    reveal,
    shots,
    live,
    reports,
    originals,
    exports: createExportsService({ db, store, reports, originals, uploads, albums, hearts, guestbook, now }),
    portal,
    guestEntry: createGuestEntryService({ guests, portal, captivePortal: deps.captivePortal ?? false }),
    s3,
    imports: createImportService({
      db,
      store,
      s3,
      runSelf: deps.runSelf,
      minFreeDiskBytes: deps.minFreeDiskBytes,
      // An imported event may have 'Gesichtssuche' on: the indexer, asleep while every event had it off, looks.
      onImportEnded: () => faces.poke(),
    }),
    gallery: createGalleryService({ db, store, albums, uploads, originals, s3, renderPage: deps.renderGalleryPage, now }),
    push: createPushService({ db, store, s3, retentionDays: deps.retentionDays, runSelf: deps.runSelf, now }),
    boxSettings: createBoxSettingsService({ db, wifiDefault: deps.wifiDefault ?? null, now }),
  };
}

export type Services = ReturnType<typeof createServices>;
