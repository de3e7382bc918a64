import { and, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { portalDevices } from '../db/schema.ts';
import { plainAddress } from '../lib/network.ts';

/** How long a device that joined keeps getting the 'online' answers: the rest of a wedding day and its night. */
export const PORTAL_JOIN_MS = 24 * 3600_000;

export interface PortalDeps {
  db: Db;
  /** the device's MAC from the neighbour table, or null where unknown */
  macOf: (address: string) => string | null;
  now: () => Date;
}

/**
 * The captive portal's memory of devices on the venue network. A device is its MAC where the neighbour
 * table knows it, else its address: a new phone that later gets a joined phone's old address is not joined.
 */
export function createPortalService({ db, macOf, now }: PortalDeps) {
  return {
    /** The device at `address` joined (portal button or consent): its checks answer 'online' for a day. */
    join(address: string): void {
      const ip = plainAddress(address);
      const mac = macOf(ip);
      const at = now();
      db.transaction((tx) => {
        tx.delete(portalDevices)
          .where(
            or(
              lte(portalDevices.joinedUntil, at.toISOString()),
              mac ? eq(portalDevices.mac, mac) : and(eq(portalDevices.address, ip), isNull(portalDevices.mac)),
            ),
          )
          .run();
        tx.insert(portalDevices)
          .values({ address: ip, mac, joinedUntil: new Date(at.getTime() + PORTAL_JOIN_MS).toISOString() })
          .run();
      });
    },

    isJoined(address: string): boolean {
      const ip = plainAddress(address);
      const mac = macOf(ip);
      const rows = db
        .select({ address: portalDevices.address, mac: portalDevices.mac })
        .from(portalDevices)
        .where(
          and(
            gt(portalDevices.joinedUntil, now().toISOString()),
            mac ? or(eq(portalDevices.mac, mac), eq(portalDevices.address, ip)) : eq(portalDevices.address, ip),
          ),
        )
        .all();
      // Both MACs known: they decide. Otherwise the address is all there is to go by.
      return rows.some((row) => (row.mac && mac ? row.mac === mac : row.address === ip));
    },
  };
}

export type PortalService = ReturnType<typeof createPortalService>;
