import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, type Language } from '../domain/languages.ts';
import { requestLanguage } from '../i18n/index.ts';

/**
 * The language of a request's texts (API messages, server pages): the page's choice (the `momentbox_lang`
 * cookie), else `Accept-Language`, else `fallback` (German unless the page is about an event: its language).
 */
export const languageOf = (c: Context, fallback: Language = DEFAULT_LANGUAGE): Language =>
  requestLanguage(getCookie(c, LANGUAGE_COOKIE), c.req.header('accept-language'), fallback);
