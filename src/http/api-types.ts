// The JSON contract of /api. The web app imports these types (never runtime code from the server).
// Field names follow the two specs exactly; additions beyond the spec are marked.

export type HeaderStyle = 'minimalistic' | 'split' | 'premium';
export type EventStatus = 'active' | 'not_started' | 'ended' | 'expired';
export type MediaType = 'photo' | 'video';
export type ProcessingState = 'pending' | 'processing' | 'ready' | 'failed';

/** Error body of every non-2xx answer. */
export interface ApiError {
  error: string; // a message a user can read
  code: string; // MACHINE_CODE, e.g. VALIDATION_ERROR, NOT_FOUND, FILE_TOO_LARGE, DUPLICATE
  [detail: string]: unknown;
}

/** Machine codes the clients map to their own texts. */
export type ErrorCode =
  | 'VALIDATION_ERROR'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'NAME_ALREADY_EXISTS'
  | 'CODE_ALREADY_EXISTS'
  | 'DUPLICATE'
  | 'FILE_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'PAYLOAD_TOO_LARGE'
  | 'TOO_MANY_ATTEMPTS'
  | 'CONSENT_REQUIRED'
  | 'EVENT_NOT_STARTED'
  | 'EVENT_ENDED'
  | 'EVENT_EXPIRED'
  | 'INSUFFICIENT_STORAGE'
  | 'UPLOAD_INCOMPLETE'
  | 'UPLOAD_STALLED'
  | 'REQUEST_TIMEOUT'
  | 'TOO_MANY_STREAMS'
  | 'TOO_MANY_DOWNLOADS'
  | 'INTERNAL_ERROR';

export interface AppConfig {
  maxUploadSizeMB: number;
  /** addition: the base URL for links and QR codes (configured, else derived from the request) */
  publicUrl: string;
  /** addition: the venue Wi-Fi for the printable QR material, when configured */
  wifi: { ssid: string; password: string } | null;
  version: string;
  /** addition: false when publicUrl is a loopback or link-local address, which guests' phones cannot open */
  publicUrlReachable: boolean;
  /** addition: in captive-portal mode the name any guest can type on the venue network (`<shortName>/<code>`), else null */
  shortName: string | null;
  /** addition: days after an event's upload window that guests may still view it (the dashboard shows the dates) */
  retentionDays: number;
}

/** addition: an address of the box that other devices on its networks can reach, as a base URL for links */
export interface BoxAddress {
  interface: string;
  address: string;
  url: string;
}

export interface EventDto {
  id: number;
  code: string;
  name: string;
  primary_color: string;
  secondary_color: string;
  header_style: HeaderStyle;
  host_image_url: string | null;
  allow_download: boolean;
  event_start_datetime: string; // ISO 8601 UTC
  event_end_datetime: string;
  event_viewable_until_datetime: string;
  event_duration_days: number;
  created_at: string;
  /** addition: computed on the server at answer time */
  status: EventStatus;
  /** addition: 'Neue Uploads sofort für alle sichtbar', the initial state of the guest's 'Automatisch freigeben' */
  auto_share_uploads: boolean;
  /** addition: 'Standortdaten entfernen', originals reach others without their GPS position (default true) */
  strip_location: boolean;
  /** addition: how the live wall (/event/{code}/wall) shows the event */
  wall: WallSettings;
}

export interface WallSettings {
  seconds_per_slide: number;
  show_nicknames: boolean;
  include_videos: boolean;
  show_qr: boolean;
  /** Einzelbild, Collage or Hochformat-Paare */
  layout: 'single' | 'collage' | 'pairs';
  /** slow zoom of single pictures (never under prefers-reduced-motion) */
  ken_burns: boolean;
  /** the QR overlay: the event's code, the venue Wi-Fi's, or both side by side */
  qr_content: 'event' | 'wifi' | 'both';
}

/** What the admin sees in the events list. */
export interface AdminEventDto extends EventDto {
  total_size_mb: number;
  upload_count: number;
  client_token: string | null;
  /** addition: uploads only their guest sees (not shared or not approved yet) */
  private_count: number;
  /** addition: when the newest upload arrived, null without uploads */
  last_upload_at: string | null;
}

export interface AlbumDto {
  id: number;
  event_id: number;
  name: string;
  visible: boolean;
  start_datetime: string | null;
  end_datetime: string | null;
  created_at: string;
  /** addition: photos and videos in the album (in the host's lists, and in every GalleryAlbumDto) */
  upload_count?: number;
}

/** A grid image in the sizes the box has for it: `thumbnail_srcset` for 1x/2x/3x screens, null for uploads made before it (their thumbnail only). */
export interface ThumbnailImage {
  thumbnail_path: string;
  thumbnail_srcset: string | null;
}

/**
 * addition: an album as GET /api/event/{eventId}/albums lists it, with what this viewer may see of it, so
 * the guest page paints its album cards without loading every album's uploads.
 */
export interface GalleryAlbumDto extends AlbumDto {
  /** the uploads the viewer sees in the album (the uploads list's rule) */
  upload_count: number;
  /** of them videos ('Nur Videos' when all are) */
  video_count: number;
  /** of them the viewer's own not shared ones (a guest's; 0 for everyone else) */
  own_private_count: number;
  /** the newest photo's thumbnail, else the newest video poster; null without either */
  cover: ThumbnailImage | null;
}

/** addition: one page of GET /api/event/{eventId}/uploads?limit=&cursor=, newest first */
export interface UploadPage {
  uploads: UploadDto[];
  /** pass as `cursor` for the next page; null after the last */
  next_cursor: string | null;
}

/** addition: GET /api/event/{eventId}/download-zip/size, the exact size of that ZIP before it starts */
export interface ZipSize {
  size_bytes: number;
  files: number;
}

export interface UploadDto {
  id: number;
  event_id: number;
  album_id: number;
  type: MediaType;
  mime_type: string;
  /** the original file; unguessable URL */
  file_path: string;
  /** grid image (photo thumbnail or video poster); null until made or when processing failed */
  thumbnail_path: string | null;
  /** addition: the grid's square tiles for 1x/2x/3x screens as an `<img srcset>`; null where only thumbnail_path exists (videos, photos from before) */
  thumbnail_srcset: string | null;
  /** viewer image for photos, browser-playable MP4 for videos; null until made */
  preview_path: string | null;
  /** addition: the original as an attachment download */
  download_path: string;
  /** addition: a full-size JPEG as an attachment, for originals most browsers cannot show (HEIC); null otherwise or until made */
  jpeg_download_path: string | null;
  original_name: string;
  size_bytes: number;
  width: number | null;
  height: number | null;
  duration_seconds: number | null;
  taken_at: string | null;
  approved: boolean;
  user_id: string | null;
  uploader_nickname: string | null;
  nickname: string | null;
  created_at: string;
  processing_state: ProcessingState;
}

export interface UploadResult {
  id: number;
  approved: boolean;
  album_id: number;
  upload: UploadDto;
}

export interface ChunkResult {
  /** true while more chunks are needed */
  partial: boolean;
  received: number[];
  totalChunks: number;
  /** present once the last chunk assembled the file */
  id?: number;
  approved?: boolean;
  album_id?: number;
  upload?: UploadDto;
}

/** addition: GET /api/event/{eventId}/upload-chunk/status, for resuming an interrupted upload */
export interface ChunkStatus {
  received: number[];
  totalChunks: number;
  complete: boolean;
  /** every chunk is here and the file is being completed right now (hashed, checked, its preview made): ask again shortly */
  processing?: boolean;
  /** present once complete, as the last chunk's answer would have carried them (a lost answer loses nothing) */
  id?: number;
  approved?: boolean;
  album_id?: number;
  upload?: UploadDto;
}

/** POST /api/event/{code}/consent: the cookie event_{code} is set to this user id. */
export interface ConsentGiven {
  hasConsent: true;
  userId: string;
}

export interface ConsentAnswer {
  hasConsent: boolean;
}

export interface NicknameAnswer {
  nickname: string | null;
}

/**
 * Who this browser is in an event (GET /api/event/{code}/me): the guest cookie is HttpOnly, so the web app
 * learns its user id here, from consent (POST .../consent) or from a recovery (POST .../recover).
 */
export interface GuestIdentity {
  userId: string | null;
  hasConsent: boolean;
  nickname: string | null;
}

/** POST /api/event/{code}/recover: the cookie is set only when the id has given consent in this event. */
export interface RecoverAnswer {
  hasConsent: boolean;
  userId: string | null;
}

export interface CheckExactAnswer {
  exists: boolean;
  duplicate: { id: number } | null;
}

export interface CheckSimilarAnswer {
  hasSimilar: boolean;
  /**
   * Closest first. Addition: `own` when the asker uploaded it (the web app asks the guest about those only:
   * a similar photo of someone else is uploaded without a question), and then its grid thumbnail.
   */
  matches: { id: number; distance: number; own: boolean; thumbnail_path: string | null }[];
}

export interface LoginAnswer {
  token: string;
  expires_at: string;
}

export interface ApiKeyDto {
  id: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

export interface CreatedApiKey extends ApiKeyDto {
  api_key: string; // shown once
}

export interface UploaderDto {
  user_id: string;
  nickname: string | null;
  upload_count: number;
  recovery_link: string;
}

export interface UploaderStat {
  /**
   * The guest's handle (as in the moderation list's `guest_id`); null for uploads without a guest: a photo
   * booth's API key (its name as nickname) or the admin.
   */
  guest_id: number | null;
  /** The guest's user id, which is their session: only in the admin's answers (null for the host and without a guest). */
  user_id: string | null;
  nickname: string | null;
  upload_count: number;
}

export interface AlbumStat extends AlbumDto {
  upload_count: number;
}

export interface StatisticsDto {
  uploads: number;
  albums: number;
  total_size_mb: number;
  photos: number;
  videos: number;
  users: UploaderStat[];
  top_uploaders: UploaderStat[]; // at most 10, by upload count
  album_stats: AlbumStat[];
  statistics: { total_size_mb: number; total_uploads: number; total_albums: number };
}

export interface ExportAlbum extends AlbumDto {
  uploads: ModerationUploadDto[];
}

export interface ExportDto {
  event: EventDto;
  albums: ExportAlbum[];
  uploads: ModerationUploadDto[];
  users: UploaderStat[];
  statistics: { total_size_mb: number; total_uploads: number };
}

/** `POST /api/event/{id}/export-ticket`: a single-use, one-minute link to the event's ZIP. */
export interface ExportTicket {
  url: string;
  expires_at: string;
}

export interface ClientSettingsDto {
  event: EventDto;
  albums: AlbumDto[];
}

export interface ClientTokenAnswer {
  client_token: string;
  settings_url: string;
}

/** `GET /api/client/event-uploads/{token}`: one page of the host's moderation list, newest first. */
export interface ModerationPage {
  uploads: ModerationUploadDto[];
  total: number;
  limit: number;
  offset: number;
  /** every guest who uploaded, for the per-guest filter (by `guest_id`, never the user id) */
  guests: { guest_id: number; nickname: string | null; upload_count: number }[];
}

/**
 * An upload as the host's moderation list and the export name it: the guest by `guest_id` (the user id is
 * their session: `user_id` is null but for the admin).
 */
export interface ModerationUploadDto extends UploadDto {
  guest_id: number | null;
}

/** Answer of calls that only change or delete something. */
export interface Success {
  success: true;
}

/** Answer of the bulk moderation calls. */
export interface BulkAnswer {
  success: true;
  count: number;
}

/** addition: `GET/PUT /api/admin/wifi`, the venue Wi-Fi printed on the QR cards; an empty ssid means none. */
export interface WifiSettings {
  ssid: string;
  password: string;
}

/** addition: `GET /api/admin/box`, what the dashboard shows about the box itself. */
export interface BoxStatus {
  disk: { free_bytes: number; ok: boolean };
  /** videos waiting for (or in) conversion */
  video_queue: number;
}

/** `GET /healthz`, for monitoring (503 when degraded). */
export interface Health {
  status: 'ok' | 'degraded';
  /** 'ok', or the database's error */
  database: string;
  disk: { free_bytes: number; ok: boolean };
  /** jobs waiting (video previews, cleanup); null when the database failed */
  queue: { length: number | null };
  /** unfinished chunked uploads, which phones may still resume; null when the database failed */
  partial_uploads: { sessions: number; bytes: number } | null;
  version: string;
}
