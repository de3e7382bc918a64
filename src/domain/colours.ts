// Event colours: hex (#RGB or #RRGGBB) or one of the spec's eight named tokens.
export const COLOUR_TOKENS: Record<string, string> = {
  purple: '#8B5CF6',
  blue: '#3B82F6',
  green: '#10B981',
  red: '#EF4444',
  yellow: '#F59E0B',
  pink: '#EC4899',
  indigo: '#6366F1',
  gray: '#6B7280',
};

const HEX_RE = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

export function isValidColour(value: string): boolean {
  return HEX_RE.test(value) || Object.hasOwn(COLOUR_TOKENS, value.toLowerCase());
}

/** A stored colour as the hex the browser paints. */
export function colourToHex(value: string): string {
  // hasOwn, not a plain lookup: 'constructor' or '__proto__' must not read Object.prototype.
  const key = value.toLowerCase();
  return Object.hasOwn(COLOUR_TOKENS, key) ? COLOUR_TOKENS[key]! : value;
}

/** White or dark text, whichever reads better on a hex background (perceived brightness, ITU-R BT.601). */
export function textColourOn(hex: string): '#ffffff' | '#1f2937' {
  const h = hex.slice(1);
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
  return (r * 299 + g * 587 + b * 114) / 1000 < 160 ? '#ffffff' : '#1f2937';
}
