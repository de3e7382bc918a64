/**
 * A name as it may be shown or written anywhere (ZIP entries, download file names): NFC, without
 * invisible formatting characters (bidi overrides such as U+202E turn 'gpj.exe' into 'exe.jpg' on screen,
 * zero-width marks hide text, line separators break lines), and with control characters as '_'.
 * The zero-width joiner stays: it only glues emoji sequences (family, skin tones) and reorders nothing.
 */
export function cleanDisplayName(name: string): string {
  return name
    .normalize('NFC')
    .replace(/(?!\u200d)[\p{Cf}\u2028\u2029]/gu, '')
    .replace(/\p{Cc}/gu, '_');
}
