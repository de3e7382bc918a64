import { Hono } from 'hono';
import type { Ctx, Env } from '../context.ts';
import { publicUrl } from '../context.ts';

/** Paths phones and laptops probe to find out whether they are behind a captive portal. */
export const CONNECTIVITY_CHECKS = ['/hotspot-detect.html', '/library/test/success.html', '/generate_204', '/gen_204', '/connecttest.txt', '/ncsi.txt', '/success.txt', '/canonical.html', '/redirect'];

const isIpLiteral = (host: string) => /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.startsWith('[');

/** Health for monitoring, and the venue's captive portal. */
export function applianceRoutes() {
  const app = new Hono<Env>();

  app.get('/healthz', (c) => {
    const { services } = c.get('deps');
    let database = 'ok';
    let queue: number | null = null;
    try {
      queue = services.jobs.length();
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
        version: c.get('deps').version,
      },
      healthy ? 200 : 503,
    );
  });

  // In captive-portal mode every connectivity check and every request for a foreign host name is sent
  // to the portal, so the phone opens its sign-in sheet on the gallery.
  app.use('*', async (c, next) => {
    const { config } = c.get('deps');
    if (!config.captivePortal) return next();
    const host = (c.req.header('host') ?? '').replace(/:\d+$/, '').toLowerCase();
    const ownHost = config.publicUrl ? new URL(config.publicUrl).hostname.toLowerCase() : null;
    const foreign = ownHost !== null && host !== '' && host !== ownHost && host !== 'localhost' && !isIpLiteral(host);
    if (!foreign && !CONNECTIVITY_CHECKS.includes(c.req.path)) return next();
    return c.redirect(portalUrl(c), 302);
  });

  return app;
}

function portalUrl(c: Ctx): string {
  const { config } = c.get('deps');
  const base = config.publicUrl ?? publicUrl(c);
  return config.defaultEvent ? `${base}/event/${encodeURIComponent(config.defaultEvent)}` : `${base}/`;
}
