// The server's texts in the language of each request (issue 25): the API's error messages here, the portal page's
// in portal.*.ts, the published gallery's in gallery.*.ts,
// the export's guestbook keepsake's in keepsake.*.ts. Adding a language: its code in src/domain/languages.ts and a messages.<code>.ts typed by Messages.
import { DEFAULT_LANGUAGE, isLanguage, pickLanguage, type Language } from '../domain/languages.ts';
import type { ErrorCode } from '../lib/errors.ts';
import { de, type Messages } from './messages.de.ts';
import { en } from './messages.en.ts';
import { galleryDe, type GalleryTexts } from './gallery.de.ts';
import { galleryEn } from './gallery.en.ts';
import { keepsakeDe, type KeepsakeTexts } from './keepsake.de.ts';
import { keepsakeEn } from './keepsake.en.ts';
import { portalDe, type PortalTexts } from './portal.de.ts';
import { portalEn } from './portal.en.ts';
import type { Details, Text } from './text.ts';

export const MESSAGES: Record<Language, Messages> = { de, en };
export const PORTAL_TEXTS: Record<Language, PortalTexts> = { de: portalDe, en: portalEn };
export const GALLERY_TEXTS: Record<Language, GalleryTexts> = { de: galleryDe, en: galleryEn };
export const KEEPSAKE_TEXTS: Record<Language, KeepsakeTexts> = { de: keepsakeDe, en: keepsakeEn };

/**
 * The language of a request: the page's choice (the `momentbox_lang` cookie) when it is one of ours, else the
 * first of `Accept-Language` we have, else `fallback` (German, or the event's language where a page is about one).
 */
export function requestLanguage(
  cookie: string | undefined,
  acceptLanguage: string | undefined,
  fallback: Language = DEFAULT_LANGUAGE,
): Language {
  return isLanguage(cookie) ? cookie : pickLanguage(acceptLanguage, fallback);
}

/**
 * An error's message in `language`: its variant of its code. A variant the dictionaries lack is zod's own message
 * for a wrong type (src/lib/parse.ts): then the field is named ('name ist ungültig'), else the code's default.
 */
export function errorMessage(language: Language, code: ErrorCode, variant: string, details: Details = {}): string {
  const texts = MESSAGES[language][code] as Record<string, Text>;
  const fallback = code === 'VALIDATION_ERROR' && details.field !== undefined ? 'invalidField' : 'default';
  const text = Object.hasOwn(texts, variant) ? texts[variant]! : texts[fallback]!;
  return typeof text === 'function' ? text(details) : text;
}
