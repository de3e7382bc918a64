import { renderGalleryPage } from '../http/gallery-page.ts';
import { chmodSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import type { Config } from '../config.ts';
import { openDatabase } from '../db/connection.ts';
import { createApp } from '../http/app.ts';
import { applianceRoutes } from '../http/routes/appliance.routes.ts';
import type { WebAssets } from '../http/web-app.ts';
import { randomToken } from '../lib/ids.ts';
import type { Logger } from '../lib/logger.ts';
import type { MediaTools } from '../media/media-tools.ts';
import { createServices, type Services } from '../services/index.ts';
import { initialPasswordPath, MediaStore } from '../storage/media-store.ts';

export interface ServeOptions {
  config: Config;
  logger: Logger;
  version: string;
  webAssets: WebAssets;
  tools: MediaTools;
  /** how to start this program again (the binary, or bun with src/main.ts): the push runs as a child */
  selfCommand: string[];
  /** the services' clock (tests serving in-process set one); the wall clock by default */
  now?: () => Date;
}

/** How long running requests (uploads) may go on after SIGTERM before the server closes them. */
const DRAIN_MS = 8_000;
const CLEANUP_INTERVAL_MS = 3600_000;

/**
 * First start: the admin password comes from MOMENTBOX_ADMIN_PASSWORD or is generated, printed once and
 * kept in <data>/initial-admin-password (mode 0600) so an operator who missed the log can still read it.
 */
async function ensureAdminPassword(services: Services, config: Config, logger: Logger) {
  if (services.admin.hasPassword()) return;
  const password = config.adminPassword ?? randomToken(12);
  await services.admin.setPassword(password);
  if (config.adminPassword) {
    logger.info('admin password set from MOMENTBOX_ADMIN_PASSWORD');
    return;
  }
  const file = initialPasswordPath(config.dataDir);
  writeFileSync(file, password + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
  logger.info('generated the initial admin password', { password, file });
}

export async function serve(opts: ServeOptions) {
  const { config, logger } = opts;
  const store = new MediaStore(config.dataDir);
  const fresh = !existsSync(store.databasePath);
  const db = openDatabase(store.databasePath);
  if (fresh) logger.info('created database', { path: store.databasePath });
  const services = createServices({
    db,
    store,
    tools: opts.tools,
    logger,
    retentionDays: config.retentionDays,
    maxUploadBytes: config.maxUploadMb * 1024 * 1024,
    minFreeDiskBytes: config.minFreeDiskMb * 1024 * 1024,
    newGuestsPerAddress: config.newGuestsPerAddress,
    captivePortal: config.captivePortal,
    partialLimits: {
      maxSessions: config.maxPartialUploads,
      maxBytes: config.maxPartialMb * 1024 * 1024,
      perAddress: { maxSessions: config.maxPartialUploadsPerAddress, maxBytes: config.maxPartialMbPerAddress * 1024 * 1024 },
    },
    wifiDefault: config.wifiSsid ? { ssid: config.wifiSsid, password: config.wifiPassword ?? '' } : null,
    onAdminPasswordChanged: () => rmSync(store.initialPasswordPath, { force: true }),
    testCheapPasswordHashing: config.testCheapPasswordHashing,
    renderGalleryPage,
    now: opts.now,
    // Push and import run beside the server, not in it: a 2 GB transfer to a slow bucket never holds a request or the job lanes.
    runSelf: (args) =>
      Bun.spawn([...opts.selfCommand, ...args, '--data-dir', config.dataDir, '--retention-days', String(config.retentionDays)], {
        stdout: 'pipe',
        stderr: 'inherit',
      }),
    // The face engine's WebAssembly heap (0.5-0.8 GB, never returned) lives in a process of its own (src/cli/faces.ts).
    startFaceWorker: () =>
      Bun.spawn([...opts.selfCommand, 'faces', '--data-dir', config.dataDir], { stdin: 'pipe', stdout: 'pipe', stderr: 'inherit' }),
  });
  if (config.testCheapPasswordHashing) logger.warn('cheap password hashing for the test suite (MOMENTBOX_TEST_CHEAP_PASSWORD_HASHING)');
  await ensureAdminPassword(services, config, logger);
  const distrusted = services.ingest.distrustChunksAfterPowerLoss();
  if (distrusted > 0) logger.warn('the box lost power during uploads: their chunks will be sent again', { uploads: distrusted });
  const orphans = services.ingest.removeOrphans();
  if (orphans > 0) logger.info('removed leftovers of an interrupted run', { files: orphans });
  services.ingest.removeStalePartials();
  const cleanup = setInterval(() => services.ingest.removeStalePartials(), CLEANUP_INTERVAL_MS);
  services.jobs.start();
  services.reveal.start();
  services.faces.start();

  const app = createApp({ config, services, logger, version: opts.version, webAssets: opts.webAssets, extraRoutes: [applianceRoutes()] });
  const server = Bun.serve({
    port: config.port,
    hostname: config.host,
    fetch: app.fetch,
    // Caps one request body (a whole-file upload); chunked uploads send far less per request.
    maxRequestBodySize: (config.maxUploadMb + 16) * 1024 * 1024,
    // Off: Bun's timer counts from the start of a request and is not reset by bytes flowing, so it would cut
    // long uploads, downloads, exports and live streams. Short answers switch it on for their connection
    // (http/middleware/request-timer.ts); upload bodies limit their own silence (multipart.ts).
    idleTimeout: 0,
  });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const address = `http://${shownHost}:${server.port}`;
  const url = config.publicUrl ?? address;
  logger.info('momentbox is listening', { address, url, admin: `${url}/admin`, data: config.dataDir, version: opts.version });

  let stopping: Promise<void> | null = null;
  /** Stop taking requests, let running ones (uploads) finish for a few seconds, checkpoint, close. */
  const shutdown = (signal: string) =>
    (stopping ??= (async () => {
      logger.info('shutting down', { signal });
      clearInterval(cleanup);
      services.reveal.stop();
      services.live.closeAll(); // live streams never end by themselves; clients reconnect to the next run
      const drained = server.stop(false);
      const timedOut = await Promise.race([drained.then(() => false), Bun.sleep(DRAIN_MS).then(() => true)]);
      if (timedOut) {
        logger.warn('requests still running after the grace period; closing them', { ms: DRAIN_MS });
        await server.stop(true);
      }
      await services.jobs.stop();
      await services.faces.stop();
      const unsynced = services.ingest.syncChunksForStop();
      if (unsynced > 0) logger.warn('unfinished uploads whose chunks could not be synced will be asked for again', { sessions: unsynced });
      db.$client.exec('PRAGMA wal_checkpoint(TRUNCATE)');
      db.$client.close();
      logger.info('stopped');
    })());
  return { server, db, services, store, shutdown };
}
