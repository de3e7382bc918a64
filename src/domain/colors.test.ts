import { describe, expect, test } from 'bun:test';
import { colorToHex, COLOR_TOKENS, isValidColor } from './colors.ts';

describe('colour tokens (spec: eight named tokens mapped to hex)', () => {
  test('exactly the eight tokens of the spec', () => {
    expect(Object.keys(COLOR_TOKENS).sort()).toEqual(['blue', 'gray', 'green', 'indigo', 'pink', 'purple', 'red', 'yellow']);
    for (const hex of Object.values(COLOR_TOKENS)) expect(hex).toMatch(/^#[0-9A-F]{6}$/);
  });

  test('purple is the guest page default #8B5CF6 and blue the host default #3B82F6', () => {
    expect(colorToHex('purple')).toBe('#8B5CF6');
    expect(colorToHex('blue')).toBe('#3B82F6');
  });

  test('tokens are case-insensitive', () => {
    expect(isValidColor('Indigo')).toBe(true);
    expect(colorToHex('GRAY')).toBe(COLOR_TOKENS.gray!);
  });

  test('hex values pass through unchanged', () => {
    expect(colorToHex('#DBEAFE')).toBe('#DBEAFE');
    expect(colorToHex('#abc')).toBe('#abc');
  });
});

describe('isValidColor', () => {
  test.each(['#3B82F6', '#dbeafe', '#abc', '#ABC', 'purple', 'pink'])('%p is valid', (v) => {
    expect(isValidColor(v)).toBe(true);
  });

  test.each(['', '#', '#12', '#1234', '#12345', '#1234567', '3B82F6', '#GGGGGG', 'orange', 'rgb(0,0,0)', 'red; }', ' purple'])(
    '%p is refused',
    (v) => {
      expect(isValidColor(v)).toBe(false);
    },
  );

  test.each(['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'])('the object property %p is not a colour token', (v) => {
    expect(isValidColor(v)).toBe(false);
    expect(colorToHex(v)).toBe(v);
  });
});
