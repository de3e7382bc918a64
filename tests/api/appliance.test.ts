import { afterAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { SETTINGS } from '../../src/config.ts';
import type { GuestbookEntryDto, UploadDto } from '../../src/http/api-types.ts';
import { ApiClient } from '../helpers/api-client.ts';
import { FIXTURES, ROOT, startServer } from '../helpers/server.ts';
import { runSetupScript } from '../helpers/setup-script.ts';
import { form } from './support.ts';

// The operator's side: command line, backup and restore, health, shutdown (the captive portal: captive-portal.test.ts).

const BUN = join(ROOT, 'node_modules', '.bin', 'bun');
const temps: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'momentbox-appliance-'));
  temps.push(dir);
  return dir;
};
afterAll(() => temps.forEach((d) => rmSync(d, { recursive: true, force: true })));

function run(args: string[], env: Record<string, string> = {}) {
  const proc = Bun.spawnSync([BUN, join(ROOT, 'src', 'main.ts'), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  return { code: proc.exitCode, out: proc.stdout.toString(), err: proc.stderr.toString() };
}

describe('command line', () => {
  test('--help lists every flag with its variable and default; --version prints the version', () => {
    const help = run(['--help']);
    expect(help.code).toBe(0);
    for (const s of SETTINGS) {
      expect(help.out).toContain(s.env);
      if (s.flag) expect(help.out).toContain(s.flag);
      expect(help.out).toContain(`default: ${s.default}`);
    }
    for (const cmd of ['reset-admin-password', 'backup <dir>', 'check']) expect(help.out).toContain(cmd);
    const version = run(['--version']);
    expect(version.out.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  test('a bad setting stops the start with a message naming it', () => {
    const bad = run(['--port', 'eighty']);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--port / MOMENTBOX_PORT');
    const badEnv = run([], { MOMENTBOX_MAX_UPLOAD_MB: '-5' });
    expect(badEnv.code).toBe(2);
    expect(badEnv.err).toContain('MOMENTBOX_MAX_UPLOAD_MB');
    const portal = run(['--captive-portal']);
    expect(portal.code).toBe(2);
    expect(portal.err).toContain('--public-url');
    expect(run(['frobnicate']).code).toBe(2);
  });

  test('check gives a plain verdict per line', () => {
    const res = run(['check', '--data-dir', tempDir(), '--port', '0']);
    expect(res.code).toBe(0);
    for (const what of [
      'ffmpeg',
      'ffprobe',
      'sharp',
      'data folder',
      'free disk space',
      'port',
      'addresses',
      'public URL',
      'captive portal',
      'Wi-Fi clients',
    ]) {
      expect(res.out).toMatch(new RegExp(`^OK +${what}:`, 'm'));
    }
    expect(res.out).toContain('All checks passed.');
  });

  test("check reports the venue: the box's addresses, the portal settings, and a public URL guests cannot reach", () => {
    const res = run([
      'check',
      '--data-dir',
      tempDir(),
      '--port',
      '0',
      '--captive-portal',
      '--public-url',
      'http://127.0.0.1:8080',
      '--default-event',
      'anna-ben',
    ]);
    const own = Object.values(networkInterfaces())
      .flatMap((list) => list ?? [])
      .find((a) => a.family === 'IPv4' && !a.internal);
    if (own) expect(res.out).toMatch(new RegExp(`^OK +addresses: .*${own.address.replaceAll('.', '\\.')}`, 'm'));
    expect(res.out).toMatch(/^WARN public URL: http:\/\/127\.0\.0\.1:8080 is a loopback or link-local address/m);
    expect(res.out).toMatch(
      /^OK +captive portal: on: phones that join are sent to http:\/\/127\.0\.0\.1:8080\/portal; default event 'anna-ben'/m,
    );
  });

  test('check warns when the disk is nearly full', () => {
    const res = run(['check', '--data-dir', tempDir(), '--port', '0', '--min-free-disk-mb', '100000000']);
    expect(res.out).toMatch(/^WARN free disk space: .* uploads stop below 100000000 MB/m);
  });
});

describe('venue network setup', () => {
  test('setup-hotspot.sh makes an access point, runs DHCP and DNS for every name on it and tells Momentbox; a rerun replaces, not repeats', async () => {
    const root = tempDir();
    expect(runSetupScript(root, ['Hochzeit', 'short']).code).toBe(2);

    const first = runSetupScript(root, ['Hochzeit Anna & Ben', 'geheim-1234']);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('the box is 10.42.0.1');
    const dnsmasq = first.file('/etc/momentbox/dnsmasq.conf');
    for (const line of [
      'interface=wlan0',
      'address=/#/10.42.0.1',
      'dhcp-range=10.42.0.10,10.42.0.250,255.255.255.0,12h',
      'dhcp-option=option:dns-server,10.42.0.1',
    ]) {
      expect(dnsmasq.split('\n')).toContain(line);
    }
    expect(first.file('/etc/systemd/system/momentbox-dnsmasq.service')).toContain('--conf-file=/etc/momentbox/dnsmasq.conf');
    const calls = first.calls();
    expect(calls).toContain(
      'nmcli connection add type wifi ifname wlan0 con-name momentbox-venue autoconnect yes ssid Hochzeit Anna & Ben',
    );
    expect(calls).toContain('802-11-wireless.mode ap');
    expect(calls).toContain('ipv4.method manual ipv4.addresses 10.42.0.1/24');
    expect(calls).toContain('wifi-sec.key-mgmt wpa-psk wifi-sec.psk geheim-1234');
    expect(calls).toContain('systemctl restart momentbox-dnsmasq.service');
    expect(calls).toContain('systemctl restart momentbox.service');

    const second = runSetupScript(root, ['Hochzeit Anna & Ben', 'anderes-passwort']);
    expect(second.code).toBe(0);
    const env = second.file('/etc/momentbox/momentbox.env').trim().split('\n').sort();
    expect(env).toEqual([
      'MOMENTBOX_CAPTIVE_PORTAL=true',
      'MOMENTBOX_PUBLIC_URL=http://10.42.0.1',
      'MOMENTBOX_WIFI_PASSWORD=anderes-passwort',
      'MOMENTBOX_WIFI_SSID=Hochzeit Anna & Ben',
    ]);
    // What the script wrote is what Momentbox reads: the Wi-Fi reaches the printable QR view through /api/config.
    const server = await startServer({ env: Object.fromEntries(env.map((l) => l.split(/=(.*)/s).slice(0, 2) as [string, string])) });
    try {
      const config = await (await fetch(`${server.url}/api/config`)).json();
      expect(config).toMatchObject({ publicUrl: 'http://10.42.0.1', wifi: { ssid: 'Hochzeit Anna & Ben', password: 'anderes-passwort' } });
    } finally {
      await server.stop();
    }
  });

  test('setup-hotspot.sh --wired serves an external access point on Ethernet with the same DHCP, DNS and portal settings', () => {
    const root = tempDir();
    const wired = runSetupScript(root, ['--wired', 'Hochzeit Anna & Ben', 'geheim-1234']);
    expect(wired.code).toBe(0);
    expect(wired.stdout).toContain('The venue network is on eth0; the box is 10.42.0.1');
    expect(wired.calls()).toContain(
      'nmcli connection add type ethernet ifname eth0 con-name momentbox-venue autoconnect yes ipv4.method manual ipv4.addresses 10.42.0.1/24',
    );
    expect(wired.calls()).not.toContain('type wifi');
    const wifi = runSetupScript(tempDir(), ['Hochzeit Anna & Ben', 'geheim-1234']);
    // Only the interface differs.
    expect(wired.file('/etc/momentbox/dnsmasq.conf')).toBe(
      wifi.file('/etc/momentbox/dnsmasq.conf').replace('interface=wlan0', 'interface=eth0'),
    );
    expect(wired.file('/etc/momentbox/momentbox.env')).toBe(wifi.file('/etc/momentbox/momentbox.env'));
  });
});

describe('running appliance', () => {
  test('first start prints where to log in and keeps the generated password until it is changed', async () => {
    const dataDir = tempDir();
    const server = await startServer({ dataDir, env: { MOMENTBOX_ADMIN_PASSWORD: '' } });
    try {
      const password = readFileSync(join(dataDir, 'initial-admin-password'), 'utf8').trim();
      expect(statSync(join(dataDir, 'initial-admin-password')).mode & 0o777).toBe(0o600);
      expect(server.output()).toContain(`password=${password}`);
      expect(server.output()).toMatch(/admin=http:\/\/\S+\/admin/);
      const admin = new ApiClient(server.url);
      await admin.login(password);
      await admin.json('/api/admin/change-password', {
        method: 'POST',
        json: { currentPassword: password, newPassword: 'a-new-secret-1' },
      });
      expect(existsSync(join(dataDir, 'initial-admin-password'))).toBe(false);
    } finally {
      await server.stop();
    }
  });

  test('reset-admin-password prints a new password that works, and ends sessions', async () => {
    const dataDir = tempDir();
    let server = await startServer({ dataDir });
    const admin = new ApiClient(server.url);
    await admin.login(server.adminPassword);
    await server.stop({ keepData: true });
    const res = run(['reset-admin-password', '--data-dir', dataDir]);
    expect(res.code).toBe(0);
    const password = /New admin password: (\S+)/.exec(res.out)![1]!;
    server = await startServer({ dataDir });
    try {
      const client = new ApiClient(server.url);
      client.adminToken = admin.adminToken;
      expect((await client.fetch('/api/event/events')).status).toBe(401);
      await client.login(password);
      expect((await client.fetch('/api/event/events')).status).toBe(200);
      expect(
        (await new ApiClient(server.url).fetch('/api/admin/login', { method: 'POST', json: { password: server.adminPassword } })).status,
      ).toBe(401);
    } finally {
      await server.stop();
    }
  });

  test('backup writes a consistent snapshot with the media, and --data-dir restores it', async () => {
    const dataDir = tempDir();
    const server = await startServer({ dataDir });
    const admin = new ApiClient(server.url);
    await admin.login(server.adminPassword);
    const event = await admin.createEvent({ name: 'Backup Party' });
    const up = await admin.uploadOk(event.id, join(FIXTURES, 'photos', 'cameras', 'Canon_40D.jpg'));
    await admin.json(`/api/event/${event.id}/guestbook`, { method: 'POST', json: { name: 'Oma', text: 'Alles Gute!' } });
    const selfie = new File([Bun.file(join(FIXTURES, 'photos', 'cameras', 'Pentax_K10D.jpg'))], 'selfie.jpg');
    const withSelfie = await admin.fetch(`/api/event/${event.id}/guestbook/attachment`, {
      method: 'POST',
      body: form({ name: 'Opa', text: 'Mit Selfie', file: selfie }),
    });
    expect(withSelfie.status).toBe(201);
    const target = join(tempDir(), 'backup');
    // Taken while the server runs: the snapshot must not need it to stop.
    const res = run(['backup', target, '--data-dir', dataDir]);
    await server.stop();
    expect(res.code).toBe(0);
    expect(res.out).toContain(`Restore: momentbox --data-dir ${target}`);
    expect(run(['backup', target, '--data-dir', dataDir]).code).toBe(1);

    const restored = await startServer({ dataDir: target });
    try {
      const client = new ApiClient(restored.url);
      await client.login(restored.adminPassword);
      const events = await client.json<{ code: string }[]>('/api/event/events');
      expect(events.map((e) => e.code)).toContain(event.code);
      const uploads = await client.json<UploadDto[]>(`/api/event/${event.id}/uploads`);
      expect(uploads.map((u) => u.id)).toEqual([up.id]);
      const bytes = await (await client.fetch(uploads[0]!.file_path)).arrayBuffer();
      expect(bytes.byteLength).toBe(Bun.file(join(FIXTURES, 'photos', 'cameras', 'Canon_40D.jpg')).size);
      expect((await client.fetch(uploads[0]!.thumbnail_path!)).status).toBe(200);
      const guestbook = await client.json<GuestbookEntryDto[]>(`/api/event/${event.id}/guestbook`);
      expect(guestbook.map((e) => [e.name, e.text])).toEqual([
        ['Opa', 'Mit Selfie'],
        ['Oma', 'Alles Gute!'],
      ]);
      // The guestbook's attachments are in the backup with the uploads' media.
      const original = await client.fetch(guestbook[0]!.attachment!.original_url);
      expect((await original.arrayBuffer()).byteLength).toBe(selfie.size);
    } finally {
      await restored.stop();
    }
  });

  test('/healthz reports database, disk and queue; SIGTERM exits 0 after checkpointing', async () => {
    const dataDir = tempDir();
    const server = await startServer({ dataDir });
    const health = await (await fetch(`${server.url}/healthz`)).json();
    expect(health).toMatchObject({ status: 'ok', database: 'ok', disk: { ok: true }, queue: { length: 0 } });
    expect(await server.stop({ keepData: true })).toBe(0);
    expect(server.output()).toContain('stopped');
    // The checkpoint folded the write-ahead log into the database file.
    const wal = join(dataDir, 'momentbox.db-wal');
    expect(!existsSync(wal) || statSync(wal).size === 0).toBe(true);
  });

  test('SIGTERM lets a running upload finish before the server exits', async () => {
    const server = await startServer();
    const admin = new ApiClient(server.url);
    await admin.login(server.adminPassword);
    const event = await admin.createEvent();
    const bytes = new Uint8Array(await Bun.file(join(FIXTURES, 'photos', 'phones', 'jolla.jpg')).arrayBuffer());
    const boundary = 'sigterm-boundary';
    const enc = new TextEncoder();
    let offset = 0;
    let signalled = false;
    // The photo trickles in over about a second; SIGTERM arrives in the middle.
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(enc.encode(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.jpg"\r\n\r\n`));
      },
      async pull(c) {
        if (offset >= bytes.length) {
          c.enqueue(enc.encode(`\r\n--${boundary}--\r\n`));
          c.close();
          return;
        }
        await Bun.sleep(50);
        c.enqueue(bytes.subarray(offset, offset + 100_000));
        offset += 100_000;
        if (!signalled && offset > bytes.length / 2) {
          signalled = true;
          server.proc.kill('SIGTERM');
        }
      },
    });
    const res = await admin.fetch(`/api/event/${event.id}/upload`, {
      method: 'POST',
      body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      duplex: 'half',
    } as RequestInit);
    expect(signalled).toBe(true);
    expect(res.status).toBe(201);
    expect(await server.stop()).toBe(0);
    expect(server.output()).toContain('shutting down');
  });

  test('a nearly full disk refuses uploads with 507 and a clear message', async () => {
    const server = await startServer({ args: ['--min-free-disk-mb', '100000000'] });
    try {
      const admin = new ApiClient(server.url);
      await admin.login(server.adminPassword);
      const event = await admin.createEvent();
      const res = await admin.upload(event.id, join(FIXTURES, 'photos', 'cameras', 'Canon_40D.jpg'));
      expect(res.status).toBe(507);
      expect(await res.json()).toMatchObject({ code: 'INSUFFICIENT_STORAGE', error: expect.stringContaining('Speicher') });
      const health = await fetch(`${server.url}/healthz`);
      expect(health.status).toBe(503);
    } finally {
      await server.stop();
    }
  });
});
