import { accessSync, constants, mkdirSync } from 'node:fs';
import { VENUE_SHORT_NAME } from '../domain/captive-portal.ts';
import { isLocalOnlyHost, lanAddresses } from '../lib/network.ts';
import { freeDiskBytes } from '../storage/media-store.ts';
import type { Config } from '../config.ts';

export interface CheckDeps {
  ffmpegPath: string;
  ffprobePath: string;
  /** makes a tiny image with sharp; throws when sharp cannot work */
  sharpSelfTest(): Promise<string>;
}

/** `momentbox check`: one plain verdict per line; exit code 1 when anything is wrong. */
export async function check(config: Config, deps: CheckDeps, print: (line: string) => void): Promise<number> {
  let failed = false;
  const verdict = (ok: boolean | 'warn', what: string, detail: string) => {
    if (ok === false) failed = true;
    print(`${ok === true ? 'OK  ' : ok === 'warn' ? 'WARN' : 'FAIL'} ${what}: ${detail}`);
  };

  for (const [name, path] of [
    ['ffmpeg', deps.ffmpegPath],
    ['ffprobe', deps.ffprobePath],
  ] as const) {
    try {
      const proc = Bun.spawnSync([path, '-version'], { stdout: 'pipe', stderr: 'pipe' });
      const first = proc.stdout.toString().split('\n')[0] ?? '';
      verdict(proc.exitCode === 0, name, proc.exitCode === 0 ? first : `exit code ${proc.exitCode}`);
    } catch (err) {
      verdict(false, name, (err as Error).message);
    }
  }
  try {
    verdict(true, 'sharp', await deps.sharpSelfTest());
  } catch (err) {
    verdict(false, 'sharp', (err as Error).message);
  }
  try {
    mkdirSync(config.dataDir, { recursive: true });
    accessSync(config.dataDir, constants.W_OK);
    verdict(true, 'data folder', `${config.dataDir} is writable`);
  } catch (err) {
    verdict(false, 'data folder', `${config.dataDir} is not writable (${(err as Error).message})`);
  }
  try {
    const freeMb = Math.floor(freeDiskBytes(config.dataDir) / 1048576);
    const enough = freeMb >= config.minFreeDiskMb + config.maxUploadMb;
    verdict(
      enough ? true : 'warn',
      'free disk space',
      `${freeMb} MB free${enough ? '' : `: uploads stop below ${config.minFreeDiskMb} MB`}`,
    );
  } catch (err) {
    verdict(false, 'free disk space', (err as Error).message);
  }
  try {
    const probe = Bun.listen({ hostname: config.host, port: config.port, socket: { data() {} } });
    probe.stop(true);
    verdict(true, 'port', `${config.host}:${config.port} is free`);
  } catch (err) {
    verdict(false, 'port', `${config.host}:${config.port} is in use or not allowed (${(err as Error).message})`);
  }
  venueChecks(config, verdict);
  print(failed ? 'Some checks failed.' : 'All checks passed.');
  return failed ? 1 : 0;
}

type Verdict = (ok: boolean | 'warn', what: string, detail: string) => void;

/** What guests' phones need: an address they can reach, the portal settings, and how many are on the box's Wi-Fi. */
function venueChecks(config: Config, verdict: Verdict) {
  const own = lanAddresses();
  verdict(
    own.length > 0 ? true : 'warn',
    'addresses',
    own.length > 0
      ? own.map((a) => `${a.address} (${a.interface})`).join(', ')
      : 'none that other devices can reach: guests cannot open the gallery',
  );

  if (config.publicUrl) {
    const host = new URL(config.publicUrl).hostname;
    const ownAddress = own.some((a) => a.address === host.replace(/^\[|\]$/g, ''));
    if (isLocalOnlyHost(host))
      verdict(
        'warn',
        'public URL',
        `${config.publicUrl} is a loopback or link-local address: printed QR codes and links will not open on guests' phones`,
      );
    else if (/^[\d.]+$/.test(host) && !ownAddress)
      verdict(
        'warn',
        'public URL',
        `${config.publicUrl} is not an address of this box now (${own.map((a) => a.address).join(', ') || 'none'})`,
      );
    else verdict(true, 'public URL', config.publicUrl);
  } else {
    verdict(true, 'public URL', 'not set: links use the address the dashboard was opened with (it warns when that is localhost)');
  }

  if (config.captivePortal) {
    const event = config.defaultEvent ? `default event '${config.defaultEvent}'` : 'no default event: the portal lists the running events';
    verdict(
      true,
      'captive portal',
      `on: phones that join are sent to ${config.publicUrl}/portal; ${event}; typeable name ${VENUE_SHORT_NAME}`,
    );
  } else {
    verdict(true, 'captive portal', 'off (scripts/setup-hotspot.sh turns it on)');
  }

  const iw = Bun.which('iw', { PATH: `${process.env.PATH ?? ''}:/usr/sbin:/sbin` });
  if (!iw) return;
  const dev = Bun.spawnSync([iw, 'dev'], { stdout: 'pipe', stderr: 'pipe' }).stdout.toString();
  const accessPoints = accessPointInterfaces(dev);
  if (accessPoints.length === 0) {
    verdict(true, 'Wi-Fi clients', 'no access point on this box (an external one may serve the guests)');
    return;
  }
  const counts = accessPoints.map((name) => {
    const dump = Bun.spawnSync([iw, 'dev', name, 'station', 'dump'], { stdout: 'pipe', stderr: 'pipe' }).stdout.toString();
    return `${name}: ${connectedStations(dump)} connected`;
  });
  verdict(true, 'Wi-Fi clients', counts.join(', '));
}

/** Interfaces that `iw dev` lists as access points (type AP). */
export function accessPointInterfaces(iwDev: string): string[] {
  return [...iwDev.matchAll(/Interface (\S+)[\s\S]*?type (\S+)/g)].filter((m) => m[2] === 'AP').map((m) => m[1]!);
}

/** Stations in `iw dev <ap> station dump`: the phones connected to the access point. */
export function connectedStations(stationDump: string): number {
  return (stationDump.match(/^Station /gm) ?? []).length;
}
