import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, screenshotPath } from '../../helpers/browser.ts';
import type { AdminEventDto, AlbumDto, UploadDto } from '../../../src/http/api-types.ts';
import { CAMERAS, createEvent, FIXTURES, newGuest, openEvent, shot, startGuestEnv, type GuestEnv } from './helpers.ts';

// Quality bars of the guest pages: JavaScript loaded before the first thumbnail (≤ 150 KB gzip),
// accessibility (axe: no serious or critical violations; keyboard), no layout shift while thumbnails
// load, the legal pages, any other path, a 401. The 2,000-item album (frame times) is quality-scroll.test.ts,
// in npm test's alone lane.

let env: GuestEnv;
let event: AdminEventDto;
let album: AlbumDto;
const uploads: UploadDto[] = [];

beforeAll(async () => {
  env = await startGuestEnv();
  event = await createEvent(env.admin, { name: 'Firmenfeier 2026', code: 'firmenfeier', header_style: 'premium', primary_color: 'indigo' });
  album = await env.admin.createAlbum(event.id, {
    name: 'Abend',
    start_datetime: '2000-01-01T00:00:00Z',
    end_datetime: '2030-01-01T00:00:00Z',
  });
  for (const f of [...CAMERAS, join(FIXTURES, 'photos', 'orientation', 'portrait_3.jpg')]) {
    const r = await env.admin.uploadOk(event.id, f, { albumId: String(album.id), autoApprove: 'true' });
    uploads.push(r.upload);
  }
});
afterAll(async () => env?.stop());

async function axe(page: Page) {
  // Let finite animations (a modal fading in) finish, or axe measures half-transparent colours.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.effect?.getTiming().iterations === Infinity || a.playState !== 'running'),
  );
  const r = await new AxeBuilder({ page }).analyze();
  const bad = r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (bad.length)
    console.error(
      JSON.stringify(
        bad.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) })),
        null,
        1,
      ),
    );
  return bad;
}

describe('guest pages: quality bars', () => {
  test('JavaScript loaded on the event page before the first thumbnail is at most 150 KB gzip', async () => {
    const { context, page } = await newGuest(env, PHONE);
    // The scripts exactly as the browser received them (not re-read from web/dist).
    const scripts = new Map<string, Promise<Buffer>>();
    page.on('response', (r) => {
      if (r.request().resourceType() !== 'script') return;
      const body = r.body();
      // the chunks the page warms once the first thumbnail is in may still be arriving when the page closes
      body.catch(() => undefined);
      scripts.set(new URL(r.url()).pathname, body);
    });
    await page.goto(`${env.url}/event/${event.code}`);
    await page.locator('[data-testid=media-tile] img').first().waitFor();
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-testid=media-tile] img')].some((i) => (i as HTMLImageElement).complete),
    );
    let raw = 0;
    let gz = 0;
    // what came before the first thumbnail showed (the warmed chunks after it are not the first load)
    for (const body of [...scripts.values()]) {
      const bytes = new Uint8Array(await body);
      raw += bytes.length;
      gz += Bun.gzipSync(bytes, { level: 9 }).length;
    }
    console.log(
      `event page JS before first thumbnail: ${scripts.size} files, ${(raw / 1024).toFixed(1)} KB raw, ${(gz / 1024).toFixed(1)} KB gzip`,
    );
    expect(scripts.size).toBeGreaterThan(0);
    expect(gz).toBeLessThanOrEqual(150 * 1024);
    // The heavy helpers stay out until needed.
    expect([...scripts.keys()].some((s) => /qrcode|browser-|hash-wasm|index\.esm|lite\.esm|exifr/.test(s))).toBe(false);
    await context.close();
  });

  test('axe: no serious or critical violations on the landing and event pages, phone and desktop', async () => {
    for (const [vp, opts] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const { context, page } = await newGuest(env, opts);
      await page.goto(env.url + '/');
      await page.locator('.land').waitFor();
      expect(await axe(page)).toEqual([]);
      await shot(page, `landing-${vp}`);

      // A guest with consent, so the page shows everything a guest can use.
      const { userId } = await env.admin.json<{ userId: string }>(`/api/event/${event.code}/consent`, { method: 'POST', json: {} });
      await context.addCookies([{ name: `event_${event.code}`, value: userId, url: env.url }]);
      await openEvent(page, env, event.code);
      await page.locator('[data-testid=media-tile] img').first().waitFor();
      await page.waitForTimeout(300);
      expect(await axe(page)).toEqual([]);
      await shot(page, `event-premium-${vp}`);
      // Premium header: parallax only from 1024 px.
      await page.evaluate(() => window.scrollTo(0, 200));
      await page.waitForTimeout(200);
      const transform = await page.getByTestId('parallax').evaluate((el) => (el as HTMLElement).style.transform);
      if (vp === 'desktop') expect(transform).toContain('translate3d(0px, 80px, 0px)');
      else expect(transform).toBe('');
      await page.evaluate(() => window.scrollTo(0, 0));
      // And with the menu's profile modal open.
      await page.getByTestId('menu').click();
      await page.getByTestId('menu-profile').click();
      await page.getByTestId('recovery-qr').locator('img').waitFor();
      expect(await axe(page)).toEqual([]);
      await context.close();
    }
  });

  test('keyboard: every control is reachable with Tab, has a name and a visible focus', async () => {
    const { context, page } = await newGuest(env, DESKTOP);
    const { userId } = await env.admin.json<{ userId: string }>(`/api/event/${event.code}/consent`, { method: 'POST', json: {} });
    await context.addCookies([{ name: `event_${event.code}`, value: userId, url: env.url }]);
    await openEvent(page, env, event.code);
    await page.locator('[data-testid=media-tile] img').first().waitFor();
    const seen: { name: string; outline: string; shadow: string }[] = [];
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      const info = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return null;
        const label =
          el.getAttribute('aria-label') ||
          (el.id && document.querySelector(`label[for="${el.id}"]`)?.textContent) ||
          el.closest('label')?.textContent ||
          el.textContent ||
          '';
        const cs = getComputedStyle(el);
        const host = el.closest('.ev-upload') as HTMLElement | null;
        const hostCs = host ? getComputedStyle(host) : null;
        return {
          name: label.trim(),
          outline:
            cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) > 0
              ? cs.outlineStyle
              : hostCs && hostCs.outlineStyle !== 'none'
                ? 'host'
                : 'none',
          shadow: cs.boxShadow,
        };
      });
      if (info) seen.push(info);
    }
    const names = seen.map((s) => s.name);
    for (const expected of ['Menü', 'Foto & Video Upload', 'Automatisch freigeben', 'Foto 1 öffnen', 'Album herunterladen', 'Impressum']) {
      expect(names.some((n) => n.includes(expected))).toBe(true);
    }
    for (const s of seen) {
      expect(s.name.length).toBeGreaterThan(0);
      expect(s.outline !== 'none' || s.shadow !== 'none').toBe(true);
    }
    // Enter on a tile opens the viewer; Escape closes it and focus returns to the tile.
    const tile = page.locator('[data-testid=media-tile] .ev-tile__open').first();
    await tile.focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('viewer').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('viewer').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Foto 1 öffnen');
    await context.close();
  });

  test('legal pages link home and to each other; other paths go to /', async () => {
    for (const [vp, opts] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const { context, page } = await newGuest(env, opts);
      await page.goto(env.url + '/impressum');
      await page.getByRole('heading', { level: 1, name: 'Impressum' }).waitFor();
      await shot(page, `impressum-${vp}`);
      await page.getByRole('link', { name: 'Datenschutz' }).click();
      await page.getByRole('heading', { level: 1, name: 'Datenschutzerklärung' }).waitFor();
      await shot(page, `datenschutz-${vp}`);
      await page.getByRole('link', { name: 'Startseite', exact: true }).click();
      await page
        .locator('.land')
        .waitFor({ timeout: 8000 })
        .catch(async (e) => {
          // Evidence for an intermittent failure seen once under heavy machine load.
          await page.screenshot({ path: screenshotPath('guest', `failure-legal-${vp}`) });
          console.log('landing did not show; URL', page.url(), await page.evaluate(() => document.body.innerHTML.slice(0, 500)));
          throw e;
        });
      expect(new URL(page.url()).pathname).toBe('/');
      await page.goto(env.url + '/gibt/es/nicht');
      await page.waitForURL(env.url + '/');
      await context.close();
    }
  });

  test('service worker (secure context only): a new version posts SW_UPDATED, storage is cleared, the page reloads', async () => {
    const { context, page } = await newGuest(env, DESKTOP);
    // 127.0.0.1 is a secure context, so the worker registers here (over http:// on the LAN it does not).
    await page.goto(env.url + '/');
    await page.locator('.land').waitFor();
    const reg = await page.evaluate(async () => {
      const r = await navigator.serviceWorker.ready;
      return r.active?.scriptURL ?? '';
    });
    expect(reg).toMatch(/\/sw\.js\?v=[A-Za-z0-9_-]+$/);
    await page.waitForFunction(() => !!navigator.serviceWorker.controller);
    await page.evaluate(() => {
      localStorage.setItem('momentbox_probe', '1');
      sessionStorage.setItem('momentbox_probe', '1');
      (window as unknown as { __before: boolean }).__before = true;
    });
    // A new build means a new worker version: the waiting worker is told to take over, announces
    // itself, and the page clears local and session storage and reloads.
    const reloaded = page.waitForEvent('load', { timeout: 15_000 });
    await page.evaluate(() => navigator.serviceWorker.register('/sw.js?v=next-build', { scope: '/' }).then(() => undefined));
    await reloaded;
    await page.locator('.land').waitFor();
    expect(await page.evaluate(() => [localStorage.getItem('momentbox_probe'), sessionStorage.getItem('momentbox_probe'), 'x'])).toEqual([
      null,
      null,
      'x',
    ]);
    expect(await page.evaluate(() => (window as unknown as { __before?: boolean }).__before ?? false)).toBe(false);
    await context.close();
  });

  test('a 401 clears the admin token and goes to /admin', async () => {
    const { context, page } = await newGuest(env, DESKTOP);
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('momentbox_admin_token', 'expired-token');
      }
    });
    await page.goto(`${env.url}/event/${event.code}`);
    // /admin?expired=1: the login page then says the session expired (issue 16 item 18)
    await page.waitForURL((u) => u.pathname === '/admin', { timeout: 10_000 });
    expect(await page.evaluate(() => localStorage.getItem('momentbox_admin_token'))).toBeNull();
    await page.getByTestId('session-expired').waitFor();
    await context.close();
  });

  test('admin mode on the guest page: badge, red and blue marks, nickname on tap, delete', async () => {
    const guest = await newGuest(env, PHONE);
    await guest.context.addCookies([]);
    const { userId } = await env.admin.json<{ userId: string }>(`/api/event/${event.code}/consent`, { method: 'POST', json: {} });
    await env.admin.json(`/api/event/${event.code}/user-nickname`, { method: 'POST', json: { userId, nickname: 'Carla' } });
    await guest.context.close();
    // One unapproved upload by that guest, made through the API with her cookie.
    const form = new FormData();
    form.append(
      'file',
      new File([await Bun.file(join(FIXTURES, 'photos', 'orientation', 'landscape_2.jpg')).arrayBuffer()], 'landscape_2.jpg', {
        type: 'image/jpeg',
      }),
    );
    form.append('albumId', String(album.id));
    form.append('autoApprove', 'false');
    const res = await fetch(`${env.url}/api/event/${event.id}/upload`, {
      method: 'POST',
      body: form,
      headers: { cookie: `event_${event.code}=${userId}` },
    });
    expect(res.status).toBe(201);
    const pendingId = ((await res.json()) as { id: number }).id;

    const { context, page } = await newGuest(env, DESKTOP);
    await page.addInitScript((t) => localStorage.setItem('momentbox_admin_token', t), env.admin.adminToken!);
    await openEvent(page, env, event.code);
    await page.getByTestId('admin-badge').waitFor();
    expect(await page.getByTestId('admin-badge').textContent()).toBe('Admin-Modus aktiv'); // the spec's 'Admin Mode Active' in the German UI
    const pending = page.locator(`[data-testid=media-tile][data-upload-id="${pendingId}"]`);
    await pending.waitFor();
    expect(await pending.getAttribute('class')).toContain('ev-tile--admin-pending');
    expect(await page.locator('.ev-tile--admin-approved').count()).toBeGreaterThan(0);
    await pending.getByTestId('admin-mark').click();
    expect(await pending.getByTestId('admin-mark').textContent()).toBe('Carla');
    await shot(page, 'event-admin-desktop');
    await pending.getByTestId('delete-upload').click();
    await page.getByTestId('delete-confirm').click();
    await pending.waitFor({ state: 'detached' });
    expect((await env.admin.json<UploadDto[]>(`/api/event/${event.id}/uploads?albumId=${album.id}`)).some((u) => u.id === pendingId)).toBe(
      false,
    );
    await context.close();
  });
});
