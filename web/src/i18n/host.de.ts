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
  // the 'Live-Wand' tab: layout, motion and the QR overlay
  wallLayoutLegend: 'Anordnung',
  wallLayouts: { single: 'Einzelbild', collage: 'Collage', pairs: 'Hochformat-Paare' },
  wallLayoutHints: {
    single: 'Ein Foto oder Video nach dem anderen, so groß wie der Bildschirm erlaubt.',
    collage: 'Vier bis neun Fotos im Raster; es wechselt immer ein Bild, neue Uploads zuerst.',
    pairs: 'Zwei Hochformat-Fotos nebeneinander, wenn zwei da sind, sonst eins allein.',
  },
  wallKenBurns: 'Langsame Kamerafahrt im Einzelbild (aus, wenn das Gerät weniger Bewegung wünscht)',
  wallQrContentLabel: 'Der QR-Code führt zu',
  wallQrContents: { event: 'der Event-Seite', wifi: 'dem WLAN', both: 'WLAN und Event-Seite (nebeneinander)' },
  wallQrWifiNote: 'Das WLAN kommt aus den WLAN-Einstellungen der Box; ohne WLAN zeigt die Wand nur den Event-Code.',
};

export type HostDict = typeof hostDe;
