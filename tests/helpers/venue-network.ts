import { existsSync, mkdirSync, readdirSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';

// A small venue built from network namespaces: a *box* namespace with a bridge (the venue LAN, as the
// access point's Ethernet or the Pi's Wi-Fi would be) and phone namespaces, each joined to the bridge by a
// veth pair. Names carry the prefix `mbv` and the process id, so parallel runs never collide.

const PROXY_VARIABLES = ['http_proxy', 'https_proxy', 'all_proxy', 'no_proxy', 'HTTP_PROXY', 'HTTPS_PROXY', 'ALL_PROXY', 'NO_PROXY'];

/** The environment without proxy settings: whatever runs in a phone talks to the venue network directly. */
export function proxyFreeEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !PROXY_VARIABLES.includes(k)) env[k] = v;
  return { ...env, ...extra };
}

function run(cmd: string[]): string {
  const proc = Bun.spawnSync(cmd, { stdout: 'pipe', stderr: 'pipe', env: proxyFreeEnv() });
  if (proc.exitCode !== 0) throw new Error(`${cmd.join(' ')} failed (${proc.exitCode}): ${proc.stderr.toString().trim()}`);
  return proc.stdout.toString();
}

export interface Phone {
  namespace: string;
  /** its interface inside the namespace */
  device: string;
}

export class VenueNetwork {
  readonly prefix = `mbv${process.pid}`;
  readonly box = `${this.prefix}b`;
  /** the venue LAN inside the box namespace */
  readonly bridge = `${this.prefix}br`;
  readonly phones: Phone[] = [];
  private readonly namespaces: string[] = [];
  /** /etc/netns did not exist before this test made it */
  private madeNetnsFolder = false;

  /**
   * Creates the box namespace and its bridge with the box's address. Throws with a readable message where
   * network namespaces cannot be created (no root, no CAP_SYS_ADMIN, a container without them);
   * call destroy() afterwards in any case.
   */
  build(boxAddress: string) {
    for (const tool of ['ip', 'dnsmasq', 'dhclient']) {
      if (!Bun.which(tool, { PATH: `${process.env.PATH}:/usr/sbin:/sbin` })) {
        throw new Error(
          `The venue test needs '${tool}' (Debian: iproute2, dnsmasq-base, isc-dhcp-client); run scripts/ensure-test-deps.sh as root.`,
        );
      }
    }
    try {
      this.addNamespace(this.box);
    } catch (err) {
      throw new Error(
        `Network namespaces cannot be created here, so the venue network cannot be built (it needs root with CAP_SYS_ADMIN and CAP_NET_ADMIN): ${(err as Error).message}`,
      );
    }
    run(['ip', '-n', this.box, 'link', 'set', 'lo', 'up']);
    run(['ip', '-n', this.box, 'link', 'add', this.bridge, 'type', 'bridge']);
    run(['ip', '-n', this.box, 'addr', 'add', `${boxAddress}/24`, 'dev', this.bridge]);
    run(['ip', '-n', this.box, 'link', 'set', this.bridge, 'up']);
  }

  private addNamespace(name: string) {
    run(['ip', 'netns', 'add', name]);
    this.namespaces.push(name);
  }

  /** A phone namespace plugged into the venue LAN, without an address yet. Its resolv.conf is its own. */
  addPhone(): Phone {
    const n = this.phones.length + 1;
    const phone = { namespace: `${this.prefix}p${n}`, device: `${this.prefix}p${n}` };
    const boxSide = `${this.prefix}b${n}`;
    this.addNamespace(phone.namespace);
    // `ip netns exec` mounts /etc/netns/<name>/resolv.conf over /etc/resolv.conf: DHCP writes the phone's DNS there.
    if (!existsSync('/etc/netns')) this.madeNetnsFolder = true;
    mkdirSync(`/etc/netns/${phone.namespace}`, { recursive: true });
    writeFileSync(`/etc/netns/${phone.namespace}/resolv.conf`, '');
    run(['ip', 'link', 'add', boxSide, 'type', 'veth', 'peer', 'name', phone.device]);
    run(['ip', 'link', 'set', boxSide, 'netns', this.box]);
    run(['ip', 'link', 'set', phone.device, 'netns', phone.namespace]);
    run(['ip', '-n', this.box, 'link', 'set', boxSide, 'master', this.bridge]);
    run(['ip', '-n', this.box, 'link', 'set', boxSide, 'up']);
    run(['ip', '-n', phone.namespace, 'link', 'set', 'lo', 'up']);
    run(['ip', '-n', phone.namespace, 'link', 'set', phone.device, 'up']);
    this.phones.push(phone);
    return phone;
  }

  /** The phone's IPv4 address on the venue LAN, or null. */
  addressOf(phone: Phone): string | null {
    return /inet (\d+\.\d+\.\d+\.\d+)\//.exec(run(['ip', '-n', phone.namespace, '-4', 'addr', 'show', 'dev', phone.device]))?.[1] ?? null;
  }

  /** The phone's own /etc/resolv.conf. */
  resolvConf(phone: Phone): string {
    return run(['cat', `/etc/netns/${phone.namespace}/resolv.conf`]);
  }

  /** A command line that runs `cmd` inside a namespace. */
  exec(namespace: string, cmd: string[]): string[] {
    return ['ip', 'netns', 'exec', namespace, ...cmd];
  }

  /** Removes every namespace (their veths and the bridge go with them) and the phones' resolv.conf folders. */
  destroy() {
    for (const name of this.namespaces.reverse()) {
      Bun.spawnSync(['ip', 'netns', 'del', name]);
      if (existsSync(`/etc/netns/${name}`)) rmSync(`/etc/netns/${name}`, { recursive: true, force: true });
    }
    this.namespaces.length = 0;
    if (this.madeNetnsFolder && readdirSync('/etc/netns').length === 0) rmdirSync('/etc/netns');
  }
}
