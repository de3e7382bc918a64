// The answers of /api as zod schemas, for the OpenAPI document (a generated client gets typed answers).
// src/http/api-types.ts stays the contract the web app imports; each schema here is checked against its
// type there (`matches<T>()`), so a field added, removed or retyped on one side only fails `tsc`.
import { z } from 'zod';
import type * as Api from '../api-types.ts';

/** Both directions assignable: the schema's output is the api-types type, field for field. */
type Same<S extends z.ZodType, T> = [z.output<S>] extends [T] ? ([T] extends [z.output<S>] ? S : never) : never;
/** The schema unchanged, or a type error naming the api-types type it drifted from. */
const matches =
  <T>() =>
  <S extends z.ZodType>(schema: S & Same<S, T>): S =>
    schema;

const isoTime = z.string().meta({ format: 'date-time' });
const nullableIsoTime = isoTime.nullable();
/** A guest's user id (their session in the event). */
const userId = z.string().meta({ format: 'uuid' });

export const SuccessSchema = matches<Api.Success>()(z.object({ success: z.literal(true) }).meta({ id: 'Success' }));
export const BulkAnswerSchema = matches<Api.BulkAnswer>()(z.object({ success: z.literal(true), count: z.number().int() }).meta({ id: 'BulkAnswer' }));

export const AppConfigSchema = matches<Api.AppConfig>()(
  z
    .object({
      maxUploadSizeMB: z.number(),
      publicUrl: z.string(),
      wifi: z.object({ ssid: z.string(), password: z.string() }).nullable(),
      version: z.string(),
      publicUrlReachable: z.boolean(),
      shortName: z.string().nullable(),
      retentionDays: z.number(),
    })
    .meta({ id: 'AppConfig' }),
);

export const BoxAddressSchema = matches<Api.BoxAddress>()(
  z.object({ interface: z.string(), address: z.string(), url: z.string() }).meta({ id: 'BoxAddress' }),
);

const WallSettingsSchema = matches<Api.WallSettings>()(
  z
    .object({
      seconds_per_slide: z.number().int(),
      show_nicknames: z.boolean(),
      include_videos: z.boolean(),
      show_qr: z.boolean(),
      layout: z.enum(['single', 'collage', 'pairs']),
      ken_burns: z.boolean(),
      qr_content: z.enum(['event', 'wifi', 'both']),
    })
    .meta({ id: 'WallSettings' }),
);

const eventFields = {
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  primary_color: z.string(),
  secondary_color: z.string(),
  header_style: z.enum(['minimalistic', 'split', 'premium']),
  host_image_url: z.string().nullable(),
  allow_download: z.boolean(),
  event_start_datetime: isoTime,
  event_end_datetime: isoTime,
  event_viewable_until_datetime: isoTime,
  event_duration_days: z.number().int(),
  created_at: isoTime,
  status: z.enum(['active', 'not_started', 'ended', 'expired']),
  auto_share_uploads: z.boolean(),
  strip_location: z.boolean(),
  wall: WallSettingsSchema,
};
export const EventDtoSchema = matches<Api.EventDto>()(z.object(eventFields).meta({ id: 'EventDto' }));
export const AdminEventDtoSchema = matches<Api.AdminEventDto>()(
  z
    .object({
      ...eventFields,
      total_size_mb: z.number(),
      upload_count: z.number().int(),
      client_token: z.string().nullable(),
      private_count: z.number().int(),
      last_upload_at: nullableIsoTime,
    })
    .meta({ id: 'AdminEventDto' }),
);

const albumFields = {
  id: z.number().int(),
  event_id: z.number().int(),
  name: z.string(),
  visible: z.boolean(),
  start_datetime: nullableIsoTime,
  end_datetime: nullableIsoTime,
  created_at: isoTime,
};
export const AlbumDtoSchema = matches<Api.AlbumDto>()(
  z.object({ ...albumFields, upload_count: z.number().int().optional() }).meta({ id: 'AlbumDto' }),
);
export const ThumbnailImageSchema = matches<Api.ThumbnailImage>()(
  z.object({ thumbnail_path: z.string(), thumbnail_srcset: z.string().nullable() }).meta({ id: 'ThumbnailImage' }),
);
export const GalleryAlbumDtoSchema = matches<Api.GalleryAlbumDto>()(
  z
    .object({
      ...albumFields,
      upload_count: z.number().int(),
      video_count: z.number().int(),
      own_private_count: z.number().int(),
      cover: ThumbnailImageSchema.nullable(),
    })
    .meta({ id: 'GalleryAlbumDto' }),
);

const uploadFields = {
  id: z.number().int(),
  event_id: z.number().int(),
  album_id: z.number().int(),
  type: z.enum(['photo', 'video']),
  mime_type: z.string(),
  file_path: z.string(),
  thumbnail_path: z.string().nullable(),
  thumbnail_srcset: z.string().nullable(),
  preview_path: z.string().nullable(),
  download_path: z.string(),
  jpeg_download_path: z.string().nullable(),
  original_name: z.string(),
  size_bytes: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  duration_seconds: z.number().nullable(),
  taken_at: nullableIsoTime,
  approved: z.boolean(),
  user_id: userId.nullable(),
  uploader_nickname: z.string().nullable(),
  nickname: z.string().nullable(),
  created_at: isoTime,
  processing_state: z.enum(['pending', 'processing', 'ready', 'failed']),
};
export const UploadDtoSchema = matches<Api.UploadDto>()(z.object(uploadFields).meta({ id: 'UploadDto' }));
export const UploadPageSchema = matches<Api.UploadPage>()(
  z.object({ uploads: z.array(UploadDtoSchema), next_cursor: z.string().nullable() }).meta({ id: 'UploadPage' }),
);
export const ZipSizeSchema = matches<Api.ZipSize>()(
  z.object({ size_bytes: z.number().int(), files: z.number().int() }).meta({ id: 'ZipSize' }),
);

/** The upload calls' answers (ingest.routes.ts). */
export const UploadResultSchema = matches<Api.UploadResult>()(
  z.object({ id: z.number().int(), approved: z.boolean(), album_id: z.number().int(), upload: UploadDtoSchema }).meta({ id: 'UploadResult' }),
);
export const ChunkResultSchema = matches<Api.ChunkResult>()(
  z
    .object({
      partial: z.boolean(),
      received: z.array(z.number().int()),
      totalChunks: z.number().int(),
      id: z.number().int().optional(),
      approved: z.boolean().optional(),
      album_id: z.number().int().optional(),
      upload: UploadDtoSchema.optional(),
    })
    .meta({ id: 'ChunkResult' }),
);
export const ChunkStatusSchema = matches<Api.ChunkStatus>()(
  z
    .object({
      received: z.array(z.number().int()),
      totalChunks: z.number().int(),
      complete: z.boolean(),
      processing: z.boolean().optional(),
      id: z.number().int().optional(),
      approved: z.boolean().optional(),
      album_id: z.number().int().optional(),
      upload: UploadDtoSchema.optional(),
    })
    .meta({ id: 'ChunkStatus' }),
);

export const ConsentGivenSchema = matches<Api.ConsentGiven>()(z.object({ hasConsent: z.literal(true), userId }).meta({ id: 'ConsentGiven' }));
export const ConsentAnswerSchema = matches<Api.ConsentAnswer>()(z.object({ hasConsent: z.boolean() }).meta({ id: 'ConsentAnswer' }));
export const NicknameAnswerSchema = matches<Api.NicknameAnswer>()(z.object({ nickname: z.string().nullable() }).meta({ id: 'NicknameAnswer' }));
export const GuestIdentitySchema = matches<Api.GuestIdentity>()(
  z.object({ userId: userId.nullable(), hasConsent: z.boolean(), nickname: z.string().nullable() }).meta({ id: 'GuestIdentity' }),
);
export const RecoverAnswerSchema = matches<Api.RecoverAnswer>()(
  z.object({ hasConsent: z.boolean(), userId: userId.nullable() }).meta({ id: 'RecoverAnswer' }),
);

export const CheckExactAnswerSchema = matches<Api.CheckExactAnswer>()(
  z.object({ exists: z.boolean(), duplicate: z.object({ id: z.number().int() }).nullable() }).meta({ id: 'CheckExactAnswer' }),
);
export const CheckSimilarAnswerSchema = matches<Api.CheckSimilarAnswer>()(
  z
    .object({
      hasSimilar: z.boolean(),
      matches: z.array(z.object({ id: z.number().int(), distance: z.number().int(), own: z.boolean(), thumbnail_path: z.string().nullable() })),
    })
    .meta({ id: 'CheckSimilarAnswer' }),
);

export const LoginAnswerSchema = matches<Api.LoginAnswer>()(z.object({ token: z.string(), expires_at: isoTime }).meta({ id: 'LoginAnswer' }));
const apiKeyFields = { id: z.number().int(), name: z.string(), created_at: isoTime, last_used_at: nullableIsoTime };
export const ApiKeyDtoSchema = matches<Api.ApiKeyDto>()(z.object(apiKeyFields).meta({ id: 'ApiKeyDto' }));
export const CreatedApiKeySchema = matches<Api.CreatedApiKey>()(z.object({ ...apiKeyFields, api_key: z.string() }).meta({ id: 'CreatedApiKey' }));

export const UploaderDtoSchema = matches<Api.UploaderDto>()(
  z.object({ user_id: userId, nickname: z.string().nullable(), upload_count: z.number().int(), recovery_link: z.string() }).meta({ id: 'UploaderDto' }),
);
/** A guest's handle for the host: their row id, not their session. */
const guestId = z.number().int().meta({ description: "The guest's handle (not their session); null for uploads without a guest" });
const UploaderStatSchema = matches<Api.UploaderStat>()(
  z
    .object({
      guest_id: guestId.nullable(),
      user_id: userId.nullable().meta({ description: "The guest's user id (their session): only in the admin's answers" }),
      nickname: z.string().nullable(),
      upload_count: z.number().int(),
    })
    .meta({ id: 'UploaderStat' }),
);
const AlbumStatSchema = matches<Api.AlbumStat>()(z.object({ ...albumFields, upload_count: z.number().int() }).meta({ id: 'AlbumStat' }));
export const StatisticsDtoSchema = matches<Api.StatisticsDto>()(
  z
    .object({
      uploads: z.number().int(),
      albums: z.number().int(),
      total_size_mb: z.number(),
      photos: z.number().int(),
      videos: z.number().int(),
      users: z.array(UploaderStatSchema),
      top_uploaders: z.array(UploaderStatSchema),
      album_stats: z.array(AlbumStatSchema),
      statistics: z.object({ total_size_mb: z.number(), total_uploads: z.number().int(), total_albums: z.number().int() }),
    })
    .meta({ id: 'StatisticsDto' }),
);
const ModerationUploadDtoSchema = matches<Api.ModerationUploadDto>()(z.object({ ...uploadFields, guest_id: guestId.nullable() }).meta({ id: 'ModerationUploadDto' }));
const ExportAlbumSchema = matches<Api.ExportAlbum>()(
  z.object({ ...albumFields, upload_count: z.number().int().optional(), uploads: z.array(ModerationUploadDtoSchema) }).meta({ id: 'ExportAlbum' }),
);
export const ExportDtoSchema = matches<Api.ExportDto>()(
  z
    .object({
      event: EventDtoSchema,
      albums: z.array(ExportAlbumSchema),
      uploads: z.array(ModerationUploadDtoSchema),
      users: z.array(UploaderStatSchema),
      statistics: z.object({ total_size_mb: z.number(), total_uploads: z.number().int() }),
    })
    .meta({ id: 'ExportDto' }),
);
export const ExportTicketSchema = matches<Api.ExportTicket>()(z.object({ url: z.string(), expires_at: isoTime }).meta({ id: 'ExportTicket' }));

export const ClientSettingsDtoSchema = matches<Api.ClientSettingsDto>()(
  z.object({ event: EventDtoSchema, albums: z.array(AlbumDtoSchema) }).meta({ id: 'ClientSettingsDto' }),
);
export const ClientTokenAnswerSchema = matches<Api.ClientTokenAnswer>()(
  z.object({ client_token: z.string(), settings_url: z.string() }).meta({ id: 'ClientTokenAnswer' }),
);
export const ModerationPageSchema = matches<Api.ModerationPage>()(
  z
    .object({
      uploads: z.array(ModerationUploadDtoSchema),
      total: z.number().int(),
      limit: z.number().int(),
      offset: z.number().int(),
      guests: z.array(z.object({ guest_id: guestId, nickname: z.string().nullable(), upload_count: z.number().int() })),
    })
    .meta({ id: 'ModerationPage' }),
);

export const WifiSettingsSchema = matches<Api.WifiSettings>()(z.object({ ssid: z.string(), password: z.string() }).meta({ id: 'WifiSettings' }));
export const BoxStatusSchema = matches<Api.BoxStatus>()(
  z.object({ disk: z.object({ free_bytes: z.number(), ok: z.boolean() }), video_queue: z.number().int() }).meta({ id: 'BoxStatus' }),
);
export const HealthSchema = matches<Api.Health>()(
  z
    .object({
      status: z.enum(['ok', 'degraded']),
      database: z.string(),
      disk: z.object({ free_bytes: z.number(), ok: z.boolean() }),
      queue: z.object({ length: z.number().int().nullable() }),
      partial_uploads: z.object({ sessions: z.number().int(), bytes: z.number() }).nullable(),
      version: z.string(),
    })
    .meta({ id: 'Health' }),
);
