// Event codes appear in URLs: lowercase letters, digits and hyphens. The admin form (web) and the server
// (an event created without a code) generate them with the same rule from here.
export const EVENT_CODE_RE = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;
/** Codes that would collide with fixed API paths under /api/event/. */
export const RESERVED_CODES = new Set(['events']);

const SUFFIX_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** German umlauts are written out as a German reader expects (Müller -> mueller), other accents dropped. */
const TRANSLITERATE: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

/** The name part of an event code: lowercase letters, digits and single hyphens, at most 40 characters. */
export function slugFromName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[äöüß]/g, (c) => TRANSLITERATE[c] ?? c)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '') // accents: é -> e
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/g, '');
}

/** A 6-character random suffix from lowercase letters and digits. */
export function randomCodeSuffix(random: () => number = Math.random): string {
  let s = '';
  for (let i = 0; i < 6; i++) s += SUFFIX_ALPHABET[Math.floor(random() * SUFFIX_ALPHABET.length)] ?? 'x';
  return s;
}

/** Code from the name plus the suffix, e.g. 'anna-und-tom-x7k2p9'; only the suffix when the name has no usable character. */
export function codeFromName(name: string, suffix: string): string {
  const slug = slugFromName(name);
  return slug ? `${slug}-${suffix}` : suffix;
}

/** The spec's auto-generation rule: a slug of the name plus a 6-character random suffix. */
export function generateEventCode(name: string, random: () => number = Math.random): string {
  return codeFromName(name, randomCodeSuffix(random));
}

export function isValidEventCode(code: string): boolean {
  return EVENT_CODE_RE.test(code) && !RESERVED_CODES.has(code);
}
