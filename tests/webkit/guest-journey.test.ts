import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { Key } from 'selenium-webdriver';
import type { AdminEventDto, UploadDto } from '../../src/http/api-types.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { cbrVideo } from '../helpers/cbr-video.ts';
import { FIXTURES, startServer, type TestServer } from '../helpers/server.ts';
import { startWebKit, type WebKit, type WebKitSession } from '../helpers/webkit.ts';

// A guest's evening on an iPhone, in WebKit at 390x844: the landing page and the code, consent with a
// nickname, three JPEGs, an iPhone HEIC and a video over 50 MB (so it goes in chunks) with progress shown;
// the box is stopped in the middle of the video and started again on the same data and port, and the
// upload goes on from the chunks the box holds. A second guest's open page gets the photos without a
// reload; the viewer steps by drag and by keyboard, a video plays, one photo is downloaded, and the
// recovery link brings the guest back on another phone. Every page: no script error, no CSP violation,
// no unfinished text.

const JPEGS = ['Canon_40D.jpg', 'Nikon_D70.jpg', 'Pentax_K10D.jpg'].map((f) => join(FIXTURES, 'photos', 'cameras', f));
const HEIC = join(FIXTURES, 'photos', 'heic', 'iphone_13_pro_max.HEIC');
const MiB = 1024 * 1024;

// In the page: the chunk requests the upload engine sends, as 'file name:index'. Observes only.
const RECORD_CHUNKS = `
  if (!window.__chunks) {
    window.__chunks = [];
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (body) {
      if (body instanceof FormData && body.has('chunkIndex')) window.__chunks.push(body.get('fileName') + ':' + body.get('chunkIndex'));
      return send.call(this, body);
    };
  }`;

let server: TestServer;
let port: string;
let dataDir: string;
let webkit: WebKit;
let admin: ApiClient;
let event: AdminEventDto;
let anna: WebKitSession;
let ben: WebKitSession;
let video: string;
let videoName: string;
let recoveryLink = '';

/** The open button of the first photo's tile (not a video's). */
const PHOTO_TILE = '[data-testid=media-tile]:not(:has(.ev-tile__play)) .ev-tile__open';
const counter = (s: WebKitSession) => s.text('[data-testid=viewer-counter]');
const uploads = async () => admin.json<UploadDto[]>(`/api/event/${event.id}/uploads`);

async function expectHealthy(s: WebKitSession) {
  expect({ page: await s.driver.getCurrentUrl(), ...(await s.health()) }).toEqual({
    page: await s.driver.getCurrentUrl(),
    problems: [],
    text: [],
  });
}

/** The first-visit consent with a nickname; returns the recovery link the modal shows. */
async function consent(s: WebKitSession, nickname: string): Promise<string> {
  await s.find('[data-testid=help-modal]');
  await s.type('[data-testid=consent-nickname]', nickname);
  await s.click('[data-testid=consent-terms]');
  await s.click('[data-testid=consent-confirm]');
  await s.find('[data-testid=recovery-modal]');
  const link = (await (await s.find('[data-testid=recovery-link]')).getAttribute('value')) ?? '';
  await s.click('[data-testid=recovery-done]');
  await s.gone('[data-testid=recovery-modal]');
  return link;
}

beforeAll(async () => {
  // 8 s of noise at a constant 60 Mbit/s: an iPhone sends it in 10 MiB chunks.
  video = await cbrVideo({ megabytes: 60, noise: true });
  videoName = basename(video);
  dataDir = join(tmpdir(), `momentbox-webkit-${process.pid}`);
  mkdirSync(dataDir, { recursive: true });
  server = await startServer({ dataDir });
  port = new URL(server.url).port;
  admin = new ApiClient(server.url);
  await admin.login(server.adminPassword);
  event = await admin.createEvent({ name: 'Hochzeit Lea & Tom', code: 'lea-tom', allow_download: 'true' });
  // one album whose window holds every capture date, so both guests look at the same grid
  await admin.createAlbum(event.id, { name: 'Alle Fotos', start_datetime: '2000-01-01T00:00:00Z', end_datetime: '2099-01-01T00:00:00Z' });
  webkit = await startWebKit();
}, 600_000); // the first run makes the 60 MB clip: minutes on a busy machine
afterAll(async () => {
  await webkit?.stop();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  expect(webkit?.leftovers() ?? []).toEqual([]);
});

describe('a guest on an iPhone (WebKit, 390x844)', () => {
  test('landing page: the code joins, an empty one is refused', async () => {
    anna = await webkit.session({ name: 'Anna' });
    await anna.goto(`${server.url}/`);
    await anna.click('[data-testid=join]');
    expect(await anna.text('[role=alert]')).toBe('Bitte gib einen Event-Code ein.');
    await anna.type('[data-testid=event-code]', '  lea-tom  ');
    await anna.click('[data-testid=join]');
    await anna.waitUntil('the event page', '() => location.pathname === "/event/lea-tom"');
    await expectHealthy(anna);
  });

  test('event page: consent with a nickname, the recovery link', async () => {
    await anna.find('[data-testid=help-modal]');
    await anna.screenshot('event-consent');
    recoveryLink = await consent(anna, 'Anna');
    const cookie = await anna.driver.manage().getCookie('event_lea-tom');
    expect(recoveryLink).toBe(`${server.url}/event/lea-tom/recover/${cookie.value}`);
    expect((await admin.json<{ nickname: string }>(`/api/event/lea-tom/user-nickname/${cookie.value}`)).nickname).toBe('Anna');
    await anna.find('[data-testid=upload-tile]');
    await expectHealthy(anna);
  });

  test('a second guest opens the event too and waits on the album', async () => {
    ben = await webkit.session({ name: 'Ben' });
    await ben.goto(`${server.url}/event/lea-tom`);
    await consent(ben, 'Ben');
    await ben.find('[data-testid=empty-album]');
  });

  test('uploads JPEGs, a HEIC and a 57 MiB video; the box stops in the middle and the video goes on from its chunks', async () => {
    expect(Bun.file(video).size).toBeGreaterThan(50 * MiB);
    await anna.driver.executeScript(RECORD_CHUNKS);
    await anna.chooseFiles('[data-testid=upload-input]', [...JPEGS, HEIC, video]);
    await anna.find('[data-testid=upload-modal]');

    // Progress is shown: the video's bar moves while its chunks go up.
    const videoBar = `() => { const i = [...document.querySelectorAll("[data-testid=upload-item]")].find((e) => e.textContent.includes(${JSON.stringify(videoName)})); const b = i && i.querySelector("[role=progressbar]"); return b ? Number(b.getAttribute("aria-valuenow")) : null; }`;
    // The cut: as soon as the box holds two of the video's chunks (markers `<index>-<length>` of 10 MiB
    // chunks in its chunk folder), it is stopped (SIGTERM, as at the power button).
    const chunkDir = join(dataDir, 'tmp', 'chunks');
    const held = () => {
      if (!existsSync(chunkDir)) return [];
      for (const key of readdirSync(chunkDir).filter((n) => !n.startsWith('.'))) {
        const markers = readdirSync(join(chunkDir, key)).filter((n) => n.endsWith(`-${10 * MiB}`));
        if (markers.length >= 2) return markers.map((m) => Number(m.split('-')[0])).sort((a, b) => a - b);
      }
      return [];
    };
    const deadline = Date.now() + 120_000;
    while (held().length < 2 && Date.now() < deadline) await Bun.sleep(10);
    await server.stop({ keepData: true });
    const atCut = held();
    expect(atCut.length).toBeGreaterThanOrEqual(2);
    const progressAtCut = await anna.eval<number | null>(videoBar);
    expect(progressAtCut).toBeGreaterThan(0);
    expect(progressAtCut).toBeLessThan(100);

    // While the box is away the item says it pauses and will go on by itself.
    const paused = await anna.find('[data-testid=upload-item][data-paused=true]', 60_000);
    expect(await paused.getText()).toContain('Upload pausiert - wird automatisch fortgesetzt');
    await anna.screenshot('upload-paused');

    server = await startServer({ dataDir, args: ['--port', port] });
    const summary = await anna.waitUntil<string>(
      'every upload finished',
      '() => document.querySelector("[data-testid=upload-close]") && document.querySelector("[data-testid=upload-summary]").textContent.trim()',
      [],
      300_000,
      250,
    );
    expect(summary).toBe('Alle 5 Uploads erfolgreich');
    await anna.screenshot('upload-done');

    // After the cut the engine asked the box and sent only what it did not hold: no chunk the box had is sent twice.
    const sent = (await anna.eval<string[]>('() => window.__chunks'))
      .filter((c) => c.startsWith(`${videoName}:`))
      .map((c) => Number(c.split(':')[1]));
    const resent = sent.filter((i, k) => sent.indexOf(i) !== k);
    expect(resent.filter((i) => atCut.includes(i))).toEqual([]);
    expect(new Set(sent).size).toBe(Math.ceil(Bun.file(video).size / (10 * MiB)));

    // The file on the box is whole, byte for byte the size of the original.
    const mine = (await uploads()).find((u) => u.original_name === videoName);
    expect(mine?.size_bytes).toBe(Bun.file(video).size);
    expect(mine?.type).toBe('video');
    await anna.click('[data-testid=upload-close]');
    await expectHealthy(anna);
  }, 420_000); // ~70 s on a quiet machine; WebKit's hashing and the 57 MiB slow down a lot on a busy one

  test("the second guest's open page shows the photos without a reload", async () => {
    await ben.waitUntil(
      'five tiles on the second phone',
      '() => document.querySelectorAll("[data-testid=media-tile] img").length === 5',
      [],
      20_000,
    );
    await ben.screenshot('event-second-guest');
    await expectHealthy(ben);
  });

  test('viewer: next photo by pointer drag and by keyboard', async () => {
    await anna.waitUntil('five tiles', '() => document.querySelectorAll("[data-testid=media-tile]").length === 5', [], 20_000);
    // each with its picture (own uploads get theirs once the box has made them, over the live stream)
    await anna
      .waitUntil(
        'a picture in each tile',
        '() => [...document.querySelectorAll("[data-testid=media-tile]")].every((t) => t.querySelector("img"))',
        [],
        20_000,
      )
      .catch(async (e: Error) => {
        const tiles = await anna.eval<string[]>(
          '() => [...document.querySelectorAll("[data-testid=media-tile]")].map((t) => t.dataset.uploadId + ": " + (t.querySelector("img") ? "img" : t.querySelector(".ev-tile__open").innerHTML.slice(0, 120)))',
        );
        throw new Error(
          `${e.message}: ${JSON.stringify(tiles)} ${JSON.stringify((await uploads()).map((u) => [u.id, u.processing_state, u.thumbnail_path]))}`,
        );
      });
    await anna.screenshot('event-page');
    await anna.click(PHOTO_TILE);
    await anna.find('[data-testid=viewer]');
    const first = Number((await counter(anna)).split(' / ')[0]);
    const nth = (k: number) => `${((first - 1 + k) % 5) + 1} / 5`;
    expect(await counter(anna)).toBe(nth(0));
    await anna.waitUntil('the photo loaded', '() => document.querySelector("[data-testid=viewer-image].is-loaded")');
    await anna.screenshot('viewer');
    // a finger's swipe to the left (WebKitGTK's automation delivers it as pointer events)
    await anna.drag({ x: 300, y: 420 }, -200);
    await anna.waitUntil(
      'the next one',
      '(n) => document.querySelector("[data-testid=viewer-counter]").textContent === n',
      [nth(1)],
      5_000,
    );
    await anna.press(Key.ARROW_RIGHT);
    await anna.waitUntil(
      'the one after',
      '(n) => document.querySelector("[data-testid=viewer-counter]").textContent === n',
      [nth(2)],
      5_000,
    );
    await anna.press(Key.ESCAPE);
    await anna.gone('[data-testid=viewer]');
    await expectHealthy(anna);
  });

  test('a video plays in the viewer', async () => {
    await anna.click('[data-testid=media-tile]:has(.ev-tile__play) .ev-tile__open');
    const v = await anna.find('[data-testid=viewer-video]');
    expect(await v.getAttribute('controls')).not.toBeNull();
    // HAVE_ENOUGH_DATA, and its time advances
    await anna.waitUntil(
      'the video to have enough data',
      '() => document.querySelector("[data-testid=viewer-video]").readyState === 4',
      [],
      30_000,
    );
    const t0 = await anna.eval<number>('() => document.querySelector("[data-testid=viewer-video]").currentTime');
    await anna.waitUntil(
      'its time to advance',
      '(t) => document.querySelector("[data-testid=viewer-video]").currentTime > t + 0.5',
      [t0],
      15_000,
    );
    await anna.screenshot('viewer-video');
    await anna.press(Key.ESCAPE);
    await anna.gone('[data-testid=viewer]');
    await expectHealthy(anna);
  });

  test('one photo is downloaded from the viewer', async () => {
    await ben.click(PHOTO_TILE);
    await ben.waitUntil('a photo in the viewer', '() => document.querySelector("[data-testid=viewer-image].is-loaded")');
    const name = await ben.eval<string>('() => document.querySelector("[data-testid=viewer-download]").getAttribute("download")');
    const original = [...JPEGS, HEIC].find((f) => f.endsWith(`/${name}`));
    expect(original).toBeDefined();
    await ben.click('[data-testid=viewer-download]');
    const file = join(webkit.downloads, name);
    const deadline = Date.now() + 20_000;
    while (
      !(existsSync(file) && Bun.file(file).size > 0 && readdirSync(webkit.downloads).every((n) => !n.endsWith('.wkdownload'))) &&
      Date.now() < deadline
    )
      await Bun.sleep(100);
    expect(readdirSync(webkit.downloads)).toContain(name);
    expect(Bun.file(file).size).toBeGreaterThan(10_000);
    await ben.press(Key.ESCAPE);
    await expectHealthy(ben);
  });

  test('the recovery link brings the guest back on another phone', async () => {
    const again = await webkit.session({ name: 'Anna again' });
    await again.goto(recoveryLink);
    await again.waitUntil(
      'the success message',
      '() => document.querySelector("[data-testid=recover]").textContent.includes("Sitzung erfolgreich wiederhergestellt!")',
      [],
      10_000,
    );
    await again.waitUntil('the event page', '() => location.pathname === "/event/lea-tom"', [], 10_000);
    await again.waitUntil(
      'her five uploads, as hers',
      '() => document.querySelectorAll("[data-testid=media-tile][data-own=true]").length === 5',
      [],
      20_000,
    );
    expect(await again.eval<number>('() => document.querySelectorAll("[data-testid=help-modal]").length')).toBe(0);
    const cookie = await again.driver.manage().getCookie('event_lea-tom');
    expect(recoveryLink.endsWith(`/${cookie.value}`)).toBe(true);
    await expectHealthy(again);
    await again.close();
  });
});
