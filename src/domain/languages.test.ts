import { describe, expect, test } from 'bun:test';
import { isLanguage, pickLanguage } from './languages.ts';

describe('pickLanguage', () => {
  test('takes the best-weighted language we have from an Accept-Language header', () => {
    expect(pickLanguage('en-US,en;q=0.9,de;q=0.8')).toBe('en');
    expect(pickLanguage('fr-FR,fr;q=0.9,de;q=0.8,en;q=0.7')).toBe('de');
    expect(pickLanguage('de;q=0.5,en;q=0.9')).toBe('en');
    expect(pickLanguage('en;q=0,de')).toBe('de');
  });
  test('falls back to German, or to the given default, when nothing matches', () => {
    expect(pickLanguage('fr, it')).toBe('de');
    expect(pickLanguage('')).toBe('de');
    expect(pickLanguage(undefined)).toBe('de');
    expect(pickLanguage('fr', 'en')).toBe('en');
  });
  test("reads a browser's navigator.languages", () => {
    expect(pickLanguage(['en-GB', 'de-DE'])).toBe('en');
    expect(pickLanguage(['pl', 'DE-at'])).toBe('de');
  });
  test('knows its languages', () => {
    expect(isLanguage('en')).toBe(true);
    expect(isLanguage('fr')).toBe(false);
    expect(isLanguage(undefined)).toBe(false);
  });
});
