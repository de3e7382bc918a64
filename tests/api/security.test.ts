import { describe, expect, test } from 'bun:test';
import type { AlbumDto, UploadDto, UploadResult } from '../../src/http/api-types.ts';
import { daysFromNow, ensureWebBuilt, expectError, expectOk, PHOTO, PHOTOS, useServer } from './support.ts';

// Issue 11: the findings of an attacker on the venue Wi-Fi, each tried from outside against a real server.

const srv = useServer();

/** A guest with consent and one own upload in a fresh, running event. */
async function guestWithUpload(photo = PHOTO) {
  const event = await srv.admin.createEvent();
  const guest = srv.client();
  const userId = await guest.joinAsGuest(event.code);
  const upload = await guest.uploadOk(event.id, photo);
  return { event, guest, userId, upload };
}

async function createApiKey(name: string): Promise<string> {
  return (await srv.admin.json<{ api_key: string }>('/api/admin/api-keys', { method: 'POST', json: { name } })).api_key;
}

async function uploadIds(eventId: number): Promise<number[]> {
  return (await srv.admin.json<UploadDto[]>(`/api/event/${eventId}/uploads`)).map((u) => u.id);
}

function photoForm(path: string, fields: Record<string, string> = {}, name = path.split('/').pop()!): FormData {
  const form = new FormData();
  form.append('file', new File([Bun.file(path)], name, { type: 'image/jpeg' }));
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return form;
}

describe('1. cookie-authenticated writes from a foreign origin are refused', () => {
  const EVIL = { Origin: 'http://evil.example', 'Sec-Fetch-Site': 'cross-site' };

  test('delete, approve, reject, upload and consent with the guest cookie from evil.example: 403, nothing changes', async () => {
    const { event, guest, upload } = await guestWithUpload();
    const del = await guest.fetch(`/api/event/${event.id}/upload/${upload.id}`, { method: 'DELETE', headers: EVIL });
    await expectError(del, 403, 'CROSS_SITE_REQUEST');
    for (const action of ['approve', 'reject']) {
      await expectError(
        await guest.fetch(`/api/event/${event.id}/upload/${upload.id}/${action}`, { method: 'PUT', headers: EVIL }),
        403,
        'CROSS_SITE_REQUEST',
      );
    }
    const up = await guest.fetch(`/api/event/${event.id}/upload`, { method: 'POST', body: photoForm(PHOTOS[1]!), headers: EVIL });
    await expectError(up, 403, 'CROSS_SITE_REQUEST');
    const consent = await guest.fetch(`/api/event/${event.code}/consent`, { method: 'POST', json: {}, headers: EVIL });
    await expectError(consent, 403, 'CROSS_SITE_REQUEST');
    expect(consent.headers.getSetCookie()).toHaveLength(0);
    expect(await uploadIds(event.id)).toEqual([upload.id]);
  });

  test('the Origin alone, Sec-Fetch-Site alone, another port of the same host and Origin null are foreign too', async () => {
    const { event, guest, upload } = await guestWithUpload();
    const port = new URL(srv.url).port;
    const attempts: Record<string, string>[] = [
      { Origin: 'http://evil.example' },
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site' },
      { Origin: `http://127.0.0.1:${Number(port) + 1}` },
      { Origin: 'null' },
      { Origin: 'null', 'Sec-Fetch-Site': 'cross-site' },
      { Origin: 'http://evil.example', 'Sec-Fetch-Site': 'same-origin' },
    ];
    for (const headers of attempts) {
      await expectError(
        await guest.fetch(`/api/event/${event.id}/upload/${upload.id}`, { method: 'DELETE', headers }),
        403,
        'CROSS_SITE_REQUEST',
      );
    }
    expect(await uploadIds(event.id)).toEqual([upload.id]);
  });

  test('our own pages (same Origin, same-origin fetch), curl without these headers and a photo booth with its key keep working', async () => {
    const { event, guest, upload } = await guestWithUpload();
    const own = { Origin: srv.url, 'Sec-Fetch-Site': 'same-origin' };
    await expectOk(await guest.fetch(`/api/event/${event.id}/upload/${upload.id}/reject`, { method: 'PUT', headers: own }));
    // A form post of our own page that sends no referrer carries `Origin: null`; the browser vouches with Sec-Fetch-Site.
    const ownForm = { Origin: 'null', 'Sec-Fetch-Site': 'same-origin' };
    await expectOk(await guest.fetch(`/api/event/${event.id}/upload/${upload.id}/approve`, { method: 'PUT', headers: ownForm }));
    await expectOk(await guest.fetch(`/api/event/${event.id}/upload/${upload.id}/approve`, { method: 'PUT' }));
    const key = await createApiKey(`booth-csrf-${event.id}`);
    const booth = await srv.client().fetch(`/api/event/${event.id}/upload`, {
      method: 'POST',
      body: photoForm(PHOTOS[2]!),
      headers: { 'X-API-Key': key, Origin: 'http://booth.example' },
    });
    await expectOk(booth, 201);
    await expectOk(await guest.fetch(`/api/event/${event.id}/upload/${upload.id}`, { method: 'DELETE', headers: own }));
  });
});

describe('2. security headers', () => {
  test('pages carry a CSP without inline script, frame-ancestors none, X-Frame-Options, nosniff; the settings page sends no referrer', async () => {
    await ensureWebBuilt();
    const settings = `/event/${'a'.repeat(64)}/settings`;
    for (const path of ['/admin/dashboard', '/', '/event/some-code', settings]) {
      const res = await srv.client().fetch(path);
      expect(res.status).toBe(200);
      const csp = res.headers.get('content-security-policy') ?? '';
      const directives = new Map(
        csp
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .map(([name, ...values]) => [name!, values]),
      );
      expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
      expect(directives.get('script-src')).toBeDefined();
      expect(directives.get('script-src')).not.toContain("'unsafe-inline'");
      expect(directives.get('script-src')).not.toContain("'unsafe-eval'");
      expect(directives.get('object-src')).toEqual(["'none'"]);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      // The token in the settings URL goes nowhere; other pages tell no other site where they came from.
      expect(res.headers.get('referrer-policy')).toBe(path === settings ? 'no-referrer' : 'same-origin');
    }
  });

  test('JSON answers, errors and media carry nosniff too', async () => {
    const { upload } = await guestWithUpload();
    for (const res of [
      await srv.client().fetch('/api/config'),
      await srv.client().fetch('/api/event/does-not-exist'),
      await srv.client().fetch(new URL(upload.upload.thumbnail_path!, srv.url).pathname),
    ]) {
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
  });
});

describe('3. the guest cookie is HttpOnly; the web app learns its id from the server', () => {
  test('consent sets an HttpOnly cookie; GET /me names the guest from it, and nobody without it', async () => {
    const event = await srv.admin.createEvent();
    const guest = srv.client();
    const res = await guest.fetch(`/api/event/${event.code}/consent`, { method: 'POST', json: {} });
    const { userId } = await expectOk<{ userId: string }>(res);
    expect(res.headers.getSetCookie()[0]).toMatch(/;\s*HttpOnly/i);
    await expectOk(await guest.fetch(`/api/event/${event.code}/user-nickname`, { method: 'POST', json: { userId, nickname: 'Anna' } }));
    expect(await expectOk(await guest.fetch(`/api/event/${event.code}/me`))).toEqual({
      userId,
      hasConsent: true,
      nickname: 'Anna',
      shots_left: null,
    });
    expect(await expectOk(await srv.client().fetch(`/api/event/${event.code}/me`))).toEqual({
      userId: null,
      hasConsent: false,
      nickname: null,
      shots_left: null,
    });
  });

  test('recovery sets the same ten-year HttpOnly cookie for an id with consent, and none for an unknown id', async () => {
    const event = await srv.admin.createEvent();
    const userId = await srv.client().joinAsGuest(event.code);
    const phone = srv.client();
    const res = await phone.fetch(`/api/event/${event.code}/recover`, { method: 'POST', json: { userId } });
    expect(await expectOk(res)).toEqual({ hasConsent: true, userId });
    const cookie = res.headers.getSetCookie()[0] ?? '';
    expect(cookie).toStartWith(`event_${event.code}=${userId};`);
    expect(cookie).toMatch(/Max-Age=315360000/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/HttpOnly/);
    expect((await expectOk(await phone.fetch(`/api/event/${event.code}/me`))).userId).toBe(userId);

    const stranger = await srv
      .client()
      .fetch(`/api/event/${event.code}/recover`, { method: 'POST', json: { userId: crypto.randomUUID() } });
    expect(await expectOk(stranger)).toEqual({ hasConsent: false, userId: null });
    expect(stranger.headers.getSetCookie()).toHaveLength(0);
  });
});

describe('4. media do not outlive their event', () => {
  test('800 days after viewable-until the files answer 404 to visitors, guests and API keys, but not to the admin', async () => {
    const event = await srv.admin.createEvent({ event_start_datetime: daysFromNow(-900), event_duration_days: '7' });
    const up = await srv.admin.uploadOk(event.id, PHOTOS[3]!);
    const paths = [up.upload.file_path, up.upload.thumbnail_path!, up.upload.preview_path!].map((u) => new URL(u, srv.url).pathname);
    const key = await createApiKey(`booth-expired-${event.id}`);
    for (const path of paths) {
      expect((await srv.client().fetch(path)).status).toBe(404);
      expect((await srv.client().fetch(`${path}?download=1`)).status).toBe(404);
      expect((await srv.client().fetch(path, { headers: { 'X-API-Key': key } })).status).toBe(404);
      expect((await srv.admin.fetch(path)).status).toBe(200);
    }
  });
});

describe('5. API keys may only upload', () => {
  test('reading uploads, albums or similar photos with a key is 403; check-exact answers yes or no only', async () => {
    const { event, upload } = await guestWithUpload(PHOTOS[4]!);
    await srv.admin.json(`/api/event/${event.id}/upload/${upload.id}/approve`, { method: 'PUT' });
    const key = await createApiKey(`booth-read-${event.id}`);
    const booth = { 'X-API-Key': key };
    const bearer = { Authorization: `Bearer ${key}` };
    for (const headers of [booth, bearer]) {
      await expectError(await srv.client().fetch(`/api/event/${event.id}/uploads`, { headers }), 403, 'API_KEY_UPLOAD_ONLY');
      await expectError(await srv.client().fetch(`/api/event/${event.id}/albums`, { headers }), 403, 'API_KEY_UPLOAD_ONLY');
      const similar = await srv.client().fetch('/api/media/check-similar', {
        method: 'POST',
        json: { phash: '0000000000000000', eventId: event.id, threshold: 12 },
        headers,
      });
      await expectError(similar, 403, 'API_KEY_UPLOAD_ONLY');
    }
    const sha256 = new Bun.CryptoHasher('sha256').update(await Bun.file(PHOTOS[4]!).arrayBuffer()).digest('hex');
    const exact = await expectOk(
      await srv.client().fetch(`/api/media/check-exact?sha256=${sha256}&eventId=${event.id}`, { headers: booth }),
    );
    expect(exact).toEqual({ exists: true, duplicate: null });
    // The booth still uploads.
    await expectOk(
      await srv.client().fetch(`/api/event/${event.id}/upload`, { method: 'POST', body: photoForm(PHOTOS[0]!), headers: booth }),
      201,
    );
  });
});

describe('6. hidden albums', () => {
  test("a guest's upload with a hidden album's id goes where a guest's upload would go; admin and API key may fill it", async () => {
    const event = await srv.admin.createEvent();
    const hidden = await srv.admin.createAlbum(event.id, { name: 'Nur für das Brautpaar' });
    await srv.admin.json<AlbumDto>(`/api/album/${hidden.id}`, { method: 'PUT', json: { visible: false } });
    const guest = srv.client();
    await guest.joinAsGuest(event.code);
    const res = await guest.upload(event.id, PHOTOS[1]!, { albumId: String(hidden.id) });
    const placed = await expectOk<UploadResult>(res, 201);
    expect(placed.album_id).not.toBe(hidden.id);
    const visible = await expectOk<AlbumDto[]>(await guest.fetch(`/api/event/${event.id}/albums`));
    expect(visible.map((a) => a.id)).toContain(placed.album_id);

    expect((await srv.admin.uploadOk(event.id, PHOTOS[2]!, { albumId: String(hidden.id) })).album_id).toBe(hidden.id);
    const key = await createApiKey(`booth-hidden-${event.id}`);
    const booth = await srv.client().fetch(`/api/event/${event.id}/upload`, {
      method: 'POST',
      body: photoForm(PHOTOS[3]!, { albumId: String(hidden.id) }),
      headers: { 'X-API-Key': key },
    });
    expect((await expectOk<UploadResult>(booth, 201)).album_id).toBe(hidden.id);
  });
});

describe('7. odd paths', () => {
  test('a NUL byte or a 300-character asset name answers 400 or 404, and the log shows no stack', async () => {
    const before = srv.server.output().length;
    const paths = [
      '/x%00',
      `/assets/${'A'.repeat(300)}`,
      `/${'B'.repeat(5000)}`,
      '/event/%00/settings',
      '/assets/%00.js',
      '/media/%00/original.jpg',
      '/%ff%fe',
      '/api/event/%00',
      `/api/event/${'C'.repeat(3000)}/me`,
    ];
    for (const path of paths) {
      const res = await srv.client().fetch(path);
      expect({ path, status: res.status, ok: res.status < 500 }).toEqual({ path, status: res.status, ok: true });
      if (path.includes('%00') && !path.startsWith('/api') && !path.startsWith('/media')) expect(res.status).toBe(400);
    }
    expect((await srv.client().fetch(`/assets/${'A'.repeat(300)}`)).status).toBe(404);
    const log = srv.server.output().slice(before);
    expect(log).not.toContain('stack=');
    expect(log).not.toContain('request failed');
  });
});

describe('8. names the server writes', () => {
  test('a guest file named ü😀<U+202E>gpj.exe.jpg loses the bidi override in the ZIP and in the download name', async () => {
    const event = await srv.admin.createEvent({ name: 'Feier\u202Eexe.\u0007' });
    const guest = srv.client();
    await guest.joinAsGuest(event.code);
    const trick = 'u\u0308😀\u202Egpj.exe.jpg'; // also not NFC: u + combining diaeresis
    const res = await guest.fetch(`/api/event/${event.id}/upload`, {
      method: 'POST',
      body: photoForm(PHOTOS[0]!, { autoApprove: 'true' }, trick),
    });
    const up = await expectOk<UploadResult>(res, 201);

    const zip = await srv.admin.fetch(`/api/event/${event.id}/export-zip`);
    expect(zip.status).toBe(200);
    const disposition = zip.headers.get('content-disposition') ?? '';
    const bytes = Buffer.from(await zip.arrayBuffer());
    const rlo = Buffer.from('\u202E', 'utf8');
    expect(bytes.includes(rlo)).toBe(false);
    expect(bytes.includes(Buffer.from('ü😀gpj.exe.jpg', 'utf8'))).toBe(true);
    expect(disposition).not.toContain('%E2%80%AE');
    expect(disposition).not.toContain('%07');

    const download = await srv.admin.fetch(`${new URL(up.upload.file_path, srv.url).pathname}?download=1`);
    const name = download.headers.get('content-disposition') ?? '';
    expect(name).not.toContain('%E2%80%AE');
    expect(name).toContain(encodeURIComponent('ü😀gpj.exe.jpg'));
  });
});

describe('9. links are not built from a foreign Host header', () => {
  test('Host: evil.example gives links to the box itself; the box own names are kept', async () => {
    const own = new URL(srv.url);
    const config = await expectOk(await srv.client().fetch('/api/config', { headers: { Host: 'evil.example' } }));
    expect(config.publicUrl).toBe(`http://${own.host}`);
    const local = await expectOk(await srv.client().fetch('/api/config', { headers: { Host: `localhost:${own.port}` } }));
    expect(local.publicUrl).toBe(`http://localhost:${own.port}`);

    const { event } = await guestWithUpload();
    const uploaders = await expectOk<{ recovery_link: string }[]>(
      await srv.admin.fetch(`/api/event/${event.id}/uploaders`, { headers: { Host: 'evil.example' } }),
    );
    expect(uploaders[0]!.recovery_link).toStartWith(`http://${own.host}/event/`);
    const token = await expectOk<{ settings_url: string }>(
      await srv.admin.fetch(`/api/client/generate-token/${event.id}`, { method: 'POST', headers: { Host: `evil.example:${own.port}` } }),
    );
    expect(token.settings_url).toStartWith(`http://${own.host}/event/`);
  });
});

describe('10. export tickets', () => {
  test('a ticket opens one download only', async () => {
    const { event } = await guestWithUpload(PHOTOS[2]!);
    const { url } = await srv.admin.json<{ url: string }>(`/api/event/${event.id}/export-ticket`, { method: 'POST' });
    const first = await srv.client().fetch(url);
    expect(first.status).toBe(200);
    await first.arrayBuffer();
    await expectError(await srv.client().fetch(url), 401);
  });
});
