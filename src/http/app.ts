import { Hono } from 'hono';
import type { AppDeps, Env } from './context.ts';
import { onApiNotFound, onError } from './middleware/errors.ts';
import { gzipJson } from './middleware/gzip-json.ts';
import { requestTimer } from './middleware/request-timer.ts';
import { bytes, endpoint, openApiDocument } from './openapi.ts';
import { refuseCrossSiteWrites, securityHeaders } from './middleware/security.ts';
import { adminRoutes } from './routes/admin.routes.ts';
import { s3Routes } from './routes/s3.routes.ts';
import { albumRoutes } from './routes/albums.routes.ts';
import { clientRoutes } from './routes/client.routes.ts';
import { eventRoutes } from './routes/events.routes.ts';
import { fileRoutes } from './routes/files.routes.ts';
import { ingestRoutes } from './routes/ingest.routes.ts';
import { liveRoutes } from './routes/live.routes.ts';
import { exportProgressRoutes } from './routes/export-zip.ts';
import { guestRoutes } from './routes/guest.routes.ts';
import { guestbookRoutes } from './routes/guestbook.routes.ts';
import { portalRoutes } from './routes/portal.routes.ts';
import { heartRoutes } from './routes/hearts.routes.ts';
import { faceSearchRoutes } from './routes/face-search.routes.ts';
import { uploadRoutes } from './routes/uploads.routes.ts';
import { webAppRoutes, type WebAssets } from './web-app.ts';

const openApi = endpoint({
  summary: 'This document: every call of the API with its parameters, bodies and answers (OpenAPI 3.1)',
  tag: 'appliance',
  ok: bytes('The OpenAPI document', ['application/json'], { type: 'object' }),
});

export interface AppOptions extends AppDeps {
  webAssets: WebAssets;
  /** routes of the appliance mounted before everything else (health) */
  extraRoutes?: Hono<Env>[];
}

/** The whole HTTP surface, for main.ts and for tests (which call `app.request` or serve it on a free port). */
export function createApp(opts: AppOptions): Hono<Env> {
  const app = new Hono<Env>();
  const deps: AppDeps = { config: opts.config, services: opts.services, logger: opts.logger, version: opts.version };

  app.use('*', async (c, next) => {
    c.set('deps', deps);
    const started = performance.now();
    await next();
    if (deps.logger.enabled('debug')) {
      deps.logger.debug('request', {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      });
    }
  });
  app.onError(onError);
  app.use('*', requestTimer(opts.config.requestIdleSeconds));
  app.use('*', securityHeaders);
  app.use('*', refuseCrossSiteWrites);

  for (const routes of opts.extraRoutes ?? []) app.route('/', routes);
  // Before everything else: in captive-portal mode a device that has not joined gets the portal.
  app.route('/', portalRoutes());
  app.route('/', fileRoutes());
  // Bodies are read under the limit of what each route parses (body.ts); upload bodies stream to disk.
  app.route('/', ingestRoutes());

  app.use('/api/*', gzipJson());
  // Fixed paths first: `/api/event/events` must not be read as an event code.
  app.route('/', eventRoutes());
  app.route('/', adminRoutes());
  app.route('/', s3Routes());
  app.route('/', clientRoutes());
  app.route('/', albumRoutes());
  app.route('/', uploadRoutes());
  app.route('/', heartRoutes());
  app.route('/', faceSearchRoutes());
  app.route('/', liveRoutes());
  app.route('/', guestbookRoutes());
  app.route('/', exportProgressRoutes());
  app.route('/', guestRoutes());
  app.get('/api/openapi.json', openApi.doc, async (c) => c.json(await openApiDocument(app, opts.version)));
  app.all('/api/*', onApiNotFound);
  app.route('/', webAppRoutes(opts.webAssets));
  return app;
}
