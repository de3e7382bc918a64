import { describe, expect, test } from 'bun:test';
import { de } from '../i18n/de';
import { en } from '../i18n/en';
import { effectiveType, failureMessage as failureText, validateFile as validateText } from './errors';

// The texts as the German page shows them (each is a Text, worded when drawn).
const validateFile = (...a: Parameters<typeof validateText>) => validateText(...a)?.(de) ?? null;
const failureMessage = (...a: Parameters<typeof failureText>) => failureText(...a)(de);

const desktop = { mobile: false, ios: false, lowEnd: false };
const android = { mobile: true, ios: false, lowEnd: false };

describe('§5 file checks', () => {
  test('only JPG, PNG, HEIC, MP4 and MOV', () => {
    expect(validateFile({ type: 'image/jpeg', name: 'a.jpg', size: 1 }, 300)).toBeNull();
    expect(validateFile({ type: 'video/quicktime', name: 'a.mov', size: 1 }, 300)).toBeNull();
    expect(validateFile({ type: 'image/heic', name: 'a.heic', size: 1 }, 300)).toBeNull();
    expect(validateFile({ type: 'image/heif', name: 'a.heif', size: 1 }, 300)).toBeNull();
    expect(validateFile({ type: '', name: 'IMG_0001.HEIC', size: 1 }, 300)).toBeNull();
    expect(validateFile({ type: 'image/gif', name: 'a.gif', size: 1 }, 300)).toBe('Nur JPG, PNG, HEIC, MP4 und MOV Dateien erlaubt');
    expect(effectiveType({ type: '', name: 'CLIP.MOV' })).toBe('video/quicktime');
  });
  test('size over the configured maximum', () => {
    expect(validateFile({ type: 'video/mp4', name: 'a.mp4', size: 301 * 1024 * 1024 }, 300)).toBe('Datei zu groß (über 300MB)');
    expect(validateFile({ type: 'video/mp4', name: 'a.mp4', size: 300 * 1024 * 1024 }, 300)).toBeNull();
  });
});

describe('§8 error catalogue', () => {
  test('desktop', () => {
    expect(failureMessage('network', { device: desktop, large: true })).toBe(
      'Die Datei ist zu groß oder die Verbindung wurde unterbrochen. Bitte versuche es mit einer kleineren Datei.',
    );
    expect(failureMessage('network', { device: desktop, large: false })).toBe('Upload fehlgeschlagen. Bitte versuche es erneut.');
    expect(failureMessage('server', { device: desktop, large: false, error: { error: 'Kaputt', code: 'INTERNAL_ERROR' } })).toBe(
      'Upload fehlgeschlagen. Bitte versuche es erneut. Kaputt',
    );
    expect(
      failureMessage('too-large', {
        device: desktop,
        large: false,
        error: { error: 'x', code: 'FILE_TOO_LARGE', maxSizeBytes: 300 * 1024 * 1024 },
      }),
    ).toBe('Die Datei ist zu groß. Die maximale Dateigröße beträgt 300 MB.');
    expect(failureMessage('no-id', { device: desktop, large: true })).toBe(
      'Upload abgeschlossen, aber der Server hat keine Upload-ID zurückgegeben',
    );
    // a refused type: retrying cannot help, so no 'Bitte versuche es erneut'
    const refused = { error: 'Nur JPG, PNG, HEIC, MP4 und MOV Dateien erlaubt', code: 'UNSUPPORTED_MEDIA_TYPE' as const };
    expect(failureMessage('server', { device: desktop, large: false, error: refused })).toBe(
      'Nur JPG, PNG, HEIC, MP4 und MOV Dateien erlaubt',
    );
    expect(failureMessage('server', { device: android, large: true, error: refused })).toBe(
      'Nur JPG, PNG, HEIC, MP4 und MOV Dateien erlaubt',
    );
  });
  test('mobile variants', () => {
    expect(failureMessage('network', { device: android, large: true })).toBe('Netzwerkfehler. Bitte prüfe deine Internetverbindung.');
    expect(failureMessage('timeout', { device: android, large: true })).toBe(
      'Upload-Timeout. Bitte versuche es mit einer kleineren Datei.',
    );
    expect(failureMessage('too-large', { device: android, large: true })).toBe('Datei zu groß. Bitte wähle eine kleinere Datei aus.');
    expect(failureMessage('memory', { device: android, large: false })).toBe(
      'Nicht genügend Speicher. Bitte schließe andere Apps und versuche es erneut.',
    );
  });
});

test("the same failure in English, worded when shown: the spec's English text verbatim", () => {
  expect(failureText('no-id', { device: desktop, large: true })(en)).toBe('Upload completed but server did not return upload ID');
  expect(
    failureText('too-large', {
      device: desktop,
      large: false,
      error: { error: 'x', code: 'FILE_TOO_LARGE', maxSizeBytes: 300 * 1024 * 1024 },
    })(en),
  ).toBe('The file is too large. The maximum file size is 300 MB.');
  expect(validateText({ type: 'image/gif', name: 'a.gif', size: 1 }, 300)?.(en)).toBe('Only JPG, PNG, HEIC, MP4 and MOV files are allowed');
});
