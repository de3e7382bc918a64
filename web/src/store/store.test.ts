import { describe, expect, test } from 'bun:test';
import { summarize } from './upload-store';

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
