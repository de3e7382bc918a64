import { chmodSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config.ts';
import { openDatabase } from '../db/connection.ts';
import { createApp } from '../http/app.ts';
import type { WebAssets } from '../http/web-app.ts';
import { randomToken } from '../lib/ids.ts';
import type { Logger } from '../lib/logger.ts';
import { createServices } from '../services/index.ts';
import { MediaStore } from '../storage/media-store.ts';

export interface ServeOptions {
  config: Config;
  logger: Logger;
  version: string;
  webAssets: WebAssets;
}

/**
 * First start: the admin password comes from MOMENTBOX_ADMIN_PASSWORD or is generated, printed once and
 * kept in <data>/initial-admin-password (mode 0600) so an operator who missed the log can still read it.
 */
async function ensureAdminPassword(services: ReturnType<typeof createServices>, config: Config, logger: Logger) {
  if (services.admin.hasPassword()) return;
  const password = config.adminPassword ?? randomToken(12);
  await services.admin.setPassword(password);
  if (config.adminPassword) {
    logger.info('admin password set from MOMENTBOX_ADMIN_PASSWORD');
    return;
  }
  const file = join(config.dataDir, 'initial-admin-password');
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
  const services = createServices({ db, store, retentionDays: config.retentionDays });
  await ensureAdminPassword(services, config, logger);

  const app = createApp({ config, services, logger, version: opts.version, webAssets: opts.webAssets });
  const server = Bun.serve({
    port: config.port,
    hostname: config.host,
    fetch: app.fetch,
    // Uploads stream to disk in chunks; this only caps one request body (a whole-file upload).
    maxRequestBodySize: (config.maxUploadMb + 16) * 1024 * 1024,
    idleTimeout: 120,
  });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = config.publicUrl ?? `http://${shownHost}:${server.port}`;
  logger.info('momentbox is listening', { url, admin: `${url}/admin`, data: config.dataDir, version: opts.version });
  return { server, db, services, store };
}
