import { Hono } from 'hono';
import type { Health } from '../api-types.ts';
import type { Env } from '../context.ts';
import { answer, endpoint } from '../openapi.ts';
import { HealthSchema } from '../schemas/responses.schemas.ts';

const health = endpoint({
  summary: 'Health for monitoring: database, free disk, job queue, unfinished chunked uploads',
  tag: 'appliance',
  ok: answer('Healthy', HealthSchema),
  also: { 503: answer('Degraded (the database failed or the disk is nearly full)', HealthSchema) },
});

/** Health for monitoring. */
export function applianceRoutes() {
  const app = new Hono<Env>();

  app.get('/healthz', health.doc, (c) => {
    const { services } = c.get('deps');
    let database = 'ok';
    let queue: number | null = null;
    let partial: { sessions: number; bytes: number } | null = null;
    try {
      queue = services.jobs.length();
      partial = services.ingest.partialUploads();
    } catch (err) {
      database = `error: ${(err as Error).message}`;
    }
    const disk = services.ingest.diskSpace();
    const healthy = database === 'ok' && disk.ok;
    return c.json<Health>(
      {
        status: healthy ? 'ok' : 'degraded',
        database,
        disk: { free_bytes: disk.freeBytes, ok: disk.ok },
        queue: { length: queue },
        // unfinished chunked uploads: what phones may still resume, held on the same disk
        partial_uploads: partial,
        version: c.get('deps').version,
      },
      healthy ? 200 : 503,
    );
  });

  return app;
}
