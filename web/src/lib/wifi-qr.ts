// The venue Wi-Fi as a QR code's payload, for the printed cards and the wall's overlay.

/** Escapes a field of a Wi-Fi QR payload: backslash, semicolon, comma, colon and double quote get a backslash. */
export function escapeWifiField(value: string): string {
  return value.replace(/([\\;,:"])/g, '\\$1');
}

/** The payload a phone camera understands as "join this network". An open network has no password. */
export function wifiQrPayload(ssid: string, password: string | null | undefined): string {
  if (!password) return `WIFI:T:nopass;S:${escapeWifiField(ssid)};;`;
  return `WIFI:T:WPA;S:${escapeWifiField(ssid)};P:${escapeWifiField(password)};;`;
}
