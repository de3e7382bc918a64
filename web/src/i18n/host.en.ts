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
};
