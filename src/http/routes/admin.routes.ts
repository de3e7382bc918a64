import { Hono } from 'hono';
import type { Env } from '../context.ts';
import { bearerToken, clientAddress, idParam, jsonBody, requireRight } from '../context.ts';
import type { ApiKeyRow } from '../../services/api-keys.service.ts';
import type { VenueWifi } from '../../services/box-settings.service.ts';
import { lanAddresses } from '../../lib/network.ts';
import type { ApiKeyDto, BoxAddress, BoxStatus, CreatedApiKey, LoginAnswer, WifiSettings } from '../api-types.ts';

const wifiDto = (w: VenueWifi | null): WifiSettings => ({ ssid: w?.ssid ?? '', password: w?.password ?? '' });
const apiKeyDto = (k: ApiKeyRow): ApiKeyDto => ({ id: k.id, name: k.name, created_at: k.createdAt, last_used_at: k.lastUsedAt });

/** Admin login, password and API keys. */
export function adminRoutes() {
  const app = new Hono<Env>();

  app.post('/api/admin/login', async (c) => {
    const body = await jsonBody(c);
    const { token, expiresAt } = await c.get('deps').services.admin.login(body.password, clientAddress(c));
    return c.json<LoginAnswer>({ token, expires_at: expiresAt });
  });

  app.post('/api/admin/logout', (c) => {
    requireRight(c, 'administer');
    c.get('deps').services.admin.logout(bearerToken(c));
    return c.json({ success: true });
  });

  app.post('/api/admin/change-password', async (c) => {
    requireRight(c, 'administer');
    const body = await jsonBody(c);
    await c.get('deps').services.admin.changePassword(body.currentPassword, body.newPassword, bearerToken(c));
    return c.json({ success: true });
  });

  // The box's own addresses that guests can reach, as link bases with the port the dashboard was opened on:
  // offered when the dashboard runs on localhost, whose links no phone can open.
  app.get('/api/admin/addresses', (c) => {
    requireRight(c, 'administer');
    const port = /:(\d+)$/.exec(c.req.header('host') ?? '')?.[1];
    const suffix = port && port !== '80' ? `:${port}` : '';
    return c.json<BoxAddress[]>(
      lanAddresses().map((a) => ({ interface: a.interface, address: a.address, url: `http://${a.family === 'IPv6' ? `[${a.address}]` : a.address}${suffix}` })),
    );
  });

  // What the dashboard shows about the box: free disk space and the videos still to convert.
  app.get('/api/admin/box', (c) => {
    requireRight(c, 'administer');
    const { services } = c.get('deps');
    const disk = services.ingest.diskSpace();
    return c.json<BoxStatus>({ disk: { free_bytes: disk.freeBytes, ok: disk.ok }, video_queue: services.jobs.length() });
  });

  // The venue Wi-Fi printed on the QR cards (the environment's MOMENTBOX_WIFI_* are the default until saved here).
  app.get('/api/admin/wifi', (c) => {
    requireRight(c, 'administer');
    return c.json<WifiSettings>(wifiDto(c.get('deps').services.boxSettings.wifi()));
  });

  app.put('/api/admin/wifi', async (c) => {
    requireRight(c, 'administer');
    const body = await jsonBody(c);
    return c.json<WifiSettings>(wifiDto(c.get('deps').services.boxSettings.setWifi(body)));
  });

  app.get('/api/admin/api-keys', (c) => {
    requireRight(c, 'administer');
    return c.json(c.get('deps').services.apiKeys.list().map(apiKeyDto));
  });

  app.post('/api/admin/api-keys', async (c) => {
    requireRight(c, 'administer');
    const body = await jsonBody(c);
    const { row, key } = c.get('deps').services.apiKeys.create(body.name);
    return c.json<CreatedApiKey>({ ...apiKeyDto(row), api_key: key }, 201);
  });

  app.delete('/api/admin/api-keys/:id', (c) => {
    requireRight(c, 'administer');
    c.get('deps').services.apiKeys.delete(idParam(c, 'id'));
    return c.json({ success: true });
  });

  return app;
}
