import { hostname, networkInterfaces } from 'node:os';

// The names and addresses under which this box can be reached, read each time: the venue hotspot's
// interface may come up after the server started.

const WILDCARDS = new Set(['0.0.0.0', '::', '']);

/** Every address of the machine's interfaces, and its host names (plain and mDNS `.local`). */
function ownNames(listenHost: string): Set<string> {
  const names = new Set(['localhost', hostname().toLowerCase(), `${hostname().toLowerCase()}.local`]);
  for (const addresses of Object.values(networkInterfaces())) for (const a of addresses ?? []) names.add(a.address.toLowerCase());
  if (!WILDCARDS.has(listenHost)) names.add(listenHost.toLowerCase());
  return names;
}

/**
 * Whether a Host header (`name`, `name:port`, `[v6]:port`) names this box: one of its own names or
 * addresses, and the port it listens on (when known).
 */
export function isOwnHost(hostHeader: string, listenHost: string, port: number | undefined): boolean {
  const m = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/i.exec(hostHeader.trim());
  if (!m) return false;
  const name = m[1]!.replace(/^\[|\]$/g, '').toLowerCase();
  const headerPort = m[2] ? Number(m[2]) : 80;
  if (port !== undefined && headerPort !== port) return false;
  return ownNames(listenHost).has(name);
}

/** The address to put into links when the request named no host of ours: the listening address, else the first LAN address. */
export function listeningAddress(listenHost: string): string {
  if (!WILDCARDS.has(listenHost)) return listenHost;
  for (const addresses of Object.values(networkInterfaces())) {
    for (const a of addresses ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  }
  return 'localhost';
}

/** An address as the host part of a URL (IPv6 in brackets). */
export const hostForUrl = (address: string) => (address.includes(':') ? `[${address}]` : address);
