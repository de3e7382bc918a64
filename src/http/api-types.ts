// The JSON contract of /api as the types the server answers with and the web app imports (type-only: never
// runtime code of the server). Each is the output of its zod schema in schemas/responses.schemas.ts, which
// also writes the OpenAPI document, so the types, the document and the answers cannot drift apart; the field
// comments are there.
import type { z } from 'zod';
import type * as S from './schemas/responses.schemas.ts';

/** Machine codes of the error bodies (ApiError.code), which the clients map to their own texts. */
export type { ErrorCode } from '../lib/errors.ts';

export type ApiError = z.output<typeof S.ApiErrorSchema>;
export type HeaderStyle = z.output<typeof S.HeaderStyleSchema>;
export type EventStatus = z.output<typeof S.EventStatusSchema>;
export type MediaType = z.output<typeof S.MediaTypeSchema>;
export type ProcessingState = z.output<typeof S.ProcessingStateSchema>;
export type AppConfig = z.output<typeof S.AppConfigSchema>;
export type BoxAddress = z.output<typeof S.BoxAddressSchema>;
export type EventDto = z.output<typeof S.EventDtoSchema>;
export type WallSettings = z.output<typeof S.WallSettingsSchema>;
export type AdminEventDto = z.output<typeof S.AdminEventDtoSchema>;
export type AlbumDto = z.output<typeof S.AlbumDtoSchema>;
export type ThumbnailImage = z.output<typeof S.ThumbnailImageSchema>;
export type GalleryAlbumDto = z.output<typeof S.GalleryAlbumDtoSchema>;
export type UploadPage = z.output<typeof S.UploadPageSchema>;
export type ZipSize = z.output<typeof S.ZipSizeSchema>;
export type UploadDto = z.output<typeof S.UploadDtoSchema>;
export type HeartAnswer = z.output<typeof S.HeartAnswerSchema>;
export type MyHearts = z.output<typeof S.MyHeartsSchema>;
export type FaceSearchResult = z.output<typeof S.FaceSearchResultSchema>;
export type FaceSearchMine = z.output<typeof S.FaceSearchMineSchema>;
export type UploadResult = z.output<typeof S.UploadResultSchema>;
export type ChunkResult = z.output<typeof S.ChunkResultSchema>;
export type ChunkStatus = z.output<typeof S.ChunkStatusSchema>;
export type AttachmentChunkResult = z.output<typeof S.AttachmentChunkResultSchema>;
export type AttachmentChunkStatus = z.output<typeof S.AttachmentChunkStatusSchema>;
export type ConsentGiven = z.output<typeof S.ConsentGivenSchema>;
export type ConsentAnswer = z.output<typeof S.ConsentAnswerSchema>;
export type NicknameAnswer = z.output<typeof S.NicknameAnswerSchema>;
export type GuestIdentity = z.output<typeof S.GuestIdentitySchema>;
export type RecoverAnswer = z.output<typeof S.RecoverAnswerSchema>;
export type CheckExactAnswer = z.output<typeof S.CheckExactAnswerSchema>;
export type CheckSimilarAnswer = z.output<typeof S.CheckSimilarAnswerSchema>;
export type LoginAnswer = z.output<typeof S.LoginAnswerSchema>;
export type ApiKeyDto = z.output<typeof S.ApiKeyDtoSchema>;
export type CreatedApiKey = z.output<typeof S.CreatedApiKeySchema>;
export type UploaderDto = z.output<typeof S.UploaderDtoSchema>;
export type UploaderStat = z.output<typeof S.UploaderStatSchema>;
export type AlbumStat = z.output<typeof S.AlbumStatSchema>;
export type StatisticsDto = z.output<typeof S.StatisticsDtoSchema>;
export type ExportAlbum = z.output<typeof S.ExportAlbumSchema>;
export type ExportDto = z.output<typeof S.ExportDtoSchema>;
export type ExportTicket = z.output<typeof S.ExportTicketSchema>;
export type ExportProgressDto = z.output<typeof S.ExportProgressSchema>;
export type ExportSizes = z.output<typeof S.ExportSizesSchema>;
export type ClientSettingsDto = z.output<typeof S.ClientSettingsDtoSchema>;
export type ClientTokenAnswer = z.output<typeof S.ClientTokenAnswerSchema>;
export type ModerationPage = z.output<typeof S.ModerationPageSchema>;
export type ModerationUploadDto = z.output<typeof S.ModerationUploadDtoSchema>;
export type Success = z.output<typeof S.SuccessSchema>;
export type BulkAnswer = z.output<typeof S.BulkAnswerSchema>;
export type WifiSettings = z.output<typeof S.WifiSettingsSchema>;
export type BoxStatus = z.output<typeof S.BoxStatusSchema>;
export type Health = z.output<typeof S.HealthSchema>;
export type S3Settings = z.output<typeof S.S3SettingsSchema>;
export type EventPush = z.output<typeof S.EventPushSchema>;
export type GalleryPublication = z.output<typeof S.GalleryPublicationSchema>;

export type GuestbookEntryDto = z.output<typeof S.GuestbookEntryDtoSchema>;
export type GuestbookAttachmentDto = z.output<typeof S.GuestbookAttachmentDtoSchema>;
export type BundleEvent = z.output<typeof S.BundleEventSchema>;
export type ImportRunDto = z.output<typeof S.ImportRunSchema>;
