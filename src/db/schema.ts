import { sql } from 'drizzle-orm';
import { blob, index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { ATTACHMENT_KINDS } from '../domain/guestbook.ts';
import { HEADER_STYLES, WALL_GUESTBOOK_EVERY, WALL_LAYOUTS, WALL_QR_CONTENTS, WALL_SECONDS } from '../domain/limits.ts';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../domain/languages.ts';

// Times are ISO 8601 UTC text. Deleting an event or album cascades to what belongs to it;
// the media files are removed by the services before the rows go.

const createdAt = () =>
  text('created_at')
    .notNull()
    .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`);

export const events = sqliteTable('events', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  primaryColor: text('primary_color').notNull(),
  secondaryColor: text('secondary_color').notNull(),
  headerStyle: text('header_style', { enum: HEADER_STYLES }).notNull().default('minimalistic'),
  /** storage key of the resized host image, or null */
  hostImageKey: text('host_image_key'),
  allowDownload: integer('allow_download', { mode: 'boolean' }).notNull().default(true),
  startAt: text('event_start_datetime').notNull(),
  durationDays: integer('event_duration_days').notNull().default(14),
  /** the host's settings-link token; regenerating replaces it */
  clientToken: text('client_token').unique(),
  /** 'Neue Uploads sofort für alle sichtbar': the initial state of the guests' 'Automatisch freigeben' box */
  autoShareUploads: integer('auto_share_uploads', { mode: 'boolean' }).notNull().default(true),
  /** 'Standortdaten entfernen': originals reach others without their GPS position (the uploader gets theirs as sent) */
  stripLocation: integer('strip_location', { mode: 'boolean' }).notNull().default(true),
  /** the live wall (/event/{code}/wall) */
  wallSecondsPerSlide: integer('wall_seconds_per_slide').notNull().default(WALL_SECONDS.default),
  wallShowNicknames: integer('wall_show_nicknames', { mode: 'boolean' }).notNull().default(false),
  wallIncludeVideos: integer('wall_include_videos', { mode: 'boolean' }).notNull().default(true),
  wallShowQr: integer('wall_show_qr', { mode: 'boolean' }).notNull().default(true),
  wallLayout: text('wall_layout', { enum: WALL_LAYOUTS }).notNull().default('single'),
  /** slow zoom of each single picture (off under prefers-reduced-motion) */
  wallKenBurns: integer('wall_ken_burns', { mode: 'boolean' }).notNull().default(false),
  wallQrContent: text('wall_qr_content', { enum: WALL_QR_CONTENTS }).notNull().default('event'),
  /** the wall shows photos with hearts more often (issue 28) */
  wallFavorLoved: integer('wall_favor_loved', { mode: 'boolean' }).notNull().default(false),
  /** a guestbook card as every how-manieth slide of the wall, 0: none (issue 27) */
  wallGuestbookEvery: integer('wall_guestbook_every').notNull().default(WALL_GUESTBOOK_EVERY.default),
  /** the language its guests see unless they choose another (issue 25) */
  language: text('language', { enum: LANGUAGES }).notNull().default(DEFAULT_LANGUAGE),
  /** Einwegkamera (issue 28): until this moment guests see only their own uploads (domain/permissions.ts); null: no reveal */
  revealAt: text('reveal_at'),
  /** Einwegkamera: uploads per guest ('Aufnahmen'); null: unlimited. The couple and API keys are never limited. */
  shotsPerGuest: integer('shots_per_guest'),
  /** 'Gelöschte Fotos geben Aufnahmen zurück' */
  deletedShotsReturn: integer('deleted_shots_return', { mode: 'boolean' }).notNull().default(false),
  /** the printed cards (issue 26): the couple's own line, and the day printed on them (null: the event's first day) */
  printLine: text('print_line'),
  printDate: text('print_date'),
  /** the operator's setup checklist (issue 26): first openings the server saw, and when the checklist was dismissed */
  coupleOpenedAt: text('couple_opened_at'),
  printOpenedAt: text('print_opened_at'),
  wallOpenedAt: text('wall_opened_at'),
  setupDismissedAt: text('setup_dismissed_at'),
  /**
   * 'Gesichtssuche' (issue 30): the faces of its photos are described on the box so guests can find themselves.
   * Off by default; turning it off deletes every face row of the event (services/faces.service.ts).
   */
  faceSearch: integer('face_search', { mode: 'boolean' }).notNull().default(false),
  createdAt: createdAt(),
});

export const albums = sqliteTable(
  'albums',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    visible: integer('visible', { mode: 'boolean' }).notNull().default(true),
    startAt: text('start_datetime'),
    endAt: text('end_datetime'),
    /** a photo challenge ('Foto-Aufgabe', issue 28): its name is the prompt; an album in every other respect, never dated */
    challenge: integer('challenge', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('albums_event_idx').on(t.eventId)],
);

export const guests = sqliteTable(
  'guests',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    nickname: text('nickname'),
    consentAt: text('consent_at'),
    /** Einwegkamera: the guest's uploads so far, deleted ones included unless the event gives them back */
    shotsTaken: integer('shots_taken').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('guests_event_user_idx').on(t.eventId, t.userId)],
);

export const apiKeys = sqliteTable('api_keys', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull().unique(),
  keyHash: text('key_hash').notNull().unique(),
  createdAt: createdAt(),
  lastUsedAt: text('last_used_at'),
});

export const uploads = sqliteTable(
  'uploads',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    albumId: integer('album_id')
      .notNull()
      .references(() => albums.id, { onDelete: 'cascade' }),
    /** guest user id (cookie), null for admin and API-key uploads */
    userId: text('user_id'),
    apiKeyId: integer('api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    type: text('type', { enum: ['photo', 'video'] }).notNull(),
    mimeType: text('mime_type').notNull(),
    /** random 128-bit key naming the folder of this upload's files; appears in its URLs */
    storageKey: text('storage_key').notNull().unique(),
    originalExt: text('original_ext').notNull(),
    originalName: text('original_name').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** total bytes on disk: original plus derivatives */
    storedBytes: integer('stored_bytes').notNull(),
    sha256: text('sha256').notNull(),
    dhash: text('dhash'),
    width: integer('width'),
    height: integer('height'),
    durationSeconds: real('duration_seconds'),
    takenAt: text('taken_at'),
    approved: integer('approved', { mode: 'boolean' }).notNull().default(false),
    hasThumbnail: integer('has_thumbnail', { mode: 'boolean' }).notNull().default(false),
    /** photos: the grid's 1x and 3x thumbnails exist beside the thumbnail (made since 0006; older uploads have the thumbnail only) */
    tileThumbnails: integer('tile_thumbnails', { mode: 'boolean' }).notNull().default(false),
    /** photos: 'preview.jpg'; videos: 'preview.mp4' when transcoded, 'original' when already playable */
    previewFile: text('preview_file'),
    processingState: text('processing_state', { enum: ['pending', 'processing', 'ready', 'failed'] })
      .notNull()
      .default('pending'),
    processingError: text('processing_error'),
    /** how many guests hearted it (rows of `hearts`, kept with them in one transaction): answers and 'Beliebteste' need no join */
    heartCount: integer('heart_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    // The gallery's pages, newest first (created_at, then the rowid every SQLite index ends with): per album and per event.
    index('uploads_event_album_created_idx').on(t.eventId, t.albumId, t.createdAt),
    index('uploads_event_created_idx').on(t.eventId, t.createdAt),
    uniqueIndex('uploads_event_sha_idx').on(t.eventId, t.sha256),
    index('uploads_event_dhash_idx').on(t.eventId, t.dhash),
    // 'Beliebteste': most hearts first, then newest, per album and per event.
    index('uploads_event_album_hearts_idx').on(t.eventId, t.albumId, t.heartCount, t.createdAt),
    index('uploads_event_hearts_idx').on(t.eventId, t.heartCount, t.createdAt),
  ],
);
/** An upload as stored (services, jobs and the live bus share it; no service owns it). */
export type UploadRow = typeof uploads.$inferSelect;

/** One heart per guest identity (the cookie's user id, never the address: a venue shares one) per upload. */
export const hearts = sqliteTable(
  'hearts',
  {
    uploadId: integer('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('hearts_upload_user_idx').on(t.uploadId, t.userId), index('hearts_event_user_idx').on(t.eventId, t.userId)],
);
/**
 * The guestbook (issue 27): messages the guests leave, signed with a name, shown as the uploads list's
 * sharing rule says. The text is plain text, cleaned of invisible characters; it is never HTML.
 */
export const guestbookEntries = sqliteTable(
  'guestbook_entries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** the writing guest's user id (cookie), null for the admin's */
    userId: text('user_id'),
    /** the name it is signed with, as it was when written */
    name: text('name').notNull(),
    text: text('text').notNull(),
    approved: integer('approved', { mode: 'boolean' }).notNull().default(false),
    /** its one attachment, if any: a photo (a selfie), a video message or a voice message */
    attachmentKind: text('attachment_kind', { enum: ATTACHMENT_KINDS }),
    /** random 128-bit key naming the attachment's folder (media/<event>/guestbook/<key>/); appears in its URLs */
    attachmentKey: text('attachment_key').unique(),
    /** the original as sent: its extension (by content), MIME type, size, and the name the phone gave it */
    attachmentExt: text('attachment_ext'),
    attachmentMime: text('attachment_mime'),
    attachmentBytes: integer('attachment_bytes'),
    attachmentName: text('attachment_name'),
    /** how long a video or voice message plays */
    attachmentSeconds: real('attachment_seconds'),
    /** 'processing' until the job queue has made it playable (poster, H.264 preview, AAC), then 'ready' */
    attachmentState: text('attachment_state', { enum: ['processing', 'ready', 'failed'] }),
    /** the file browsers play or show: 'original', or a derived file of its folder */
    attachmentPlayable: text('attachment_playable'),
    createdAt: createdAt(),
  },
  (t) => [index('guestbook_event_created_idx').on(t.eventId, t.createdAt), index('guestbook_event_user_idx').on(t.eventId, t.userId)],
);
export type GuestbookRow = typeof guestbookEntries.$inferSelect;

export const adminCredentials = sqliteTable('admin_credentials', {
  id: integer('id').primaryKey(),
  passwordHash: text('password_hash').notNull(),
  updatedAt: text('updated_at').notNull(),
});

export const adminSessions = sqliteTable('admin_sessions', {
  tokenHash: text('token_hash').primaryKey(),
  createdAt: createdAt(),
  expiresAt: text('expires_at').notNull(),
});

/** Persistent background work (video previews); survives restarts. */
export const jobs = sqliteTable(
  'jobs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind').notNull(),
    uploadId: integer('upload_id').references(() => uploads.id, { onDelete: 'cascade' }),
    /** a guestbook attachment's job (issue 27): uploadId is then null */
    guestbookEntryId: integer('guestbook_entry_id').references(() => guestbookEntries.id, { onDelete: 'cascade' }),
    state: text('state', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: text('updated_at'),
  },
  (t) => [index('jobs_state_idx').on(t.state, t.id)],
);

/** Chunked uploads in progress: which event, who, and what was declared; chunks live in tmp/. */
export const chunkSessions = sqliteTable(
  'chunk_sessions',
  {
    key: text('key').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** who sends it (guest:<id>, key:<id>, admin): unfinished sessions are limited per owner */
    owner: text('owner').notNull().default(''),
    /** the client address that started it: unfinished sessions are limited per address too (many cookies, one phone) */
    address: text('address').notNull().default(''),
    fileName: text('file_name').notNull(),
    fileSize: integer('file_size').notNull(),
    totalChunks: integer('total_chunks').notNull(),
    /** bytes of the chunks held on disk, kept with every chunk so limits need no folder walk */
    receivedBytes: integer('received_bytes').notNull().default(0),
    /** set once assembled, so a client that lost the last answer can ask for it */
    uploadId: integer('upload_id').references(() => uploads.id, { onDelete: 'cascade' }),
    /** the same for a guestbook attachment sent in chunks (issue 27): the entry its file became */
    guestbookEntryId: integer('guestbook_entry_id').references(() => guestbookEntries.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [index('chunk_sessions_owner_idx').on(t.owner, t.uploadId)],
);

/**
 * Devices on the venue network that joined the captive portal (its button, or consent on an event page):
 * their connectivity checks get the genuine 'online' answers until `joined_until`. Known by MAC where the
 * neighbour table has it (a phone keeps its MAC on one network while its DHCP address may change), else by address.
 */
export const portalDevices = sqliteTable(
  'portal_devices',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    address: text('address').notNull(),
    mac: text('mac'),
    joinedUntil: text('joined_until').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('portal_devices_address_idx').on(t.address), index('portal_devices_mac_idx').on(t.mac)],
);

/** Settings of the box itself that the admin changes in the dashboard (the venue Wi-Fi for printed cards), one row per key. */
export const boxSettings = sqliteTable('box_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: text('updated_at').notNull(),
});

/**
 * The last push of each event to the S3 bucket (issue 29): its progress while it runs (written by the pushing
 * process, read by the dashboard) and its result afterwards. A push whose process died stays 'running' with
 * a `pid` that no longer lives: the dashboard shows it as interrupted, and the next push continues it.
 */
export const eventPushes = sqliteTable('event_pushes', {
  eventId: integer('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  state: text('state', { enum: ['running', 'done', 'failed'] }).notNull(),
  pid: integer('pid'),
  startedAt: text('started_at').notNull(),
  finishedAt: text('finished_at'),
  /** every object of the event's manifest, and how many of them (and bytes) are in the bucket by now */
  filesTotal: integer('files_total').notNull().default(0),
  bytesTotal: integer('bytes_total').notNull().default(0),
  filesDone: integer('files_done').notNull().default(0),
  bytesDone: integer('bytes_done').notNull().default(0),
  /** what this push sent (the rest was there already) */
  filesSent: integer('files_sent').notNull().default(0),
  bytesSent: integer('bytes_sent').notNull().default(0),
  error: text('error'),
});

/**
 * The faces found in an upload's picture (issue 30): biometric data (GDPR Art. 9), scoped to the event, gone with
 * the event, the upload, or the event's 'Gesichtssuche'. Never part of an answer, export, log or online gallery.
 */
export const faces = sqliteTable(
  'faces',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    uploadId: integer('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    /** where the face is in the upright picture, relative 0..1 */
    boxX: real('box_x').notNull(),
    boxY: real('box_y').notNull(),
    boxW: real('box_w').notNull(),
    boxH: real('box_h').notNull(),
    /** the 128-dimension recognition descriptor: 512 bytes of little-endian float32 */
    descriptor: blob('descriptor', { mode: 'buffer' }).notNull(),
  },
  (t) => [index('faces_event_idx').on(t.eventId), index('faces_upload_idx').on(t.uploadId)],
);

/** Which uploads the face indexer has looked at (one row each, with or without faces), so progress and the next one are queries. */
export const faceScans = sqliteTable(
  'face_scans',
  {
    uploadId: integer('upload_id')
      .primaryKey()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    state: text('state', { enum: ['done', 'failed'] }).notNull(),
    faceCount: integer('face_count').notNull().default(0),
    error: text('error'),
    scannedAt: text('scanned_at').notNull(),
  },
  (t) => [index('face_scans_event_idx').on(t.eventId)],
);

/**
 * Face search (issue 30), what is kept of the guests who search: biometric data, so only what each guest chose,
 * scoped to the event, never in any answer, export or bundle. The selfie itself is never kept: a descriptor is.
 * A guest who chose 'remember me' keeps their selfie's descriptor (one per guest and event).
 */
export const faceSearchSelfies = sqliteTable(
  'face_search_selfies',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    /** 512 bytes of little-endian float32, as `faces.descriptor` */
    descriptor: blob('descriptor', { mode: 'buffer' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('face_search_selfies_event_user_idx').on(t.eventId, t.userId)],
);
/** 'Mich aus der Gesichtssuche entfernen': every face within the threshold of one of these is nobody's match in the event. */
export const faceExclusions = sqliteTable(
  'face_exclusions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** who asked: 'Meine Daten löschen' deletes it with the rest */
    userId: text('user_id').notNull(),
    descriptor: blob('descriptor', { mode: 'buffer' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('face_exclusions_event_idx').on(t.eventId, t.userId)],
);
/** 'Das bin ich nicht': a photo a guest dropped from their own results. */
export const faceDrops = sqliteTable(
  'face_drops',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    uploadId: integer('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('face_drops_event_user_upload_idx').on(t.eventId, t.userId, t.uploadId)],
);
