import { describe, expect, test } from 'bun:test';
import { escapeWifiField, wifiQrPayload } from '../lib/wifi-qr';
import { headerTextColor, toHexColor } from './design';
import { filterEvents } from './events';
import { formatDateTime, formatGb, formatMb, guestHandle, isoToLocalInput, localInputToIso, sizeTone, uploaderName } from './format';
import { progressOf } from './zip-export';

const WORDS = { anonymous: 'Anonym', unknown: 'Unbekannt' };

describe('Wi-Fi QR payload', () => {
  test('escapes backslash, semicolon, comma, colon and double quote', () => {
    expect(escapeWifiField('a\\b;c,d:e"f')).toBe('a\\\\b\\;c\\,d\\:e\\"f');
    expect(escapeWifiField('plain')).toBe('plain');
  });
  test('WPA network', () => {
    expect(wifiQrPayload('Momentbox', 'geheim123')).toBe('WIFI:T:WPA;S:Momentbox;P:geheim123;;');
    expect(wifiQrPayload('Café;Gäste', 'p:w,"x"')).toBe('WIFI:T:WPA;S:Café\\;Gäste;P:p\\:w\\,\\"x\\";;');
  });
  test('open network without a password', () => {
    expect(wifiQrPayload('Open Net', '')).toBe('WIFI:T:nopass;S:Open Net;;');
  });
});

describe('dates and numbers in the locale', () => {
  test('day, month, year, hour, minute in German and English', () => {
    expect(formatDateTime('2025-03-05T13:07:00Z', 'de-DE', 'Europe/Berlin')).toBe('05.03.2025, 14:07');
    expect(formatDateTime('2025-07-05T13:07:00Z', 'de-DE', 'Europe/Berlin')).toBe('05.07.2025, 15:07');
    expect(formatDateTime('2025-07-05T13:07:00Z', 'en-GB', 'Europe/Berlin')).toBe('05/07/2025, 15:07');
  });
  test('null for missing and unparseable (the caller names it)', () => {
    for (const v of [null, undefined, '', 'not a date']) expect(formatDateTime(v, 'de-DE')).toBeNull();
  });
  test("sizes with the locale's decimal mark", () => {
    expect(formatMb(150.5, 'de-DE')).toBe('150,50 MB');
    expect(formatMb(1234.5, 'en-GB')).toBe('1234.50 MB');
    expect(formatGb(2.5 * 1024 ** 3, 'de-DE')).toBe('2,5 GB');
    expect(formatGb(300 * 1024 ** 2, 'en-GB')).toBe('300 MB');
  });
});

describe('sizes', () => {
  test('amber only over 100 MB', () => {
    expect(sizeTone(0)).toBe('normal');
    expect(sizeTone(100)).toBe('normal');
    expect(sizeTone(100.01)).toBe('amber');
    expect(sizeTone(900)).toBe('amber');
    expect(sizeTone(null)).toBe('normal');
  });
  test('two decimals', () => {
    expect(formatMb(1.5, 'en-GB')).toBe('1.50 MB');
    expect(formatMb(undefined, 'en-GB')).toBe('0.00 MB');
  });
});

describe('datetime-local round trip', () => {
  test('minute precision, local zone', () => {
    const iso = localInputToIso('2025-08-09T18:30');
    expect(iso).not.toBeNull();
    expect(isoToLocalInput(iso)).toBe('2025-08-09T18:30');
    expect(localInputToIso('')).toBeNull();
    expect(localInputToIso('nope')).toBeNull();
    expect(isoToLocalInput(null)).toBe('');
  });
});

describe('misc', () => {
  test('search by name or code, case-insensitive', () => {
    const events = [
      { name: 'Hochzeit Anna', code: 'anna-123456' },
      { name: 'Firmenfeier', code: 'ACME-2025' },
    ];
    expect(filterEvents(events, 'ANNA').map((e) => e.name)).toEqual(['Hochzeit Anna']);
    expect(filterEvents(events, 'acme').map((e) => e.name)).toEqual(['Firmenfeier']);
    expect(filterEvents(events, '  ')).toHaveLength(2);
    expect(filterEvents(events, 'zzz')).toHaveLength(0);
  });
  test('uploader name and handle', () => {
    expect(uploaderName({ nickname: 'Lena' }, WORDS)).toBe('Lena');
    expect(uploaderName({ nickname: '' }, WORDS)).toBe('Anonym');
    expect(uploaderName({ nickname: null }, WORDS)).toBe('Anonym');
    expect(uploaderName({ nickname: null, guest_id: 4 }, WORDS)).toBe('Anonym');
    expect(uploaderName({ nickname: null, guest_id: null }, WORDS)).toBe('Unbekannt');
    expect(uploaderName({ nickname: 'Fotobox', guest_id: null }, WORDS)).toBe('Fotobox');
    expect(guestHandle({ guest_id: 12 }, WORDS)).toBe('#12');
    expect(guestHandle({ guest_id: null }, WORDS)).toBe('Unbekannt');
  });
  test('colours', () => {
    expect(toHexColor('purple', '#000000')).toBe('#8b5cf6');
    expect(toHexColor('#ABC', '#000000')).toBe('#aabbcc');
    expect(toHexColor('bogus', '#3B82F6')).toBe('#3b82f6');
    expect(toHexColor('constructor', '#3B82F6')).toBe('#3b82f6');
    expect(headerTextColor('#ffffff', 'minimalistic')).toBe('#1f2937');
    expect(headerTextColor('#3B82F6', 'minimalistic')).toBe('#1f2937');
    expect(headerTextColor('#3B82F6', 'split')).toBe('#ffffff');
    expect(headerTextColor('#111111', 'split')).toBe('#ffffff');
  });
  test("the export's percent: 100 only when the server says done", () => {
    const p = (state: 'sending' | 'done', sent: number) =>
      progressOf({ state, size_bytes: 1000, sent_bytes: sent, files: 3, files_sent: 1 }).percent;
    expect(p('sending', 0)).toBe(0);
    expect(p('sending', 505)).toBe(50);
    expect(p('sending', 1000)).toBe(99);
    expect(p('done', 1000)).toBe(100);
  });
});
