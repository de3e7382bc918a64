import { expect, test } from 'bun:test';
import type { AdminEventDto, ClientTokenAnswer } from '../../src/http/api-types.ts';
import { daysFromNow, form, PHOTOS, useAppServer } from './support.ts';

// The couple's page and the admin's screens show media through <img> and <video>, which carry no bearer
// token: after an event's viewable-until (only the host and the admin see its media then) their media
// cookies, set at login and when the couple's link opens, make those requests theirs. Guests get 404.

const srv = useAppServer();
const EXPIRED = { event_start_datetime: daysFromNow(-60), event_duration_days: '7' };

test('after viewable-until: the admin (login cookie only) and the host (after opening their link) get a thumbnail; guests, other hosts and the logged-out admin get 404', async () => {
  const event = await srv.admin.createEvent();
  const other = await srv.admin.createEvent();
  const { client_token: token } = await srv.admin.json<ClientTokenAnswer>(`/api/client/generate-token/${event.id}`, { method: 'POST' });
  const { client_token: otherToken } = await srv.admin.json<ClientTokenAnswer>(`/api/client/generate-token/${other.id}`, {
    method: 'POST',
  });
  const guest = srv.client();
  await guest.joinAsGuest(event.code, 'Gast');
  const shared = await guest.uploadOk(event.id, PHOTOS[0]!, { autoApprove: 'true' });
  // not asked for before: who a derived file belongs to is cached for 2 s (files.routes.ts), the event's status with it
  const thumb = shared.upload.thumbnail_path!;

  await srv.admin.fetch(`/api/event/${event.id}`, { method: 'PUT', body: form(EXPIRED) });
  expect((await srv.client().json<AdminEventDto>(`/api/event/${event.code}`)).status).toBe('expired');

  // The admin as the browser's <img> asks: the cookie of the login, no Authorization header.
  const adminBrowser = srv.client();
  const login = await adminBrowser.fetch('/api/admin/login', { method: 'POST', json: { password: srv.server.adminPassword } });
  expect(login.status).toBe(200);
  const adminCookie = login.headers.getSetCookie().find((c) => c.startsWith('media_admin='))!;
  expect(adminCookie).toContain('Path=/media');
  expect(adminCookie).toContain('SameSite=Strict');
  expect(adminCookie).toContain('HttpOnly');
  const adminThumb = await adminBrowser.fetch(thumb);
  expect(adminThumb.status).toBe(200);
  expect(adminThumb.headers.get('content-type')).toBe('image/jpeg');

  // The couple, as their page loads: the settings with the token, then the thumbnails.
  const host = srv.client();
  expect((await host.fetch(thumb)).status).toBe(404);
  const opened = await host.fetch(`/api/client/event-settings/${token}`);
  expect(opened.status).toBe(200);
  expect(opened.headers.getSetCookie().find((c) => c.startsWith(`media_host_${event.code}=`))).toContain(
    'Path=/media; SameSite=Strict; HttpOnly',
  );
  expect((await host.fetch(thumb)).status).toBe(200);

  // Guests and visitors: gone. Another event's host: its cookie does not reach this event.
  expect((await guest.fetch(thumb)).status).toBe(404);
  expect((await srv.client().fetch(thumb)).status).toBe(404);
  const otherHost = srv.client();
  await otherHost.fetch(`/api/client/event-settings/${otherToken}`);
  expect((await otherHost.fetch(thumb)).status).toBe(404);
  // A guest's cookie beside the host's: the host's counts.
  host.cookies.set(`event_${event.code}`, guest.cookies.get(`event_${event.code}`)!);
  expect((await host.fetch(thumb)).status).toBe(200);

  // A new client token: the old cookie no longer counts. The admin's logout ends the admin's cookie.
  await srv.admin.json(`/api/client/generate-token/${event.id}`, { method: 'POST' });
  expect((await host.fetch(thumb)).status).toBe(404);
  const sessionToken = ((await login.json()) as { token: string }).token;
  const stale = adminBrowser.cookies.get('media_admin')!;
  const logout = await adminBrowser.fetch('/api/admin/logout', { method: 'POST', headers: { authorization: `Bearer ${sessionToken}` } });
  expect(logout.status).toBe(200);
  expect(adminBrowser.cookies.get('media_admin')).toBe('');
  adminBrowser.cookies.set('media_admin', stale);
  expect((await adminBrowser.fetch(thumb)).status).toBe(404);
});
