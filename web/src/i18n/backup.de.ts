// The dashboard's 'Nach dem Event sichern' and 'Event importieren' (issue 29) in German: the language of the keys
// (backup.en.ts must have the same). A part of its own, loaded when the section shows (useBackupT), so the host
// dictionaries stay small.
export const backupDe = {
  backupTitle: 'Nach dem Event sichern',
  backupIntro:
    'Kopiert Events in einen S3-kompatiblen Speicher (MinIO, AWS, Backblaze …). Eine abgebrochene Sicherung setzt beim nächsten Mal fort.',
  s3Endpoint: 'Endpunkt (Adresse)',
  s3Region: 'Region',
  s3Bucket: 'Bucket',
  s3Prefix: 'Ordner im Bucket',
  s3AccessKey: 'Zugangsschlüssel-ID',
  s3Secret: 'Geheimer Schlüssel',
  s3SecretKept: 'Gespeichert – leer lassen, um ihn zu behalten',
  s3Save: 'Speichern',
  s3Saved: 'S3-Speicher gespeichert',
  s3SaveFailed: 'Fehler beim Speichern des S3-Speichers',
  s3Test: 'Verbindung testen',
  s3TestOk: 'Die Verbindung klappt',
  s3TestFailed: 'Die Verbindung ist fehlgeschlagen',
  pushAll: 'Alle beendeten Events sichern',
  pushOne: 'Sichern',
  pushStarted: 'Sicherung gestartet',
  pushStartFailed: 'Die Sicherung konnte nicht starten',
  pushNever: 'Noch nicht gesichert',
  pushRunning: 'Wird gesichert …',
  pushProgress: (files: number, total: number, mb: string, totalMb: string) => `${files} von ${total} Dateien · ${mb} von ${totalMb}`,
  pushDone: (when: string, files: number, mb: string) =>
    `Gesichert am ${when}: ${files === 0 ? 'nichts Neues' : files === 1 ? '1 Datei' : `${files} Dateien`} gesendet (${mb})`,
  pushFailed: (when: string) => `Sicherung am ${when} fehlgeschlagen`,
  pushInterrupted: 'Abgebrochen – erneut sichern setzt fort',
  pushConfigureFirst: 'Richten Sie zuerst den S3-Speicher ein.',

  // 'Online-Galerie veröffentlichen': a read-only copy of the event in the S3 storage
  galleryPublish: 'Online-Galerie veröffentlichen',
  gallerySecret: 'Nur mit geheimem Link',
  galleryStarted: 'Die Online-Galerie wird veröffentlicht',
  galleryStartFailed: 'Die Online-Galerie konnte nicht starten',
  galleryRunning: (files: number, total: number) => `Wird veröffentlicht … ${files} von ${total} Dateien`,
  galleryDone: (when: string) => `Online-Galerie veröffentlicht am ${when}`,
  galleryFailed: (reason: string) => `Veröffentlichen fehlgeschlagen: ${reason}`,
  galleryLink: 'Link zur Online-Galerie',
  galleryQr: 'QR-Code der Online-Galerie',
  galleryHint: 'Schicken Sie Link oder QR-Code allen, die nicht dabei waren.',

  // 'Event importieren'
  importTitle: 'Event importieren',
  importIntro:
    'Holt ein gesichertes Event zurück auf diese Box: aus dem S3-Speicher oder aus einem Ordner der Box mit derselben Ablage (z. B. ein USB-Stick).',
  importFolder: 'Ordner auf der Box (leer: S3-Speicher)',
  importList: 'Events anzeigen',
  importNone: 'Keine gesicherten Events gefunden',
  importLoadFailed: 'Die gesicherten Events konnten nicht gelesen werden',
  importUploads: (n: number) => (n === 1 ? '1 Upload' : `${n} Uploads`),
  importExists: 'Diesen Code gibt es auf der Box schon',
  importOne: 'Importieren',
  importNewCode: 'Neuer Event-Code',
  importAs: 'Unter neuem Code importieren',
  importStarted: 'Import gestartet',
  importRunning: (files: number, total: number) => `Wird importiert … ${files} von ${total} Dateien`,
  importDone: (code: string) => `Importiert als „${code}“`,
  importFailed: (reason: string) => `Import abgelehnt: ${reason}`,
  // 'Event importieren' from the admin's export ZIP, sent from this computer
  zipTitle: 'Aus einer Export-ZIP',
  zipIntro: 'Die ZIP aus „Exportieren“ eines Events (die ganze Event-ZIP des Admins) bringt das Event mit allen Dateien zurück.',
  zipChoose: 'Export-ZIP wählen',
  zipSending: (percent: number) => `ZIP wird übertragen … ${percent} %`,
  zipFailed: (reason: string) => `Die ZIP wurde nicht angenommen: ${reason}`,
  zipNetwork: 'Die Verbindung ist abgebrochen. Bitte die ZIP noch einmal wählen.',
};

export type BackupDict = typeof backupDe;
