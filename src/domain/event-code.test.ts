import { describe, expect, test } from 'bun:test';
import { codeFromName, generateEventCode, isValidEventCode, randomCodeSuffix, slugFromName } from './event-code.ts';

/** A deterministic random source: returns the given values in turn. */
const seq = (...values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length]!;
};

describe('generateEventCode (spec: lowercase letters, digits and hyphens from the name + 6-character random suffix)', () => {
  test('slug of the name plus a 6-character suffix', () => {
    expect(generateEventCode('Hochzeit Anna & Ben', seq(0))).toBe('hochzeit-anna-ben-aaaaaa');
    expect(generateEventCode('Sommerfest 2025', seq(0.999))).toBe('sommerfest-2025-999999');
  });

  test('umlauts are written out (ä -> ae), other accents lose their marks, ß becomes ss', () => {
    expect(generateEventCode('Müllers Straßenfest in Köln', seq(0))).toBe('muellers-strassenfest-in-koeln-aaaaaa');
    expect(generateEventCode('Café Noël', seq(0))).toBe('cafe-noel-aaaaaa');
  });

  test('leading, trailing and repeated separators collapse', () => {
    expect(generateEventCode('  --Party!!  ** Time--  ', seq(0))).toBe('party-time-aaaaaa');
  });

  test('a name without usable characters gives only the suffix', () => {
    expect(generateEventCode('!!! ??? 🎉', seq(0.5))).toBe('ssssss');
    expect(generateEventCode('', seq(0))).toBe('aaaaaa');
  });

  test('the slug is cut to 40 characters without a trailing hyphen', () => {
    const code = generateEventCode('a'.repeat(39) + ' bbbbbbbbbb', seq(0));
    expect(code).toBe('a'.repeat(39) + '-aaaaaa');
  });

  test('the suffix differs between calls with the real random source', () => {
    const codes = new Set(Array.from({ length: 20 }, () => generateEventCode('Fest')));
    expect(codes.size).toBeGreaterThan(15);
    for (const c of codes) expect(c).toMatch(/^fest-[a-z0-9]{6}$/);
  });

  test('every generated code passes the validation rule', () => {
    for (const name of ['Hochzeit', 'ÄÖÜ äöü ß', '---', 'x'.repeat(200), 'Events', '2025']) {
      expect(isValidEventCode(generateEventCode(name))).toBe(true);
    }
  });
});

describe('isValidEventCode', () => {
  test.each(['party', 'a', '0', 'hochzeit-2025', 'a-b-c', 'x'.repeat(64)])('%p is valid', (code) => {
    expect(isValidEventCode(code)).toBe(true);
  });

  test.each([
    ['empty', ''],
    ['uppercase', 'Party'],
    ['space', 'my party'],
    ['leading hyphen', '-party'],
    ['trailing hyphen', 'party-'],
    ['underscore', 'my_party'],
    ['umlaut', 'köln'],
    ['path traversal', '../../etc/passwd'],
    ['slash', 'a/b'],
    ['SQL', "'; DROP TABLE events; --"],
    ['65 characters', 'x'.repeat(65)],
    ['reserved: collides with /api/event/events', 'events'],
  ])('%s is refused', (_why, code) => {
    expect(isValidEventCode(code)).toBe(false);
  });
});

describe('event code from name (the admin form)', () => {
  test('lowercase letters, digits and hyphens plus a 6-character suffix', () => {
    expect(codeFromName('Anna & Tom 2025!', 'x7k2p9')).toBe('anna-tom-2025-x7k2p9');
    expect(codeFromName('  Sommerfest  ', 'abc123')).toBe('sommerfest-abc123');
  });
  test('German umlauts and accents are transliterated, nothing else survives', () => {
    expect(slugFromName('Müllers Größte Fête')).toBe('muellers-groesste-fete');
    expect(slugFromName('---Hallo___Welt---')).toBe('hallo-welt');
    expect(slugFromName('🎉🎉')).toBe('');
  });
  test('a name without usable characters gives only the suffix', () => {
    expect(codeFromName('!!!', 'abcdef')).toBe('abcdef');
  });
  test('the generated code only ever holds [a-z0-9-]', () => {
    for (const name of ['Ünïcödé Party', 'A/B\\C', "O'Brien's 40th", 'x'.repeat(200)]) {
      const code = codeFromName(name, randomCodeSuffix());
      expect(code).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(code.length).toBeLessThanOrEqual(47);
    }
  });
  test('random suffix is 6 lowercase letters or digits', () => {
    for (let i = 0; i < 50; i++) expect(randomCodeSuffix()).toMatch(/^[a-z0-9]{6}$/);
    expect(randomCodeSuffix(() => 0)).toBe('aaaaaa');
    expect(randomCodeSuffix(() => 0.9999)).toBe('999999');
  });
});
