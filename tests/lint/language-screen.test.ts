// The screen checker of the language tests (tests/helpers/language-screen.ts) finds what it must.
import { describe, expect, test } from 'bun:test';
import { textsOf, tellTales } from '../helpers/language-screen.ts';

describe('language screen checker', () => {
  test("a dictionary's texts include the fixed words of its functions", () => {
    const texts = textsOf({ a: 'Hallo Welt', f: (n: number) => `${n} von 3 hochgeladen`, list: [['Eins', 'Zwei']] });
    expect(texts.has('Hallo Welt')).toBe(true);
    expect(texts.has(' von 3 hochgeladen')).toBe(true);
    expect(texts.has('Zwei')).toBe(true);
  });

  test('German tell-tales on an English screen, and the reverse', () => {
    expect(tellTales('en')).toContain('Tippen zum Auswählen');
    expect(tellTales('de')).toContain('Tap to choose');
  });

  test('texts both languages share are no tell-tale', () => {
    expect(tellTales('en')).not.toContain('Momentbox');
    expect(tellTales('de')).not.toContain('OK');
  });
});
