import { describe, expect, test } from 'bun:test';
import { summarize } from './upload-store';
import { cookieString, getCookie } from './cookies';

describe('upload summary texts (§2)', () => {
  const s = (...st: string[]) => st.map((status) => ({ status })) as { status: 'pending' }[];
  test('while running: x von y hochgeladen', () => {
    expect(summarize(s('success', 'uploading', 'pending')).lines).toEqual(['1 von 3 hochgeladen']);
  });
  test('all fine', () => {
    expect(summarize(s('success', 'success')).lines).toEqual(['Alle 2 Uploads erfolgreich']);
    expect(summarize(s('success', 'success')).allOk).toBe(true);
  });
  test('with duplicates', () => {
    expect(summarize(s('success', 'duplicate', 'duplicate')).lines).toEqual(['1 neue Datei(en) hochgeladen', '2 Duplikat(e) übersprungen']);
  });
  test('with errors', () => {
    const r = summarize(s('success', 'error', 'duplicate'));
    expect(r.lines).toEqual(['1 von 3 hochgeladen - Es sind Fehler aufgetreten']);
    expect(r.allOk).toBe(false);
  });
});

describe('guest cookie (§9)', () => {
  test('ten years, path /, SameSite Lax', () => {
    const c = cookieString('event_party', 'abc');
    expect(c).toContain('event_party=abc');
    expect(c).toContain(`Max-Age=${10 * 365 * 24 * 3600}`);
    expect(c).toContain('Path=/');
    expect(c).toContain('SameSite=Lax');
  });
  test('reads a cookie by exact name', () => {
    expect(getCookie('event_a', 'event_ab=1; event_a=2')).toBe('2');
    expect(getCookie('event_x', 'event_a=2')).toBeNull();
  });
});
