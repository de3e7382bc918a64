// The landing page's German texts (the join form, the benefits and features of guest-side.md §1): their own
// chunk, so the event page's first load does without them. The landing page gets them through its
// dictionary's landingCopy(); landing.en.ts is typed by this one.

export const landingDe = {
  landingHeroTitle: 'Alle Fotos und Videos eures Events an einem Ort',
  landingHeroText:
    'Gäste scannen den QR-Code, laden ihre Bilder hoch und sehen sofort, was die anderen festgehalten haben. Ganz ohne App, ohne Konto und ohne Internet.',
  codeLabel: 'Event-Code',
  codePlaceholder: 'z. B. hochzeit-anna-ben',
  codeHint: 'Den Code findest du auf der Einladung oder dem QR-Aufsteller.',
  codeRequired: 'Bitte gib einen Event-Code ein.',
  joinButton: 'Event beitreten',
  scrollToJoin: 'Jetzt Event beitreten',
  forHosts: 'Für Gastgeber',
  forGuests: 'Für Gäste',
  features: 'Funktionen',
  hostBenefits: [
    ['Einfache Event-Erstellung', 'Event anlegen, Code wählen, QR-Code aufstellen – fertig.'],
    ['Design und Zugriff', 'Farben, Header-Stil und Logo passend zum Anlass, Zugriff nur mit Event-Code.'],
    ['Zentrale Sammlung', 'Alle Fotos und Videos eurer Gäste landen sortiert an einem Ort.'],
    ['Privatsphäre', 'Alles bleibt auf dem Gerät vor Ort. Keine Cloud, kein Tracking.'],
    ['Backup und Export', 'Das ganze Event als ZIP sichern, nach Alben sortiert.'],
  ] as [string, string][],
  guestBenefits: [
    ['Beitreten per Code', 'Code eingeben oder QR-Code scannen – ohne App und ohne Konto.'],
    ['Hochladen', 'Fotos und Videos direkt vom Handy teilen, auch viele auf einmal.'],
    ['Stöbern', 'Die schönsten Momente der anderen Gäste ansehen, Album für Album.'],
    ['Nickname', 'Mit eigenem Nickname zeigen, wer das Foto geteilt hat.'],
  ] as [string, string][],
  featureList: [
    ['Eigene Event-Codes', 'Merkbare Codes statt kryptischer Links.'],
    ['Anpassbares Design', 'Farben, Header-Stil und Logo des Gastgebers.'],
    ['Flexible Alben', 'Alben mit optionaler Zeitsteuerung – Fotos landen automatisch im richtigen Album.'],
    ['Kontrollierte Zeiträume', 'Uploads nur während des Events, Ansehen bis zum gewählten Datum.'],
    ['Download-Verwaltung', 'Downloads für Gäste erlauben oder sperren.'],
    ['Upload-Freigabe', 'Gäste entscheiden selbst, was alle sehen dürfen.'],
    ['Responsives Layout', 'Auf Handy, Tablet und Laptop gleich angenehm.'],
    ['Sichere Client-Links', 'Gastgeber verwalten ihr Event über einen geheimen Link.'],
    ['Statistiken', 'Uploads, Alben und aktivste Gäste auf einen Blick.'],
  ] as [string, string][],
};

export type LandingCopy = typeof landingDe;
