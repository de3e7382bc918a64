// ZIP downloads held open by slow readers (issue 32, finding 13), at a scale CI can afford: one address gets
// 24 at once, one guest 4, the rest a readable 429; a finished or abandoned download gives its place back;
// a guest next to it stays served and the server's memory stays put.
import { afterEach, expect, test } from 'bun:test';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import sharp from 'sharp';
import { withBystander } from '../helpers/bystander.ts';
import { rawGet, type RawGet } from '../helpers/raw-get.ts';
import { FIXTURES } from '../helpers/server.ts';
import { type ApiClient, useServer } from './support.ts';

const srv = useServer();
const sockets: Socket[] = [];
afterEach(() => {
  for (const s of sockets.splice(0)) s.destroy();
});

const cookieOf = (guest: ApiClient) => [...guest.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

/** A photo of noise: JPEG cannot shrink it, so a few make a ZIP larger than the kernel's socket buffers hold. */
const noisePhoto = async (n: number) =>
  new Uint8Array(
    await sharp({
      create: {
        width: 1600,
        height: 1200,
        channels: 3,
        background: { r: n, g: 0, b: 0 },
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .jpeg({ quality: 95 })
      .toBuffer(),
  );

async function download(
  guest: ApiClient,
  eventId: number,
  ids: number[],
  opts: { reading: boolean; localAddress?: string },
): Promise<RawGet> {
  const get = await rawGet(srv.url, `/api/event/${eventId}/download-zip?ids=${ids.join(',')}`, {
    ...opts,
    headers: { Cookie: cookieOf(guest) },
  });
  sockets.push(get.socket);
  return get;
}

test('slow ZIP readers: 24 at once per address and 4 per guest, then 429 TOO_MANY_DOWNLOADS; places come back; the bystander stays served', async () => {
  const event = await srv.admin.createEvent({ allow_download: 'true' });
  const owner = srv.client();
  await owner.joinAsGuest(event.code, 'Photographer');
  const ids: number[] = [];
  for (let i = 0; i < 6; i++) {
    const form = new FormData();
    form.append('file', new File([(await noisePhoto(i)) as Uint8Array<ArrayBuffer>], `noise-${i}.jpg`, { type: 'image/jpeg' }));
    form.append('autoApprove', 'true');
    ids.push((await owner.json<{ id: number }>(`/api/event/${event.id}/upload`, { method: 'POST', body: form })).id);
  }
  const bystander = srv.client();
  await bystander.joinAsGuest(event.code, 'Bystander');
  const readers: ApiClient[] = [];
  for (let i = 0; i < 30; i++) {
    const guest = srv.client();
    await guest.joinAsGuest(event.code);
    readers.push(guest);
  }

  const { result: statuses, report } = await withBystander(
    { guest: bystander, eventId: event.id, serverPid: srv.server.proc.pid },
    async () => {
      const held = await Promise.all(readers.map((guest) => download(guest, event.id, ids, { reading: false, localAddress: '127.0.0.4' })));
      const answers = await Promise.all(held.map((d) => d.status));
      await Bun.sleep(1500); // the bystander goes on while they are held
      return answers;
    },
  );
  expect(report.errors).toEqual([]);
  expect(report.p99).toBeLessThan(1000);
  expect(report.rssGrowthMb).toBeLessThan(150);
  expect(statuses.filter((s) => s === 200)).toHaveLength(24); // today: 30
  expect(statuses.filter((s) => s === 429)).toHaveLength(6);

  // One guest (a family on one phone) on another address: 4 at once.
  const family = srv.client();
  await family.joinAsGuest(event.code, 'Family');
  const four = await Promise.all(
    Array.from({ length: 5 }, () => download(family, event.id, ids, { reading: false, localAddress: '127.0.0.5' })),
  );
  const fourStatuses = await Promise.all(four.map((d) => d.status));
  expect(fourStatuses.filter((s) => s === 200)).toHaveLength(4);
  const refused = four[fourStatuses.indexOf(429)]!;
  await Bun.sleep(100);
  expect(refused.text()).toContain('"code":"TOO_MANY_DOWNLOADS"');
  expect(refused.text()).toMatch(/"error":"[^"]+"/);

  // A download the phone gave up gives its place back, and so does one read to the end.
  four[fourStatuses.indexOf(200)]!.socket.destroy();
  await Bun.sleep(300);
  const whole = await family.fetch(`/api/event/${event.id}/download-zip?ids=${ids.join(',')}`);
  expect(whole.status).toBe(200);
  expect((await whole.arrayBuffer()).byteLength).toBeGreaterThan(6 * 500_000);
  const again = await family.fetch(`/api/event/${event.id}/download-zip?ids=${ids[0]}`);
  expect(again.status).toBe(200);
  await again.arrayBuffer();
}, 180_000);

test('ZIPs asked for and left before the answer came give their places back', async () => {
  const event = await srv.admin.createEvent({ allow_download: 'true' });
  const guest = srv.client();
  await guest.joinAsGuest(event.code, 'Impatient');
  const { id } = await guest.json<{ id: number }>(`/api/event/${event.id}/upload`, {
    method: 'POST',
    body: (() => {
      const form = new FormData();
      form.append('file', new File([Bun.file(join(FIXTURES, 'photos', 'cameras', 'Canon_40D.jpg'))], 'a.jpg', { type: 'image/jpeg' }));
      form.append('autoApprove', 'true');
      return form;
    })(),
  });
  // The phone asks and is gone at once, eight times: more than its four places.
  for (let i = 0; i < 8; i++) {
    const left = await rawGet(srv.url, `/api/event/${event.id}/download-zip?ids=${id}`, {
      reading: false,
      headers: { Cookie: cookieOf(guest) },
    });
    left.socket.destroy();
  }
  await Bun.sleep(500);
  const answers = await Promise.all(Array.from({ length: 4 }, () => guest.fetch(`/api/event/${event.id}/download-zip?ids=${id}`)));
  expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
  await Promise.all(answers.map((a) => a.arrayBuffer()));
}, 60_000);
