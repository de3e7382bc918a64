// The guestbook keepsake of the export ZIP (src/services/keepsake-page.ts, keepsake.ts) in German: the keys keepsake.en.ts must have too.
// `{n}` stands for a number.

export const keepsakeDe = {
  /** the page's heading under the event's name */
  title: 'Gästebuch',
  entriesOne: '1 Eintrag',
  entriesMany: '{n} Einträge',
  empty: 'Noch keine Einträge.',
  /** an attachment the box had not made playable yet (or could not): the original lies in the folder */
  notPlayable: 'Diese Datei liegt als Original im Ordner:',
  original: 'Original',
  footer: 'Gästebuch, exportiert mit Momentbox',
  /** the CSV's header row and its values (Excel in German reads `;` as the separator) */
  csvTime: 'Zeit',
  csvName: 'Name',
  csvText: 'Text',
  csvFile: 'Datei',
  csvState: 'Status',
  stateShared: 'geteilt',
  stateWithdrawn: 'nicht geteilt',
  kindPhoto: 'Foto',
  kindVideo: 'Videonachricht',
  kindAudio: 'Sprachnachricht',
};

export type KeepsakeTexts = { [K in keyof typeof keepsakeDe]: string };
