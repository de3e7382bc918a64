import { Hono } from 'hono';
import { VENUE_SHORT_NAME } from '../../domain/captive-portal.ts';
import { isLocalOnlyUrl } from '../../lib/network.ts';
import { badRequest } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { authorize } from '../../services/authorize.ts';
import type { Env } from '../context.ts';
import { clientAddress, GUEST_COOKIE_MAX_AGE, guestCookieName, jsonBody, publicUrl, viewerOf } from '../context.ts';
import { eventDto } from '../dto.ts';
import type { AppConfig } from '../api-types.ts';
import { joinCaptivePortal } from './portal.routes.ts';

/** Config, the event by code, consent and nickname: what a guest's phone asks first. */
export function guestRoutes() {
  const app = new Hono<Env>();

  app.get('/api/config', (c) => {
    const { config, version } = c.get('deps');
    const wifi = config.wifiSsid ? { ssid: config.wifiSsid, password: config.wifiPassword ?? '' } : null;
    const base = publicUrl(c);
    return c.json<AppConfig>({
      maxUploadSizeMB: config.maxUploadMb,
      publicUrl: base,
      wifi,
      version,
      publicUrlReachable: !isLocalOnlyUrl(base),
      shortName: config.captivePortal ? VENUE_SHORT_NAME : null,
    });
  });

  app.get('/api/event/:code', (c) => {
    const event = c.get('deps').services.events.getByCode(c.req.param('code'));
    return c.json(eventDto(event));
  });

  app.post('/api/event/:code/consent', async (c) => {
    const { services } = c.get('deps');
    const event = services.events.getByCode(c.req.param('code'));
    const body = await jsonBody(c);
    const userId = body.userId === undefined || body.userId === null ? crypto.randomUUID() : body.userId;
    if (!isUuid(userId)) throw badRequest('userId muss eine UUID sein', { field: 'userId' });
    services.guests.giveConsent(event.id, userId, clientAddress(c));
    joinCaptivePortal(c);
    // Written by hand: Hono's setCookie refuses a Max-Age over 400 days (RFC 6265bis), but the spec asks for
    // ten years (browsers cap it themselves). Code and UUID need no escaping. Not HttpOnly: the web app reads it.
    const expires = new Date(Date.now() + GUEST_COOKIE_MAX_AGE * 1000).toUTCString();
    c.header('Set-Cookie', `${guestCookieName(event.code)}=${userId}; Max-Age=${GUEST_COOKIE_MAX_AGE}; Expires=${expires}; Path=/; SameSite=Lax`, { append: true });
    return c.json({ hasConsent: true, userId });
  });

  app.get('/api/event/:code/consent/:userId', (c) => {
    const { services } = c.get('deps');
    const event = services.events.getByCode(c.req.param('code'));
    const userId = c.req.param('userId');
    return c.json({ hasConsent: isUuid(userId) && services.guests.hasConsent(event.id, userId) });
  });

  app.post('/api/event/:code/user-nickname', async (c) => {
    const { services } = c.get('deps');
    const event = services.events.getByCode(c.req.param('code'));
    const body = await jsonBody(c);
    if (!isUuid(body.userId)) throw badRequest('userId muss eine UUID sein', { field: 'userId' });
    authorize(viewerOf(c, event), 'editNickname', { ownerUserId: body.userId });
    return c.json({ nickname: services.guests.setNickname(event.id, body.userId, body.nickname) });
  });

  app.get('/api/event/:code/user-nickname/:userId', (c) => {
    const { services } = c.get('deps');
    const event = services.events.getByCode(c.req.param('code'));
    const userId = c.req.param('userId');
    return c.json({ nickname: isUuid(userId) ? services.guests.nickname(event.id, userId) : null });
  });

  return app;
}
