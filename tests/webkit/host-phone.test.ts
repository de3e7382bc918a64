import { afterAll, beforeAll, expect, test } from 'bun:test';
import { join } from 'node:path';
import type { AdminEventDto } from '../../src/http/api-types.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { FIXTURES, startServer, type TestServer } from '../helpers/server.ts';
import { startWebKit, type WebKit } from '../helpers/webkit.ts';

// The couple on an iPhone (WebKit, 390x844): their settings page by its host link, the moderation list of
// the tab 'Uploads', approving a guest's private photo (other guests then see it) and withdrawing it again.

let server: TestServer;
let webkit: WebKit;
let event: AdminEventDto;
let hostToken: string;
const ids: number[] = [];
const visitor = () => new ApiClient(server.url);
const sharedIds = async () => (await visitor().json<{ id: number }[]>(`/api/event/${event.id}/uploads`)).map((u) => u.id);

beforeAll(async () => {
  server = await startServer();
  const admin = new ApiClient(server.url);
  await admin.login(server.adminPassword);
  event = await admin.createEvent({ name: 'Gartenparty' });
  hostToken = (await admin.json<{ client_token: string }>(`/api/client/generate-token/${event.id}`, { method: 'POST' })).client_token;
  const alice = new ApiClient(server.url);
  await alice.joinAsGuest(event.code, 'Alice');
  for (const f of ['Nikon_D70.jpg', 'Pentax_K10D.jpg'])
    ids.push((await alice.uploadOk(event.id, join(FIXTURES, 'photos', 'cameras', f), { autoApprove: 'false' })).id);
  webkit = await startWebKit();
});
afterAll(async () => {
  await webkit?.stop();
  await server?.stop();
  expect(webkit?.leftovers() ?? []).toEqual([]);
});

test("the couple's phone: settings page, moderation list, approve and withdraw", async () => {
  const host = await webkit.session({ name: 'host' });
  await host.goto(`${server.url}/event/${hostToken}/settings`);
  await host.waitUntil('the settings page', '() => [...document.querySelectorAll("h1, h2")].some((h) => h.textContent === "Gartenparty")');
  expect(await host.eval<number>('() => document.documentElement.scrollWidth - innerWidth')).toBeLessThanOrEqual(0);
  await host.screenshot('host-settings');
  expect(await host.health()).toEqual({ problems: [], text: [] });

  await host.click('#tab-uploads');
  const item = (id: number) => `[data-testid=moderation-item][data-upload-id="${id}"]`;
  await host.find(item(ids[0]!));
  await host.find(item(ids[1]!));
  expect(
    await host.eval<string[]>('() => [...document.querySelectorAll("[data-testid=moderation-item]")].map((e) => e.dataset.state)'),
  ).toEqual(['private', 'private']);
  expect(await host.eval<string>('(s) => document.querySelector(s).textContent', `${item(ids[0]!)} .hx-mod__meta`)).toContain('Alice');
  expect(await sharedIds()).toEqual([]);
  await host.screenshot('host-moderation');

  // approve one: guests see it
  await host.click(`${item(ids[0]!)} button[aria-label="Freigeben"]`);
  await host.waitUntil('shown as shared', '(s) => document.querySelector(s).dataset.state === "shared"', [item(ids[0]!)], 10_000);
  expect(await sharedIds()).toEqual([ids[0]!]);

  // withdraw it: guests no longer see it
  await host.click(`${item(ids[0]!)} button[aria-label="Freigabe zurückziehen"]`);
  await host.waitUntil('shown as private', '(s) => document.querySelector(s).dataset.state === "private"', [item(ids[0]!)], 10_000);
  expect(await sharedIds()).toEqual([]);
  expect(await host.health()).toEqual({ problems: [], text: [] });
  await host.close();
});
