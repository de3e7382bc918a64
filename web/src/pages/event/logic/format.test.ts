import { afterEach, expect, test } from 'bun:test';
import { useLanguageStore } from '../../../i18n';
import { de } from '../../../i18n/de';
import { en } from '../../../i18n/en';
import { computeEventStatus } from './status';
import { formatPercent, formatRange, formatSize } from './format';

afterEach(() => useLanguageStore.setState({ lang: 'de', t: de }));

test('download sizes as a guest reads them: KB below a megabyte, one decimal with a German comma above', () => {
  expect(formatSize(0)).toBe('1 KB');
  expect(formatSize(319_482)).toBe('312 KB');
  expect(formatSize(8_078_537)).toBe('7,7 MB');
  expect(formatSize(124 * 1024 ** 2)).toBe('124 MB');
  expect(formatSize(2.5 * 1024 ** 3)).toBe('2,5 GB');
});

// Local-time constructors keep the texts independent of the machine's time zone.
const start = new Date(2026, 5, 20, 18, 30);

test('dates, numbers and the words around them follow the language shown', () => {
  expect(formatRange(start, null)).toBe('ab 20.06.2026 18:30');
  expect(formatRange(null, start)).toBe('bis 20.06.2026 18:30');
  expect(formatPercent(45).replace(/\s/g, ' ')).toBe('45 %');
  useLanguageStore.setState({ lang: 'en', t: en });
  expect(formatSize(8_078_537)).toBe('7.7 MB');
  expect(formatRange(start, null)).toBe('from 20/06/2026 18:30');
  expect(formatRange(null, start)).toBe('until 20/06/2026 18:30');
  expect(formatPercent(45)).toBe('45%');
  const ev = { event_start_datetime: start.toISOString(), event_end_datetime: '', event_viewable_until_datetime: '' };
  expect(computeEventStatus(ev, new Date(2026, 5, 1)).messages).toEqual(['This event starts on 20/06/2026 at 18:30.']);
});
