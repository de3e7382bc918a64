// The guestbook keepsake of the export ZIP in English (keys: keepsake.de.ts).
import type { KeepsakeTexts } from './keepsake.de.ts';

export const keepsakeEn: KeepsakeTexts = {
  title: 'Guestbook',
  entriesOne: '1 entry',
  entriesMany: '{n} entries',
  empty: 'No entries yet.',
  notPlayable: 'This file is in the folder as its original:',
  original: 'Original',
  footer: 'Guestbook, exported with Momentbox',
  csvTime: 'Time',
  csvName: 'Name',
  csvText: 'Text',
  csvFile: 'File',
  csvState: 'State',
  stateShared: 'shared',
  stateWithdrawn: 'not shared',
  kindPhoto: 'Photo',
  kindVideo: 'Video message',
  kindAudio: 'Voice message',
};
