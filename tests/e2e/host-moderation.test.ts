import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { BrowserContext, Page } from 'playwright-core';
import type { AdminEventDto, EventDto } from '../../src/http/api-types.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { PHONE } from '../helpers/browser.ts';
import { hostDe } from '../../web/src/i18n/host.de.ts';
import { card, eventually, loginUi, PHOTO, PHOTOS, setUp, toastShown, type Harness } from './host/harness.ts';

// The host moderates from a phone (390x844): the settings page's tab 'Uploads' lists the event's uploads with
// their state, filters them, approves, withdraws and deletes one or many, removes everything of one guest and
// shows new uploads as they come; the tab 'Live-Wand' stores the wall's settings.

let h: Harness;
let ctx: BrowserContext;
let p: Page;
let event: AdminEventDto;
let alice: ApiClient;
let bob: ApiClient;
const ids = { a1: 0, a2: 0, a3: 0, b1: 0 };

const items = () => p.getByTestId('moderation-item');
const itemIds = async () => await items().evaluateAll((els) => els.map((e) => Number((e as HTMLElement).dataset.uploadId)));
const visibleToGuests = async () => (await h.visitor.json<{ id: number }[]>(`/api/event/${event.id}/uploads`)).map((u) => u.id).sort();
const item = (id: number) => p.locator(`[data-testid=moderation-item][data-upload-id="${id}"]`);

beforeAll(async () => {
  h = await setUp();
  event = await h.admin.createEvent({ name: 'Gartenparty' });
  const { client_token } = await h.admin.json<{ client_token: string }>(`/api/client/generate-token/${event.id}`, { method: 'POST' });
  alice = new ApiClient(h.server.url);
  await alice.joinAsGuest(event.code, 'Alice');
  bob = new ApiClient(h.server.url);
  await bob.joinAsGuest(event.code, 'Bob');
  ids.a1 = (await alice.uploadOk(event.id, PHOTOS[0]!, { autoApprove: 'false' })).id;
  ids.a2 = (await alice.uploadOk(event.id, PHOTOS[1]!, { autoApprove: 'false' })).id;
  ids.b1 = (await bob.uploadOk(event.id, PHOTOS[2]!, { autoApprove: 'true' })).id;
  // a German phone: the couple's page follows the browser's language (languages-couple.test.ts has English too)
  ctx = await h.browser.newContext({ ...PHONE, locale: 'de-DE', baseURL: h.server.url });
  p = await ctx.newPage();
  p.on('pageerror', (e) => h.errors.push(e.message));
  await p.goto(`/event/${client_token}/settings`);
  await p.getByRole('heading', { name: 'Gartenparty' }).waitFor();
});
afterAll(async () => {
  await ctx?.close().catch(() => undefined);
  await h?.close();
});

describe("settings tab 'Uploads' on a German phone", () => {
  test('lists every upload newest first with its state, without horizontal scrolling', async () => {
    await p.getByRole('tab', { name: 'Uploads' }).click();
    await items().nth(2).waitFor();
    expect(await itemIds()).toEqual([ids.b1, ids.a2, ids.a1]);
    expect(await item(ids.b1).getAttribute('data-state')).toBe('shared');
    expect(await item(ids.a1).getAttribute('data-state')).toBe('private');
    expect(await item(ids.a1).textContent()).toContain('Alice');
    expect(await p.getByTestId('moderation-count').textContent()).toBe('3 Uploads');
    expect(await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await h.shot('40-phone-moderation', p);
  });

  test("filter 'Privat', select both, approve them at once: guests see them", async () => {
    await p.getByRole('button', { name: 'Privat', exact: true }).click();
    await eventually(async () => (await itemIds()).join() === [ids.a2, ids.a1].join(), 'only the private ones');
    await p.getByLabel('Alle auswählen').check();
    await p.getByRole('region', { name: 'Auswahl' }).getByRole('button', { name: 'Freigeben' }).click();
    await toastShown(p, '2 Uploads freigegeben');
    expect(await visibleToGuests()).toEqual([ids.a1, ids.a2, ids.b1].sort());
    await p.getByTestId('moderation-count').filter({ hasText: '0 Uploads' }).waitFor();
  });

  test('withdraw one: guests no longer see it', async () => {
    await p.getByRole('button', { name: 'Alle', exact: true }).click();
    await item(ids.b1).waitFor();
    await item(ids.b1).getByRole('button', { name: 'Freigabe zurückziehen' }).click();
    await toastShown(p, 'Freigabe zurückgezogen');
    await eventually(async () => (await item(ids.b1).getAttribute('data-state')) === 'private', 'b1 shown as private');
    expect(await visibleToGuests()).toEqual([ids.a1, ids.a2].sort());
  });

  test('a new upload appears in the open list without a reload', async () => {
    ids.a3 = (await alice.uploadOk(event.id, PHOTO, { autoApprove: 'true' })).id;
    await item(ids.a3).waitFor({ timeout: 5_000 });
    expect((await itemIds())[0]).toBe(ids.a3);
  });

  test('remove all uploads of one guest, then delete a single one', async () => {
    await p.getByLabel('Gast').selectOption({ label: 'Alice (3)' });
    await eventually(async () => (await itemIds()).length === 3, "Alice's three uploads");
    // the guest's remove button fits the phone (it once widened the page by 11 px, and a tap missed it)
    const remove = p.getByRole('button', { name: 'Alle Uploads dieses Gastes entfernen' });
    expect(await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(await remove.evaluate((b) => b.getBoundingClientRect().right <= b.parentElement!.getBoundingClientRect().right)).toBe(true);
    await remove.click();
    await p.getByRole('button', { name: 'Endgültig löschen' }).click();
    await toastShown(p, 'Uploads wurden gelöscht');
    expect(await h.admin.json<{ id: number }[]>(`/api/event/${event.id}/uploads`).then((l) => l.map((u) => u.id))).toEqual([ids.b1]);

    await item(ids.b1).waitFor();
    await item(ids.b1).getByRole('button', { name: 'Löschen' }).click();
    await p.getByRole('button', { name: 'Endgültig löschen' }).click();
    await toastShown(p, 'Upload wurde gelöscht');
    expect(await h.admin.json<unknown[]>(`/api/event/${event.id}/uploads`)).toEqual([]);
    await p.getByText('Keine Uploads').waitFor();
  });

  test("the tab 'Albums' counts what the deletions left, without a reload", async () => {
    // the page loaded its albums while they held three uploads; the deletions above emptied them
    await p.getByRole('tab', { name: 'Alben' }).click();
    const counts = p.getByTestId('album-count');
    await counts.first().waitFor();
    await eventually(
      async () => (await counts.allInnerTexts()).every((t) => t === '0 Fotos und Videos'),
      'every album counted empty',
      5_000,
    );
  });

  test("'Neue Uploads sofort für alle sichtbar' is stored for the event", async () => {
    await p.getByRole('tab', { name: 'Uploads' }).click();
    const box = p.getByTestId('auto-share');
    expect(await box.isChecked()).toBe(true);
    await box.uncheck();
    await toastShown(p, 'Einstellungen gespeichert');
    expect((await h.visitor.json<EventDto>(`/api/event/${event.code}`)).auto_share_uploads).toBe(false);
  });
});

describe("settings tab 'Live-Wand' on a phone", () => {
  test('stores seconds per slide, nicknames, videos and the QR overlay; offers the wall link', async () => {
    await p.getByRole('tab', { name: 'Live-Wand' }).click();
    expect(await p.getByTestId('wall-url').inputValue()).toBe(`${h.server.url}/event/${event.code}/wall`);
    await p.getByLabel('Sekunden pro Bild').fill('12');
    await p.getByLabel('Nicknames der Gäste anzeigen').check();
    await p.getByLabel('Videos zeigen (ohne Ton)').uncheck();
    await p.getByLabel(/QR-Code mit/).uncheck();
    await p.getByLabel('Fotos mit Herzen öfter zeigen').check();
    await p.getByLabel('Gästebuch auf der Wand').selectOption({ label: 'Jedes 8. Bild ein Eintrag' });
    await p.getByRole('button', { name: 'Speichern' }).click();
    await toastShown(p, 'Live-Wand gespeichert');
    expect((await h.visitor.json<EventDto>(`/api/event/${event.code}`)).wall).toEqual({
      seconds_per_slide: 12,
      show_nicknames: true,
      include_videos: false,
      show_qr: false,
      layout: 'single',
      ken_burns: false,
      qr_content: 'event',
      favor_loved: true,
      guestbook_every: 8,
    });
    expect(await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await h.shot('41-phone-live-wand', p);
    expect(h.errors).toEqual([]);
  });
});

describe('admin dashboard', () => {
  test("an event card's upload count follows new uploads without a reload", async () => {
    await loginUi(h.page, h.server.adminPassword);
    const size = card(h.page, event.code).getByTestId('event-size');
    await size.waitFor();
    const before = await size.getAttribute('title');
    await bob.uploadOk(event.id, PHOTOS[3]!, { autoApprove: 'true' });
    await eventually(async () => (await size.getAttribute('title')) !== before, 'the card to show the new upload', 5_000);
    expect(await size.getAttribute('title')).toBe(hostDe.uploadCount(1));
  });
});
