// The languages of the product, for the server (API messages, the portal page) and the web app alike.
// Adding a language: its code here, its dictionaries in web/src/i18n/ and src/i18n/ (see web/src/i18n/README.md).

export const LANGUAGES = ['de', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
/** What an event shows its guests unless the host chooses otherwise. */
export const DEFAULT_LANGUAGE: Language = 'de';
/** The cookie that carries the language a page shows, so the API answers its messages in it. */
export const LANGUAGE_COOKIE = 'momentbox_lang';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/**
 * The first of the preferred languages we have, by primary subtag ('en-US' → 'en'), else the default.
 * Takes an `Accept-Language` header ("en-US,en;q=0.9,de;q=0.8") or a browser's `navigator.languages`.
 */
export function pickLanguage(preferred: string | readonly string[] | null | undefined, fallback: Language = DEFAULT_LANGUAGE): Language {
  const tags = typeof preferred === 'string' ? parseAcceptLanguage(preferred) : [...(preferred ?? [])];
  for (const tag of tags) {
    const primary = tag.trim().toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return fallback;
}

/** An Accept-Language header's tags, best first (q=0 dropped; equal weights keep their order). */
function parseAcceptLanguage(header: string): string[] {
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((t) => t.tag && t.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((t) => t.tag);
}
