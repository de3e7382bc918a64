import { coupleDe } from '../../web/src/i18n/couple.de.ts';
import { hostDe } from '../../web/src/i18n/host.de.ts';
import { hostEn } from '../../web/src/i18n/host.en.ts';
import { formatBytes } from '../../web/src/host/format.ts';
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page, Route } from 'playwright-core';
import type { AdminEventDto, AppConfig } from '../../src/http/api-types.ts';
import { DESKTOP, screenshotPath } from '../helpers/browser.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { startServer } from '../helpers/server.ts';
import { card, closeDialogs, eventually, loginUi, PHOTO, PHOTOS, setUp, toastShown, VIDEO, WIFI, type Harness } from './host/harness.ts';
import { paddedVideo } from '../helpers/padded-video.ts';
import { bytesInFlightMax, slowCurl } from '../helpers/slow-curl.ts';
import { languageProblems } from '../helpers/language-screen.ts';

// API keys (created, shown once, used by a photo booth, then 'Aktiv'), the ZIP export from the settings
// page and the dashboard (downloaded and listed with `unzip -l`), and the printable QR material.

// The page runs on http://127.0.0.1, a secure context, where Chromium offers showSaveFilePicker; on the
// venue LAN (plain http) it does not. This context hides it, as on the LAN.
const NO_PICKER = `Object.defineProperty(window, 'showSaveFilePicker', { value: undefined, configurable: true });`;
let h: Harness;
/** The couple's page in a German browser of its own (the admin's context is English); close with p.context().close(). */
async function germanPage() {
  const ctx = await h.browser.newContext({ ...DESKTOP, locale: 'de-DE', baseURL: h.server.url, acceptDownloads: true });
  await ctx.addInitScript(NO_PICKER);
  return ctx.newPage();
}
let event: AdminEventDto;
const tmp = mkdtempSync(join(tmpdir(), 'momentbox-host-export-'));

beforeAll(async () => {
  h = await setUp({ contextInit: NO_PICKER, locale: 'en-GB' }); // the admin's English texts
  event = await h.admin.createEvent({ name: 'Export: Party/Ü30', code: 'export-party' });
  const trauung = await h.admin.createAlbum(event.id, { name: 'Trauung', start_datetime: null, end_datetime: null });
  const feier = await h.admin.createAlbum(event.id, { name: 'Feier & Tanz', start_datetime: null, end_datetime: null });
  const guest = new ApiClient(h.server.url);
  await guest.joinAsGuest('export-party', 'Jana');
  await guest.uploadOk(event.id, PHOTOS[0]!, { albumId: String(trauung.id) });
  await guest.uploadOk(event.id, PHOTOS[1]!, { albumId: String(trauung.id) });
  await guest.uploadOk(event.id, PHOTOS[2]!, { albumId: String(feier.id) });
  await guest.uploadOk(event.id, VIDEO, { albumId: String(feier.id) });
  await loginUi(h.page, h.server.adminPassword);
});
afterAll(async () => {
  await h?.close();
  rmSync(tmp, { recursive: true, force: true });
});

/** `unzip -l` of a file: the entry names. */
function unzipList(path: string): string[] {
  const out = Bun.spawnSync(['unzip', '-l', path]);
  if (out.exitCode !== 0) throw new Error(`unzip -l failed: ${out.stderr.toString()}`);
  const lines = out.stdout.toString().split('\n');
  return lines.map((l) => /^\s*\d+\s+\S+\s+\S+\s+(.+)$/.exec(l)?.[1]).filter((n): n is string => !!n && n !== 'Name' && !/^-+$/.test(n));
}

function unzipTest(path: string) {
  const out = Bun.spawnSync(['unzip', '-tq', path]);
  expect(out.stdout.toString()).toContain('No errors detected');
}

/**
 * The tree every export of the event must have: top folder = event, a folder per album, the files. The admin's
 * whole-event export (`restore`) also carries what a box needs to import it, under `<event>/momentbox/` (docs/s3.md).
 */
function expectExportTree(names: string[], { restore }: { restore: boolean }) {
  const all = names.filter((n) => !n.endsWith('/'));
  const isRestore = (f: string) => f.split('/')[1] === 'momentbox';
  const restoreFiles = all.filter(isRestore);
  if (restore) {
    expect(restoreFiles.some((f) => f.endsWith('/event.json'))).toBe(true);
    expect(restoreFiles.some((f) => f.endsWith('/manifest.json'))).toBe(true);
  } else expect(restoreFiles).toEqual([]);
  const files = all.filter((f) => !isRestore(f));
  expect(files).toHaveLength(4);
  const tops = new Set(all.map((f) => f.split('/')[0]));
  expect(tops.size).toBe(1);
  const top = [...tops][0]!;
  expect(top).toContain('Export');
  expect(top).not.toMatch(/[\\/:*?"<>|]/);
  for (const f of files) expect(f.split('/')).toHaveLength(3);
  const byAlbum = (album: string) => files.filter((f) => f.split('/')[1] === album).length;
  expect(byAlbum('Trauung')).toBe(2);
  expect(files.filter((f) => /Feier/.test(f.split('/')[1]!))).toHaveLength(2);
  expect(files.some((f) => f.endsWith('.mp4'))).toBe(true);
}

describe('API keys', () => {
  let key = '';

  test('created with a name, shown once, listed as Unbenutzt; a duplicate name gets the German error', async () => {
    const { page } = h;
    await page.getByRole('button', { name: 'API keys' }).click();
    const dialog = page.getByRole('dialog', { name: 'API Keys' });
    await dialog.getByText('No API keys yet.').waitFor();
    const create = dialog.getByRole('button', { name: 'Create key' });
    await dialog.getByLabel('Key name').fill('   ');
    expect(await create.isDisabled()).toBe(true);
    await dialog.getByLabel('Key name').fill('Fotobox Eingang');
    await create.click();
    const secret = dialog.getByTestId('new-api-key');
    await secret.waitFor();
    key = await secret.getByLabel('New API key').inputValue();
    expect(key.length).toBeGreaterThanOrEqual(32);
    const row = dialog.locator('tr[data-key="Fotobox Eingang"]');
    await row.getByText(hostEn.keyUnused).waitFor();
    expect(await row.innerText()).toContain('Never');
    await h.shot('40-api-key-created');

    await dialog.getByLabel('Key name').fill('Fotobox Eingang');
    await create.click();
    await dialog.getByRole('alert').filter({ hasText: hostEn.apiKeyExists }).waitFor();

    // closed and opened again: the key is not shown anywhere
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'API keys' }).click();
    await dialog.locator('tr[data-key="Fotobox Eingang"]').waitFor();
    expect(await dialog.getByTestId('new-api-key').count()).toBe(0);
    expect(await page.content()).not.toContain(key);
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  test('a photo booth uploads with X-API-Key; the key then reads Aktiv with its last use', async () => {
    const form = new FormData();
    form.append('file', new File([readFileSync(PHOTO)], 'booth.jpg', { type: 'image/jpeg' }));
    const res = await fetch(`${h.server.url}/api/event/${event.id}/upload`, { method: 'POST', headers: { 'X-API-Key': key }, body: form });
    expect(res.status).toBe(201);
    const { page } = h;
    await page.getByRole('button', { name: 'API keys' }).click();
    const dialog = page.getByRole('dialog', { name: 'API Keys' });
    const row = dialog.locator('tr[data-key="Fotobox Eingang"]');
    await row.getByText(hostEn.keyActive, { exact: true }).waitFor();
    expect(await row.innerText()).toMatch(/\d\d\/\d\d\/\d{4}, \d\d:\d\d[\s\S]*\d\d\/\d\d\/\d{4}, \d\d:\d\d/);
    await h.shot('41-api-key-active');
    // the booth's photo is not part of the export checks below
    const uploads = await h.admin.json<{ id: number; original_name: string }[]>(`/api/event/${event.id}/uploads`);
    await h.admin.fetch(`/api/event/${event.id}/upload/${uploads.find((u) => u.original_name === 'booth.jpg')!.id}`, { method: 'DELETE' });

    // deleted: the key no longer works
    await row.getByRole('button', { name: 'Delete Fotobox Eingang' }).click();
    await dialog.getByRole('button', { name: 'Delete key' }).click();
    await row.waitFor({ state: 'detached' });
    const again = new FormData();
    again.append('file', new File([readFileSync(PHOTO)], 'booth.jpg', { type: 'image/jpeg' }));
    const denied = await fetch(`${h.server.url}/api/event/${event.id}/upload`, {
      method: 'POST',
      headers: { 'X-API-Key': key },
      body: again,
    });
    expect(denied.status).toBe(401);
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  test('a failing list shows Fehler beim Laden der API-Schlüssel', async () => {
    const { page } = h;
    await page.route('**/api/admin/api-keys', (r) =>
      r.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"x","code":"INTERNAL_ERROR"}' }),
    );
    await page.getByRole('button', { name: 'API keys' }).click();
    await page.getByRole('dialog', { name: 'API Keys' }).getByText(hostEn.apiKeysLoadFailed).waitFor();
    await page.unroute('**/api/admin/api-keys');
    await closeDialogs(page);
  });
});

/** The export ticket as the box answers it, but with another link: its real link (kept in `link`) is curl's to read. */
async function takeZipLink(route: Route, link: { url: string }) {
  const res = await route.fetch();
  const ticket = (await res.json()) as { url: string; progress_url: string };
  link.url = new URL(ticket.url, h.server.url).href;
  // a harmless same-origin file for the browser to save instead (a download link does not navigate)
  await route.fulfill({ response: res, json: { ...ticket, url: ticket.progress_url } });
}

describe('ZIP export', () => {
  test('dashboard on plain http: the browser downloads the streamed ZIP through a ticket link, unzips to event/album/file', async () => {
    const { page } = h;
    await page.reload();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card(page, 'export-party').getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(download.url()).toMatch(/\/api\/event\/\d+\/export-zip\?ticket=/);
    const file = join(tmp, 'admin-download.zip');
    await download.saveAs(file);
    await card(page, 'export-party')
      .getByText(hostEn.exportProgress(4, 4, 100))
      .waitFor();
    await toastShown(page, hostEn.exportDone);
    await h.shot('42-dashboard-export');
    unzipTest(file);
    expectExportTree(unzipList(file), { restore: true });
    expect(download.suggestedFilename()).toEndWith('.zip');
  });

  test('settings page on plain http: the browser downloads the streamed ZIP natively', async () => {
    const { client_token } = await h.admin.json<{ client_token: string }>(`/api/client/generate-token/${event.id}`, { method: 'POST' });
    const p = await germanPage();
    await p.goto(`/event/${client_token}/settings`);
    await p.getByRole('tab', { name: 'Export' }).click();
    for (const note of ['eine Weile dauern', 'Originalqualität', 'nach den Alben benannt', 'erst vollständig', 'versuche es erneut']) {
      await p.getByText(note, { exact: false }).waitFor();
    }
    const [download] = await Promise.all([p.waitForEvent('download'), p.getByRole('button', { name: 'Als ZIP exportieren' }).click()]);
    expect(download.url()).toContain(`/api/client/event-export-zip/${client_token}`);
    await p.getByText('Fortschritt: 4 von 4 Dateien').waitFor();
    await p.getByText('100%').waitFor();
    await toastShown(p, 'Export erfolgreich abgeschlossen');
    await h.shot('43-settings-export', p);
    const file = join(tmp, 'settings.zip');
    await download.saveAs(file);
    expect(download.suggestedFilename()).toMatch(/^Momentbox_.*_export\.zip$/);
    unzipTest(file);
    expectExportTree(unzipList(file), { restore: false });
    await p.context().close();
  });

  test('a slow client reads the ZIP: the dashboard shows the bytes the box sent and says done only after the last one', async () => {
    // larger than the kernel's buffers hold (tests/helpers/slow-curl.ts): else curl's kernel takes the whole
    // archive at once, and the box rightly counts it as sent while curl has read a part (also the next test's)
    const slow = await h.admin.createEvent({ name: 'Langsam', code: 'langsam' });
    for (let i = 0; i < 3; i++) {
      const form = new FormData();
      form.append('file', new File([await paddedVideo(Math.ceil(bytesInFlightMax() / 2))], `clip-${i}.mp4`));
      expect((await h.admin.fetch(`/api/event/${slow.id}/upload`, { method: 'POST', body: form })).status).toBe(201);
    }
    // the admin's ZIP carries the restore bundle, which changes while the videos are processed: the size on the
    // button and the ticket's agree once they are
    await eventually(
      async () =>
        (await h.admin.json<{ processing_state: string }[]>(`/api/event/${slow.id}/uploads`)).every((u) =>
          ['ready', 'failed'].includes(u.processing_state),
        ),
      'the videos processed',
      120_000,
    );
    const { page } = h;
    await page.reload();
    // curl, reading slowly, is the client that downloads the ticket's link (the browser gets none)
    const ticketLink = { url: '' };
    await page.route('**/export-ticket*', (route) => takeZipLink(route, ticketLink));
    const button = card(page, 'langsam').getByTestId('export-zip');
    const size = (await h.admin.json<{ size_bytes: number }>(`/api/event/${slow.id}/export-sizes`)).size_bytes;
    // the size first: on the button before it is pressed
    await card(page, 'langsam')
      .getByRole('button', { name: hostEn.zipOfSize(hostEn.actionExport, formatBytes(size, 'en-GB')) })
      .waitFor();
    await button.click();
    await eventually(async () => ticketLink.url !== '', 'the ticket link');
    const status = card(page, 'langsam').getByTestId('export-status');
    await status.getByText(hostEn.exportWaiting).waitFor();
    const curl = slowCurl(ticketLink.url, join(tmp, 'slow.zip'), '4M');
    const percents = new Set<number>();
    while (curl.running()) {
      const state = await status.getAttribute('data-state').catch(() => null);
      const saysDone = await card(page, 'langsam').getByText(hostEn.exportDone).count();
      // whenever the page says done, every byte has reached curl (its file or its socket's queue)
      if (state === 'done' || saysDone > 0) expect(curl.arrived()).toBeGreaterThanOrEqual(size);
      const percent = Number(
        await status
          .getByRole('progressbar')
          .getAttribute('aria-valuenow')
          .catch(() => '0'),
      );
      percents.add(percent);
      await Bun.sleep(50);
    }
    expect(await curl.exited).toBe(0);
    expect(statSync(join(tmp, 'slow.zip')).size).toBe(size);
    // the page followed the download, not a jump from nothing to all
    expect([...percents].filter((p) => p > 0 && p < 100).length).toBeGreaterThanOrEqual(2);
    await card(page, 'langsam').getByTestId('export-done').getByText(hostEn.exportDone).waitFor();
    await card(page, 'langsam')
      .getByText(hostEn.exportProgress(3, 3, 100))
      .waitFor();
    await h.shot('44-dashboard-export-done');
    expect(await languageProblems(page, 'en')).toEqual([]);
    await page.unroute('**/export-ticket*');
  });

  test("a download that stops half-way: the couple's page says so and offers the albums one by one", async () => {
    const cut = (await h.admin.json<AdminEventDto[]>('/api/event/events')).find((e) => e.code === 'langsam')!;
    const { client_token } = await h.admin.json<{ client_token: string }>(`/api/client/generate-token/${cut.id}`, { method: 'POST' });
    const p = await germanPage();
    const ticketLink = { url: '' };
    await p.route('**/event-export-ticket/**', (route) => takeZipLink(route, ticketLink));
    await p.goto(`/event/${client_token}/settings`);
    await p.getByRole('tab', { name: 'Export' }).click();
    await p.getByRole('button', { name: /^Als ZIP exportieren \(/ }).click();
    await eventually(async () => ticketLink.url !== '', 'the ticket link');
    const curl = slowCurl(ticketLink.url, join(tmp, 'cut.zip'), '2M');
    await eventually(async () => curl.arrived() > 2 << 20, 'curl has read 2 MB');
    curl.kill();
    await curl.exited;
    const size = (await h.admin.json<{ size_bytes: number }>(`/api/event/${cut.id}/export-sizes`)).size_bytes;
    expect(curl.arrived()).toBeLessThan(size - bytesInFlightMax());
    await p.getByTestId('export-error').getByText(hostDe.exportNotFinished).waitFor();
    await p.getByTestId('export-error').getByText(coupleDe.couple.exportFailed).waitFor();
    expect(await p.getByTestId('export-done').count()).toBe(0);
    await p
      .getByRole('button', { name: /^Nur das Album/ })
      .first()
      .waitFor();
    await h.shot('45-settings-export-failed', p);
    expect(await languageProblems(p, 'de')).toEqual([]);
    await p.context().close();
  });

  test('empty events: the spec messages', async () => {
    const empty = await h.admin.createEvent({ name: 'Ohne Uploads', code: 'ohne-uploads' });
    const { page } = h;
    await page.reload();
    await card(page, 'ohne-uploads').getByRole('button', { name: 'Export' }).click();
    await toastShown(page, hostEn.noUploadsToExport);

    const { client_token } = await h.admin.json<{ client_token: string }>(`/api/client/generate-token/${empty.id}`, { method: 'POST' });
    const p = await germanPage();
    await p.goto(`/event/${client_token}/settings`);
    await p.getByRole('tab', { name: 'Export' }).click();
    await p.getByRole('button', { name: 'Als ZIP exportieren' }).click();
    await p.locator('.hx-alert').filter({ hasText: 'Keine Uploads zum Exportieren gefunden' }).waitFor();
    for (const a of await h.admin.json<{ id: number }[]>(`/api/event/${empty.id}/albums`))
      await h.admin.fetch(`/api/album/${a.id}`, { method: 'DELETE' });
    await p.getByRole('button', { name: 'Als ZIP exportieren' }).click();
    await p.locator('.hx-alert').filter({ hasText: 'Keine Alben oder Uploads zum Exportieren gefunden' }).waitFor();
    await p.route('**/api/client/event-export-sizes/**', (r) =>
      r.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"x","code":"INTERNAL_ERROR"}' }),
    );
    await p.getByRole('button', { name: 'Als ZIP exportieren' }).click();
    await p.locator('.hx-alert').filter({ hasText: 'Fehler beim Exportieren der Daten' }).waitFor();
    await p.context().close();
  });
});

describe('printable QR material', () => {
  const qrOf = (p: Page, label: RegExp) => p.getByRole('img', { name: label }).getAttribute('data-qr');

  test('A4 poster from the dashboard: event colours, name, event QR with the public URL, Wi-Fi QR beside it', async () => {
    const { page, context } = h;
    const [p] = await Promise.all([
      context.waitForEvent('page'),
      card(page, 'export-party').getByRole('link', { name: 'Print QR' }).click(),
    ]);
    await p.getByTestId('print-sheet').waitFor();
    const config = await h.visitor.json<AppConfig>('/api/config');
    expect(await qrOf(p, new RegExp(`^${hostDe.sheetEventQr('')}`))).toBe(`${config.publicUrl}/event/export-party`);
    expect(await qrOf(p, new RegExp(`^${hostDe.sheetWifiQr('')}`))).toBe('WIFI:T:WPA;S:Gäste\\;WLAN;P:sekt\\:und\\,torte;;');
    // A vector image, so the poster prints sharp at any size.
    expect(await p.getByRole('img', { name: new RegExp(`^${hostDe.sheetEventQr('')}`) }).getAttribute('src')).toStartWith(
      'data:image/svg+xml',
    );
    const sheet = p.getByTestId('print-sheet');
    expect(await sheet.innerText()).toContain('Export: Party/Ü30');
    expect(await sheet.innerText()).toContain(WIFI.ssid);
    expect(await sheet.innerText()).toContain('export-party');
    await p.waitForTimeout(300);
    await p.screenshot({ path: screenshotPath('host', '50-print-a4'), fullPage: true });
    await printedPages(p, 1);

    await p.getByRole('radio', { name: 'Table card (A6)' }).click();
    expect(new URL(p.url()).searchParams.get('format')).toBe('card');
    await p.waitForTimeout(300);
    await p.screenshot({ path: screenshotPath('host', '51-print-card'), fullPage: true });
    await printedPages(p, 1);
    await p.close();
  });

  test('from the settings page with the host token, without an admin session', async () => {
    const { client_token } = await h.admin.json<{ client_token: string }>(`/api/client/generate-token/${event.id}`, { method: 'POST' });
    const ctx = await h.browser.newContext({ ...DESKTOP, baseURL: h.server.url });
    const p = await ctx.newPage();
    await p.goto(`/event/${client_token}/settings`);
    const [printPage] = await Promise.all([ctx.waitForEvent('page'), p.getByRole('link', { name: 'QR-Code drucken' }).click()]);
    await printPage.getByTestId('print-sheet').waitFor();
    expect(await qrOf(printPage, new RegExp(`^${hostDe.sheetEventQr('')}`))).toEndWith('/event/export-party');
    await ctx.close();
  });

  test('without a configured Wi-Fi only the event QR is printed, with a note on screen', async () => {
    const server = await startServer();
    try {
      const admin = new ApiClient(server.url);
      await admin.login(server.adminPassword);
      const ev = await admin.createEvent({ name: 'Kein WLAN', code: 'kein-wlan' });
      const ctx = await h.browser.newContext({ ...DESKTOP, baseURL: server.url });
      await ctx.addInitScript(`localStorage.setItem('momentbox_admin_token', ${JSON.stringify(admin.adminToken)})`);
      const p = await ctx.newPage();
      await p.goto(`/print/${ev.id}`);
      await p.getByTestId('print-sheet').waitFor();
      await p.getByText(hostDe.noWifiNotice).waitFor(); // a German browser
      expect(await p.getByRole('img', { name: new RegExp(`^${hostDe.sheetWifiQr('')}`) }).count()).toBe(0);
      expect(await qrOf(p, new RegExp(`^${hostDe.sheetEventQr('')}`))).toEndWith('/event/kein-wlan');
      await p.screenshot({ path: screenshotPath('host', '52-print-no-wifi'), fullPage: true });
      await ctx.close();
    } finally {
      await server.stop();
    }
  });

  test('no script errors on any page', () => {
    expect(h.errors).toEqual([]);
  });
});

/** Prints to PDF with the page's own @page size and checks the sheet fits on the given number of pages. */
async function printedPages(p: Page, expected: number) {
  const pdf = await p.pdf({ preferCSSPageSize: true, printBackground: true });
  const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)?.length ?? 0;
  expect(pages).toBe(expected);
}

export type { BrowserContext };
