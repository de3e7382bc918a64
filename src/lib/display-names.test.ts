import { expect, test } from 'bun:test';
import { cleanDisplayName, cleanMessageText } from './display-names.ts';

test('bidi overrides, zero-width and line separators go; control characters become _; NFC', () => {
  expect(cleanDisplayName('ü😀\u202egpj.exe.jpg')).toBe('ü😀gpj.exe.jpg');
  expect(cleanDisplayName('a\u2066b\u2069c\u200bd\u200ee\u061cf\u2028g')).toBe('abcdefg');
  expect(cleanDisplayName('a\u0000b\u001fc\u007fd\u0085e')).toBe('a_b_c_d_e');
  expect(cleanDisplayName('u\u0308ber')).toBe('über');
  expect(cleanDisplayName('👨\u200d👩\u200d👧.jpg')).toBe('👨\u200d👩\u200d👧.jpg');
});

test('a message keeps its line breaks (one kind) and loses invisible and control characters', () => {
  expect(cleanMessageText('  Hallo\r\nihr\rzwei\u2028\u2029Ende \t!  ')).toBe('Hallo\nihr\nzwei\n\nEnde  !');
  expect(cleanMessageText('a\u202eb\u200bc\u0000d\u001be\u2066f')).toBe('abcdef');
  expect(cleanMessageText('<script>alert(1)</script>')).toBe('<script>alert(1)</script>');
  expect(cleanMessageText('👨\u200d👩\u200d👧')).toBe('👨\u200d👩\u200d👧');
});
