import { readFileSync } from 'node:fs';
import { networkInterfaces } from 'node:os';

/** An address without the IPv4-mapped IPv6 prefix: '::ffff:10.42.0.5' -> '10.42.0.5'. */
export function plainAddress(address: string): string {
  return address.replace(/^::ffff:(?=\d{1,3}(\.\d{1,3}){3}$)/i, '');
}

const ARP_TABLE = '/proc/net/arp';
const ARP_COMPLETE = 0x2;

/**
 * The MAC of a device on a local link, from the kernel's neighbour table (IPv4 ARP), or null where the
 * table is not readable (not Linux) or holds no complete entry for the address (IPv6, or not on a local link).
 */
export function macOf(address: string, arpTable = ARP_TABLE): string | null {
  let table: string;
  try {
    table = readFileSync(arpTable, 'utf8');
  } catch {
    return null;
  }
  const wanted = plainAddress(address);
  // Columns: IP address, HW type, Flags, HW address, Mask, Device; the first line is the header.
  for (const line of table.split('\n').slice(1)) {
    const [ip, , flags, mac] = line.trim().split(/\s+/);
    if (ip === wanted && mac && (Number.parseInt(flags ?? '0', 16) & ARP_COMPLETE) !== 0 && mac !== '00:00:00:00:00:00') {
      return mac.toLowerCase();
    }
  }
  return null;
}

/** Host names and addresses no other device can reach: loopback, link-local and the unspecified address. */
export function isLocalOnlyHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (/^(127|0)\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h) || /^169\.254\.\d{1,3}\.\d{1,3}$/.test(h)) return true;
  if (h === '::1' || h === '::' || /^fe[89ab][0-9a-f]:/.test(h)) return true;
  return /^::ffff:/.test(h) && isLocalOnlyHost(plainAddress(h));
}

/** The same for the host of a URL; a URL that does not parse is not judged. */
export function isLocalOnlyUrl(url: string): boolean {
  try {
    return isLocalOnlyHost(new URL(url).hostname);
  } catch {
    return false;
  }
}

export interface InterfaceAddress {
  interface: string;
  address: string;
  family: 'IPv4' | 'IPv6';
}

/** This machine's own addresses that other devices on its networks can reach (no loopback, no link-local), IPv4 first. */
export function lanAddresses(): InterfaceAddress[] {
  const found: InterfaceAddress[] = [];
  let interfaces: ReturnType<typeof networkInterfaces>;
  try {
    interfaces = networkInterfaces();
  } catch {
    return found; // a sandbox without netlink sockets: no addresses to offer
  }
  for (const [name, list] of Object.entries(interfaces)) {
    for (const a of list ?? []) {
      if (a.internal || isLocalOnlyHost(a.address)) continue;
      found.push({ interface: name, address: a.address, family: a.family === 'IPv4' ? 'IPv4' : 'IPv6' });
    }
  }
  return found.sort((a, b) => (a.family === b.family ? 0 : a.family === 'IPv4' ? -1 : 1));
}
