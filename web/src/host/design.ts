import { HEADER_THRESHOLDS, resolveColor, textColorOn } from '../../../src/domain/colors.ts';

// An event's design as the host edits it: colours for <input type="color"> and the header preview, the header image.

/** A colour as #rrggbb (for <input type="color">), or the fallback when it is neither hex nor a named token. */
export function toHexColor(value: string | null | undefined, fallback: string): string {
  return resolveColor(value, resolveColor(fallback, '#000000')).toLowerCase();
}

/** White or dark header text depending on the primary colour (threshold 100 minimalistic, 160 split). */
export function headerTextColor(primary: string, style: 'minimalistic' | 'split' | 'premium'): string {
  // Premium puts the text on the darkened photo, so it is always white.
  if (style === 'premium') return '#ffffff';
  return textColorOn(resolveColor(primary), HEADER_THRESHOLDS[style]).toLowerCase();
}

export function isImageFile(file: File | null | undefined): boolean {
  return !!file && file.type.startsWith('image/');
}
