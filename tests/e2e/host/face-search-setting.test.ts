import { afterAll, beforeAll, expect, test } from 'bun:test';
import { Database } from 'bun:sqlite';
import { join } from 'node:path';
import type { EventDto } from '../../../src/http/api-types.ts';
import { ApiClient } from '../../helpers/api-client.ts';
import { PHONE } from '../../helpers/browser.ts';
import { languageProblems } from '../../helpers/language-screen.ts';
import { FIXTURES } from '../../helpers/server.ts';
import { setUp, type Harness } from './harness.ts';

// 'Gesichtssuche' on the couple's page (issue 30 item 1), at a phone: the plain explanation, the switch, the
// progress as the box finds the faces ('… % der Fotos durchsucht', up to 100 % with the real face worker), and
// switching it off deletes every descriptor of the event (read from the database file).

let h: Harness;
beforeAll(async () => {
  h = await setUp();
});
afterAll(async () => h?.close());

const facesOf = (eventId: number) => {
  const db = new Database(join(h.server.dataDir, 'momentbox.db'), { readonly: true });
  try {
    return (db.query('SELECT count(*) AS n FROM faces WHERE event_id = ?').get(eventId) as { n: number }).n;
  } finally {
    db.close();
  }
};

test('the couple switches the face search on, watches it reach 100 %, and off deletes the faces', async () => {
  const event = await h.admin.createEvent({ name: 'Lea & Tom' });
  const { client_token: token } = await h.admin.json<{ client_token: string }>(`/api/client/generate-token/${event.id}`, {
    method: 'POST',
  });
  const guest = new ApiClient(h.server.url);
  await guest.joinAsGuest(event.code, 'Alice');
  await guest.uploadOk(event.id, join(FIXTURES, 'faces', 'altman-portrait.jpg'), { autoApprove: 'true' });

  const ctx = await h.browser.newContext({ ...PHONE, locale: 'de-DE', baseURL: h.server.url });
  try {
    const page = await ctx.newPage();
    page.on('pageerror', (e) => h.errors.push(e.message));
    await page.goto(`/event/${token}/settings`);
    await page.getByRole('tab', { name: 'Gesichtssuche', exact: true }).click();
    const section = page.getByTestId('face-settings');
    await section.getByText('hier auf der Box, ohne Internet').waitFor();
    const box = (await section.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await page.getByTestId('face-progress').count()).toBe(0);

    await page.getByTestId('face-search-on').check();
    await page
      .getByTestId('face-progress')
      .filter({ hasText: /^\d+ % der Fotos durchsucht$/ })
      .waitFor({ timeout: 15_000 });
    // the real worker finds the portrait's face; the page asks again by itself until it is done
    await page.getByTestId('face-progress').filter({ hasText: '100 % der Fotos durchsucht' }).waitFor({ timeout: 240_000 });
    expect((await h.visitor.json<EventDto>(`/api/event/${event.code}`)).face_search).toBe(true);
    expect(facesOf(event.id)).toBeGreaterThan(0);
    await h.shot('face-search-on-phone', page);
    expect(await languageProblems(page, 'de')).toEqual([]);

    await page.getByTestId('face-search-on').uncheck();
    await page.getByText('Gesichtssuche ausgeschaltet, Gesichtsdaten gelöscht').waitFor({ timeout: 15_000 });
    await page.getByTestId('face-progress').waitFor({ state: 'detached' });
    expect(facesOf(event.id)).toBe(0);
  } finally {
    await ctx.close();
  }
  expect(h.errors).toEqual([]);
}, 300_000);
