// Event colours, for the server and the web app alike: hex (#RGB or #RRGGBB) or one of the spec's eight
// named tokens; the text colour that reads on them, lighter and darker shades, the event theme.

export const COLOR_TOKENS: Record<string, string> = {
  purple: '#8B5CF6',
  blue: '#3B82F6',
  green: '#10B981',
  red: '#EF4444',
  yellow: '#F59E0B',
  pink: '#EC4899',
  indigo: '#6366F1',
  gray: '#6B7280',
};

/** The guest page's primary colour when an event has none (spec, guest side). */
export const DEFAULT_PRIMARY = '#8B5CF6';
/** The colours a new event starts with (host side: blue and its light shade). */
export const NEW_EVENT_PRIMARY = '#3B82F6';
export const NEW_EVENT_SECONDARY = '#DBEAFE';

const HEX_RE = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

export function isValidColor(value: string): boolean {
  return HEX_RE.test(value) || Object.hasOwn(COLOR_TOKENS, value.toLowerCase());
}

/** A stored colour as the hex the browser paints (the API answers with it). */
export function colorToHex(value: string): string {
  // hasOwn, not a plain lookup: 'constructor' or '__proto__' must not read Object.prototype.
  const key = value.toLowerCase();
  return Object.hasOwn(COLOR_TOKENS, key) ? COLOR_TOKENS[key]! : value;
}

/** A token or a hex (#rgb or #rrggbb, # optional) to #RRGGBB; anything else gives the fallback. */
export function resolveColor(value: string | null | undefined, fallback = DEFAULT_PRIMARY): string {
  const v = (value ?? '').trim().toLowerCase();
  if (!v) return fallback;
  if (Object.hasOwn(COLOR_TOKENS, v)) return COLOR_TOKENS[v]!;
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/.exec(v);
  if (!m) return fallback;
  let hex = m[1]!;
  if (hex.length === 3) hex = [...hex].map((c) => c + c).join('');
  return `#${hex.toUpperCase()}`;
}

export function hexToRgb(hex: string): [number, number, number] {
  const h = resolveColor(hex).slice(1);
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
}

const toHex = (n: number) =>
  Math.round(Math.max(0, Math.min(255, n)))
    .toString(16)
    .padStart(2, '0')
    .toUpperCase();

/** Perceived brightness 0-255 (ITU-R BT.601 weights). */
export function brightness(hex: string): number {
  const [r, g, b] = hexToRgb(hex);
  return (r * 299 + g * 587 + b * 114) / 1000;
}

/** Below this brightness a header style puts white text on the colour (spec: minimalistic 100, others 160). */
export const HEADER_THRESHOLDS = { minimalistic: 100, split: 160, premium: 160 } as const;
export const LIGHTEN_FACTOR = 0.6;

/** White text on a dark colour, dark text on a light one. */
export function textColorOn(hex: string, threshold: number = HEADER_THRESHOLDS.split): '#FFFFFF' | '#1F2937' {
  return brightness(hex) < threshold ? '#FFFFFF' : '#1F2937';
}

/** Mix towards white: factor 0 keeps the colour, 1 gives white. */
export function lighten(hex: string, factor = LIGHTEN_FACTOR): string {
  const [r, g, b] = hexToRgb(hex);
  return `#${toHex(r + (255 - r) * factor)}${toHex(g + (255 - g) * factor)}${toHex(b + (255 - b) * factor)}`;
}

export function darken(hex: string, factor: number): string {
  const [r, g, b] = hexToRgb(hex);
  return `#${toHex(r * (1 - factor))}${toHex(g * (1 - factor))}${toHex(b * (1 - factor))}`;
}

export function rgba(hex: string, alpha: number): string {
  const [r, g, b] = hexToRgb(hex);
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

function channel(c: number): number {
  const s = c / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance. */
export function luminance(hex: string): number {
  const [r, g, b] = hexToRgb(hex);
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrast(a: string, b: string): number {
  const la = luminance(a);
  const lb = luminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * A background for buttons and badges in the event's colour that still reads (WCAG AA 4.5:1):
 * the colour itself with white or dark text when that is enough, else the colour darkened step by step.
 */
export function accessibleAccent(hex: string): { bg: string; fg: '#FFFFFF' | '#1F2937' } {
  const base = resolveColor(hex);
  if (contrast(base, '#FFFFFF') >= 4.5) return { bg: base, fg: '#FFFFFF' };
  if (brightness(base) >= 160 && contrast(base, '#1F2937') >= 4.5) return { bg: base, fg: '#1F2937' };
  for (let f = 0.05; f < 0.9; f += 0.05) {
    const d = darken(base, f);
    if (contrast(d, '#FFFFFF') >= 4.5) return { bg: d, fg: '#FFFFFF' };
  }
  return { bg: '#111827', fg: '#FFFFFF' };
}

/** The CSS custom properties of the event theme. */
export function themeVars(primaryValue: string | null | undefined, secondaryValue: string | null | undefined): Record<string, string> {
  const primary = resolveColor(primaryValue, DEFAULT_PRIMARY);
  const secondary = resolveColor(secondaryValue, lighten(primary, 0.85));
  const accent = accessibleAccent(primary);
  return {
    '--primary': accent.bg,
    '--on-primary': accent.fg,
    '--primary-raw': primary,
    '--primary-light': lighten(primary, LIGHTEN_FACTOR),
    '--primary-soft': lighten(primary, 0.88),
    '--primary-strong': darken(accent.bg, 0.15),
    '--primary-ring': rgba(primary, 0.25),
    '--primary-shadow': rgba(primary, 0.3),
    '--secondary': secondary,
  };
}
