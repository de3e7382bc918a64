import type { HostDict } from './host.de';

// The English dictionary of the host side (keys defined by host.de.ts).

export const hostEn: HostDict = {
  languageLabel: 'Language',
  guestLanguage: 'Language for guests',
  guestLanguageHint: 'Guests can switch on the event page themselves.',

  // ── Admin: login, dashboard, event cards and their dialogs, print view ──
  adminSection: 'Administration',

  // ── The couple's page: home, settings tabs, albums, uploads, statistics, export, wall ──
  coupleSection: 'Couple',
  wallLayoutLegend: 'Layout',
  wallLayouts: { single: 'Single picture', collage: 'Collage', pairs: 'Portrait pairs' },
  wallLayoutHints: {
    single: 'One photo or video after the other, as large as the screen allows.',
    collage: 'Four to nine photos in a grid; one picture changes at a time, new uploads first.',
    pairs: 'Two portrait photos side by side when there are two, otherwise one alone.',
  },
  wallKenBurns: 'Slow camera pan in single-picture mode (off when the device asks for less motion)',
  wallQrContentLabel: 'The QR code leads to',
  wallQrContents: { event: 'the event page', wifi: 'the Wi-Fi', both: 'Wi-Fi and event page (side by side)' },
  wallQrWifiNote: "The Wi-Fi comes from the box's Wi-Fi settings; without Wi-Fi the wall shows only the event code.",
};
