import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { DESKTOP, PHONE } from '../../helpers/browser.ts';
import { CAMERAS, createEvent, newGuest, openEvent, shot, startGuestEnv, waitForToast, type GuestEnv } from './helpers.ts';

// Events outside their window: the banner in its colour and words, and no uploads (§4).

let env: GuestEnv;
const DAY = 86400_000;
const fmt = (d: Date) =>
  new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Berlin' }).format(d);
const time = (d: Date) => new Intl.DateTimeFormat('de-DE', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Berlin' }).format(d);

beforeAll(async () => {
  env = await startGuestEnv({ MOMENTBOX_RETENTION_DAYS: '30' });
});
afterAll(async () => env?.stop());

async function tryUpload(env: GuestEnv, code: string, toast: string, name: string) {
  for (const [vp, opts] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    const { context, page } = await newGuest(env, opts);
    // A returning guest with consent, so only the event window can stop the upload.
    const { userId } = await env.admin.json<{ userId: string }>(`/api/event/${code}/consent`, { method: 'POST', json: {} });
    await context.addCookies([{ name: `event_${code}`, value: userId, url: env.url }]);
    await openEvent(page, env, code);
    const banner = page.getByTestId('status-banner');
    await banner.waitFor();
    await shot(page, `event-${name}-${vp}`);
    if (name === 'expired') {
      // The gallery is no longer available: no albums, no grid, no upload tile at all.
      expect(await page.getByTestId('upload-tile').count()).toBe(0);
      expect(await page.getByTestId('media-grid').count()).toBe(0);
      const text = (await banner.textContent()) ?? '';
      const status = await banner.getAttribute('data-status');
      const bg = await banner.evaluate((el) => getComputedStyle(el).backgroundColor);
      await context.close();
      if (vp === 'desktop') return { text, status, bg };
      continue;
    }
    // Tapping the tile does not open the picker; the toast explains.
    let chooser = false;
    page.once('filechooser', () => (chooser = true));
    await page.locator('.ev-upload__label').click();
    await waitForToast(page, toast);
    expect(chooser).toBe(false);
    // Files handed over anyway (drag and drop, automation) are refused the same way, no upload starts.
    await page.getByTestId('upload-input').setInputFiles(CAMERAS[0]!);
    await waitForToast(page, toast);
    expect(await page.getByTestId('upload-modal').count()).toBe(0);
    const text = (await banner.textContent()) ?? '';
    const status = await banner.getAttribute('data-status');
    const bg = await banner.evaluate((el) => getComputedStyle(el).backgroundColor);
    await context.close();
    if (vp === 'desktop') return { text, status, bg };
  }
  throw new Error('unreachable');
}

describe('event status banners', () => {
  test('ended: amber, end date and available-until date, uploads refused', async () => {
    const start = new Date(Date.now() - 20 * DAY);
    const ev = await createEvent(env.admin, {
      name: 'Vorbei',
      code: 'vorbei',
      event_start_datetime: start.toISOString(),
      event_duration_days: '14',
    });
    const r = await tryUpload(env, ev.code, 'Dieses Event akzeptiert keine neuen Uploads mehr.', 'ended');
    expect(r.status).toBe('ended');
    const end = new Date(ev.event_end_datetime);
    const until = new Date(ev.event_viewable_until_datetime);
    expect(r.text).toBe(
      `Das Event ist seit dem ${fmt(end)} beendet. Es können keine neuen Uploads mehr hinzugefügt werden.Alle Inhalte sind bis zum ${fmt(until)} verfügbar.`,
    );
    expect(r.bg).toBe('rgb(255, 251, 235)');
  });

  test('expired: red, the gallery and its upload tile are gone', async () => {
    const start = new Date(Date.now() - 80 * DAY);
    const ev = await createEvent(env.admin, {
      name: 'Lange her',
      code: 'lange-her',
      event_start_datetime: start.toISOString(),
      event_duration_days: '14',
    });
    const r = await tryUpload(env, ev.code, 'Dieses Event akzeptiert keine neuen Uploads mehr.', 'expired');
    expect(r.status).toBe('expired');
    expect(r.text).toBe('Dieses Event ist abgelaufen und nicht mehr verfügbar.');
    expect(r.bg).toBe('rgb(254, 242, 242)');
  });

  test('not started: blue, start date and time, uploads refused', async () => {
    const start = new Date(Date.now() + 3 * DAY);
    const ev = await createEvent(env.admin, {
      name: 'Bald',
      code: 'bald',
      event_start_datetime: start.toISOString(),
      event_duration_days: '7',
    });
    const r = await tryUpload(env, ev.code, 'Dieses Event hat noch nicht begonnen. Bitte versuche es später erneut.', 'not-started');
    expect(r.status).toBe('not_started');
    const s = new Date(ev.event_start_datetime);
    expect(r.text).toBe(`Dieses Event beginnt am ${fmt(s)} um ${time(s)}.`);
    expect(r.bg).toBe('rgb(239, 246, 255)');
  });

  test("an unknown code shows Event Not Found: in German to a German browser, in the spec's English to an English one", async () => {
    for (const [vp, opts] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const { context, page } = await newGuest(env, opts);
      await page.goto(`${env.url}/event/gibt-es-nicht`);
      await page.getByTestId('event-not-found').waitFor();
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Event nicht gefunden');
      expect(await page.getByTestId('event-not-found').textContent()).toContain('Das gesuchte Event gibt es nicht oder es ist abgelaufen.');
      await shot(page, `event-not-found-${vp}`);
      await context.close();
    }
    const { context, page } = await newGuest(env, { ...PHONE, locale: 'en-GB' });
    await page.goto(`${env.url}/event/gibt-es-nicht`);
    await page.getByTestId('event-not-found').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Event Not Found');
    expect(await page.getByTestId('event-not-found').textContent()).toContain("The event you're looking for doesn't exist or has expired.");
    await context.close();
  });
});
