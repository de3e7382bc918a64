import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { AdminEventDto, UploadResult } from '../../../src/http/api-types.ts';
import { ApiClient } from '../../helpers/api-client.ts';
import { PHONE } from '../../helpers/browser.ts';
import { daysFromNow, form } from '../../api/support.ts';
import { PHOTOS, setUp, type Harness } from './harness.ts';

// After an event's viewable-until the guests' media are gone, but the couple still sees everything: their
// page's <img> requests carry no token, so their media cookie (set when their link opens) makes them theirs.
// Painted: every thumbnail of the overview has decoded pixels (naturalWidth > 0), not a broken image.

let h: Harness;
beforeAll(async () => {
  h = await setUp();
});
afterAll(async () => h?.close());

test("the couple's page paints its thumbnails after the event's viewable-until; a guest's request gets 404", async () => {
  const event = await h.admin.createEvent({ name: 'Lea & Tom' });
  const { client_token: token } = await h.admin.json<{ client_token: string }>(`/api/client/generate-token/${event.id}`, {
    method: 'POST',
  });
  const guest = new ApiClient(h.server.url);
  await guest.joinAsGuest(event.code, 'Alice');
  const shared: UploadResult[] = [];
  for (const photo of PHOTOS.slice(0, 2)) shared.push(await guest.uploadOk(event.id, photo, { autoApprove: 'true' }));
  await h.admin.fetch(`/api/event/${event.id}`, {
    method: 'PUT',
    body: form({ event_start_datetime: daysFromNow(-60), event_duration_days: '7' }),
  });
  expect((await h.visitor.json<AdminEventDto>(`/api/event/${event.code}`)).status).toBe('expired');

  const ctx = await h.browser.newContext({ ...PHONE, locale: 'de-DE', baseURL: h.server.url });
  try {
    const page = await ctx.newPage();
    page.on('pageerror', (e) => h.errors.push(e.message));
    await page.goto(`/event/${token}/settings`);
    await page.getByRole('heading', { name: 'Lea & Tom' }).waitFor();
    const thumbs = page.getByTestId('home-newest').locator('[data-testid=moderation-item] img');
    await thumbs.nth(1).waitFor();
    expect(await thumbs.count()).toBe(2);
    await thumbs.evaluateAll((imgs: HTMLImageElement[]) => imgs.forEach((i) => i.scrollIntoView())); // they load lazily
    await page.waitForFunction(
      () => {
        const imgs = [...document.querySelectorAll<HTMLImageElement>('[data-testid=home-newest] [data-testid=moderation-item] img')];
        return imgs.length === 2 && imgs.every((i) => i.complete);
      },
      undefined,
      { timeout: 30_000 },
    );
    const widths = await thumbs.evaluateAll((imgs: HTMLImageElement[]) => imgs.map((i) => i.naturalWidth));
    expect(widths.every((w) => w > 0)).toBe(true);
    await h.shot('thumbnails-after-viewable-phone', page);
  } finally {
    await ctx.close();
  }
  // The same file for the guest who took it: gone, as for everyone but the couple and the admin.
  expect((await guest.fetch(shared[0]!.upload.thumbnail_path!)).status).toBe(404);
  expect(h.errors).toEqual([]);
});
