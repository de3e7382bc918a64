import { afterAll, beforeAll, expect, test } from 'bun:test';
import { ApiClient } from '../../helpers/api-client.ts';
import { PHONE } from '../../helpers/browser.ts';
import { CAMERAS, createEvent, newGuest, openEvent, selectAlbum, shot, startGuestEnv, type GuestEnv } from './helpers.ts';

// Another guest renames themself while this guest looks at the gallery (issue 32): the live stream brings one
// 'nickname' message, and the tiles of that guest's photos say the new name, without a reload.

let env: GuestEnv;
beforeAll(async () => {
  env = await startGuestEnv();
});
afterAll(async () => env?.stop());

test("another guest's new nickname shows under their photos on an open page, without a reload", async () => {
  const event = await createEvent(env.admin);
  const lena = new ApiClient(env.url);
  const userId = await lena.joinAsGuest(event.code, 'Lena');
  const photos = [
    await lena.uploadOk(event.id, CAMERAS[0]!, { autoApprove: 'true' }),
    await lena.uploadOk(event.id, CAMERAS[2]!, { autoApprove: 'true' }),
  ];
  const album = (await env.admin.json<{ id: number; name: string }[]>(`/api/event/${event.id}/albums`)).find(
    (a) => a.id === photos[0]!.album_id,
  )!;

  const { context, page } = await newGuest(env, PHONE);
  const { userId: mine } = await env.admin.json<{ userId: string }>(`/api/event/${event.code}/consent`, { method: 'POST', json: {} });
  await context.addCookies([{ name: `event_${event.code}`, value: mine, url: env.url }]);
  await openEvent(page, env, event.code);
  await selectAlbum(page, album.name);
  const sharedBy = (id: number) => page.locator(`[data-testid=media-tile][data-upload-id="${id}"] [data-testid=shared-by]`);
  for (const p of photos) await expect(await sharedBy(p.id).textContent()).toBe('Geteilt von: Lena');
  let reloaded = false;
  page.on('framenavigated', () => (reloaded = true));

  await lena.json(`/api/event/${event.code}/user-nickname`, { method: 'POST', json: { userId, nickname: 'Lena B.' } });
  for (const p of photos)
    await page
      .locator(`[data-testid=media-tile][data-upload-id="${p.id}"] [data-testid=shared-by]`, { hasText: 'Lena B.' })
      .waitFor({ timeout: 5000 });
  for (const p of photos) expect(await sharedBy(p.id).textContent()).toBe('Geteilt von: Lena B.');
  expect(await sharedBy(photos[0]!.id).isVisible()).toBe(true);
  expect(reloaded).toBe(false);
  await shot(page, 'live-nickname-phone');
  await context.close();
}, 90_000);
