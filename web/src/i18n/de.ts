// The German dictionary of the guest side (event page, landing, recovery, wall): it defines the keys, so the
// English one (en.ts) fails the type check with a key missing or extra. Texts quoted by the spec
// (guest-side.md) are kept exactly as written there; the rest is our own wording. Placeholders are filled by
// the small functions below. Components read it through useT() (./index.ts), never by importing this file.

export const de = {
  // Landing
  tagline: 'Teile deine Erinnerungen',
  /** the landing page's texts: their own chunk, fetched by the landing page only */
  landingCopy: () => import('./landing.de').then((m) => m.landingDe),
  footerImpressum: 'Impressum',
  footerDatenschutz: 'Datenschutz',
  footerHome: 'Startseite',
  footerCredit: 'Momentbox – Event-Galerie, die vor Ort bleibt',
  footerLegal: 'Rechtliches',
  logoHome: 'Momentbox – Startseite',
  loading: 'Laden…',
  /** the language switcher's name (landing page, the event page's menu) */
  language: 'Sprache',
  /** a language's texts did not arrive (the connection dropped while switching), after a few tries */
  languageFailed: 'Die Sprache konnte nicht geladen werden. Bitte prüfe die Verbindung.',
  languageRetry: 'Erneut versuchen',
  /**
   * Above the legal texts, which are German (assets/legal/): a short summary in the page's language. None in
   * German, where the text itself is read.
   */
  legalSummary: null as { inGerman: string; impressum: string; datenschutz: string } | null,

  // Event page
  loadingEvent: 'Event wird geladen…',
  // The spec gives these in English only (§2, §7): the English UI keeps them verbatim (en.ts).
  eventNotFoundTitle: 'Event nicht gefunden',
  eventNotFoundText: 'Das gesuchte Event gibt es nicht oder es ist abgelaufen.',
  backHome: 'Zur Startseite',
  adminModeActive: 'Admin-Modus aktiv', // the spec's 'Admin Mode Active' (en.ts)
  menu: 'Menü',
  menuProfile: 'Profil',
  menuShare: 'Teilen',
  menuHelp: 'Hilfe',
  hostImageAlt: (name: string) => `Bild von ${name}`,

  // Status
  statusNotStarted: (date: string, time: string) => `Dieses Event beginnt am ${date} um ${time}.`,
  statusExpired: 'Dieses Event ist abgelaufen und nicht mehr verfügbar.',
  statusEnded: (date: string) => `Das Event ist seit dem ${date} beendet. Es können keine neuen Uploads mehr hinzugefügt werden.`,
  statusAvailableUntil: (date: string) => `Alle Inhalte sind bis zum ${date} verfügbar.`,

  // Albums
  albums: 'Alben',
  selected: 'Ausgewählt',
  current: 'Aktuell',
  /** Admin Mode: an album guests do not see */
  hiddenAlbum: 'Versteckt',
  mediaCount: (n: number) => `${n} ${n === 1 ? 'Medium' : 'Medien'}`,
  onlyVideos: 'Nur Videos',
  noMedia: 'Keine Medien',
  scrollAlbumsLeft: 'Vorherige Alben',
  scrollAlbumsRight: 'Weitere Alben',
  albumLoading: 'Album wird geladen…',
  /** the albums the box names itself (§3): shown in the page's language */
  defaultAlbum: 'Standardalbum',
  unsortedAlbum: 'Unsortiert',
  /** an album's window with only a start or only an end */
  rangeFrom: (when: string) => `ab ${when}`,
  rangeUntil: (when: string) => `bis ${when}`,

  // Grid
  uploadTile: 'Foto & Video Upload',
  uploadTileHint: 'Tippen zum Auswählen',
  uploadTileClosed: 'Uploads geschlossen',
  uploadTileNotYet: 'Uploads ab Eventbeginn',
  autoApprove: 'Automatisch freigeben',
  emptyAlbum: 'Noch keine Bilder in diesem Album. Füge welche hinzu!',
  /** a social app's webview (Instagram, WhatsApp, …): uploads and cookies are not safe there */
  inAppBanner: 'Öffne diese Seite in Safari/Chrome, damit deine Uploads sicher ankommen',
  inAppAddress: 'Adresse dieser Seite',
  inAppCopied: 'Adresse kopiert – füge sie in Safari oder Chrome ein',
  /** the empty album while uploads are closed: no invitation the banner contradicts */
  emptyAlbumClosed: 'Keine Bilder in diesem Album. Das Event nimmt keine Uploads mehr an.',
  emptyAlbumNotStarted: 'Noch keine Bilder in diesem Album. Uploads sind ab dem Beginn des Events möglich.',
  sharedBy: 'Geteilt von:',
  openMedia: (i: number, type: 'photo' | 'video') => `${type === 'video' ? 'Video' : 'Foto'} ${i} öffnen`,
  approvedLabel: 'Freigegeben',
  shareStateShared: 'Geteilt',
  shareStatePrivate: 'Privat',
  // Viewer caption (issue 22)
  anonymousUploader: 'Anonym', // the spec's name for an uploader without a nickname
  capturedAt: (date: string, time: string) => `${date}, ${time} Uhr`,
  viewerShared: 'Geteilt – alle Gäste sehen es',
  viewerPrivate: 'Privat – nur du siehst es',
  pendingLabel: 'Nicht freigegeben',
  approveAction: 'Für alle freigeben',
  rejectAction: 'Freigabe zurückziehen',
  deleteAction: 'Upload löschen',
  adminUploaderAction: 'Uploader anzeigen',
  pendingHint: (n: number) =>
    n === 1
      ? 'Du hast 1 Upload, den nur du siehst. Tippe auf das Schloss, um ihn für alle freizugeben.'
      : `Du hast ${n} Uploads, die nur du siehst. Tippe auf das Schloss, um sie für alle freizugeben.`,
  shareAllOwn: 'Alle für alle freigeben',
  download: 'Herunterladen',
  downloadOriginal: 'Original herunterladen',
  downloadJpeg: 'Als JPG herunterladen',

  // Toasts
  approved: 'Freigegeben',
  approveError: 'Fehler bei der Freigabe',
  rejected: 'Freigabe zurückgezogen',
  rejectError: 'Fehler beim Zurückziehen der Freigabe',
  deleted: 'Upload wurde gelöscht',
  deleteError: 'Fehler beim Löschen des Uploads',
  nicknameSaved: 'Nickname gespeichert',
  nicknameError: 'Fehler beim Speichern des Nicknames',
  eventClosedToast: 'Dieses Event akzeptiert keine neuen Uploads mehr.',
  eventNotStartedToast: 'Dieses Event hat noch nicht begonnen. Bitte versuche es später erneut.',
  linkCopied: 'Link in Zwischenablage kopiert',
  recoveryCopied: 'Recovery-Link in Zwischenablage kopiert',
  copyFailed: 'Kopieren nicht möglich – bitte den Link markieren und kopieren.',
  close: 'Schließen',

  // Viewer
  viewer: 'Medienansicht',
  previous: 'Vorheriges',
  next: 'Nächstes',
  counter: (n: number, total: number) => `${n} / ${total}`,
  // Hearts (issue 28)
  heartAction: 'Herz geben',
  unheartAction: 'Herz zurücknehmen',
  hearts: (n: number) => (n === 1 ? '1 Herz' : `${n} Herzen`),
  heartError: 'Das Herz konnte nicht gespeichert werden.',
  sortLoved: 'Beliebteste',
  mobileSaveHint: 'Zum Speichern bitte das Bild lange drücken und "Zu Fotos hinzufügen" wählen.',

  // QR modal
  qrTitle: 'QR-Code zum Event',
  qrText: 'Lass andere Gäste diesen QR-Code mit der Handykamera scannen oder schicke ihnen den Link. So landen alle Fotos im selben Event.',
  qrAlt: 'QR-Code mit dem Link zum Event',
  eventLink: 'Link zum Event',
  copy: 'Kopieren',

  // Profile modal
  profileTitle: 'Profil bearbeiten',
  nickname: 'Nickname',
  nicknamePlaceholder: 'Wie sollen dich die anderen sehen?',
  nicknameTooLong: 'Maximal 30 Zeichen erlaubt.',
  recoveryLink: 'Dein persönlicher Wiederherstellungs-Link',
  recoverySection: 'Auf anderen Geräten weitermachen',
  recoveryExplain: 'Mit diesem Link kommst du auf einem anderen Gerät oder nach dem Löschen der Browserdaten wieder an deine Uploads.',
  recoveryQrAlt: 'QR-Code mit deinem Wiederherstellungs-Link',
  warningTitle: 'ACHTUNG',
  warningText: 'Teile diesen Link niemals mit anderen! Wer ihn hat, kann deine Uploads freigeben, zurückziehen und löschen.',
  cancel: 'Abbrechen',
  save: 'Speichern',
  noSessionYet: 'Du hast noch keine Sitzung. Bestätige zuerst die Nutzungsbedingungen, um Fotos hochzuladen.',

  // Help / consent
  helpTitle: 'Willkommen!',
  helpIntro: (eventName: string) => `Schön, dass du bei „${eventName}“ dabei bist. So funktioniert es:`,
  helpSteps: [
    'Tippe auf „Foto & Video Upload“ und wähle Bilder oder Videos aus.',
    'Deine Uploads landen automatisch im passenden Album.',
    'Du entscheidest, ob deine Uploads für alle sichtbar sind: das Schloss-Symbol gibt sie frei oder zieht die Freigabe zurück.',
    'Über das Menü oben rechts änderst du deinen Nickname und teilst das Event.',
  ],
  terms:
    'Ich bin einverstanden, dass meine Uploads auf diesem Gerät vor Ort gespeichert und – wenn ich sie freigebe – den anderen Gästen gezeigt werden.',
  termsLinkText: 'Datenschutzhinweise',
  nicknameOptional: 'Nickname (optional)',
  confirm: 'Los geht’s',
  helpOk: 'Verstanden',

  // Recovery modal
  recoveryTitle: 'Dein Wiederherstellungs-Link',
  recoveryModalText:
    'Speichere diesen Link (z. B. als Screenshot des QR-Codes). Damit kannst du deine Uploads später auch auf einem anderen Gerät wiederfinden und verwalten.',
  recoveryDone: 'Gespeichert, weiter',

  // Upload modal
  uploadTitle: 'Upload',
  uploadProgress: (x: number, y: number) => `${x} von ${y} hochgeladen`,
  uploadNew: (n: number) => `${n} neue Datei(en) hochgeladen`,
  uploadDuplicates: (m: number) => `${m} Duplikat(e) übersprungen`,
  uploadSimilarWaiting: (k: number) => `${k} ähnliche(s) Foto(s) nicht hochgeladen`,
  similarFound: 'Ähnliches Foto bereits hochgeladen',
  uploadAnyway: 'Trotzdem hochladen',
  similarExisting: 'Bereits hochgeladenes ähnliches Foto',
  similarExistingCaption: 'Schon hochgeladen',
  similarNew: 'Dein neues Foto',
  uploadAnywayAll: (n: number) => `Alle ${n} trotzdem hochladen`,
  uploadRetry: 'Erneut versuchen',
  /** the files the box does not have, listed first in the sheet */
  uploadNotUploaded: (n: number) => `Nicht hochgeladen (${n})`,
  /** the sheet closes while the files go on */
  uploadHide: 'Im Hintergrund weiter',
  uploadPillOpen: 'Upload-Fortschritt anzeigen',
  uploadPillProgress: (done: number, total: number) => `${done} von ${total}`,
  uploadPillOffline: 'pausiert – offline',
  uploadPillHeld: (k: number) => `${k} nicht hochgeladen`,
  uploadAllOk: (n: number) => `Alle ${n} Uploads erfolgreich`,
  uploadWithErrors: (x: number, n: number) => `${x} von ${n} hochgeladen - Es sind Fehler aufgetreten`,
  ok: 'OK',
  statusPending: 'Wartet',
  statusReading: 'Wird vorbereitet…',
  statusUploading: 'Wird hochgeladen',
  statusSuccess: 'Hochgeladen',
  statusCancelled: 'Abgebrochen',
  toAlbum: (name: string) => `→ ${name}`,
  paused: 'Upload pausiert - wird automatisch fortgesetzt',

  // Upload errors (§5, §7, §8)
  typeNotAllowed: 'Nur JPG, PNG, HEIC, MP4 und MOV Dateien erlaubt',
  tooLargeLocal: (n: number) => `Datei zu groß (über ${n}MB)`,
  duplicateError: 'Diese Datei wurde bereits hochgeladen',
  fileTooLargeToast: (n: number) => `Die Datei ist zu groß. Die maximale Dateigröße beträgt ${n} MB.`,
  largeNetworkError: 'Die Datei ist zu groß oder die Verbindung wurde unterbrochen. Bitte versuche es mit einer kleineren Datei.',
  genericUploadError: 'Upload fehlgeschlagen. Bitte versuche es erneut.',
  mobileNetworkError: 'Netzwerkfehler. Bitte prüfe deine Internetverbindung.',
  mobileTimeout: 'Upload-Timeout. Bitte versuche es mit einer kleineren Datei.',
  mobileTooLarge: 'Datei zu groß. Bitte wähle eine kleinere Datei aus.',
  mobileMemory: 'Nicht genügend Speicher. Bitte schließe andere Apps und versuche es erneut.',
  iosNetworkError: 'Verbindung unterbrochen. Bitte bleib in der App und prüfe das WLAN.',
  iosTimeout: 'Zeitüberschreitung. Bitte halte das iPhone entsperrt, bis der Upload fertig ist.',
  noUploadId: 'Upload abgeschlossen, aber der Server hat keine Upload-ID zurückgegeben', // §7 gives it in English (en.ts)

  // Delete modal
  deleteTitle: 'Upload löschen?',
  deleteText: 'Dieser Upload wird endgültig gelöscht. Das kann nicht rückgängig gemacht werden.',
  deleteConfirm: 'Endgültig löschen',

  // Download modal
  downloadTitle: 'Bilder herunterladen',
  downloadText: (album: string) => `Lade die Bilder aus „${album}“ auf dein Gerät.`,
  downloadNewOption: (n: number) => `Nur neue (${n})`,
  downloadNewHint: 'Alles, was du auf diesem Gerät noch nicht heruntergeladen hast.',
  downloadAllOption: (n: number) => `Alle (${n})`,
  downloadAllHint: 'Das ganze Album, auch bereits heruntergeladene Bilder.',
  downloadFavoritesOption: (n: number) => `Nur Favoriten (${n})`,
  downloadFavoritesHint: 'Die Bilder dieses Albums, denen du ein Herz gegeben hast.',
  downloadStart: 'Download starten',
  downloadNothing: 'Alle verfügbaren Bilder wurden bereits heruntergeladen',
  downloadStarting: (n: number) => `${n} neue Bilder werden heruntergeladen...`,
  downloadDone: (n: number) => `${n} Bilder erfolgreich heruntergeladen`,
  downloadAlbum: 'Album herunterladen',
  downloadFailed: 'Download fehlgeschlagen. Bitte versuche es erneut.',
  // Selection and ZIP buttons (issue 22)
  selectAction: 'Auswählen',
  selectDone: 'Fertig',
  selectedCount: (n: number) => (n === 1 ? '1 ausgewählt' : `${n} ausgewählt`),
  selectNone: 'Tippe Fotos an, um sie auszuwählen',
  selectTile: (n: number) => `Nr. ${n} auswählen`,
  zipSelection: 'Auswahl als ZIP',
  zipSizeUnknown: 'Größe wird berechnet…',
  downloadContinues: 'Der Download läuft im Browser weiter.',
  downloadEventAll: 'Alle Fotos',
  downloadEventAllHint: 'Alles aus dem ganzen Event, was du sehen kannst, in einer ZIP-Datei.',
  downloadJpegExplained: 'Als JPG (für alle Geräte)',

  // Recovery page
  recovering: 'Sitzung wird wiederhergestellt…',
  recoverSuccess: 'Sitzung erfolgreich wiederhergestellt! Du wirst weitergeleitet...',
  recoverNoConsent: 'Wiederherstellung fehlgeschlagen: Keine gültige Sitzung gefunden.',
  recoverError: 'Fehler bei der Wiederherstellung der Sitzung. Bitte versuche es erneut.',
  recoverInvalid: 'Ungültiger Wiederherstellungslink.',
  recoverBack: 'Zurück zur Startseite',

  // the live wall (/event/{code}/wall)
  wallTitle: 'Live-Wand',
  wallUploadCall: 'Lade deine Fotos hoch',
  wallQrAlt: 'QR-Code zur Event-Seite',
  wallEmpty: 'Noch keine Fotos – sei die oder der Erste!',
  wallEventMissing: 'Event nicht gefunden. Die Wand versucht es weiter …',
  wallPaused: 'Pausiert',
  wallReconnecting: 'Verbindung wird wiederhergestellt …',
  wallKeys: 'Leertaste: Pause · ← →: Bild zurück/weiter · F: Vollbild',
  /** a new upload's first showing on the wall, with and without nicknames on display */
  wallNewFrom: (name: string) => `Neu von ${name}`,
  wallNew: 'Neu',
  /** a guestbook card between the photos (issue 27): its heading and its signature */
  wallGuestbook: 'Gästebuch',
  wallGuestbookSigned: (name: string) => `– ${name}`,
  /** the QR overlay with the Wi-Fi code: first the network, then the event (as the printed card) */
  wallWifiStep: 'WLAN verbinden',
  wallEventStep: 'Event öffnen',
  wallWifiQrAlt: (ssid: string) => `WLAN-QR-Code für ${ssid}`,
  wallTypeIn: 'oder eintippen:',

  // A file the server kept but could not read (truncated video, damaged photo): said in the upload list and on its tile.
  fileUnreadable: 'Datei beschädigt oder nicht lesbar. Sie wurde ohne Vorschau gespeichert; du kannst sie in der Galerie löschen.',
  /** viewer: a video whose playable preview the box is still making, in a browser that cannot play the original */
  videoPreparing: 'Das Video wird noch vorbereitet. Gleich kannst du es hier ansehen.',
  tileUnreadable: 'Datei beschädigt oder nicht lesbar',

  // Einwegkamera (issue 28): the reveal's countdown, the shots, the moment the gallery opens
  cameraOpensAt: (time: string) => `Die Galerie öffnet um ${time}`,
  cameraOpensOn: (day: string, time: string) => `Die Galerie öffnet am ${day} um ${time}`,
  cameraCountdown: (left: string) => `Noch ${left}`,
  cameraOwnOnly: 'Bis dahin siehst du nur deine eigenen Fotos. Hochladen geht wie immer.',
  cameraWallHint: 'Bis dahin bleibt die Wand leer. Macht fleißig Fotos!',
  cameraShotsLeft: (n: number) => (n === 1 ? 'Noch 1 Aufnahme' : `Noch ${n} Aufnahmen`),
  cameraShotsNone: 'Keine Aufnahmen mehr übrig',
  cameraShotsUsedUp: (n: number) => `Deine ${n} Aufnahmen sind verbraucht. Weitere Fotos kannst du nicht hochladen.`,
  cameraRevealed: 'Die Galerie ist offen!',
  cameraRevealedSub: 'Jetzt seht ihr alle Fotos.',

  // Guestbook (issue 27)
  // Face search (issue 30): the entry; the section's own texts are faces.*.ts (its own chunk)
  faceSearch: 'Fotos von mir finden',
  guestbook: 'Gästebuch',
  guestbookIntro: 'Schreib ein paar Worte für die Gastgeber. Alle Gäste sehen sie hier, die neuesten oben.',
  guestbookMessage: 'Deine Nachricht',
  guestbookName: 'Unterschrift',
  guestbookNamePlaceholder: 'Dein Name',
  guestbookCharsLeft: (n: number) => `Noch ${n} Zeichen`,
  guestbookCharsOver: (n: number) => `${n} Zeichen zu viel`,
  guestbookSign: 'Eintragen',
  guestbookSigned: 'Dein Eintrag steht im Gästebuch.',
  guestbookSignedPending: 'Dein Eintrag ist gespeichert. Alle sehen ihn, sobald die Gastgeber ihn freigeben.',
  guestbookEmpty: 'Noch keine Einträge. Schreib den ersten!',
  guestbookClosed: 'Das Gästebuch nimmt gerade keine neuen Einträge an.',
  guestbookJoinFirst: 'Um zu schreiben, stimme zuerst den Nutzungsbedingungen zu.',
  guestbookJoin: 'Weiter',
  guestbookPending: 'Wartet auf Freigabe',
  guestbookDelete: 'Eintrag löschen',
  guestbookDeleted: 'Eintrag gelöscht',
  guestbookError: 'Der Eintrag konnte nicht gespeichert werden. Bitte versuche es erneut.',
  guestbookDeleteError: 'Der Eintrag konnte nicht gelöscht werden.',
  guestbookCount: (n: number) => (n === 1 ? '1 Eintrag' : `${n} Einträge`),
  guestbookAttachHint: 'Gern mit Selfie, Videobotschaft (bis 60 Sekunden) oder Sprachnachricht (bis 2 Minuten).',
  guestbookAttachPhoto: 'Selfie',
  guestbookAttachVideo: 'Video',
  guestbookAttachVoice: 'Sprachnachricht',
  guestbookAttached: (name: string) => `Angehängt: ${name}`,
  guestbookAttachRemove: 'Anhang entfernen',
  guestbookSending: 'Wird gesendet …',
  guestbookProgress: (percent: number) => `Wird gesendet … ${percent} %`,
  guestbookProcessing: 'Wird verarbeitet …',
  guestbookAttachmentFailed: 'Der Anhang konnte nicht verarbeitet werden.',
  guestbookPhotoOf: (name: string) => `Foto von ${name}`,

  // Photo challenges (issue 28)
  challenges: 'Foto-Aufgaben',
  challengesIntro: 'Such dir eine Aufgabe aus und lade dein Foto dazu hoch.',
  challengesNone: 'Noch keine Foto-Aufgaben.',
  challengeCount: (n: number) => (n === 1 ? '1 Aufgabe' : `${n} Aufgaben`),
  /** the guest's own progress, seen by nobody else */
  challengeProgress: (done: number, total: number) => `${done} von ${total} Aufgaben`,
  challengeDone: 'Erledigt',
  challengeLabel: 'Foto-Aufgabe',
};

export type Dict = typeof de;
