import { describe, expect, test } from 'bun:test';
import { summarize, type UploadStatus } from './upload-store';

describe('upload summary texts (§2)', () => {
  const s = (...st: UploadStatus[]) => st.map((status) => ({ status, size: 100, progress: 0 }));
  test('while running: x von y hochgeladen', () => {
    expect(summarize(s('success', 'uploading', 'pending')).lines).toEqual(['1 von 3 hochgeladen']);
  });
  test('all fine: the only summary shown as success', () => {
    expect(summarize(s('success', 'success')).lines).toEqual(['Alle 2 Uploads erfolgreich']);
    expect(summarize(s('success', 'success')).allOk).toBe(true);
    expect(summarize(s('success', 'success')).tone).toBe('ok');
  });
  test('duplicates and similar photos held back are not a success', () => {
    const r = summarize(s('success', 'duplicate', 'duplicate', 'similar'));
    expect(r.lines).toEqual(['1 neue Datei(en) hochgeladen', '2 Duplikat(e) übersprungen', '1 ähnliche(s) Foto(s) nicht hochgeladen']);
    expect(r.allOk).toBe(false);
    expect(r.tone).toBe('held');
  });
  test('with errors, the held-back ones are still said', () => {
    const r = summarize(s('success', 'error', 'duplicate'));
    expect(r.lines).toEqual(['1 von 3 hochgeladen - Es sind Fehler aufgetreten', '1 Duplikat(e) übersprungen']);
    expect(r.allOk).toBe(false);
    expect(r.tone).toBe('error');
    expect(summarize(s('success', 'cancelled')).tone).toBe('error');
  });
});

describe('progress pill figures', () => {
  test('files done of all, percent of all bytes (finished files count whole)', () => {
    const r = summarize([
      { status: 'success', size: 1000, progress: 100 },
      { status: 'similar', size: 1000, progress: 0 },
      { status: 'uploading', size: 2000, progress: 50 },
      { status: 'pending', size: 4000, progress: 0 },
    ]);
    expect([r.done, r.total, r.percent]).toEqual([2, 4, 37]);
  });
});
