import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { BrowserContext, Page } from 'playwright-core';
import type { AdminEventDto, GuestbookEntryDto } from '../../../src/http/api-types.ts';
import { ApiClient } from '../../helpers/api-client.ts';
import { PHONE } from '../../helpers/browser.ts';
import { languageProblems } from '../../helpers/language-screen.ts';
import { setUp, type Harness } from './harness.ts';

// The couple moderates the guestbook on a phone (issue 27): the section 'Gästebuch' of their page lists every
// entry with its state, switches the sharing rule to 'approve first', approves, withdraws and deletes; a new
// entry shows up live; guests see exactly what the couple shared.

let h: Harness;
let ctx: BrowserContext;
let p: Page;
let event: AdminEventDto;
let alice: ApiClient;

const entries = () => p.getByTestId('guestbook-entry');
const entry = (id: number) => p.locator(`[data-testid=guestbook-entry][data-entry-id="${id}"]`);
const seenByGuests = async () =>
  (await new ApiClient(h.server.url).json<GuestbookEntryDto[]>(`/api/event/${event.id}/guestbook`)).map((e) => e.id);
const write = (text: string) => alice.json<GuestbookEntryDto>(`/api/event/${event.id}/guestbook`, { method: 'POST', json: { text } });

beforeAll(async () => {
  h = await setUp();
  event = await h.admin.createEvent({ name: 'Gartenparty' });
  const { client_token } = await h.admin.json<{ client_token: string }>(`/api/client/generate-token/${event.id}`, { method: 'POST' });
  alice = new ApiClient(h.server.url);
  await alice.joinAsGuest(event.code, 'Alice');
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

test("the couple switches the guestbook to 'approve first', approves, withdraws and deletes; entries arrive live", async () => {
  const first = await write('Schön war es!');
  await p.getByRole('tab', { name: 'Gästebuch' }).click();
  await entry(first.id).waitFor();
  expect(await entry(first.id).getAttribute('data-state')).toBe('shared');
  expect(await p.getByTestId('guestbook-count').textContent()).toBe('1 Eintrag');

  // Approve first: the next entry waits, guests do not see it; it arrives on the couple's page by itself.
  await p.getByTestId('guestbook-auto-share').uncheck();
  await expect_(async () => !(await h.admin.json<{ auto_share_uploads: boolean }>(`/api/event/${event.code}`)).auto_share_uploads);
  const second = await write('<i>Danke</i> für alles');
  await entry(second.id).waitFor({ timeout: 5000 });
  expect(await entry(second.id).getAttribute('data-state')).toBe('private');
  expect(await entry(second.id).locator('.hx-gb__text').textContent()).toBe('<i>Danke</i> für alles');
  expect(await seenByGuests()).toEqual([first.id]);
  expect(await entries().evaluateAll((els) => els.map((e) => Number((e as HTMLElement).dataset.entryId)))).toEqual([second.id, first.id]);
  expect(await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  expect(await languageProblems(p, 'de', ['Gartenparty', 'Alice', 'Schön war es!', '<i>Danke</i> für alles'])).toEqual([]);
  await h.shot('guestbook-moderation-phone', p);

  await entry(second.id).getByTestId('guestbook-moderate').click();
  await expect_(async () => (await entry(second.id).getAttribute('data-state')) === 'shared');
  expect((await seenByGuests()).sort()).toEqual([first.id, second.id].sort());
  await entry(first.id).getByTestId('guestbook-moderate').click();
  await expect_(async () => (await entry(first.id).getAttribute('data-state')) === 'private');
  expect(await seenByGuests()).toEqual([second.id]);

  await entry(second.id).getByTestId('guestbook-delete').click();
  expect(await entry(second.id).getByTestId('guestbook-delete').textContent()).toBe('Endgültig löschen');
  await entry(second.id).getByTestId('guestbook-delete').click();
  await entry(second.id).waitFor({ state: 'detached' });
  expect((await h.admin.json<GuestbookEntryDto[]>(`/api/event/${event.id}/guestbook`)).map((e) => e.id)).toEqual([first.id]);
  expect(h.errors).toEqual([]);
}, 90_000);

/** Waits (bounded) until the condition holds. */
async function expect_(condition: () => Promise<boolean>, timeoutMs = 5000) {
  const until = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await Bun.sleep(100);
  }
}
