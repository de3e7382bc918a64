// Reads what a page shows and checks it is in one language: no text of the other language's dictionaries,
// no raw dictionary key, no 'undefined'/'null'/'NaN', no control without a name. Used by the e2e tests of
// every screen in German and English (issue 25).
import type { Page } from 'playwright-core';
import { de } from '../../web/src/i18n/de.ts';
import { en } from '../../web/src/i18n/en.ts';
import { coupleDe } from '../../web/src/i18n/couple.de.ts';
import { coupleEn } from '../../web/src/i18n/couple.en.ts';
import { hostDe } from '../../web/src/i18n/host.de.ts';
import { hostEn } from '../../web/src/i18n/host.en.ts';
import { landingDe } from '../../web/src/i18n/landing.de.ts';
import { landingEn } from '../../web/src/i18n/landing.en.ts';
import { facesDe } from '../../web/src/i18n/faces.de.ts';
import { facesEn } from '../../web/src/i18n/faces.en.ts';

export type Lang = 'de' | 'en';
const DICTS: Record<Lang, object[]> = { de: [de, hostDe, coupleDe, landingDe, facesDe], en: [en, hostEn, coupleEn, landingEn, facesEn] };

/** Sample arguments for a dictionary function: its fixed words are what stays of its output. */
const SAMPLE_ARGS = ['\u0000', '\u0000', '\u0000'];

/** Every text of a dictionary (nested objects and lists walked, functions called with placeholders and cut at them). */
export function textsOf(dict: object): Set<string> {
  const out = new Set<string>();
  const walk = (v: unknown) => {
    if (typeof v === 'string') out.add(v);
    else if (typeof v === 'function') {
      let s: unknown;
      try {
        s = (v as (...a: unknown[]) => unknown)(...SAMPLE_ARGS);
      } catch {
        return;
      }
      if (typeof s === 'string') for (const part of s.split('\u0000')) out.add(part);
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(dict);
  return out;
}

const words = (s: string) => s.toLowerCase().match(/[\p{L}]+/gu) ?? [];

/**
 * The texts of `other` that would give it away on a `lang` screen: present only in `other` (not also a text
 * of `lang`, like 'OK', 'Video' or 'Momentbox'), at least two words or 12 letters long, so a name or a
 * shared word alone ('Upload', 'Collage') is no false alarm.
 */
export function tellTales(lang: Lang): string[] {
  const other: Lang = lang === 'de' ? 'en' : 'de';
  const own = new Set(DICTS[lang].flatMap((d) => [...textsOf(d)].map((t) => t.trim())));
  return [
    ...new Set(
      DICTS[other]
        .flatMap((d) => [...textsOf(d)])
        .map((t) => t.trim())
        .filter((t) => !own.has(t))
        .filter((t) => words(t).length >= 2 || t.replace(/[^\p{L}]/gu, '').length >= 12),
    ),
  ];
}

/** The keys of every dictionary: a key shown raw on a screen ('uploadTileHint') is a missing lookup. */
const KEYS = new Set(
  Object.values(DICTS)
    .flatMap((ds) => ds.flatMap((d) => Object.keys(d)))
    .filter((k) => /[A-Z]/.test(k)),
);

export interface ScreenText {
  /** the visible text of the page (innerText of body) */
  text: string;
  /** accessible names and hints: aria-label, title, placeholder, alt of visible elements */
  attributes: string[];
  /** buttons, links and form fields with no name at all */
  unnamed: string[];
}

export async function readScreen(page: Page): Promise<ScreenText> {
  return page.evaluate(() => {
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      const cs = getComputedStyle(el);
      return r.width > 0 && r.height > 0 && cs.visibility !== 'hidden' && cs.display !== 'none';
    };
    const attributes: string[] = [];
    for (const el of document.querySelectorAll('[aria-label],[title],[placeholder],img[alt]')) {
      if (!visible(el)) continue;
      for (const a of ['aria-label', 'title', 'placeholder', 'alt']) {
        const v = el.getAttribute(a);
        if (v) attributes.push(v);
      }
    }
    const unnamed: string[] = [];
    for (const el of document.querySelectorAll('button, a[href], input:not([type=hidden]), select, textarea')) {
      if (!visible(el)) continue;
      const labelled = el.getAttribute('aria-labelledby');
      const name =
        (el as HTMLElement).innerText?.trim() ||
        el.getAttribute('aria-label') ||
        el.getAttribute('title') ||
        (labelled && document.getElementById(labelled)?.textContent?.trim()) ||
        ((el as HTMLInputElement).labels?.[0]?.textContent?.trim() ?? '') ||
        el.getAttribute('placeholder') ||
        el.querySelector('img[alt]')?.getAttribute('alt') ||
        ((el as HTMLInputElement).type === 'submit' || (el as HTMLInputElement).type === 'button' ? (el as HTMLInputElement).value : '');
      if (!name) unnamed.push(el.outerHTML.slice(0, 160));
    }
    return { text: document.body.innerText, attributes, unnamed };
  });
}

/**
 * What is wrong with the screen for a reader of `lang`: each finding as one line (empty when the screen is
 * right). `allow` lists texts that may appear although they are the other language's (a guest's own words,
 * an event name).
 */
export async function languageProblems(page: Page, lang: Lang, allow: string[] = []): Promise<string[]> {
  const screen = await readScreen(page);
  const haystacks = [screen.text, ...screen.attributes];
  const problems: string[] = [];
  const allowed = (t: string) => allow.some((a) => a.includes(t));
  for (const t of tellTales(lang)) {
    if (allowed(t)) continue;
    if (haystacks.some((h) => h.includes(t))) problems.push(`text of the other language: "${t}"`);
  }
  for (const h of haystacks) {
    for (const w of h.match(/\b[a-z]+[A-Z][A-Za-z]*\b/g) ?? []) if (KEYS.has(w)) problems.push(`raw key: "${w}"`);
    for (const w of h.match(/\b(undefined|null|NaN|\[object Object\])\b/g) ?? [])
      problems.push(`broken text "${w}" in "${h.slice(0, 80)}"`);
  }
  for (const u of screen.unnamed) problems.push(`control without a name: ${u}`);
  return [...new Set(problems)];
}
