// The JSON contract of /api, written once: the OpenAPI document is built from these schemas, and the types
// the server answers with and the web app imports (src/http/api-types.ts) are their outputs (`z.output`).
// Field names follow the two specs exactly; additions beyond the spec are marked.
// This file is the contract's layer (scripts/lint/import-boundaries.js): zod, src/domain and src/lib only.
import { z } from 'zod';
import { HEADER_STYLES, WALL_LAYOUTS, WALL_QR_CONTENTS } from '../../domain/limits.ts';
import { ERROR_CODES } from '../../lib/errors.ts';
import { LANGUAGES } from '../../domain/languages.ts';
import { ATTACHMENT_KINDS } from '../../domain/guestbook.ts';

/** ISO 8601 UTC */
const isoTime = z.string().meta({ format: 'date-time' });
const nullableIsoTime = isoTime.nullable();
/** A guest's user id (their session in the event). */
const userId = z.string().meta({ format: 'uuid' });

/** Error body of every non-2xx answer (DESIGN.md's shape): a readable message, a machine code, details such as `field`. */
export const ApiErrorSchema = z
  .object({ error: z.string(), code: z.enum(ERROR_CODES), field: z.string().optional() })
  .passthrough()
  .meta({ id: 'ApiError' });

export const HeaderStyleSchema = z.enum(HEADER_STYLES);
/** addition: computed on the server at answer time */
export const EventStatusSchema = z.enum(['active', 'not_started', 'ended', 'expired']);
export const MediaTypeSchema = z.enum(['photo', 'video']);
export const ProcessingStateSchema = z.enum(['pending', 'processing', 'ready', 'failed']);

/** Answer of calls that only change or delete something. */
export const SuccessSchema = z.object({ success: z.literal(true) }).meta({ id: 'Success' });
/** Answer of the bulk moderation calls. */
export const BulkAnswerSchema = z.object({ success: z.literal(true), count: z.number().int() }).meta({ id: 'BulkAnswer' });

export const AppConfigSchema = z
  .object({
    maxUploadSizeMB: z.number(),
    /** addition: the base URL for links and QR codes (configured, else derived from the request) */
    publicUrl: z.string(),
    /** addition: the venue Wi-Fi for the printable QR material, when configured */
    wifi: z.object({ ssid: z.string(), password: z.string() }).nullable(),
    version: z.string(),
    /** addition: false when publicUrl is a loopback or link-local address, which guests' phones cannot open */
    publicUrlReachable: z.boolean(),
    /** addition: in captive-portal mode the name any guest can type on the venue network (`<shortName>/<code>`), else null */
    shortName: z.string().nullable(),
    /** addition: days after an event's upload window that guests may still view it (the dashboard shows the dates) */
    retentionDays: z.number(),
  })
  .meta({ id: 'AppConfig' });

/** addition: an address of the box that other devices on its networks can reach, as a base URL for links */
export const BoxAddressSchema = z.object({ interface: z.string(), address: z.string(), url: z.string() }).meta({ id: 'BoxAddress' });

/** addition: how the live wall (/event/{code}/wall) shows the event */
export const WallSettingsSchema = z
  .object({
    seconds_per_slide: z.number().int(),
    show_nicknames: z.boolean(),
    include_videos: z.boolean(),
    show_qr: z.boolean(),
    /** Einzelbild, Collage or Hochformat-Paare */
    layout: z.enum(WALL_LAYOUTS),
    /** slow zoom of single pictures (never under prefers-reduced-motion) */
    ken_burns: z.boolean(),
    /** the QR overlay: the event's code, the venue Wi-Fi's, or both side by side */
    qr_content: z.enum(WALL_QR_CONTENTS),
    /** addition (issue 28): photos with hearts come round more often */
    favor_loved: z.boolean(),
    /** addition (issue 27): a guestbook card as every how-manieth slide; 0: none */
    guestbook_every: z.number().int(),
  })
  .meta({ id: 'WallSettings' });

/** addition (issue 28): the disposable-camera mode ('Einwegkamera'); its two parts work alone or together */
export const CameraSettingsSchema = z
  .object({
    /** until this moment guests see only their own uploads (and a countdown); null: no reveal */
    reveal_at: nullableIsoTime,
    /** whether the reveal is still to come, judged by the box's clock when this answer was made */
    sealed: z.boolean(),
    /** seconds from this answer to the reveal (0 when it has come or there is none): a countdown that does not trust the phone's clock */
    reveal_in_seconds: z.number().int(),
    /** uploads per guest ('Noch 17 Aufnahmen'); null: no limit. The couple and API keys are not limited */
    shots_per_guest: z.number().int().nullable(),
    /** 'Gelöschte Fotos geben Aufnahmen zurück' (default false) */
    deleted_shots_return: z.boolean(),
  })
  .meta({ id: 'CameraSettings' });
/** addition: the operator's setup checklist of an event (issue 26): which steps the box has seen done */
export const SetupChecklistSchema = z
  .object({
    /** more albums than the one every event starts with */
    albums: z.boolean(),
    /** the couple's page was opened with their link */
    couple_link: z.boolean(),
    /** the venue Wi-Fi for the cards is set */
    wifi: z.boolean(),
    /** the print view was opened for the event */
    print: z.boolean(),
    /** the event has an upload */
    test_upload: z.boolean(),
    /** the live wall was opened */
    wall: z.boolean(),
    /** the operator hid the checklist (POST /api/event/{eventId}/setup-dismissed) */
    dismissed: z.boolean(),
  })
  .meta({ id: 'SetupChecklist' });

const eventFields = {
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  primary_color: z.string(),
  secondary_color: z.string(),
  header_style: HeaderStyleSchema,
  host_image_url: z.string().nullable(),
  allow_download: z.boolean(),
  event_start_datetime: isoTime,
  event_end_datetime: isoTime,
  event_viewable_until_datetime: isoTime,
  event_duration_days: z.number().int(),
  created_at: isoTime,
  status: EventStatusSchema,
  /** addition: 'Neue Uploads sofort für alle sichtbar', the initial state of the guest's 'Automatisch freigeben' */
  auto_share_uploads: z.boolean(),
  /** addition: 'Standortdaten entfernen', originals reach others without their GPS position (default true) */
  strip_location: z.boolean(),
  wall: WallSettingsSchema,
  /** addition: the language the event's guests see unless they choose another (default 'de') */
  language: z.enum(LANGUAGES),
  camera: CameraSettingsSchema,
  /** addition: the printed cards, as the couple set them in the print view */
  print: z
    .object({
      /** the couple's own line, null without one */
      line: z.string().nullable(),
      /** the day printed, YYYY-MM-DD; null: the event's first day (in the local time of whoever prints) */
      date: z.string().nullable(),
    })
    .meta({ id: 'PrintSettings' }),
  /** addition (issue 30): 'Gesichtssuche', guests may find the photos they are in by a selfie (off by default) */
  face_search: z.boolean(),
};
export const EventDtoSchema = z.object(eventFields).meta({ id: 'EventDto' });
/** What the admin sees in the events list. */
export const AdminEventDtoSchema = z
  .object({
    ...eventFields,
    total_size_mb: z.number(),
    upload_count: z.number().int(),
    client_token: z.string().nullable(),
    /** addition: uploads only their guest sees (not shared or not approved yet) */
    private_count: z.number().int(),
    /** addition: when the newest upload arrived, null without uploads */
    last_upload_at: nullableIsoTime,
    /** addition: the operator's setup checklist on the event's card, each step ticked from the box's state */
    setup: SetupChecklistSchema,
  })
  .meta({ id: 'AdminEventDto' });

const albumFields = {
  id: z.number().int(),
  event_id: z.number().int(),
  name: z.string(),
  visible: z.boolean(),
  start_datetime: nullableIsoTime,
  end_datetime: nullableIsoTime,
  /** addition (issue 28): a photo challenge ('Foto-Aufgabe'), whose name is the prompt; never dated */
  challenge: z.boolean(),
  created_at: isoTime,
};
export const AlbumDtoSchema = z
  .object({
    ...albumFields,
    /** addition: photos and videos in the album (in the host's lists, and in every GalleryAlbumDto) */
    upload_count: z.number().int().optional(),
  })
  .meta({ id: 'AlbumDto' });
/** A grid image in the sizes the box has for it: `thumbnail_srcset` for 1x/2x/3x screens, null for uploads made before it (their thumbnail only). */
export const ThumbnailImageSchema = z
  .object({ thumbnail_path: z.string(), thumbnail_srcset: z.string().nullable() })
  .meta({ id: 'ThumbnailImage' });
/**
 * addition: an album as GET /api/event/{eventId}/albums lists it, with what this viewer may see of it, so
 * the guest page paints its album cards without loading every album's uploads.
 */
export const GalleryAlbumDtoSchema = z
  .object({
    ...albumFields,
    /** the uploads the viewer sees in the album (the uploads list's rule) */
    upload_count: z.number().int(),
    /** of them videos ('Nur Videos' when all are) */
    video_count: z.number().int(),
    /** of them the viewer's own not shared ones (a guest's; 0 for everyone else) */
    own_private_count: z.number().int(),
    /** of them the viewer's own (a guest's; 0 for everyone else): a challenge with one is done ('3 von 8 Aufgaben') */
    own_count: z.number().int(),
    /** the newest photo's thumbnail, else the newest video poster; null without either */
    cover: ThumbnailImageSchema.nullable(),
  })
  .meta({ id: 'GalleryAlbumDto' });

const uploadFields = {
  id: z.number().int(),
  event_id: z.number().int(),
  album_id: z.number().int(),
  type: MediaTypeSchema,
  mime_type: z.string(),
  /** the original file; unguessable URL */
  file_path: z.string(),
  /** grid image (photo thumbnail or video poster); null until made or when processing failed */
  thumbnail_path: z.string().nullable(),
  /** addition: the grid's square tiles for 1x/2x/3x screens as an `<img srcset>`; null where only thumbnail_path exists (videos, photos from before) */
  thumbnail_srcset: z.string().nullable(),
  /** viewer image for photos, browser-playable MP4 for videos; null until made */
  preview_path: z.string().nullable(),
  /** addition: the original as an attachment download */
  download_path: z.string(),
  /** addition: a full-size JPEG as an attachment, for originals most browsers cannot show (HEIC); null otherwise or until made */
  jpeg_download_path: z.string().nullable(),
  original_name: z.string(),
  size_bytes: z.number().int(),
  /** as displayed (upright); for videos null until the processing job has read the file (the upload answer comes before) */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  duration_seconds: z.number().nullable(),
  taken_at: nullableIsoTime,
  approved: z.boolean(),
  user_id: userId.nullable(),
  uploader_nickname: z.string().nullable(),
  nickname: z.string().nullable(),
  created_at: isoTime,
  processing_state: ProcessingStateSchema,
  /** addition (issue 28): how many guests hearted it; which ones the asking guest hearted: GET /api/event/{eventId}/hearts/mine */
  heart_count: z.number().int(),
};
export const UploadDtoSchema = z.object(uploadFields).meta({ id: 'UploadDto' });
/** addition: one page of GET /api/event/{eventId}/uploads?limit=&cursor=, newest first */
export const UploadPageSchema = z
  .object({
    uploads: z.array(UploadDtoSchema),
    /** pass as `cursor` for the next page; null after the last */
    next_cursor: z.string().nullable(),
  })
  .meta({ id: 'UploadPage' });
/** addition: GET /api/event/{eventId}/download-zip/size, the exact size of that ZIP before it starts */
export const ZipSizeSchema = z.object({ size_bytes: z.number().int(), files: z.number().int() }).meta({ id: 'ZipSize' });

/** addition (issue 28): PUT/DELETE /api/event/{eventId}/upload/{uploadId}/heart */
export const HeartAnswerSchema = z
  .object({ upload_id: z.number().int(), heart_count: z.number().int(), hearted: z.boolean() })
  .meta({ id: 'HeartAnswer' });
/** addition (issue 28): GET /api/event/{eventId}/hearts/mine, the uploads the asking guest hearted */
export const MyHeartsSchema = z.object({ upload_ids: z.array(z.number().int()) }).meta({ id: 'MyHearts' });
/** addition (issue 30): the photos of the selfie's person the guest sees, best match first (never a descriptor or a distance) */
export const FaceSearchResultSchema = z
  .object({ uploads: z.array(UploadDtoSchema), remembered: z.boolean() })
  .meta({ id: 'FaceSearchResult' });
/** addition (issue 30): whether a selfie of the asking guest is remembered in the event */
export const FaceSearchMineSchema = z.object({ remembered: z.boolean() }).meta({ id: 'FaceSearchMine' });

/** The upload calls' answers (ingest.routes.ts). */
export const UploadResultSchema = z
  .object({ id: z.number().int(), approved: z.boolean(), album_id: z.number().int(), upload: UploadDtoSchema })
  .meta({ id: 'UploadResult' });
export const ChunkResultSchema = z
  .object({
    /** true while more chunks are needed */
    partial: z.boolean(),
    received: z.array(z.number().int()),
    totalChunks: z.number().int(),
    /** present once the last chunk assembled the file */
    id: z.number().int().optional(),
    approved: z.boolean().optional(),
    album_id: z.number().int().optional(),
    upload: UploadDtoSchema.optional(),
  })
  .meta({ id: 'ChunkResult' });
/** addition: GET /api/event/{eventId}/upload-chunk/status, for resuming an interrupted upload */
export const ChunkStatusSchema = z
  .object({
    received: z.array(z.number().int()),
    totalChunks: z.number().int(),
    complete: z.boolean(),
    /** every chunk is here and the file is being completed right now (hashed, checked, its preview made): ask again shortly */
    processing: z.boolean().optional(),
    /** present once complete, as the last chunk's answer would have carried them (a lost answer loses nothing) */
    id: z.number().int().optional(),
    approved: z.boolean().optional(),
    album_id: z.number().int().optional(),
    upload: UploadDtoSchema.optional(),
  })
  .meta({ id: 'ChunkStatus' });

/** POST /api/event/{code}/consent: the cookie event_{code} is set to this user id. */
export const ConsentGivenSchema = z.object({ hasConsent: z.literal(true), userId }).meta({ id: 'ConsentGiven' });
export const ConsentAnswerSchema = z.object({ hasConsent: z.boolean() }).meta({ id: 'ConsentAnswer' });
export const NicknameAnswerSchema = z.object({ nickname: z.string().nullable() }).meta({ id: 'NicknameAnswer' });
/**
 * Who this browser is in an event (GET /api/event/{code}/me): the guest cookie is HttpOnly, so the web app
 * learns its user id here, from consent (POST .../consent) or from a recovery (POST .../recover).
 */
export const GuestIdentitySchema = z
  .object({
    userId: userId.nullable(),
    hasConsent: z.boolean(),
    nickname: z.string().nullable(),
    /** addition (issue 28): the guest's shots still to take in the Einwegkamera mode; null without a limit */
    shots_left: z.number().int().nullable(),
  })
  .meta({ id: 'GuestIdentity' });
/** POST /api/event/{code}/recover: the cookie is set only when the id has given consent in this event. */
export const RecoverAnswerSchema = z.object({ hasConsent: z.boolean(), userId: userId.nullable() }).meta({ id: 'RecoverAnswer' });

export const CheckExactAnswerSchema = z
  .object({ exists: z.boolean(), duplicate: z.object({ id: z.number().int() }).nullable() })
  .meta({ id: 'CheckExactAnswer' });
export const CheckSimilarAnswerSchema = z
  .object({
    hasSimilar: z.boolean(),
    /**
     * Closest first. Addition: `own` when the asker uploaded it (the web app asks the guest about those only:
     * a similar photo of someone else is uploaded without a question), and then its grid thumbnail.
     */
    matches: z.array(
      z.object({ id: z.number().int(), distance: z.number().int(), own: z.boolean(), thumbnail_path: z.string().nullable() }),
    ),
  })
  .meta({ id: 'CheckSimilarAnswer' });

export const LoginAnswerSchema = z.object({ token: z.string(), expires_at: isoTime }).meta({ id: 'LoginAnswer' });
const apiKeyFields = { id: z.number().int(), name: z.string(), created_at: isoTime, last_used_at: nullableIsoTime };
export const ApiKeyDtoSchema = z.object(apiKeyFields).meta({ id: 'ApiKeyDto' });
export const CreatedApiKeySchema = z.object({ ...apiKeyFields, /** shown once */ api_key: z.string() }).meta({ id: 'CreatedApiKey' });

export const UploaderDtoSchema = z
  .object({ user_id: userId, nickname: z.string().nullable(), upload_count: z.number().int(), recovery_link: z.string() })
  .meta({ id: 'UploaderDto' });
/** A guest's handle for the host: their row id, not their session. */
const guestId = z.number().int().meta({ description: "The guest's handle (not their session); null for uploads without a guest" });
export const UploaderStatSchema = z
  .object({
    guest_id: guestId.nullable(),
    user_id: userId.nullable().meta({ description: "The guest's user id (their session): only in the admin's answers" }),
    nickname: z.string().nullable(),
    upload_count: z.number().int(),
  })
  .meta({ id: 'UploaderStat' });
export const AlbumStatSchema = z.object({ ...albumFields, upload_count: z.number().int() }).meta({ id: 'AlbumStat' });
export const StatisticsDtoSchema = z
  .object({
    uploads: z.number().int(),
    albums: z.number().int(),
    total_size_mb: z.number(),
    /** addition: of total_size_mb, the files as uploaded and what the box made of them (thumbnails, previews, transcoded videos) */
    originals_size_mb: z.number(),
    derived_size_mb: z.number(),
    photos: z.number().int(),
    videos: z.number().int(),
    users: z.array(UploaderStatSchema),
    /** at most 10, by upload count */
    top_uploaders: z.array(UploaderStatSchema),
    album_stats: z.array(AlbumStatSchema),
    /** addition: at most 5 albums holding uploads, by upload count */
    top_albums: z.array(AlbumStatSchema),
    /** addition: every hour (UTC start) from the first upload's to the last one's, empty ones included, the newest 48 at most */
    uploads_per_hour: z.array(z.object({ hour: isoTime, count: z.number().int() })),
    statistics: z.object({ total_size_mb: z.number(), total_uploads: z.number().int(), total_albums: z.number().int() }),
  })
  .meta({ id: 'StatisticsDto' });
/**
 * An upload as the host's moderation list and the export name it: the guest by `guest_id` (the user id is
 * their session: `user_id` is null but for the admin).
 */
export const ModerationUploadDtoSchema = z.object({ ...uploadFields, guest_id: guestId.nullable() }).meta({ id: 'ModerationUploadDto' });
export const ExportAlbumSchema = z
  .object({ ...albumFields, upload_count: z.number().int().optional(), uploads: z.array(ModerationUploadDtoSchema) })
  .meta({ id: 'ExportAlbum' });
export const ExportDtoSchema = z
  .object({
    event: EventDtoSchema,
    albums: z.array(ExportAlbumSchema),
    uploads: z.array(ModerationUploadDtoSchema),
    users: z.array(UploaderStatSchema),
    statistics: z.object({ total_size_mb: z.number(), total_uploads: z.number().int() }),
  })
  .meta({ id: 'ExportDto' });
/** `POST .../export-ticket`: a single-use, one-minute link to the event's ZIP, and where to follow how much of it the box has sent. */
export const ExportTicketSchema = z
  .object({
    url: z.string(),
    expires_at: isoTime,
    /** addition: GET it for ExportProgress while the download runs */
    progress_url: z.string(),
    /** addition: the archive's exact size in bytes, as it is now */
    size_bytes: z.number().int(),
    /** addition: the number of files in it */
    files: z.number().int(),
  })
  .meta({ id: 'ExportTicket' });
/**
 * `GET /api/export-progress/{ticket}`: how much of a ticket's archive the box has written to the client.
 * 'waiting' until the link is opened; 'done' only once the last byte was written; 'failed' when it stopped
 * short (the client left, a file could not be read) or the link was not opened within its minute.
 */
export const ExportProgressSchema = z
  .object({
    state: z.enum(['waiting', 'sending', 'done', 'failed']),
    size_bytes: z.number().int(),
    sent_bytes: z.number().int(),
    files: z.number().int(),
    files_sent: z.number().int(),
  })
  .meta({ id: 'ExportProgress' });
/** `GET .../export-sizes`: the exact size of each export ZIP, for the buttons to state before they are pressed. */
export const ExportSizesSchema = z
  .object({
    size_bytes: z.number().int(),
    files: z.number().int(),
    favorites: z
      .object({ size_bytes: z.number().int(), files: z.number().int() })
      .meta({ description: "addition (issue 28): 'Nur Favoriten', the ZIP of the uploads with hearts (favorites=loved)" }),
    albums: z.array(z.object({ id: z.number().int(), size_bytes: z.number().int(), files: z.number().int() })),
  })
  .meta({ id: 'ExportSizes' });

/** How far the face indexer is with the event's photos and video posters (issue 30): only the host sees it. */
export const FaceProgressSchema = z
  .object({ scanned: z.number().int(), total: z.number().int(), percent: z.number().int() })
  .meta({ id: 'FaceProgress' });
export const ClientSettingsDtoSchema = z
  .object({ event: EventDtoSchema, albums: z.array(AlbumDtoSchema), face_progress: FaceProgressSchema })
  .meta({ id: 'ClientSettingsDto' });
export const ClientTokenAnswerSchema = z.object({ client_token: z.string(), settings_url: z.string() }).meta({ id: 'ClientTokenAnswer' });
/** `GET /api/client/event-uploads/{token}`: one page of the host's moderation list, newest first. */
export const ModerationPageSchema = z
  .object({
    uploads: z.array(ModerationUploadDtoSchema),
    total: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
    /** every guest who uploaded, for the per-guest filter (by `guest_id`, never the user id) */
    guests: z.array(z.object({ guest_id: guestId, nickname: z.string().nullable(), upload_count: z.number().int() })),
  })
  .meta({ id: 'ModerationPage' });

/** addition: `GET/PUT /api/admin/wifi`, the venue Wi-Fi printed on the QR cards; an empty ssid means none. */
export const WifiSettingsSchema = z.object({ ssid: z.string(), password: z.string() }).meta({ id: 'WifiSettings' });
/** addition: `GET /api/admin/box`, what the dashboard shows about the box itself. */
export const BoxStatusSchema = z
  .object({
    disk: z.object({ free_bytes: z.number(), ok: z.boolean() }),
    /** videos waiting for (or in) conversion */
    video_queue: z.number().int(),
  })
  .meta({ id: 'BoxStatus' });
/** `GET /healthz`, for monitoring (503 when degraded). */
export const HealthSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    /** 'ok', or the database's error */
    database: z.string(),
    disk: z.object({ free_bytes: z.number(), ok: z.boolean() }),
    /** jobs waiting (video previews, cleanup); null when the database failed */
    queue: z.object({ length: z.number().int().nullable() }),
    /** unfinished chunked uploads, which phones may still resume; null when the database failed */
    partial_uploads: z.object({ sessions: z.number().int(), bytes: z.number() }).nullable(),
    version: z.string(),
  })
  .meta({ id: 'Health' });
/** `GET/PUT /api/admin/s3`: the S3 storage events are pushed to (issue 29), without its secret key. */
export const S3SettingsSchema = z
  .object({
    endpoint: z.string(),
    region: z.string(),
    bucket: z.string(),
    /** folder inside the bucket, '' for its top */
    prefix: z.string(),
    access_key_id: z.string(),
    /** whether a secret key is stored (the key itself never leaves the box) */
    has_secret: z.boolean(),
  })
  .meta({ id: 'S3Settings' });
/** `GET /api/admin/s3/pushes`: the last push of each event. */
export const EventPushSchema = z
  .object({
    event_id: z.number().int(),
    /** 'interrupted': its process died (killed, power lost); the next push continues it */
    state: z.enum(['running', 'done', 'failed', 'interrupted']),
    started_at: z.string(),
    finished_at: z.string().nullable(),
    files_total: z.number().int(),
    files_done: z.number().int(),
    bytes_total: z.number(),
    bytes_done: z.number(),
    /** what this push sent; the rest was in the bucket already */
    files_sent: z.number().int(),
    bytes_sent: z.number(),
    error: z.string().nullable(),
  })
  .meta({ id: 'EventPush' });

/** `GET /api/admin/s3/galleries`: each event's online gallery, while it is published and afterwards. */
export const GalleryPublicationSchema = z
  .object({
    event_id: z.number().int(),
    state: z.enum(['running', 'done', 'failed']),
    /** behind an unguessable folder (128 random bits) rather than the event's code */
    secret_link: z.boolean(),
    /** its index.html in the bucket (path-style); null before the first publication ended */
    url: z.string().nullable(),
    published_at: z.string().nullable(),
    files_total: z.number().int(),
    files_done: z.number().int(),
    bytes_total: z.number(),
    bytes_done: z.number(),
    error: z.string().nullable(),
  })
  .meta({ id: 'GalleryPublication' });

/**
 * addition (issue 27): a guestbook entry's photo, video message or voice message. Its URLs are read as the
 * entry is: another guest gets a 404 for those of an entry not (or no longer) shared.
 */
export const GuestbookAttachmentDtoSchema = z
  .object({
    kind: z.enum(ATTACHMENT_KINDS),
    state: z.enum(['processing', 'ready', 'failed']).meta({
      description: "'processing' until it plays in every browser (poster, H.264 preview, AAC); 'failed': it could not be made playable",
    }),
    seconds: z.number().nullable().meta({ description: 'How long a video or voice message plays' }),
    url: z.string().nullable().meta({ description: 'What the page shows or plays (JPEG; MP4 H.264/AAC; AAC in MP4), once ready' }),
    poster_url: z.string().nullable().meta({ description: "A photo's or video's thumbnail (JPEG), once ready" }),
    original_url: z.string().meta({ description: 'The file as the guest sent it' }),
  })
  .meta({ id: 'GuestbookAttachmentDto' });

/** addition (issue 27): one guestbook entry. `text` and `name` are plain text: show them as text, never as HTML. */
export const GuestbookEntryDtoSchema = z
  .object({
    id: z.number().int(),
    event_id: z.number().int(),
    name: z.string().meta({ description: 'The name it is signed with' }),
    text: z.string().meta({ description: 'Plain text (line breaks as \\n), at most 1,000 characters' }),
    approved: z.boolean().meta({ description: 'Shared with everyone; else only its writer, the host and the admin see it' }),
    own: z.boolean().meta({ description: 'Written by the asking guest (who may delete it)' }),
    created_at: isoTime,
    attachment: GuestbookAttachmentDtoSchema.nullable().meta({ description: 'Its one attachment, or null' }),
  })
  .meta({ id: 'GuestbookEntryDto' });
/** addition (issue 27): POST …/guestbook/attachment-chunk, an upload chunk's answer whose file ends as a guestbook entry. */
export const AttachmentChunkResultSchema = ChunkResultSchema.omit({ album_id: true, upload: true })
  .extend({ entry: GuestbookEntryDtoSchema.optional().meta({ description: 'present once the last chunk made the entry' }) })
  .meta({ id: 'AttachmentChunkResult' });
/** addition (issue 27): GET …/guestbook/attachment-chunk/status, for resuming an interrupted attachment. */
export const AttachmentChunkStatusSchema = ChunkStatusSchema.omit({ album_id: true, upload: true })
  .extend({ entry: GuestbookEntryDtoSchema.optional().meta({ description: 'present once complete' }) })
  .meta({ id: 'AttachmentChunkStatus' });
/** `GET /api/admin/s3/events`: the pushed events a source holds. */
export const BundleEventSchema = z
  .object({
    code: z.string(),
    name: z.string(),
    uploads: z.number().int(),
    /** this box has an event with this code: importing needs another */
    exists: z.boolean(),
  })
  .meta({ id: 'BundleEvent' });
/** `GET /api/admin/s3/imports`: the imports started since the server started. */
export const ImportRunSchema = z
  .object({
    code: z.string(),
    state: z.enum(['running', 'done', 'failed']),
    files_done: z.number().int(),
    files_total: z.number().int(),
    bytes_done: z.number(),
    bytes_total: z.number(),
    /** the event here, once done */
    event_id: z.number().int().nullable(),
    new_code: z.string().nullable(),
    error: z.string().nullable(),
  })
  .meta({ id: 'ImportRun' });
