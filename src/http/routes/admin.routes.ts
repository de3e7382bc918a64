import { Hono } from 'hono';
import type { Env } from '../context.ts';
import { z } from 'zod';
import { problem } from '../../lib/errors.ts';
import { bearerToken, clearAdminMediaCookie, clientAddress, requireRight, setAdminMediaCookie } from '../context.ts';
import { API_KEY_NAME_MAX, MIN_PASSWORD_LENGTH, WIFI_PASSWORD, WIFI_SSID_MAX_BYTES } from '../../domain/limits.ts';
import type { ApiKeyRow } from '../../services/api-keys.service.ts';
import type { VenueWifi } from '../../services/box-settings.service.ts';
import { lanAddresses } from '../../lib/network.ts';
import type { ApiKeyDto, BoxAddress, BoxStatus, CreatedApiKey, LoginAnswer, WifiSettings } from '../api-types.ts';
import { answer, endpoint } from '../openapi.ts';
import { ApiKeyPath } from '../schemas/params.schemas.ts';
import {
  ApiKeyDtoSchema,
  BoxAddressSchema,
  BoxStatusSchema,
  CreatedApiKeySchema,
  LoginAnswerSchema,
  SuccessSchema,
  WifiSettingsSchema,
} from '../schemas/responses.schemas.ts';

const login = endpoint({
  summary: 'Admin login (rate-limited per client address)',
  tag: 'admin',
  callers: ['anyone'],
  // Anything but a string is a wrong password (and counts as a failed attempt), not a malformed request.
  body: z.object({
    password: z
      .unknown()
      .optional()
      .transform((v) => (typeof v === 'string' ? v : '')),
  }),
  ok: answer('A session token for `Authorization: Bearer`', LoginAnswerSchema),
  errors: [401, 429],
});
const logout = endpoint({
  summary: 'Ends the admin session',
  tag: 'admin',
  ok: answer('{ success: true }', SuccessSchema),
  errors: [401, 403],
});
const passwordsRequired = problem('passwordsRequired');
const changePassword = endpoint({
  summary: 'Changes the admin password (other sessions end; 400 INVALID_PASSWORD for a wrong current one)',
  tag: 'admin',
  body: z.object({
    currentPassword: z.string({ error: passwordsRequired }),
    newPassword: z.string({ error: passwordsRequired }).min(MIN_PASSWORD_LENGTH, problem('newPasswordTooShort')),
  }),
  ok: answer('{ success: true }', SuccessSchema),
  errors: [401, 403],
});
const addresses = endpoint({
  summary: "The box's own addresses other devices can reach",
  tag: 'admin',
  ok: answer('BoxAddress[]', z.array(BoxAddressSchema)),
  errors: [401, 403],
});
const listKeys = endpoint({
  summary: 'The API keys (photo booths)',
  tag: 'admin',
  ok: answer('ApiKeyDto[]', z.array(ApiKeyDtoSchema)),
  errors: [401, 403],
});
const createKey = endpoint({
  summary: 'Creates an API key; the key itself is answered only this once',
  tag: 'admin',
  body: z.object({
    name: z
      .string({ error: problem('apiKeyNameRequired') })
      .trim()
      .min(1, problem('apiKeyNameRequired'))
      .max(API_KEY_NAME_MAX, problem('apiKeyNameTooLong')),
  }),
  ok: answer('The new key (`api_key` only in this answer)', CreatedApiKeySchema),
  status: 201,
  errors: [401, 403, 409],
});
const box = endpoint({
  summary: 'Free disk space and the videos still to convert',
  tag: 'admin',
  ok: answer('BoxStatus', BoxStatusSchema),
  errors: [401, 403],
});
const wifi = endpoint({
  summary: 'The venue Wi-Fi printed on the QR cards',
  tag: 'admin',
  ok: answer("WifiSettings (ssid '' when none)", WifiSettingsSchema),
  errors: [401, 403],
});
const setWifi = endpoint({
  summary: 'Saves the venue Wi-Fi; an empty ssid removes the Wi-Fi QR code',
  tag: 'admin',
  body: z.object({
    ssid: z
      .string({ error: problem('wifiSsidNotText') })
      .trim()
      .refine((v) => new TextEncoder().encode(v).length <= WIFI_SSID_MAX_BYTES, problem('wifiSsidTooLong'))
      .default(''),
    password: z
      .string({ error: problem('wifiPasswordNotText') })
      .max(WIFI_PASSWORD.max, problem('wifiPasswordTooLong'))
      .refine((v) => v === '' || v.length >= WIFI_PASSWORD.min, problem('wifiPasswordTooShort'))
      .default(''),
  }),
  ok: answer('WifiSettings as saved', WifiSettingsSchema),
  errors: [401, 403],
});
const deleteKey = endpoint({
  summary: 'Deletes an API key',
  tag: 'admin',
  params: ApiKeyPath,
  ok: answer('{ success: true }', SuccessSchema),
  errors: [401, 403],
});

const wifiDto = (w: VenueWifi | null): WifiSettings => ({ ssid: w?.ssid ?? '', password: w?.password ?? '' });
const apiKeyDto = (k: ApiKeyRow): ApiKeyDto => ({ id: k.id, name: k.name, created_at: k.createdAt, last_used_at: k.lastUsedAt });

/** Admin login, password and API keys. */
export function adminRoutes() {
  const app = new Hono<Env>();

  app.post('/api/admin/login', login.doc, async (c) => {
    const body = await login.body(c);
    const { token, expiresAt } = await c.get('deps').services.admin.login(body.password, clientAddress(c));
    setAdminMediaCookie(c, token, expiresAt);
    return c.json<LoginAnswer>({ token, expires_at: expiresAt });
  });

  app.post('/api/admin/logout', logout.doc, (c) => {
    requireRight(c, 'administer');
    c.get('deps').services.admin.logout(bearerToken(c));
    clearAdminMediaCookie(c);
    return c.json({ success: true });
  });

  app.post('/api/admin/change-password', changePassword.doc, async (c) => {
    requireRight(c, 'administer');
    const body = await changePassword.body(c);
    await c.get('deps').services.admin.changePassword(body.currentPassword, body.newPassword, bearerToken(c));
    return c.json({ success: true });
  });

  // The box's own addresses that guests can reach, as link bases with the port the dashboard was opened on:
  // offered when the dashboard runs on localhost, whose links no phone can open.
  app.get('/api/admin/addresses', addresses.doc, (c) => {
    requireRight(c, 'administer');
    const port = /:(\d+)$/.exec(c.req.header('host') ?? '')?.[1];
    const suffix = port && port !== '80' ? `:${port}` : '';
    return c.json<BoxAddress[]>(
      lanAddresses().map((a) => ({
        interface: a.interface,
        address: a.address,
        url: `http://${a.family === 'IPv6' ? `[${a.address}]` : a.address}${suffix}`,
      })),
    );
  });

  // What the dashboard shows about the box: free disk space and the videos still to convert.
  app.get('/api/admin/box', box.doc, (c) => {
    requireRight(c, 'administer');
    const { services } = c.get('deps');
    const disk = services.ingest.diskSpace();
    return c.json<BoxStatus>({ disk: { free_bytes: disk.freeBytes, ok: disk.ok }, video_queue: services.jobs.length() });
  });

  // The venue Wi-Fi printed on the QR cards (the environment's MOMENTBOX_WIFI_* are the default until saved here).
  app.get('/api/admin/wifi', wifi.doc, (c) => {
    requireRight(c, 'administer');
    return c.json<WifiSettings>(wifiDto(c.get('deps').services.boxSettings.wifi()));
  });

  app.put('/api/admin/wifi', setWifi.doc, async (c) => {
    requireRight(c, 'administer');
    const body = await setWifi.body(c);
    return c.json<WifiSettings>(wifiDto(c.get('deps').services.boxSettings.setWifi(body)));
  });

  app.get('/api/admin/api-keys', listKeys.doc, (c) => {
    requireRight(c, 'administer');
    return c.json(c.get('deps').services.apiKeys.list().map(apiKeyDto));
  });

  app.post('/api/admin/api-keys', createKey.doc, async (c) => {
    requireRight(c, 'administer');
    const body = await createKey.body(c);
    const { row, key } = c.get('deps').services.apiKeys.create(body.name);
    return c.json<CreatedApiKey>({ ...apiKeyDto(row), api_key: key }, 201);
  });

  app.delete('/api/admin/api-keys/:id', deleteKey.doc, (c) => {
    requireRight(c, 'administer');
    c.get('deps').services.apiKeys.delete(deleteKey.params(c).id);
    return c.json({ success: true });
  });

  return app;
}
