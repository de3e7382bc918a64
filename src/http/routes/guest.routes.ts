import { Hono } from 'hono';
import { VENUE_SHORT_NAME } from '../../domain/captive-portal.ts';
import { isLocalOnlyUrl } from '../../lib/network.ts';
import { isUuid } from '../../lib/ids.ts';
import { z } from 'zod';
import { problem } from '../../lib/errors.ts';
import { nicknameTooLong, normaliseNickname } from '../../domain/nickname.ts';
import { authorize } from '../../services/authorize.ts';
import type { Env } from '../context.ts';
import { clientAddress, guestIdOf, publicUrl, setGuestCookie, viewerOf } from '../context.ts';
import { atEvent, atEventOf, inEvent, inEventOf } from '../middleware/event-scope.ts';
import { eventDto } from '../dto.ts';
import type { AppConfig, ConsentAnswer, ConsentGiven, GuestIdentity, NicknameAnswer, RecoverAnswer } from '../api-types.ts';
import { answer, endpoint } from '../openapi.ts';
import { CodePath, CodeUserPath, EventByCodePath } from '../schemas/params.schemas.ts';
import {
  AppConfigSchema,
  ConsentAnswerSchema,
  ConsentGivenSchema,
  EventDtoSchema,
  GuestIdentitySchema,
  NicknameAnswerSchema,
  RecoverAnswerSchema,
} from '../schemas/responses.schemas.ts';

/** A guest's user id: a random UUID, their session in the event. */
const UserId = z.string({ error: problem('userIdNotUuid') }).refine(isUuid, problem('userIdNotUuid'));
/** Spec §5: trimmed, not empty, at most 30 characters. */
const Nickname = z
  .string({ error: problem('nicknameEmpty') })
  .transform(normaliseNickname)
  .refine((n) => n.length > 0, problem('nicknameEmpty'))
  .refine((n) => !nicknameTooLong(n), problem('nicknameTooLong'));

const config = endpoint({ summary: 'Settings the web app needs first', tag: 'guest', ok: answer('AppConfig', AppConfigSchema) });
const eventByCode = endpoint({
  summary: 'An event by its code',
  tag: 'guest',
  params: EventByCodePath,
  ok: answer('EventDto', EventDtoSchema),
});
const consent = endpoint({
  summary: 'Consent to the terms: stores it and sets the guest cookie event_{code}',
  tag: 'guest',
  params: CodePath,
  body: z.object({ userId: UserId.nullish() }),
  ok: answer('Consent stored; the cookie event_{code} holds userId', ConsentGivenSchema),
  errors: [429],
});
const me = endpoint({
  summary: 'Who this browser is in the event (from its cookie)',
  tag: 'guest',
  params: CodePath,
  ok: answer('GuestIdentity', GuestIdentitySchema),
});
const recover = endpoint({
  summary: 'Session recovery: the cookie comes back for a user id that gave consent',
  tag: 'guest',
  params: CodePath,
  body: z.object({ userId: UserId }),
  ok: answer('RecoverAnswer', RecoverAnswerSchema),
});
const consentOf = endpoint({
  summary: 'Whether a user id gave consent',
  tag: 'guest',
  params: CodeUserPath,
  ok: answer('{ hasConsent }', ConsentAnswerSchema),
});
const setNickname = endpoint({
  summary: "Sets the guest's own nickname",
  tag: 'guest',
  callers: ['guest', 'admin'],
  params: CodePath,
  body: z.object({ userId: UserId, nickname: Nickname }),
  ok: answer('The nickname as stored', NicknameAnswerSchema),
  errors: [403],
});
const nicknameOf = endpoint({
  summary: "A guest's nickname (null without one)",
  tag: 'guest',
  params: CodeUserPath,
  ok: answer('{ nickname }', NicknameAnswerSchema),
});

/** Config, the event by code, consent and nickname: what a guest's phone asks first. */
export function guestRoutes() {
  const app = new Hono<Env>();

  app.get('/api/config', config.doc, (c) => {
    const { config, version, services } = c.get('deps');
    const wifi = services.boxSettings.wifi();
    const base = publicUrl(c);
    return c.json<AppConfig>({
      maxUploadSizeMB: config.maxUploadMb,
      publicUrl: base,
      wifi,
      version,
      publicUrlReachable: !isLocalOnlyUrl(base),
      shortName: config.captivePortal ? VENUE_SHORT_NAME : null,
      retentionDays: config.retentionDays,
    });
  });

  app.get('/api/event/:event', eventByCode.doc, (c) => {
    const event = c.get('deps').services.events.getByCode(eventByCode.params(c).event);
    return c.json(eventDto(event));
  });

  app.post('/api/event/:code/consent', consent.doc, atEvent, async (c) => {
    const { services, event } = atEventOf(c);
    const entry = services.guestEntry.consent(event.id, (await consent.body(c)).userId ?? null, clientAddress(c));
    setGuestCookie(c, event, entry.userId);
    return c.json<ConsentGiven>(entry);
  });

  /** Who this browser is in the event, from its (HttpOnly) guest cookie. */
  app.get('/api/event/:code/me', me.doc, atEvent, (c) => {
    const { services, event } = atEventOf(c);
    const userId = guestIdOf(c, event);
    return c.json<GuestIdentity>({
      userId,
      hasConsent: userId !== null && services.guests.hasConsent(event.id, userId),
      nickname: userId ? services.guests.nickname(event.id, userId) : null,
      shots_left: services.shots.left(event, viewerOf(c, event)),
    });
  });

  /** Session recovery (/event/{code}/recover/{userId}): the cookie comes back only for an id that gave consent. */
  app.post('/api/event/:code/recover', recover.doc, atEvent, async (c) => {
    const { services, event } = atEventOf(c);
    const entry = services.guestEntry.recover(event.id, (await recover.body(c)).userId, clientAddress(c));
    if (entry.userId) setGuestCookie(c, event, entry.userId);
    return c.json<RecoverAnswer>(entry);
  });

  app.get('/api/event/:code/consent/:userId', consentOf.doc, atEvent, (c) => {
    const { services, event } = atEventOf(c);
    const { userId } = consentOf.params(c);
    return c.json<ConsentAnswer>({ hasConsent: userId !== null && services.guests.hasConsent(event.id, userId) });
  });

  app.post('/api/event/:code/user-nickname', setNickname.doc, inEvent, async (c) => {
    const { services, event, viewer } = inEventOf(c);
    const body = await setNickname.body(c);
    authorize(viewer, 'editNickname', { ownerUserId: body.userId });
    return c.json<NicknameAnswer>({ nickname: services.guests.setNickname(event.id, body.userId, body.nickname) });
  });

  app.get('/api/event/:code/user-nickname/:userId', nicknameOf.doc, atEvent, (c) => {
    const { services, event } = atEventOf(c);
    const { userId } = nicknameOf.params(c);
    return c.json<NicknameAnswer>({ nickname: userId === null ? null : services.guests.nickname(event.id, userId) });
  });

  return app;
}
