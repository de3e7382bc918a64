import { Hono } from 'hono';
import { VENUE_SHORT_NAME } from '../../domain/captive-portal.ts';
import { isLocalOnlyUrl } from '../../lib/network.ts';
import { badRequest } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { authorize } from '../../services/authorize.ts';
import type { Env } from '../context.ts';
import { clientAddress, guestIdOf, jsonBody, publicUrl, setGuestCookie, viewerOf } from '../context.ts';
import { eventDto } from '../dto.ts';
import type { AppConfig, GuestIdentity, RecoverAnswer } from '../api-types.ts';
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
    setGuestCookie(c, event, userId);
    return c.json({ hasConsent: true, userId });
  });

  /** Who this browser is in the event, from its (HttpOnly) guest cookie. */
  app.get('/api/event/:code/me', (c) => {
    const { services } = c.get('deps');
    const event = services.events.getByCode(c.req.param('code'));
    const userId = guestIdOf(c, event);
    return c.json<GuestIdentity>({
      userId,
      hasConsent: userId !== null && services.guests.hasConsent(event.id, userId),
      nickname: userId ? services.guests.nickname(event.id, userId) : null,
    });
  });

  /** Session recovery (/event/{code}/recover/{userId}): the cookie comes back only for an id that gave consent. */
  app.post('/api/event/:code/recover', async (c) => {
    const { services } = c.get('deps');
    const event = services.events.getByCode(c.req.param('code'));
    const body = await jsonBody(c);
    if (!isUuid(body.userId)) throw badRequest('userId muss eine UUID sein', { field: 'userId' });
    if (!services.guests.hasConsent(event.id, body.userId)) return c.json<RecoverAnswer>({ hasConsent: false, userId: null });
    joinCaptivePortal(c);
    setGuestCookie(c, event, body.userId);
    return c.json<RecoverAnswer>({ hasConsent: true, userId: body.userId });
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
