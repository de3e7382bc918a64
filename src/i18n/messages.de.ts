// The API's error messages in German: the language of the keys (messages.en.ts must have the same).
// One entry per error code (src/lib/errors.ts ERROR_CODES), `default` plus a variant where one code has several
// messages; a function takes the error's details (`field`, limits) that the answer carries too.
// Texts the spec quotes stay verbatim (e.g. 'Maximal 30 Zeichen erlaubt.', the FILE_TOO_LARGE toast).
import { UNSORTED_ALBUM_NAME } from '../domain/albums.ts';
import { SIMILARITY_THRESHOLD } from '../domain/dhash.ts';
import { LANGUAGES } from '../domain/languages.ts';
import {
  ALBUM_NAME_MAX,
  API_KEY_NAME_MAX,
  EVENT_NAME_MAX,
  PRINT_LINE_MAX,
  HEADER_STYLES,
  MAX_BULK,
  MAX_UPLOADS_PAGE_SIZE,
  MAX_ZIP_FILES,
  MIN_PASSWORD_LENGTH,
  MODERATION_STATUSES,
  WALL_LAYOUTS,
  WALL_QR_CONTENTS,
  WALL_GUESTBOOK_EVERY,
  WALL_SECONDS,
  SHOTS_PER_GUEST,
  WIFI_PASSWORD,
  WIFI_SSID_MAX_BYTES,
} from '../domain/limits.ts';
import { ATTACHMENT_MAX_SECONDS, GUESTBOOK_LIMITS, GUESTBOOK_NAME_MAX, GUESTBOOK_TEXT_MAX } from '../domain/guestbook.ts';
import { NICKNAME_MAX } from '../domain/nickname.ts';
import type { ErrorCode } from '../lib/errors.ts';
import { megabytes, type Details, type Text } from './text.ts';
import { COLOR_TOKENS } from '../domain/colors.ts';

const or = (values: readonly string[]) => `${values.slice(0, -1).join(', ')} oder ${values.at(-1)}`;

export const de = {
  VALIDATION_ERROR: {
    default: 'Ungültige Anfrage',
    invalidField: (d: Details) => `${d.field} ist ungültig`,
    mustBeBoolean: (d: Details) => `${d.field} muss true oder false sein`,
    mustBeText: (d: Details) => `${d.field} muss Text sein`,
    invalidDate: (d: Details) => `${d.field} ist kein gültiges Datum`,
    eventNameRequired: 'Der Name des Events fehlt',
    eventNameTooLong: `Der Name des Events darf höchstens ${EVENT_NAME_MAX} Zeichen haben`,
    eventCodeRequired: 'Der Event-Code fehlt',
    eventCodeInvalid: 'Der Event-Code darf nur Kleinbuchstaben, Ziffern und Bindestriche enthalten (höchstens 64)',
    colorInvalid: (d: Details) => `${d.field} muss eine Hex-Farbe (#RRGGBB) sein oder eine von ${or(Object.keys(COLOR_TOKENS))}`,
    headerStyleInvalid: `header_style muss ${or(HEADER_STYLES)} sein`,
    wallSecondsInvalid: `Sekunden pro Bild: eine ganze Zahl von ${WALL_SECONDS.min} bis ${WALL_SECONDS.max}`,
    shotsInvalid: `Aufnahmen pro Gast: eine ganze Zahl von ${SHOTS_PER_GUEST.min} bis ${SHOTS_PER_GUEST.max}`,
    wallGuestbookEveryInvalid: `Gästebuch auf der Wand: 0 (aus) oder eine ganze Zahl von ${WALL_GUESTBOOK_EVERY.min} bis ${WALL_GUESTBOOK_EVERY.max}`,
    wallLayoutInvalid: `wall_layout muss ${or(WALL_LAYOUTS)} sein`,
    wallQrContentInvalid: `wall_qr_content muss ${or(WALL_QR_CONTENTS)} sein`,
    printLineTooLong: `Die eigene Zeile darf höchstens ${PRINT_LINE_MAX} Zeichen haben`,
    languageInvalid: `language muss ${or(LANGUAGES)} sein`,
    formUnreadable: 'Das Formular konnte nicht gelesen werden',
    hostImageTooLarge: 'Das Titelbild darf höchstens 20 MB groß sein',
    hostImageNotImage: 'Das Titelbild muss eine Bilddatei sein',
    albumNameRequired: 'Der Name des Albums fehlt',
    albumNameTooLong: `Der Name des Albums darf höchstens ${ALBUM_NAME_MAX} Zeichen haben`,
    albumEndBeforeStart: 'Das Ende darf nicht vor dem Beginn liegen',
    albumNothingToChange: 'Nichts zu ändern: sende name, start_datetime, end_datetime oder visible',
    challengeWithDates: 'Eine Foto-Aufgabe hat kein Datum: sende sie ohne start_datetime und end_datetime',
    noFile: 'Es wurde keine Datei gesendet',
    noChunk: 'Es wurde kein Teil der Datei gesendet',
    chunkMismatch: 'Die Angaben passen nicht zu den bisherigen Teilen dieses Uploads',
    requestInterrupted: 'Die Verbindung wurde während der Anfrage unterbrochen',
    uploadInterrupted: 'Die Verbindung wurde während des Uploads unterbrochen',
    notJson: 'Der Inhalt ist kein gültiges JSON',
    notJsonObject: 'Ein JSON-Objekt wird erwartet',
    notMultipart: 'Erwartet wird multipart/form-data',
    oneFileOnly: 'Nur eine Datei pro Anfrage',
    multipartMalformed: 'Ungültiger multipart-Inhalt',
    tooManyFields: 'Zu viele Felder im Formular',
    fieldTooLong: (d: Details) => `Feld ${d.field} ist zu lang`,
    moderationStatusInvalid: `status muss ${or(MODERATION_STATUSES)} sein`,
    bulkIds: `ids muss 1 bis ${MAX_BULK} Upload-IDs enthalten`,
    idsInvalid: 'ids enthält eine ungültige ID',
    userIdNotUuid: 'userId muss eine UUID sein',
    nicknameEmpty: 'Nickname darf nicht leer sein',
    nicknameTooLong: `Maximal ${NICKNAME_MAX} Zeichen erlaubt.`,
    sortInvalid: "sort muss 'newest' oder 'loved' sein",
    favoritesInvalid: "favorites muss 'loved' oder 'mine' sein (der Export kennt nur 'loved')",
    guestbookTextEmpty: 'Bitte schreibe eine Nachricht.',
    guestbookTextTooLong: `Die Nachricht ist zu lang. Erlaubt sind höchstens ${GUESTBOOK_TEXT_MAX.toLocaleString('de-DE')} Zeichen.`,
    guestbookNameRequired: 'Bitte gib einen Namen an, mit dem du unterschreibst.',
    guestbookNameTooLong: `Der Name darf höchstens ${GUESTBOOK_NAME_MAX} Zeichen haben.`,
    guestbookVideoTooLong: (d: Details) =>
      `Die Videobotschaft ist ${d.seconds} Sekunden lang. Erlaubt sind höchstens ${ATTACHMENT_MAX_SECONDS.video} Sekunden – bitte nimm eine kürzere auf.`,
    guestbookVoiceTooLong: (d: Details) =>
      `Die Sprachnachricht ist zu lang (${d.seconds} Sekunden). Erlaubt sind höchstens ${ATTACHMENT_MAX_SECONDS.audio / 60} Minuten – bitte nimm eine kürzere auf.`,
    pageLimitInvalid: `limit muss zwischen 1 und ${MAX_UPLOADS_PAGE_SIZE} liegen`,
    sha256Invalid: 'sha256 muss 64 Hex-Zeichen haben',
    phashInvalid: 'phash muss 16 Hex-Zeichen haben',
    thresholdInvalid: `threshold muss zwischen 0 und ${SIMILARITY_THRESHOLD} liegen`,
    zipIdsInvalid: `ids: 1 bis ${MAX_ZIP_FILES} Upload-IDs, durch Kommas getrennt`,
    passwordsRequired: 'currentPassword und newPassword sind erforderlich',
    newPasswordTooShort: `Das neue Passwort muss mindestens ${MIN_PASSWORD_LENGTH} Zeichen lang sein`,
    apiKeyNameRequired: 'Name ist erforderlich',
    apiKeyNameTooLong: `Name darf höchstens ${API_KEY_NAME_MAX} Zeichen haben`,
    wifiSsidNotText: 'Der WLAN-Name muss Text sein',
    wifiSsidTooLong: `Der WLAN-Name darf höchstens ${WIFI_SSID_MAX_BYTES} Zeichen haben`,
    wifiPasswordNotText: 'Das WLAN-Passwort muss Text sein',
    wifiPasswordTooLong: `Das WLAN-Passwort darf höchstens ${WIFI_PASSWORD.max} Zeichen haben`,
    wifiPasswordTooShort: `Ein WLAN-Passwort (WPA) hat mindestens ${WIFI_PASSWORD.min} Zeichen`,
    s3EndpointInvalid: 'Die Adresse des S3-Speichers muss mit http:// oder https:// beginnen',
    s3RegionNotText: 'Die Region muss Text sein',
    s3BucketRequired: 'Der Bucket fehlt',
    s3PrefixNotText: 'Der Ordner im Bucket muss Text sein',
    s3KeyRequired: 'Die Zugangsschlüssel-ID fehlt',
    invalidEventId: 'Die Event-ID ist ungültig',
    importFolderInvalid: 'Der Ordner muss ein absoluter Pfad auf der Box sein',
  },
  INVALID_PASSWORD: { default: 'Das aktuelle Passwort ist falsch' },
  BAD_PATH: { default: 'Ungültige Adresse' },
  UPLOAD_INCOMPLETE: { default: 'Die Datei ist unvollständig angekommen. Bitte lade sie erneut hoch.' },
  UNAUTHORIZED: {
    default: 'Nicht angemeldet',
    invalidCredentials: 'Ungültige Anmeldedaten',
    badAuthorizationHeader: 'Ungültiger Authorization-Header',
    sessionInvalid: 'Sitzung abgelaufen oder ungültiger Schlüssel',
  },
  FORBIDDEN: {
    default: 'Keine Berechtigung',
    unsortedOnly: `Gäste können nur das Album '${UNSORTED_ALBUM_NAME}' ohne Datum anlegen`,
    hostsUploadAsGuests: 'Hosts laden über die Gästeseite hoch',
    ownUploadsOnly: 'Nur eigene Uploads können geändert werden',
    ownNicknameOnly: 'Nur der eigene Nickname kann geändert werden',
    guestsShareOwn: 'Nur Gäste können ihre eigenen Uploads teilen',
    guestsHeart: 'Nur Gäste können Herzen vergeben',
    ownEntriesOnly: 'Nur eigene Gästebuch-Einträge können gelöscht werden',
    otherEventLink: 'Dieser Link gehört zu einem anderen Event',
    guestsSearchFaces: 'Nur Gäste können mit einem Selfie nach Fotos von sich suchen',
  },
  CONSENT_REQUIRED: { default: 'Bitte zuerst den Nutzungsbedingungen zustimmen' },
  API_KEY_UPLOAD_ONLY: { default: 'API-Schlüssel dürfen nur hochladen' },
  DOWNLOADS_DISABLED: { default: 'Downloads sind für dieses Event nicht freigegeben' },
  CROSS_SITE_REQUEST: { default: 'Diese Anfrage kam von einer fremden Seite und wurde abgelehnt.' },
  EVENT_NOT_STARTED: { default: 'Dieses Event hat noch nicht begonnen. Bitte versuche es später erneut.' },
  EVENT_ENDED: { default: 'Dieses Event akzeptiert keine neuen Uploads mehr.' },
  EVENT_EXPIRED: { default: 'Dieses Event ist abgelaufen und nicht mehr verfügbar.' },
  NOT_FOUND: {
    default: 'Nicht gefunden',
    event: 'Event nicht gefunden',
    clientToken: 'Ungültiger Token oder Fehler beim Laden der Event-Daten.',
    album: 'Album nicht gefunden',
    upload: 'Upload nicht gefunden',
    guest: 'Gast nicht gefunden',
    apiKey: 'API-Schlüssel nicht gefunden',
    nothingToExport: 'Keine Uploads zum Exportieren vorhanden',
    guestbookEntry: 'Gästebuch-Eintrag nicht gefunden',
  },
  UPLOAD_STALLED: {
    default: (d: Details) => `Seit ${d.seconds} Sekunden kam nichts mehr an; der Upload wurde abgebrochen. Bitte versuche es erneut.`,
    slow: (d: Details) =>
      `Der Upload kam zu langsam an (weniger als ${d.kbPerSecond} KB/s); er wurde abgebrochen. Bitte versuche es erneut.`,
  },
  REQUEST_TIMEOUT: { default: 'Die Anfrage kam nicht vollständig an. Bitte versuche es erneut.' },
  NAME_ALREADY_EXISTS: { default: 'Ein API-Schlüssel mit diesem Namen existiert bereits' },
  CODE_ALREADY_EXISTS: { default: 'Diesen Event-Code gibt es schon' },
  DUPLICATE: { default: 'Diese Datei wurde bereits hochgeladen' },
  SHOTS_USED_UP: {
    default: (d: Details) =>
      `Deine ${d.shotsPerGuest} Aufnahmen sind verbraucht: Bei dieser Einwegkamera kannst du keine weiteren Fotos hochladen.`,
  },
  FILE_TOO_LARGE: { default: (d: Details) => `Die Datei ist zu groß. Die maximale Dateigröße beträgt ${megabytes(d.maxSizeBytes)} MB.` },
  PAYLOAD_TOO_LARGE: { default: 'Die Anfrage ist zu groß' },
  UNSUPPORTED_MEDIA_TYPE: {
    default: 'Nur JPG, PNG, HEIC, MP4 und MOV Dateien erlaubt',
    guestbookType:
      'Dieser Anhang ist weder ein Foto noch ein Video noch eine Sprachnachricht. Erlaubt sind Fotos (JPG, PNG, HEIC), Videos (MP4, MOV) und Sprachaufnahmen (AMR, 3GP, M4A, MP3, Opus/WebM, WAV).',
    guestbookBroken: 'Dieser Anhang ist beschädigt oder unvollständig und lässt sich nicht abspielen. Bitte nimm ihn erneut auf.',
    guestbookNoSound: 'In dieser Aufnahme ist kein Ton. Bitte nimm die Sprachnachricht erneut auf.',
  },
  TOO_MANY_ATTEMPTS: { default: 'Zu viele Anmeldeversuche. Bitte warte einige Minuten.' },
  TOO_MANY_REQUESTS: {
    default: 'Zu viele neue Anmeldungen von diesem Gerät. Bitte warte eine Minute und versuche es dann erneut.',
    guestbookPerMinute: `Du hast gerade ${GUESTBOOK_LIMITS.perMinute} Einträge in einer Minute geschrieben. Bitte warte einen Moment und versuche es dann erneut.`,
    guestbookTotal: `Du hast schon ${GUESTBOOK_LIMITS.perGuest} Einträge im Gästebuch hinterlassen, mehr geht nicht. Lösche einen, um einen neuen zu schreiben.`,
  },
  TOO_MANY_PARTIAL_UPLOADS: {
    default: (d: Details) =>
      `Du hast zu viele unfertige Uploads (höchstens ${d.maxSessions} Dateien mit zusammen ${megabytes(d.maxBytes)} MB). Bitte warte, bis deine laufenden Uploads fertig sind, und versuche es dann erneut.`,
    address: (d: Details) =>
      `Von diesem Gerät sind zu viele unfertige Uploads offen (höchstens ${d.maxSessions} Dateien mit zusammen ${megabytes(d.maxBytes)} MB). Bitte warte, bis die laufenden Uploads fertig sind, und versuche es dann erneut.`,
  },
  TOO_MANY_STREAMS: { default: 'Zu viele offene Live-Verbindungen von diesem Gerät. Bitte schließe andere Tabs und lade die Seite neu.' },
  TOO_MANY_DOWNLOADS: { default: 'Es laufen schon zu viele Downloads von diesem Gerät. Bitte warte, bis einer fertig ist.' },
  INTERNAL_ERROR: { default: 'Interner Fehler. Bitte versuche es erneut.' },
  INSUFFICIENT_STORAGE: { default: 'Der Speicher der Momentbox ist voll. Bitte wende dich an den Veranstalter.' },
  S3_NOT_CONFIGURED: { default: 'Es ist noch kein S3-Speicher eingerichtet' },
  PUSH_RUNNING: { default: 'Es läuft schon eine Sicherung' },
  GALLERY_RUNNING: { default: 'Die Online-Galerie dieses Events wird gerade veröffentlicht' },
  IMPORT_RUNNING: { default: 'Es läuft schon ein Import' },
  FACE_SEARCH_OFF: { default: 'Die Gesichtssuche ist für dieses Event nicht eingeschaltet.' },
  SELFIE_UNUSABLE: {
    default: 'Auf dem Selfie ist kein Gesicht zu erkennen. Bitte nimm ein Foto, auf dem dein Gesicht gut zu sehen ist.',
    severalFaces: 'Auf dem Selfie sind mehrere Gesichter. Bitte nimm ein Foto, auf dem nur du zu sehen bist.',
    blurry: 'Das Selfie ist zu unscharf. Bitte halte das Handy ruhig und nimm es noch einmal auf.',
    notAnImage: 'Das ist kein Foto. Bitte nimm ein Selfie mit der Kamera auf.',
    nothingRemembered: 'Es ist kein Selfie von dir gespeichert. Bitte nimm eines auf.',
  },
  BUNDLE_BROKEN: {
    default: (d: Details) => `Das Event lässt sich nicht importieren, es ist unvollständig oder beschädigt: ${d.reason}`,
    notAnExport:
      'Diese ZIP-Datei ist kein Event-Export einer Momentbox (ihr fehlt momentbox/events/…/manifest.json). Importieren lässt sich der ganze Export eines Events aus dem Admin-Bereich.',
    zipUnreadable: (d: Details) =>
      `Die ZIP-Datei ist beschädigt oder unvollständig (${d.reason}). Bitte lade den Export noch einmal herunter.`,
  },
  FACE_ENGINE_UNAVAILABLE: { default: 'Die Gesichtssuche ist gerade nicht verfügbar. Bitte versuche es später noch einmal.' },
  S3_CHECK_FAILED: { default: (d: Details) => `Der S3-Speicher ist nicht erreichbar oder lehnt ab: ${d.reason}` },
} satisfies { [C in ErrorCode]: { default: Text } & Record<string, Text> };

/** The shape every language's messages have: the German keys, each a text or a text of the details. */
export type Messages = { [C in keyof typeof de]: { [V in keyof (typeof de)[C]]: Text } };

// The variants each code has, for AppError's type (src/lib/errors.ts knows no dictionary, only this merged interface).
declare module '../lib/errors.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging needs an interface
  interface ErrorVariants extends VariantsOf<typeof de> {}
}
type VariantsOf<M> = { [C in keyof M]: keyof M[C] & string };
