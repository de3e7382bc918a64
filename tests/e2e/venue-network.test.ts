import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { ApiClient } from '../helpers/api-client.ts';
import { CHROMIUM_PATH, launchBrowser, PHONE, screenshotPath } from '../helpers/browser.ts';
import { ROOT, startServer } from '../helpers/server.ts';
import { runSetupScript } from '../helpers/setup-script.ts';
import { proxyFreeEnv, VenueNetwork, type Phone } from '../helpers/venue-network.ts';
import { consent } from './guest/helpers.ts';

// The venue network with real parts: a box namespace runs Momentbox on port 80 and Debian's dnsmasq with
// the configuration scripts/setup-hotspot.sh writes (DHCP, every name is the box); two phone namespaces
// get their address and DNS by DHCP (dhclient). What a phone sees is asked from inside its namespace.

const BUN = join(ROOT, 'node_modules', '.bin', 'bun');
const PROBE = join(ROOT, 'tests', 'helpers', 'http-probe.ts');
const BOX = '10.42.0.1';
const SUCCESS_HTML = '<HTML><HEAD><TITLE>Success</TITLE></HEAD><BODY>Success</BODY></HTML>';
/** Each vendor's check, by the host name the phone really asks, with the answer meaning 'online'. */
const CHECKS: [url: string, status: number, body: string][] = [
  ['http://captive.apple.com/hotspot-detect.html', 200, SUCCESS_HTML],
  ['http://www.apple.com/library/test/success.html', 200, SUCCESS_HTML],
  ['http://connectivitycheck.gstatic.com/generate_204', 204, ''],
  ['http://www.google.com/gen_204', 204, ''],
  ['http://www.msftconnecttest.com/connecttest.txt', 200, 'Microsoft Connect Test'],
  ['http://www.msftncsi.com/ncsi.txt', 200, 'Microsoft NCSI'],
  ['http://detectportal.firefox.com/success.txt', 200, 'success\n'],
];

const venue = new VenueNetwork();
const work = mkdtempSync(join(tmpdir(), 'momentbox-venue-'));
const processes: ReturnType<typeof Bun.spawn>[] = [];
const logs = new Map<string, string>();
let phoneA: Phone;
let phoneB: Phone;
let eventCode = '';
const browsers: Browser[] = [];

/** Starts a long-running process and keeps what it prints under `name` (shown when something fails). */
function spawnLogged(name: string, cmd: string[], env: Record<string, string>) {
  const proc = Bun.spawn(cmd, { env, stdout: 'pipe', stderr: 'pipe' });
  processes.push(proc);
  logs.set(name, '');
  for (const stream of [proc.stdout, proc.stderr] as ReadableStream<Uint8Array>[]) {
    void (async () => {
      const decoder = new TextDecoder();
      for await (const chunk of stream) logs.set(name, logs.get(name) + decoder.decode(chunk, { stream: true }));
    })();
  }
  return proc;
}

async function waitFor(what: string, ready: () => boolean, ms: number) {
  const deadline = Date.now() + ms;
  while (!ready()) {
    if (Date.now() > deadline)
      throw new Error(`${what} did not happen within ${ms} ms.\n${[...logs].map(([k, v]) => `--- ${k}\n${v}`).join('\n')}`);
    await Bun.sleep(100);
  }
}

interface Probe {
  status?: number;
  location?: string | null;
  contentType?: string | null;
  body?: string;
  error?: string;
}

/** An HTTP request sent from inside a phone's namespace, the way the phone would send it. */
function fromPhone(phone: Phone, url: string, method = 'GET', form?: string): Probe {
  const proc = Bun.spawnSync(venue.exec(phone.namespace, [BUN, PROBE, url, method, ...(form === undefined ? [] : [form])]), {
    env: proxyFreeEnv(),
    stdout: 'pipe',
    stderr: 'pipe',
    timeout: 20_000,
  });
  const out = proc.stdout.toString().trim();
  if (!out) throw new Error(`probe of ${url} printed nothing: ${proc.stderr.toString()}`);
  return JSON.parse(out) as Probe;
}

/** Debian's Chromium running inside a phone's namespace, without any proxy: what it loads comes over the venue LAN. */
async function chromiumIn(phone: Phone): Promise<Browser> {
  const wrapper = join(work, `chromium-in-${phone.namespace}`);
  const unset = ['http_proxy', 'https_proxy', 'all_proxy', 'HTTP_PROXY', 'HTTPS_PROXY', 'ALL_PROXY'].map((v) => `-u ${v}`).join(' ');
  writeFileSync(wrapper, `#!/bin/sh\nexec ip netns exec ${phone.namespace} env ${unset} ${CHROMIUM_PATH} --no-proxy-server "$@"\n`, {
    mode: 0o755,
  });
  const browser = await launchBrowser({ executablePath: wrapper });
  browsers.push(browser);
  return browser;
}

/** Gets an address and DNS for the phone by DHCP, as a phone joining the Wi-Fi does. */
function dhcp(phone: Phone) {
  const run = Bun.spawnSync(
    venue.exec(phone.namespace, [
      'dhclient',
      '-1',
      '-lf',
      join(work, `${phone.namespace}.leases`),
      '-pf',
      join(work, `${phone.namespace}.pid`),
      phone.device,
    ]),
    { env: proxyFreeEnv(), stdout: 'pipe', stderr: 'pipe', timeout: 90_000 },
  );
  if (run.exitCode !== 0)
    throw new Error(
      `dhclient in ${phone.namespace} failed (${run.exitCode}): ${run.stderr.toString()}\n--- dnsmasq\n${logs.get('dnsmasq')}`,
    );
}

beforeAll(async () => {
  // First, so that a machine without network namespaces fails here with that reason.
  venue.build(BOX);
  phoneA = venue.addPhone();
  phoneB = venue.addPhone();

  // The box as the setup script leaves it, here with the external-access-point layout on the venue bridge.
  const setupRoot = join(work, 'box-root');
  const setup = runSetupScript(setupRoot, ['--wired', 'Hochzeit Anna & Ben', 'geheim-1234', venue.bridge]);
  if (setup.code !== 0) throw new Error(`setup-hotspot.sh failed: ${setup.stderr}`);
  const settings = Object.fromEntries(
    setup
      .file('/etc/momentbox/momentbox.env')
      .trim()
      .split('\n')
      .map((line) => line.split(/=(.*)/s).slice(0, 2) as [string, string]),
  );

  // The event, made by the admin before the party.
  const dataDir = join(work, 'data');
  const setupServer = await startServer({ dataDir });
  const admin = new ApiClient(setupServer.url);
  await admin.login(setupServer.adminPassword);
  eventCode = (await admin.createEvent({ name: 'Hochzeit Anna & Ben', primary_color: '#8B5CF6', secondary_color: '#EC4899' })).code;
  await setupServer.stop({ keepData: true });

  spawnLogged(
    'dnsmasq',
    venue.exec(venue.box, [
      'dnsmasq',
      '--keep-in-foreground',
      `--conf-file=${join(setupRoot, 'etc/momentbox/dnsmasq.conf')}`,
      `--pid-file=${join(work, 'dnsmasq.pid')}`,
      `--dhcp-leasefile=${join(work, 'dnsmasq.leases')}`,
      '--log-facility=-',
      '--log-dhcp',
    ]),
    proxyFreeEnv(),
  );
  spawnLogged(
    'momentbox',
    venue.exec(venue.box, [BUN, join(ROOT, 'src', 'main.ts'), '--port', '80', '--host', '0.0.0.0', '--data-dir', dataDir]),
    proxyFreeEnv({ ...settings, MOMENTBOX_DEFAULT_EVENT: eventCode, MOMENTBOX_ADMIN_PASSWORD: 'test-admin-password' }),
  );
  await waitFor('Momentbox listening on port 80 in the box', () => /listening/.test(logs.get('momentbox') ?? ''), 30_000);
  await waitFor('dnsmasq serving DHCP', () => /DHCP, IP range/.test(logs.get('dnsmasq') ?? ''), 10_000);
  dhcp(phoneA);
  dhcp(phoneB);
});

afterAll(async () => {
  await Promise.all(browsers.map((b) => b.close().catch(() => undefined)));
  for (const phone of venue.phones) {
    const pidFile = join(work, `${phone.namespace}.pid`);
    // dhclient went to the background once it had its lease; it is ours, so it is ended by its id.
    if (existsSync(pidFile)) {
      try {
        process.kill(Number(readFileSync(pidFile, 'utf8').trim()), 'SIGTERM');
      } catch {
        // already gone
      }
    }
  }
  for (const proc of processes) proc.kill('SIGTERM');
  await Promise.all(processes.map((p) => p.exited));
  venue.destroy();
  rmSync(work, { recursive: true, force: true });
});

describe('the venue network', () => {
  test('phones get an address and the box as their DNS server by DHCP, and every name is the box', () => {
    for (const phone of [phoneA, phoneB]) {
      expect(venue.addressOf(phone)).toMatch(/^10\.42\.0\.\d+$/);
      expect(venue.resolvConf(phone)).toContain(`nameserver ${BOX}`);
    }
    expect(venue.addressOf(phoneA)).not.toBe(venue.addressOf(phoneB));
    for (const name of ['captive.apple.com', 'connectivitycheck.gstatic.com', 'fotos.box']) {
      const lookup = Bun.spawnSync(venue.exec(phoneA.namespace, ['getent', 'hosts', name]), { stdout: 'pipe' });
      expect(lookup.stdout.toString().trim().split(/\s+/)).toEqual([BOX, name]);
    }
  });

  test('before joining every check opens the portal, whose page shows the event address without script', () => {
    for (const [url] of CHECKS) {
      const res = fromPhone(phoneA, url);
      expect([url, res.status, res.location]).toEqual([url, 302, `http://${BOX}/portal`]);
    }
    const portal = fromPhone(phoneA, `http://${BOX}/portal`);
    expect(portal.status).toBe(200);
    expect(portal.body).toContain('Hochzeit Anna &amp; Ben');
    expect(portal.body?.replaceAll('<wbr>', '')).toContain(
      `<p class="address" data-testid="event-address">http://${BOX}/event/${eventCode}</p>`,
    );
    expect(portal.body).not.toMatch(/<script/i);
  });

  test('in a sheet without script the portal button joins the phone: its checks answer online, the other phone still gets the portal', async () => {
    // What the iPhone's sign-in sheet does: it asks captive.apple.com, follows the redirect, shows the page.
    const sheet = await (await (await chromiumIn(phoneA)).newContext({ ...PHONE, javaScriptEnabled: false })).newPage();
    await sheet.goto('http://captive.apple.com/hotspot-detect.html');
    expect(sheet.url()).toBe(`http://${BOX}/portal`);
    expect(await sheet.getByTestId('event-address').innerText()).toBe(`http://${BOX}/event/${eventCode}`);
    await sheet.screenshot({ path: screenshotPath('venue', '01-portal'), fullPage: true });
    await sheet.getByRole('button', { name: 'Jetzt verbinden' }).click();
    await sheet.getByText('Verbunden!').waitFor();
    await sheet.screenshot({ path: screenshotPath('venue', '02-portal-joined'), fullPage: true });
    expect(await sheet.getByRole('button').count()).toBe(0);
    expect(await sheet.getByTestId('event-address').innerText()).toBe(`http://${BOX}/event/${eventCode}`);

    for (const [url, status, body] of CHECKS) {
      const res = fromPhone(phoneA, url);
      expect([url, res.status, res.body]).toEqual([url, status, body]);
    }
    expect(fromPhone(phoneB, 'http://captive.apple.com/hotspot-detect.html').location).toBe(`http://${BOX}/portal`);
    // The typeable name leads to the event.
    expect(fromPhone(phoneB, `http://fotos.box/${eventCode}`).location).toBe(`http://${BOX}/event/${eventCode}`);
  });

  test('Chromium in the other phone opens the event page through its address, and consent there joins that phone', async () => {
    const page = await (await (await chromiumIn(phoneB)).newContext(PHONE)).newPage();
    await page.goto(`http://${BOX}/event/${eventCode}`);
    await page.getByRole('heading', { name: 'Hochzeit Anna & Ben' }).first().waitFor();
    await consent(page, 'Tante Erna');
    // The consent came from phone B's own address: now phone B's checks answer online too.
    const check = fromPhone(phoneB, 'http://connectivitycheck.gstatic.com/generate_204');
    expect(check.status).toBe(204);
  });
});
