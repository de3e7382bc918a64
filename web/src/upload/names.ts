/** §2: names longer than 20 characters are shortened to 17 characters plus an ellipsis. */
export function shortenName(name: string): string {
  const chars = [...name];
  return chars.length > 20 ? `${chars.slice(0, 17).join('')}...` : name;
}

/** A random v4 UUID without crypto.randomUUID (which needs a secure context; the LAN is plain http). */
export function randomId(): string {
  const b = new Uint8Array(16);
  crypto.getRandomValues(b);
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
