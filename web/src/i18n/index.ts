import { createElement, useEffect, useState, type ReactNode } from 'react';
import { create } from 'zustand';
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, isLanguage, pickLanguage, type Language } from '../../../src/domain/languages.ts';
import { de, type Dict } from './de';
import type { HostDict, hostDe } from './host.de';
import type { CoupleDict } from './couple.de';
import { useToasts } from '../store/toast-store';

export type { Dict, HostDict, Language };

// The language a page shows, and its dictionaries. Two parts per language: the guest side's (de.ts, en.ts)
// and the host side's (host.de.ts + couple.de.ts, host.en.ts + couple.en.ts), each its own chunk, so a
// guest never downloads the admin's strings. German guest strings are in the first load; every other part is fetched on first use.
//
// Who sees which language:
// - a choice made on this device (the switcher) wins everywhere and is remembered;
// - else guest pages of an event (event page, wall, recovery) show the event's language (the host's setting);
// - else (admin, couple, print, landing) the browser's preferred language among ours.
// The page's language also goes to the server in a cookie, so the API's messages come in it.

interface LanguageRow {
  code: Language;
  /** its own name, as the switcher shows it */
  name: string;
  /** for Intl: dates, times, numbers */
  locale: string;
  guest: () => Promise<Dict>;
  host: () => Promise<HostDict>;
}

/** The host side's two chunks (the admin's and shared texts, the couple's page's), fetched side by side. */
async function hostParts(host: Promise<typeof hostDe>, couple: Promise<CoupleDict>): Promise<HostDict> {
  const [h, c] = await Promise.all([host, couple]);
  return { ...h, ...c };
}

/** Adding a language is a row here and its two dictionary files (README.md). */
export const LANGUAGE_ROWS: readonly LanguageRow[] = [
  {
    code: 'de',
    name: 'Deutsch',
    locale: 'de-DE',
    guest: async () => de,
    host: () =>
      hostParts(
        import('./host.de').then((m) => m.hostDe),
        import('./couple.de').then((m) => m.coupleDe),
      ),
  },
  {
    code: 'en',
    name: 'English',
    locale: 'en-GB',
    guest: () => import('./en').then((m) => m.en),
    host: () =>
      hostParts(
        import('./host.en').then((m) => m.hostEn),
        import('./couple.en').then((m) => m.coupleEn),
      ),
  },
];

const row = (code: Language): LanguageRow => LANGUAGE_ROWS.find((r) => r.code === code) ?? LANGUAGE_ROWS[0]!;

const CHOICE_KEY = 'momentbox.language';

/** The language chosen on this device with the switcher, if any. */
export function rememberedLanguage(): Language | null {
  try {
    const value = localStorage.getItem(CHOICE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

/** The browser's preferred language among ours. */
export const browserLanguage = (): Language => pickLanguage(navigator.languages?.length ? navigator.languages : [navigator.language]);

interface LanguageState {
  lang: Language;
  t: Dict;
  /** the host side's strings once a host page asked for them (HostStrings) */
  host: HostDict | null;
}

export const useLanguageStore = create<LanguageState>(() => ({ lang: DEFAULT_LANGUAGE, t: de, host: null }));

/** How long to wait before each further try of a language's chunk (a phone's connection drops for a moment). */
export const LANGUAGE_RETRY_MS = [500, 1500];

/** A chunk of texts, tried again after a failed fetch (bounded: LANGUAGE_RETRY_MS), else the last failure. */
async function withRetry<T>(load: () => Promise<T>): Promise<T> {
  for (const wait of LANGUAGE_RETRY_MS) {
    try {
      return await load();
    } catch {
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
  return load();
}

let switching: Promise<void> | null = null;

/**
 * Shows `lang`: loads its parts first (the guest part, and the host part where a host page uses it), then
 * switches everything at once, so no screen mixes two languages while a chunk loads.
 */
export async function showLanguage(lang: Language): Promise<void> {
  const wanted = row(lang);
  const needsHost = useLanguageStore.getState().host !== null;
  const load = Promise.all([withRetry(wanted.guest), needsHost ? withRetry(wanted.host) : Promise.resolve(null)]).then(([t, host]) => {
    // a later switch that finished first wins
    if (switching !== load) return;
    useLanguageStore.setState({ lang, t, host });
    applyToDocument(lang);
  });
  switching = load;
  return load;
}

/**
 * The switcher: shows `lang` and remembers the choice on this device. False when its texts did not arrive
 * after the retries: the page stays in its language, the choice is not remembered, the switcher says so.
 */
export async function chooseLanguage(lang: Language): Promise<boolean> {
  try {
    await showLanguage(lang);
  } catch {
    return false;
  }
  // a toast still on screen was written in the old language: it would be the one text in it
  useToasts.getState().clear();
  try {
    localStorage.setItem(CHOICE_KEY, lang);
  } catch {
    // private mode without storage: the choice holds for this page only
  }
  return true;
}

/** A default that yields to the device's own choice (an event's language, the browser's preference). */
export function showDefaultLanguage(lang: Language): Promise<void> {
  return showLanguage(rememberedLanguage() ?? lang);
}

function applyToDocument(lang: Language) {
  document.documentElement.lang = lang;
  document.cookie = `${LANGUAGE_COOKIE}=${lang}; path=/; max-age=31536000; samesite=lax`;
}

/**
 * An event's guest pages (event page, wall, recovery): the event's language, the host's setting, unless this
 * device chose one. True once that language is shown (or failed to load), so the page waits with its content
 * instead of showing it in German first; true at once while `lang` is not known yet.
 */
export function useEventLanguage(lang: Language | undefined): boolean {
  const [shown, setShown] = useState<Language | null>(null);
  useEffect(() => {
    if (!lang) return;
    let live = true;
    void showDefaultLanguage(lang)
      .catch(() => undefined)
      .finally(() => live && setShown(lang));
    return () => {
      live = false;
    };
  }, [lang]);
  return lang === undefined || shown === lang;
}

/** Before the first render: the remembered choice, else the browser's language on pages outside an event. */
export async function initLanguage(pathname: string): Promise<void> {
  const onEventGuestPage = /^\/event\/[^/]+(\/(wall|recover)(\/.*)?)?\/?$/.test(pathname);
  const lang = rememberedLanguage() ?? (onEventGuestPage ? DEFAULT_LANGUAGE : browserLanguage());
  await showLanguage(lang).catch(() => undefined);
}

/** The guest side's dictionary of the language shown (components re-render when it changes). */
export const useT = (): Dict => useLanguageStore((s) => s.t);
/** The same outside components (stores, the upload engine): read at the moment of use, never kept. */
export const getT = (): Dict => useLanguageStore.getState().t;
/** A text kept in state (an upload's error) as words to pick when shown, so it follows a later switch. */
export type Text = (t: Dict) => string;

/** The host side's dictionary; only below <HostStrings>, which loads it. */
export function useHostT(): HostDict {
  const host = useLanguageStore((s) => s.host);
  if (!host) throw new Error('useHostT() outside <HostStrings>');
  return host;
}
export function getHostT(): HostDict {
  const host = useLanguageStore.getState().host;
  if (!host) throw new Error('getHostT() before <HostStrings> loaded the host strings');
  return host;
}

/** The host strings of any language (the print view's sheet speaks the event's guest language). */
export const hostStringsOf = (lang: Language): Promise<HostDict> => withRetry(row(lang).host);

/** The language shown, and its locale for Intl. */
export const useLanguage = (): Language => useLanguageStore((s) => s.lang);
export const localeOf = (lang: Language): string => row(lang).locale;
export const currentLocale = (): string => localeOf(useLanguageStore.getState().lang);

/**
 * Loads the host side's strings of the language shown before rendering `children` (admin, couple, print
 * pages). When they do not arrive after the retries: the guest side's words (always here) say so, with a
 * button to try again, rather than a blank page.
 */
export function HostStrings({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const host = useLanguageStore((s) => s.host);
  const lang = useLanguage();
  const t = useT();
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (host) return;
    let live = true;
    setFailed(false);
    withRetry(row(lang).host).then(
      (h) => {
        if (useLanguageStore.getState().lang === lang) useLanguageStore.setState({ host: h });
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [host, lang, attempt]);
  if (host) return children;
  if (!failed) return fallback;
  // createElement: this module stays .ts (no JSX), as the dictionaries' index
  const again = createElement('button', { type: 'button', onClick: () => setAttempt((n) => n + 1) }, t.languageRetry);
  return createElement(
    'div',
    { className: 'language-failed', role: 'alert', 'data-testid': 'host-strings-failed' },
    createElement('p', null, t.languageFailed),
    again,
  );
}
