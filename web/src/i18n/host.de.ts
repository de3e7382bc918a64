// The German dictionary of the host side: the admin dashboard and its dialogs, the couple's settings page,
// the print view. It defines the keys; host.en.ts must have exactly these. Texts the spec (host-side.md)
// quotes are kept exactly as written there, in its language; the English ones are in host.en.ts.
// Components read it through useHostT() below <HostStrings> (./index.ts).

export const hostDe = {
  /** the language switcher of the host pages */
  languageLabel: 'Sprache',
  /** the event setting: which language guests see unless they choose another */
  guestLanguage: 'Sprache für Gäste',
  guestLanguageHint: 'Gäste können auf der Event-Seite selbst umschalten.',

  // ── Admin: login, dashboard, event cards and their dialogs, print view ──
  adminSection: 'Verwaltung',

  // ── The couple's page: home, settings tabs, albums, uploads, statistics, export, wall ──
  coupleSection: 'Brautpaar',
};

export type HostDict = typeof hostDe;
