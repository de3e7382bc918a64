// Event codes appear in URLs: lowercase letters, digits and hyphens.
export const EVENT_CODE_RE = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;
/** Codes that would collide with fixed API paths under /api/event/. */
export const RESERVED_CODES = new Set(['events']);

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** The spec's auto-generation rule: a slug of the name plus a 6-character random suffix. */
export function generateEventCode(name: string, random: () => number = Math.random): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  let suffix = '';
  for (let i = 0; i < 6; i++) suffix += ALPHABET[Math.floor(random() * ALPHABET.length)];
  return slug ? `${slug}-${suffix}` : suffix;
}

export function isValidEventCode(code: string): boolean {
  return EVENT_CODE_RE.test(code) && !RESERVED_CODES.has(code);
}
