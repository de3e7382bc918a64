import { HEADER_THRESHOLDS, NEW_EVENT_PRIMARY, NEW_EVENT_SECONDARY, resolveColor, textColorOn } from '../../../src/domain/colors.ts';

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

/** The names of the colour presets (the dictionaries word them). */
export type ColorPresetName =
  'blue' | 'navy' | 'sage' | 'rose' | 'gold' | 'bordeaux' | 'sky' | 'blush' | 'mint' | 'cream' | 'lavender' | 'sand';
export interface ColorPreset {
  name: ColorPresetName;
  hex: string;
}
/**
 * Swatches beside the hex fields: strong colours for the primary one (white header text stays readable on
 * them), light ones for the secondary, which sits behind text and the cards' gradient. The new event's pair first.
 */
export const COLOR_PRESETS: Record<'primary' | 'secondary', readonly ColorPreset[]> = {
  primary: [
    { name: 'blue', hex: NEW_EVENT_PRIMARY },
    { name: 'navy', hex: '#1E3A5F' },
    { name: 'sage', hex: '#5F7F63' },
    { name: 'rose', hex: '#B5636F' },
    { name: 'gold', hex: '#A8832F' },
    { name: 'bordeaux', hex: '#7F1D3B' },
  ],
  secondary: [
    { name: 'sky', hex: NEW_EVENT_SECONDARY },
    { name: 'blush', hex: '#F9E0E3' },
    { name: 'mint', hex: '#E3EEE4' },
    { name: 'cream', hex: '#FBF3DF' },
    { name: 'lavender', hex: '#EDE7F6' },
    { name: 'sand', hex: '#EFE6DA' },
  ],
};
