import { Hono } from 'hono';
import type { Env } from '../context.ts';

/** Health for monitoring. */
export function applianceRoutes() {
  const app = new Hono<Env>();

  app.get('/healthz', (c) => {
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
    return c.json(
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
