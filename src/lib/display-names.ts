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

/**
 * A message as it may be shown anywhere (the guestbook): cleaned as a name, but its line breaks kept
 * (one kind, '\n'; line and paragraph separators become one), tabs as spaces, other control characters gone.
 */
export function cleanMessageText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\r\n?|[\u2028\u2029]/g, '\n')
    .replace(/\t/g, ' ')
    .replace(/(?!\u200d)\p{Cf}/gu, '')
    .replace(/(?!\n)\p{Cc}/gu, '')
    .trim();
}
