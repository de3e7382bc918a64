import { Hono } from 'hono';
import { z } from 'zod';
import { isConnectivityCheck, ONLINE_ANSWERS, VENUE_SHORT_NAME } from '../../domain/captive-portal.ts';
import { AppError } from '../../lib/errors.ts';
import type { EventView } from '../../services/events.service.ts';
import type { Ctx, Env } from '../context.ts';
import { readForm } from '../body.ts';
import { clientAddress, publicUrl } from '../context.ts';
import { bytes, endpoint, redirect as redirectAnswer } from '../openapi.ts';
import { languageOf } from '../language.ts';
import { portalStylesheet, renderPortalPage } from '../portal-page.ts';

// The venue's captive portal, per device. A device that has not joined gets the portal for every
// connectivity check and every foreign host name (the venue DNS answers all names with the box), so its
// sign-in sheet opens on the portal page. Once it joined (the page's button, or consent on an event page),
// its checks get the genuine 'online' answers: the sheet closes, the phone keeps the Wi-Fi, and the guest
// continues in a real browser, which keeps cookies and may upload.

/** `?event=` of the portal's page and stylesheet: an event code; an unknown one is ignored. */
const EventQuery = z.object({ event: z.string().optional().meta({ description: 'The code of the event the page is about' }) });
const portalPage = endpoint({
  summary: "The venue portal's page: HTML without script, the event's address and how to open it (without an event: the running events)",
  tag: 'appliance',
  query: EventQuery,
  ok: bytes('The portal page', ['text/html'], { type: 'string' }),
});
const join = endpoint({
  summary: 'The device joins the venue network (its connectivity checks get the genuine online answers); back to the portal page',
  tag: 'appliance',
  // A broken body still joins: the button carries nothing else that matters.
  form: z.object({ event: z.string().optional().catch(undefined).meta({ description: 'The code of the event the page was about' }) }),
  formTypes: ['application/x-www-form-urlencoded', 'multipart/form-data'],
  ok: redirectAnswer('To /portal (with the event), which now says the device is connected'),
  status: 303,
});
const stylesheet = endpoint({
  summary: "The portal's stylesheet in the event's colours",
  tag: 'appliance',
  query: EventQuery,
  ok: bytes('The stylesheet', ['text/css'], { type: 'string' }),
});

const NO_STORE = 'no-store';
const isIpLiteral = (host: string) => /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.startsWith('[');
const requestHost = (c: Ctx) => (c.req.header('host') ?? '').replace(/:\d+$/, '').toLowerCase();

function findEvent(c: Ctx, code: string | null | undefined): EventView | null {
  if (!code) return null;
  try {
    return c.get('deps').services.events.getByCode(code);
  } catch (err) {
    if (err instanceof AppError && err.status === 404) return null;
    throw err;
  }
}

/** The event the portal and the box's root lead to: the configured default event, if it exists. */
const defaultEvent = (c: Ctx) => findEvent(c, c.get('deps').config.defaultEvent);

const redirect = (c: Ctx, location: string) => {
  c.header('Cache-Control', NO_STORE);
  return c.redirect(location, 302);
};

/** `fotos.box/<code>` leads to the event; anything else to the same path at the box's public address. */
function shortNameTarget(c: Ctx, base: string): string {
  const segment = /^\/([^/]+)\/?$/.exec(c.req.path)?.[1];
  const event = c.req.path === '/' ? defaultEvent(c) : findEvent(c, segment && decodeURIComponent(segment));
  if (event) return `${base}/event/${encodeURIComponent(event.code)}`;
  return `${base}${c.req.path}${new URL(c.req.url).search}`;
}

export function portalRoutes() {
  const app = new Hono<Env>();

  app.use('*', async (c, next) => {
    const { config, services } = c.get('deps');
    if (!config.captivePortal || !config.publicUrl) return next();
    const base = config.publicUrl;
    const host = requestHost(c);
    if (host === VENUE_SHORT_NAME) return redirect(c, shortNameTarget(c, base));
    const foreign = host !== '' && host !== new URL(base).hostname.toLowerCase() && host !== 'localhost' && !isIpLiteral(host);
    if (!foreign && !isConnectivityCheck(c.req.path)) return next();
    if (!services.portal.isJoined(clientAddress(c))) return redirect(c, `${base}/portal`);
    const answer = ONLINE_ANSWERS[c.req.path];
    if (answer) {
      const headers: Record<string, string> = { 'Cache-Control': NO_STORE };
      if (answer.type) headers['Content-Type'] = answer.type;
      return new Response(answer.status === 204 ? null : answer.body, { status: answer.status, headers });
    }
    const event = defaultEvent(c);
    return redirect(c, event ? `${base}/event/${encodeURIComponent(event.code)}` : `${base}/`);
  });

  app.get('/portal', portalPage.doc, (c) => {
    const { config, services } = c.get('deps');
    const running = services.events.running();
    const event = findEvent(c, portalPage.query(c).event) ?? defaultEvent(c) ?? (running.length === 1 ? running[0]! : null);
    const base = config.publicUrl ?? publicUrl(c);
    const page = renderPortalPage({
      event,
      running,
      joined: services.portal.isJoined(clientAddress(c)),
      eventAddress: event ? `${base}/event/${encodeURIComponent(event.code)}` : null,
      shortAddress: event && config.captivePortal ? `${VENUE_SHORT_NAME}/${event.code}` : null,
      // The phone's language: its buttons ('Fertig'/'Done') are what the page names. A phone in neither of
      // ours gets the event's language, the one its guests see on the event page.
      language: languageOf(c, event?.language),
    });
    c.header('Cache-Control', NO_STORE);
    return c.html(page);
  });

  // A plain form post, so it works in a sheet without script; back to the page, which now says 'Verbunden'.
  app.post('/portal/join', join.doc, async (c) => {
    // Too large or too slow is refused (413, 408); a form that does not parse still joins.
    const form = await readForm(c, 'fields').catch((err: unknown) => {
      if (err instanceof AppError) throw err;
      return {};
    });
    c.get('deps').services.portal.join(clientAddress(c));
    const event = findEvent(c, join.form(form).event);
    return c.redirect(event ? `/portal?event=${encodeURIComponent(event.code)}` : '/portal', 303);
  });

  app.get('/portal/style.css', stylesheet.doc, (c) => {
    c.header('Content-Type', 'text/css; charset=utf-8');
    c.header('Cache-Control', 'no-cache');
    return c.body(portalStylesheet(findEvent(c, stylesheet.query(c).event)));
  });

  return app;
}
