import { describe, expect, test } from 'bun:test';
import { accessibleAccent, brightness, contrast, HEADER_THRESHOLDS, lighten, resolveColor, textColorOn, themeVars } from './colors.ts';

describe('event colours', () => {
  test('named tokens and hex resolve; anything else falls back to #8B5CF6', () => {
    expect(resolveColor('purple')).toBe('#8B5CF6');
    expect(resolveColor('Blue')).toBe('#3B82F6');
    for (const t of ['purple', 'blue', 'green', 'red', 'yellow', 'pink', 'indigo', 'gray'])
      expect(resolveColor(t)).toMatch(/^#[0-9A-F]{6}$/);
    expect(resolveColor('#abc')).toBe('#AABBCC');
    expect(resolveColor('10b981')).toBe('#10B981');
    expect(resolveColor('')).toBe('#8B5CF6');
    expect(resolveColor(null)).toBe('#8B5CF6');
    expect(resolveColor('not-a-colour')).toBe('#8B5CF6');
  });
  test('brightness by the 299/587/114 weights', () => {
    expect(brightness('#000000')).toBe(0);
    expect(brightness('#FFFFFF')).toBe(255);
    expect(brightness('#8B5CF6')).toBeCloseTo(123.6, 1);
  });
  test('text colour: threshold 100 (minimalistic) and 160 (split)', () => {
    // #8B5CF6 has brightness 123.6: dark text on the minimalistic header, white on the split panel
    expect(textColorOn('#8B5CF6', HEADER_THRESHOLDS.minimalistic)).toBe('#1F2937');
    expect(textColorOn('#8B5CF6', HEADER_THRESHOLDS.split)).toBe('#FFFFFF');
    expect(textColorOn('#1E3A8A', HEADER_THRESHOLDS.minimalistic)).toBe('#FFFFFF');
    expect(textColorOn('#FDE68A', HEADER_THRESHOLDS.split)).toBe('#1F2937');
    // exactly at the threshold counts as light
    expect(textColorOn('#646464', 100)).toBe('#1F2937');
  });
  test('lighten with factor 0.6 mixes 60 % white in', () => {
    expect(lighten('#000000', 0.6)).toBe('#999999');
    expect(lighten('#8B5CF6')).toBe('#D1BEFB');
    expect(lighten('#FFFFFF')).toBe('#FFFFFF');
  });
  test('accent colour for buttons always reaches 4.5:1', () => {
    for (const c of ['#8B5CF6', '#F59E0B', '#FDE68A', '#10B981', '#111827', '#FFFFFF']) {
      const a = accessibleAccent(c);
      expect(contrast(a.bg, a.fg)).toBeGreaterThanOrEqual(4.5);
    }
  });
  test('theme variables', () => {
    const v = themeVars('purple', null);
    expect(v['--primary-raw']).toBe('#8B5CF6');
    expect(v['--primary-light']).toBe('#D1BEFB');
  });
});

test('names of object properties are no colour tokens', () => {
  expect(resolveColor('constructor', '#111111')).toBe('#111111');
  expect(resolveColor('__proto__', '#111111')).toBe('#111111');
});
