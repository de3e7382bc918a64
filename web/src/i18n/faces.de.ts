// 'Fotos von mir finden' (issue 30): the face search section's texts in German (the keys), its own chunk with
// the section; the entry's label ('faceSearch') is in de.ts, which the event page's first load carries.
export const facesDe = {
  faceConsentTitle: 'Fotos von dir finden',
  faceConsentWhat:
    'Du nimmst ein Selfie auf. Es wird mit den Fotos dieses Events verglichen, und du bekommst die Fotos, auf denen du zu sehen bist.',
  faceConsentWhere:
    'Der Vergleich läuft nur hier auf dieser Box. Nichts wird geteilt oder ins Internet geschickt, und niemand sonst sieht dein Selfie oder deine Suche.',
  faceConsentKept:
    'Dein Selfie wird nicht gespeichert, außer du möchtest wiedererkannt werden. Dann bleibt nur eine Beschreibung deines Gesichts, nicht das Bild. Du kannst sie jederzeit löschen.',
  faceRemember: 'Mich wiedererkennen (für spätere Suchen)',
  faceTakeSelfie: 'Selfie aufnehmen',
  faceSearchRemembered: 'Mit meinem gespeicherten Selfie suchen',
  faceSearchAgain: 'Erneut suchen',
  faceComparing: 'Dein Selfie wird mit den Fotos verglichen …',
  faceResults: (n: number) => (n === 1 ? '1 Foto von dir' : `${n} Fotos von dir`),
  faceNoResults: 'Auf den Fotos, die du sehen kannst, wurdest du nicht gefunden.',
  faceNotMe: 'Das bin ich nicht',
  faceRemoveMe: 'Mich aus der Gesichtssuche entfernen',
  faceRemoveMeText: 'Nimm ein Selfie auf: Danach findet niemand in diesem Event dich mehr über die Gesichtssuche.',
  faceRemoved: 'Du wurdest aus der Gesichtssuche dieses Events entfernt.',
  faceDeleteData: 'Meine Daten löschen',
  faceDataDeleted: 'Alles, was über dich gespeichert war, ist gelöscht.',
  faceFailed: 'Das hat nicht geklappt. Bitte versuche es noch einmal.',
};

export type FacesDict = typeof facesDe;
