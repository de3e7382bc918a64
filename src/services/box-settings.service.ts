import { eq } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { boxSettings } from '../db/schema.ts';
import { badRequest } from '../lib/errors.ts';

export interface VenueWifi {
  ssid: string;
  password: string;
}

const WIFI_KEY = 'wifi';
/** WPA2 passphrases are at most 63 characters, network names at most 32 bytes. */
const MAX_SSID_BYTES = 32;
const MAX_PASSWORD_LENGTH = 63;

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

    /** Saves the Wi-Fi; an empty name means "no Wi-Fi QR code" (and overrides the default). */
    setWifi(input: { ssid?: unknown; password?: unknown }): VenueWifi | null {
      const ssid = typeof input.ssid === 'string' ? input.ssid.trim() : '';
      const password = typeof input.password === 'string' ? input.password : '';
      if (new TextEncoder().encode(ssid).length > MAX_SSID_BYTES) throw badRequest('Der WLAN-Name darf höchstens 32 Zeichen haben', { field: 'ssid' });
      if (password.length > MAX_PASSWORD_LENGTH) throw badRequest('Das WLAN-Passwort darf höchstens 63 Zeichen haben', { field: 'password' });
      if (password && password.length < 8) throw badRequest('Ein WLAN-Passwort (WPA) hat mindestens 8 Zeichen', { field: 'password' });
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
