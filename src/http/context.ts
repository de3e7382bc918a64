import type { Context } from 'hono';
import { getConnInfo } from 'hono/bun';
import { getCookie } from 'hono/cookie';
import type { Config } from '../config.ts';
import type { Action, Target, Viewer } from '../domain/permissions.ts';
import { notFound, unauthorized } from '../lib/errors.ts';
import { isUuid } from '../lib/ids.ts';
import type { Logger } from '../lib/logger.ts';
import { isLocalOnlyUrl, plainAddress } from '../lib/network.ts';
import type { EventView } from '../services/events.service.ts';
import { authorize } from '../services/authorize.ts';
import type { Services } from '../services/index.ts';
import { hostForUrl, isOwnHost, listeningAddress } from './own-addresses.ts';

export interface AppDeps {
  config: Config;
  services: Services;
  logger: Logger;
  version: string;
}

/**
 * `event` and `viewer` are set by the event middleware (middleware/event-scope.ts) on the routes of one
 * event, and read there through its accessors, which fail loudly on a route without it. They are optional
 * here, not a route's own Env: Hono's Context<E> is invariant in E, so every helper taking Ctx would refuse it.
 */
export type Env = { Variables: { deps: AppDeps; event?: EventView; viewer?: Viewer } };
export type Ctx = Context<Env>;

const guestCookieName = (code: string) => `event_${code}`;
const GUEST_COOKIE_MAX_AGE = 10 * 365 * 24 * 3600;

/** The bearer or X-API-Key credential of the request, if any. */
function credential(c: Ctx): string | null {
  const auth = c.req.header('authorization');
  if (auth) {
    const m = /^Bearer\s+(\S+)$/i.exec(auth);
    if (!m) throw unauthorized('badAuthorizationHeader');
    return m[1]!;
  }
  return c.req.header('x-api-key') ?? null;
}

/**
 * Who is asking. A bearer token is an admin session or an API key; an unknown or expired one is a 401
 * (the client then clears it). Without a credential the guest cookie of the event names the guest.
 */
export function viewerOf(c: Ctx, event?: EventView): Viewer {
  const { services } = c.get('deps');
  const secret = credential(c);
  if (secret) {
    if (services.admin.verifyToken(secret)) return { kind: 'admin' };
    const key = services.apiKeys.authenticate(secret);
    if (key) return { kind: 'apiKey', apiKeyId: key.id };
    throw unauthorized('sessionInvalid');
  }
  const userId = event ? guestIdOf(c, event) : null;
  if (userId) return { kind: 'guest', userId, consented: services.guests.hasConsent(event!.id, userId) };
  return { kind: 'visitor' };
}

/** The user id in the event's guest cookie, if it holds one. */
export function guestIdOf(c: Ctx, event: EventView): string | null {
  const userId = getCookie(c, guestCookieName(event.code));
  return isUuid(userId) ? userId : null;
}

/**
 * The guest cookie `event_{code}` (spec: ten years, path /, SameSite Lax). Written by hand: Hono's
 * setCookie refuses a Max-Age over 400 days (RFC 6265bis; browsers cap it themselves). HttpOnly: it is the
 * guest's whole identity, so no script may read it; the web app asks GET /api/event/{code}/me instead.
 * Code and UUID need no escaping.
 */
export function setGuestCookie(c: Ctx, event: EventView, userId: string): void {
  const expires = new Date(Date.now() + GUEST_COOKIE_MAX_AGE * 1000).toUTCString();
  c.header(
    'Set-Cookie',
    `${guestCookieName(event.code)}=${userId}; Max-Age=${GUEST_COOKIE_MAX_AGE}; Expires=${expires}; Path=/; SameSite=Lax; HttpOnly`,
    {
      append: true,
    },
  );
}

/**
 * Media cookies: `<img>` and `<video>` requests carry no bearer token, so the couple's page and the admin's
 * screens could not show an event's media after its viewable-until (only the host and the admin see them
 * then). Login sets `media_admin` (the admin's session token), opening the couple's link sets `media_host_{code}`
 * (their client token). Both go only to /media (Path), never to a script (HttpOnly), never with a request
 * another site starts (SameSite=Strict). They count only for media files (`mediaViewerOf`).
 */
const ADMIN_MEDIA_COOKIE = 'media_admin';
const hostMediaCookieName = (code: string) => `media_host_${code}`;
const MEDIA_COOKIE = 'Path=/media; SameSite=Strict; HttpOnly';

function setMediaCookie(c: Ctx, name: string, value: string, maxAgeSeconds: number): void {
  c.header('Set-Cookie', `${name}=${value}; Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}; ${MEDIA_COOKIE}`, { append: true });
}

/** At login: the admin's media cookie, as long as the session lasts. */
export function setAdminMediaCookie(c: Ctx, token: string, expiresAt: string): void {
  setMediaCookie(c, ADMIN_MEDIA_COOKIE, token, (Date.parse(expiresAt) - Date.now()) / 1000);
}

/** At logout: the admin's media cookie goes with the session. */
export function clearAdminMediaCookie(c: Ctx): void {
  setMediaCookie(c, ADMIN_MEDIA_COOKIE, '', 0);
}

/** When the couple's page (or print view) opens with the client token: their media cookie for that event. */
export function setHostMediaCookie(c: Ctx, event: EventView, token: string): void {
  setMediaCookie(c, hostMediaCookieName(event.code), token, GUEST_COOKIE_MAX_AGE);
}

/**
 * Who asks for a media file of `event`: as `viewerOf`, except that a request without a credential is the
 * admin with a live admin media cookie, or this event's host with its host media cookie (a revoked or
 * replaced client token no longer counts). The permission table then judges them as any other request.
 */
export function mediaViewerOf(c: Ctx, event: EventView): Viewer {
  const viewer = viewerOf(c, event);
  if (viewer.kind !== 'visitor' && viewer.kind !== 'guest') return viewer;
  const { services } = c.get('deps');
  const admin = getCookie(c, ADMIN_MEDIA_COOKIE);
  if (admin && services.admin.verifyToken(admin)) return { kind: 'admin' };
  const host = getCookie(c, hostMediaCookieName(event.code));
  // looked up fresh: the media route may hold the event a few seconds, a replaced token must not count then
  if (host && services.events.getById(event.id).clientToken === host) return hostOf(event);
  return viewer;
}

/** The viewer a valid client token makes: the host of that token's event. */
export function hostOf(event: { id: number }): Viewer {
  return { kind: 'host', eventId: event.id };
}

/** The host's calls (`/api/client/…/{token}`): the services, the token's event (404 for an unknown token) and its host. */
export function asHost(c: Ctx, token: string) {
  const { services } = c.get('deps');
  const event = services.events.getByClientToken(token);
  return { services, event, viewer: hostOf(event) };
}

/**
 * Calls authorised by a Bearer credential (the admin's): the viewer, refused with the permission table's
 * answer (401 without a valid admin session, 403 for an API key) unless they may do `action`.
 */
export function requireRight(c: Ctx, action: Action, target: Target = {}): Viewer {
  const viewer = viewerOf(c); // once: an API key is looked up (and its last use written) per call
  authorize(viewer, action, target);
  return viewer;
}

/** The bearer token of an admin request (already verified). */
export function bearerToken(c: Ctx): string {
  return credential(c) ?? '';
}

/** Parses a positive integer id from the path; 404 for anything else (no leak of what exists). */
export function idParam(c: Ctx, name: string): number {
  const id = parseId(c.req.param(name));
  if (id === null) throw notFound();
  return id;
}

/** A positive integer id from a path, query or body value, or null. */
export function parseId(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isSafeInteger(raw) && raw > 0 ? raw : null;
  if (typeof raw !== 'string' || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/**
 * The base URL for links and QR codes (recovery links, settings links, the wall's): the configured public
 * URL, else the name the request was sent to when that is one of the box's own names or addresses, else the
 * address the box listens on. A request through localhost gets the box's LAN address instead when the box
 * listens there (a couple on the box's own screen hands on links the guests' phones can open); a box that
 * listens on loopback only keeps the loopback address, and the pages warn about it (publicUrlReachable).
 * A foreign Host header (`Host: evil.example`) never makes it into a link.
 */
export function publicUrl(c: Ctx): string {
  const { config } = c.get('deps');
  if (config.publicUrl) return config.publicUrl;
  const protocol = new URL(c.req.url).protocol;
  const port = listeningPort(c);
  const listening = `${protocol}//${hostForUrl(listeningAddress(config.host))}${port ? `:${port}` : ''}`;
  const host = c.req.header('host');
  if (host && isOwnHost(host, config.host, port)) {
    const asked = `${protocol}//${host}`;
    return isLocalOnlyUrl(asked) && !isLocalOnlyUrl(listening) ? listening : asked;
  }
  return listening;
}

/** The port Bun.serve listens on (Hono passes the Bun server as the context's env), if known. */
export function listeningPort(c: Ctx): number | undefined {
  return (c.env as { port?: number } | undefined)?.port;
}

/**
 * The address of the device that sent the request, as the socket sees it ('::ffff:' prefix dropped), or
 * `local` when there is no socket (app.request in tests). The box is no proxy's backend, so no header is trusted.
 */
/** The client's end of the connection: its port, if there is a socket. */
export function remotePort(c: Ctx): number | undefined {
  try {
    return getConnInfo(c).remote.port;
  } catch {
    return undefined;
  }
}

export function clientAddress(c: Ctx): string {
  try {
    const address = getConnInfo(c).remote.address;
    return address ? plainAddress(address) : 'local';
  } catch {
    return 'local';
  }
}
