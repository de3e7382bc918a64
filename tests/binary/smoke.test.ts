import { describe, expect, test } from 'bun:test';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { UploadDto, UploadResult } from '../../src/http/api-types.ts';
import type { ApiClient } from '../helpers/api-client.ts';
import { bytesSource, uploadChunked } from '../helpers/chunked-upload.ts';
import { ffprobePath, hdrClipArgs, makeClip } from '../../src/media/test-helpers.ts';
import { FIXTURES, ROOT } from '../helpers/server.ts';
import { adminWithEvent, commandFor, startBinary, tempDir, useBinaries } from './support.ts';

// The real appliance: `npm run build` makes both binaries; each runs from an empty folder with no
// node_modules, Node or Bun in reach (PATH limited to /usr/bin:/bin, a clean environment).

useBinaries();

/** Uploads the iPhone HEIC and waits (bounded) until the job queue has made its JPEG tile: the WASM decoder works in this binary. */
async function expectHeicProcessed(guest: ApiClient, eventId: number, timeoutMs: number): Promise<void> {
  const heic = await guest.uploadOk(eventId, join(FIXTURES, 'photos', 'heic', 'iphone_13_pro_max.HEIC'), { autoApprove: 'true' });
  let row: UploadDto | undefined;
  const deadline = Date.now() + timeoutMs;
  while (row?.processing_state !== 'ready' && row?.processing_state !== 'failed' && Date.now() < deadline) {
    await Bun.sleep(500);
    row = (await guest.json<UploadDto[]>(`/api/event/${eventId}/uploads`)).find((u) => u.id === heic.id);
  }
  expect(row?.processing_state).toBe('ready');
  expect([row!.width, row!.height]).toEqual([3024, 4032]);
  const thumb = await guest.fetch(row!.thumbnail_path!);
  expect(thumb.headers.get('content-type')).toBe('image/jpeg');
  const bytes = new Uint8Array(await thumb.arrayBuffer());
  expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
}

/**
 * An iPhone-like HDR clip (10-bit HEVC, BT.2020, HLG; made here with the development ffmpeg) gets an 8-bit
 * BT.709 H.264 preview from the binary's embedded ffmpeg: its zscale and tonemap filters work there.
 */
async function expectHdrToneMapped(dir: string, guest: ApiClient, eventId: number): Promise<void> {
  const clip = join(dir, 'IMG_HLG.MOV');
  makeClip(clip, hdrClipArgs('arib-std-b67'));
  const up = await guest.uploadOk(eventId, clip, { autoApprove: 'true' });
  let row: UploadDto | undefined;
  for (let i = 0; i < 240 && row?.processing_state !== 'ready' && row?.processing_state !== 'failed'; i++) {
    await Bun.sleep(250);
    row = (await guest.json<UploadDto[]>(`/api/event/${eventId}/uploads`)).find((u) => u.id === up.id);
  }
  expect(row?.processing_state).toBe('ready');
  const preview = join(dir, 'hlg-preview.mp4');
  writeFileSync(preview, Buffer.from(await (await guest.fetch(row!.preview_path!)).arrayBuffer()));
  const probe = Bun.spawnSync(
    [
      ffprobePath,
      '-v',
      'error',
      '-select_streams',
      'v:0',
      '-show_entries',
      'stream=codec_name,pix_fmt,color_transfer,color_primaries',
      '-of',
      'json',
      preview,
    ],
    { stdout: 'pipe' },
  );
  expect(JSON.parse(probe.stdout.toString()).streams[0]).toEqual({
    codec_name: 'h264',
    pix_fmt: 'yuv420p',
    color_transfer: 'bt709',
    color_primaries: 'bt709',
  });
}

/** A video sent in two chunks, fields first (as the web app does): the hash worker, its own entry point of the binary, hashed it. */
async function expectChunkedUploadHashed(guest: ApiClient, eventId: number) {
  const bytes = new Uint8Array(readFileSync(join(FIXTURES, 'videos', 'android-h264.mp4')));
  const answer = await uploadChunked(guest.fetch.bind(guest), eventId, bytesSource('chunked.mp4', bytes), Math.ceil(bytes.length / 2), {
    uploadId: 'smoke-chunked-0001',
  });
  const sha256 = new Bun.CryptoHasher('sha256').update(bytes).digest('hex');
  expect(await guest.json(`/api/media/check-exact?sha256=${sha256}&eventId=${eventId}`)).toMatchObject({
    exists: true,
    duplicate: { id: answer.id },
  });
}

describe('x64 binary', () => {
  test('runs from an empty folder: login, event, consent, photo, HEIC photo, HEVC video, HDR video, ZIP export, SIGTERM', async () => {
    const { dir, run } = await startBinary('x64');
    expect(existsSync(join(dir, 'node_modules'))).toBe(false);
    const { admin, guest, event } = await adminWithEvent(run.url);

    const photo = await guest.uploadOk(event.id, join(FIXTURES, 'photos', 'phones', 'jolla.jpg'), { autoApprove: 'true' });
    const thumb = await guest.fetch(photo.upload.thumbnail_path!);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');
    await expectHeicProcessed(guest, event.id, 60_000);
    await expectChunkedUploadHashed(guest, event.id);
    expect(run.output()).not.toContain('background hasher stopped');

    const video: UploadResult = await guest.uploadOk(event.id, join(FIXTURES, 'videos', 'iphone-hevc-rotated.mov'), {
      autoApprove: 'true',
    });
    let row: UploadDto | undefined;
    for (let i = 0; i < 240 && row?.processing_state !== 'ready' && row?.processing_state !== 'failed'; i++) {
      await Bun.sleep(250);
      row = (await admin.json<UploadDto[]>(`/api/event/${event.id}/uploads`)).find((u) => u.id === video.id);
    }
    expect(row?.processing_state).toBe('ready');
    const preview = Buffer.from(await (await guest.fetch(row!.preview_path!)).arrayBuffer());
    expect(preview.toString('latin1').includes('avc1')).toBe(true);
    await expectHdrToneMapped(dir, guest, event.id);

    const zip = await admin.fetch(`/api/event/${event.id}/export-zip`);
    expect(zip.status).toBe(200);
    const zipPath = join(dir, 'export.zip');
    writeFileSync(zipPath, Buffer.from(await zip.arrayBuffer()));
    const check = Bun.spawnSync(['unzip', '-t', zipPath], { stdout: 'pipe' });
    expect(check.stdout.toString()).toContain('No errors detected');

    run.proc.kill('SIGTERM');
    expect(await run.proc.exited).toBe(0);
  }, 180_000);
});

describe('arm64 binary under qemu', () => {
  test('--version, start, a JPEG upload with its thumbnail, a chunked upload hashed on its worker, and a HEIC decoded by the WASM decoder', async () => {
    const dir = tempDir('momentbox-bin-arm64-version-');
    const version = Bun.spawnSync([...commandFor('arm64', join(ROOT, 'dist', 'momentbox-linux-arm64')), '--version'], {
      cwd: dir,
      env: { PATH: '/usr/bin:/bin' },
      stdout: 'pipe',
    });
    expect(version.stdout.toString().trim()).toMatch(/^\d+\.\d+\.\d+$/);

    const { run } = await startBinary('arm64');
    const { guest, event } = await adminWithEvent(run.url);
    const photo = await guest.uploadOk(event.id, join(FIXTURES, 'photos', 'cameras', 'Canon_40D.jpg'), { autoApprove: 'true' });
    expect(photo.upload.processing_state).toBe('ready');
    const thumb = await guest.fetch(photo.upload.thumbnail_path!);
    expect(thumb.status).toBe(200);
    expect((await thumb.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    await expectChunkedUploadHashed(guest, event.id);
    expect(run.output()).not.toContain('background hasher stopped');
    // Emulated arm64 runs WebAssembly many times slower than a Pi does natively.
    await expectHeicProcessed(guest, event.id, 240_000);
    run.proc.kill('SIGTERM');
    expect(await run.proc.exited).toBe(0);
  }, 540_000);
});

describe('installer', () => {
  test('scripts/install.sh installs user, binary, settings and unit, starts it, prints the login; a second run upgrades in place', async () => {
    const root = tempDir('momentbox-install-');
    const shims = join(root, 'shims');
    const log = join(root, 'calls.log');
    // Stand-ins for the system tools the installer calls; `systemctl restart` starts the installed binary
    // the way the unit would (its data dir, its settings file), so the installer really waits for it.
    const shim = (name: string, body: string) => {
      writeFileSync(join(shims, name), `#!/usr/bin/env bash\necho "${name} $*" >> ${log}\n${body}\n`, { mode: 0o755 });
    };
    Bun.spawnSync(['mkdir', '-p', shims]);
    shim('id', `[ "$1" = -u ] && exec /usr/bin/id -u; [ -f ${root}/user-created ]`);
    shim('useradd', `touch ${root}/user-created`);
    shim('chgrp', '');
    shim(
      'systemctl',
      `if [ "$1" = restart ]; then
  [ -f ${root}/pid ] && kill "$(cat ${root}/pid)" 2>/dev/null; sleep 0.3
  mkdir -p ${root}/var/lib/momentbox
  MOMENTBOX_DATA_DIR=${root}/var/lib/momentbox MOMENTBOX_PORT=0 MOMENTBOX_HOST=127.0.0.1 nohup ${root}/usr/local/bin/momentbox > ${root}/service.log 2>&1 &
  echo $! > ${root}/pid
fi`,
    );
    const install = () =>
      Bun.spawnSync(['bash', join(ROOT, 'scripts', 'install.sh'), join(ROOT, 'dist', 'momentbox-linux-x64')], {
        env: { PATH: `${shims}:/usr/bin:/bin:/usr/sbin:/sbin`, MOMENTBOX_INSTALL_ROOT: root },
        stdout: 'pipe',
        stderr: 'pipe',
      });
    try {
      const first = install();
      expect(first.stderr.toString()).toBe('');
      expect(first.exitCode).toBe(0);
      const out = first.stdout.toString();
      const password = readFileSync(join(root, 'var/lib/momentbox/initial-admin-password'), 'utf8').trim();
      expect(out).toContain('Momentbox is running.');
      expect(out).toMatch(/Admin: http:\/\/\S+\/admin/);
      expect(out).toContain(`Admin password: ${password}`);
      expect(readFileSync(join(root, 'etc/systemd/system/momentbox.service'), 'utf8')).toBe(
        readFileSync(join(ROOT, 'systemd', 'momentbox.service'), 'utf8'),
      );
      expect(readFileSync(join(root, 'etc/momentbox/momentbox.env'), 'utf8')).toContain('# MOMENTBOX_PUBLIC_URL=');
      const calls = readFileSync(log, 'utf8');
      expect(calls).toContain('useradd --system --user-group');
      expect(calls).toContain('systemctl enable momentbox.service');

      // The operator has set a public URL; an upgrade must keep it and not create the user again.
      writeFileSync(join(root, 'etc/momentbox/momentbox.env'), 'MOMENTBOX_PUBLIC_URL=http://momentbox.local\n');
      const second = install();
      expect(second.exitCode).toBe(0);
      expect(second.stdout.toString()).toContain('Admin: http://momentbox.local/admin');
      expect(readFileSync(join(root, 'etc/momentbox/momentbox.env'), 'utf8')).toBe('MOMENTBOX_PUBLIC_URL=http://momentbox.local\n');
      expect(readFileSync(log, 'utf8').match(/useradd/g)).toHaveLength(1);
      expect(readFileSync(log, 'utf8').match(/systemctl restart/g)).toHaveLength(2);
    } finally {
      Bun.spawnSync(['bash', '-c', `[ -f ${root}/pid ] && kill "$(cat ${root}/pid)" 2>/dev/null; true`]);
    }
  }, 120_000);
});

describe('systemd unit', () => {
  test('systemd-analyze verify accepts systemd/momentbox.service', () => {
    // The unit names /usr/local/bin/momentbox; verify it against the freshly built binary instead.
    const dir = tempDir('momentbox-unit-');
    const unit = readFileSync(join(ROOT, 'systemd', 'momentbox.service'), 'utf8');
    expect(unit).toContain('ExecStart=/usr/local/bin/momentbox');
    for (const line of [
      'StateDirectory=momentbox',
      'AmbientCapabilities=CAP_NET_BIND_SERVICE',
      'Restart=on-failure',
      'ProtectSystem=strict',
      'ProtectHome=true',
      'PrivateTmp=true',
      'NoNewPrivileges=true',
      'EnvironmentFile=-/etc/momentbox/momentbox.env',
    ]) {
      expect(unit).toContain(line);
    }
    writeFileSync(join(dir, 'momentbox.service'), unit.replace('/usr/local/bin/momentbox', join(ROOT, 'dist', 'momentbox-linux-x64')));
    const verify = Bun.spawnSync(['systemd-analyze', 'verify', join(dir, 'momentbox.service')], { stdout: 'pipe', stderr: 'pipe' });
    expect(verify.stderr.toString() + verify.stdout.toString()).toBe('');
    expect(verify.exitCode).toBe(0);
  });
});
