// The captive portal's page in German (src/http/portal-page.ts): the keys portal.en.ts must have too.
// 'Fertig' and 'Ja' are the buttons of a German phone; the English page names the English ones.

export const portalDe = {
  welcome: 'Willkommen im WLAN!',
  titleSuffix: 'WLAN',
  join: 'Jetzt verbinden',
  joined: 'Verbunden! Dein Handy bleibt jetzt im WLAN.',
  openInBrowser: 'Öffne dann im Browser:',
  orShort: 'oder kurz:',
  iphone: 'Tippe oben auf Fertig und öffne Safari. Gib dort die Adresse ein.',
  android:
    'Schließe dieses Fenster und öffne Chrome. Gib dort die Adresse ein. Fragt das Handy, ob es ohne Internet im WLAN bleiben soll, tippe auf „Ja“.',
  noUploadHere: 'Fotos und Videos lädst du im Browser hoch, nicht in diesem Fenster.',
  chooseEvent: 'Zu welcher Veranstaltung gehörst du?',
  noEvent: 'Gerade läuft hier keine Veranstaltung.',
};

export type PortalTexts = { [K in keyof typeof portalDe]: string };
