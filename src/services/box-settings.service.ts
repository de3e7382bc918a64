import { eq } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { boxSettings } from '../db/schema.ts';

export interface VenueWifi {
  ssid: string;
  password: string;
}

const WIFI_KEY = 'wifi';

/**
 * Settings of the box the admin edits in the dashboard. The venue Wi-Fi printed on the QR cards lives here;
 * MOMENTBOX_WIFI_SSID / MOMENTBOX_WIFI_PASSWORD are only the default until the admin saves one.
 */
export function createBoxSettingsService(deps: { db: Db; wifiDefault: VenueWifi | null; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    /** The Wi-Fi for the printed cards: the saved one, else the configured default; null when none (or cleared). */
    wifi(): VenueWifi | null {
      const row = db.select().from(boxSettings).where(eq(boxSettings.key, WIFI_KEY)).get();
      if (!row) return deps.wifiDefault;
      const saved = JSON.parse(row.value) as VenueWifi;
      return saved.ssid ? saved : null;
    },

    /**
     * Saves the Wi-Fi (checked by the request schema: name at most 32 bytes, password empty or WPA's 8-63
     * characters); an empty name means "no Wi-Fi QR code" (and overrides the default).
     */
    setWifi({ ssid, password }: VenueWifi): VenueWifi | null {
      const value = JSON.stringify({ ssid, password: ssid ? password : '' });
      const updatedAt = now().toISOString();
      db.insert(boxSettings)
        .values({ key: WIFI_KEY, value, updatedAt })
        .onConflictDoUpdate({ target: boxSettings.key, set: { value, updatedAt } })
        .run();
      return this.wifi();
    },
  };
}

export type BoxSettingsService = ReturnType<typeof createBoxSettingsService>;
