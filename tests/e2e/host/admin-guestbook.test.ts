import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Locator, Page } from 'playwright-core';
import type { AdminEventDto, GuestbookEntryDto } from '../../../src/http/api-types.ts';
import { ApiClient } from '../../helpers/api-client.ts';
import { DESKTOP } from '../../helpers/browser.ts';
import { languageProblems } from '../../helpers/language-screen.ts';
import { coupleDe } from '../../../web/src/i18n/couple.de.ts';
import { coupleEn } from '../../../web/src/i18n/couple.en.ts';
import { hostDe } from '../../../web/src/i18n/host.de.ts';
import { hostEn } from '../../../web/src/i18n/host.en.ts';
import { card, closeDialogs, eventually, loginUi, setUp, toastShown, type Harness } from './harness.ts';

// Issue 27 item 3: the admin moderates the guestbook from the dashboard (1440x900): the event card's
// 'Gästebuch' opens every entry, approve, withdraw and delete (a second tap confirms) change what guests
// see, a new entry shows up live; in German and in English.

let h: Harness;
let event: AdminEventDto;
let guest: ApiClient;
const c = coupleDe.couple;

const write = (text: string) => guest.json<GuestbookEntryDto>(`/api/event/${event.id}/guestbook`, { method: 'POST', json: { text } });
const seenByGuests = async () => (await h.visitor.json<GuestbookEntryDto[]>(`/api/event/${event.id}/guestbook`)).map((e) => e.id);
const row = (dialog: Locator, id: number) => dialog.locator(`[data-testid=guestbook-entry][data-entry-id="${id}"]`);

/** The dialog's buttons of an entry are painted with their words, inside the dialog. */
async function buttonsInside(dialog: Locator, entry: Locator) {
  const box = (await dialog.boundingBox())!;
  for (const b of await entry.getByRole('button').all()) {
    const r = (await b.boundingBox())!;
    expect(r.width).toBeGreaterThan(40);
    expect([r.x >= box.x, r.x + r.width <= box.x + box.width, r.y + r.height <= 900]).toEqual([true, true, true]);
    expect((await b.innerText()).trim().length).toBeGreaterThan(3);
  }
}

beforeAll(async () => {
  h = await setUp();
  event = await h.admin.createEvent({ name: 'Sommerfest', code: 'sommerfest-gb' });
  const token = (await h.admin.json<{ client_token: string }>(`/api/client/generate-token/${event.id}`, { method: 'POST' })).client_token;
  // shared by hand: new entries wait for approval
  await h.visitor.json(`/api/client/event/${token}`, { method: 'PUT', json: { auto_share_uploads: false } });
  guest = new ApiClient(h.server.url);
  await guest.joinAsGuest(event.code, 'Lotte');
  await loginUi(h.page, h.server.adminPassword);
});
afterAll(async () => {
  await h?.close();
});

describe("the admin's guestbook (1440x900)", () => {
  test("German: approve, withdraw and delete from the event card's 'Gästebuch'; a new entry arrives live", async () => {
    const first = await write('Was für ein schönes Fest!');
    const second = await write('Danke für die Einladung.');
    const p: Page = h.page;
    await p.reload();
    await card(p, event.code).getByRole('button', { name: hostDe.actionGuestbook, exact: true }).click();
    const dialog = p.getByTestId('admin-guestbook');
    await row(dialog, first.id).waitFor();
    expect(await dialog.getByTestId('guestbook-count').innerText()).toBe(c.guestbookCount(2));
    expect(await row(dialog, first.id).getAttribute('data-state')).toBe('private');
    expect(await row(dialog, first.id).innerText()).toContain(c.guestbookWaiting);
    await buttonsInside(p.locator('.hx-modal').first(), row(dialog, first.id));
    expect(await languageProblems(p, 'de')).toEqual([]);
    await h.shot('82-admin-guestbook');

    await row(dialog, first.id).getByRole('button', { name: c.approve }).click();
    await toastShown(p, c.approved);
    await eventually(async () => (await row(dialog, first.id).getAttribute('data-state')) === 'shared', 'shown as shared');
    expect(await seenByGuests()).toEqual([first.id]);

    await row(dialog, first.id).getByRole('button', { name: c.withdraw }).click();
    await toastShown(p, c.withdrawn);
    await eventually(async () => (await seenByGuests()).length === 0, 'withdrawn for guests');

    const del = row(dialog, second.id).getByTestId('guestbook-delete');
    await del.click();
    expect((await del.innerText()).trim()).toBe(c.guestbookDeleteConfirm);
    await del.click();
    await toastShown(p, c.guestbookDeleted);
    await row(dialog, second.id).waitFor({ state: 'detached' });
    expect((await h.admin.json<GuestbookEntryDto[]>(`/api/event/${event.id}/guestbook`)).map((e) => e.id)).toEqual([first.id]);

    const third = await write('Live dazugekommen');
    await row(dialog, third.id).waitFor({ timeout: 10_000 });
    expect(await dialog.getByTestId('guestbook-count').innerText()).toBe(c.guestbookCount(2));
    await closeDialogs(p);
    expect(h.errors).toEqual([]);
  });

  test('English: the same dialog in English', async () => {
    const ctx = await h.browser.newContext({ ...DESKTOP, locale: 'en-GB', baseURL: h.server.url });
    try {
      const p = await ctx.newPage();
      await loginUi(p, h.server.adminPassword);
      await card(p, event.code).getByRole('button', { name: hostEn.actionGuestbook, exact: true }).click();
      const dialog = p.getByTestId('admin-guestbook');
      await dialog.getByTestId('guestbook-entry').first().waitFor();
      await p.getByRole('heading', { name: hostEn.guestbookOf('Sommerfest') }).waitFor();
      expect(await dialog.getByRole('button', { name: coupleEn.couple.approve }).count()).toBe(2);
      expect(await languageProblems(p, 'en')).toEqual([]);
      await h.shot('83-admin-guestbook-en', p);
    } finally {
      await ctx.close();
    }
  });
});
