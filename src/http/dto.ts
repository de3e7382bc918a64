import { colorToHex } from '../domain/colors.ts';
import { setupSteps } from '../domain/setup.ts';
import { bytesToMb } from '../domain/sizes.ts';
import type { AlbumRow } from '../services/albums.service.ts';
import type { EventView, EventWithTotals } from '../services/events.service.ts';
import { TOP_ALBUMS, TOP_UPLOADERS } from '../domain/statistics.ts';
import type { EventReport, UploaderSummary } from '../services/reports.service.ts';
import type { AlbumSummary, UploadRow } from '../services/uploads.service.ts';
import type { GuestbookRow } from '../services/guestbook.service.ts';
import type { ExportsService } from '../services/exports.service.ts';
import { can, type Viewer } from '../domain/permissions.ts';
import type {
  AdminEventDto,
  AlbumDto,
  AlbumStat,
  EventDto,
  ExportDto,
  ExportSizes,
  GalleryAlbumDto,
  GuestbookAttachmentDto,
  GuestbookEntryDto,
  ModerationUploadDto,
  ThumbnailImage,
  StatisticsDto,
  UploadDto,
  UploaderStat,
} from './api-types.ts';
import { mediaUrl } from './media-urls.ts';
import { DERIVED } from '../storage/media-store.ts';

// Rows to the wire format of the specs (snake_case field names, ISO times).

export function eventDto(e: EventView): EventDto {
  return {
    id: e.id,
    code: e.code,
    name: e.name,
    primary_color: colorToHex(e.primaryColor),
    secondary_color: colorToHex(e.secondaryColor),
    header_style: e.headerStyle,
    host_image_url: e.hostImageKey ? mediaUrl.hostImage(e.hostImageKey) : null,
    allow_download: e.allowDownload,
    event_start_datetime: e.window.start.toISOString(),
    event_end_datetime: e.window.end.toISOString(),
    event_viewable_until_datetime: e.window.viewableUntil.toISOString(),
    event_duration_days: e.durationDays,
    created_at: e.createdAt,
    status: e.status,
    auto_share_uploads: e.autoShareUploads,
    strip_location: e.stripLocation,
    wall: {
      seconds_per_slide: e.wallSecondsPerSlide,
      show_nicknames: e.wallShowNicknames,
      include_videos: e.wallIncludeVideos,
      show_qr: e.wallShowQr,
      layout: e.wallLayout,
      ken_burns: e.wallKenBurns,
      qr_content: e.wallQrContent,
      favor_loved: e.wallFavorLoved,
      guestbook_every: e.wallGuestbookEvery,
    },
    language: e.language,
    camera: {
      reveal_at: e.revealAt,
      sealed: e.sealed,
      reveal_in_seconds: e.sealed && e.revealAt ? Math.ceil((new Date(e.revealAt).getTime() - e.viewedAt.getTime()) / 1000) : 0,
      shots_per_guest: e.shotsPerGuest,
      deleted_shots_return: e.deletedShotsReturn,
    },
    print: { line: e.printLine, date: e.printDate },
    face_search: e.faceSearch,
  };
}

/** `wifiSet`: the venue Wi-Fi for the cards is set (a box setting, one of the checklist's steps). */
export function adminEventDto(e: EventWithTotals, wifiSet: boolean): AdminEventDto {
  return {
    ...eventDto(e),
    total_size_mb: bytesToMb(e.totalBytes),
    upload_count: e.uploadCount,
    client_token: e.clientToken,
    private_count: e.privateCount,
    last_upload_at: e.lastUploadAt,
    setup: {
      ...setupSteps({
        albumCount: e.albumCount,
        coupleOpenedAt: e.coupleOpenedAt,
        wifiSet,
        printOpenedAt: e.printOpenedAt,
        uploadCount: e.uploadCount,
        wallOpenedAt: e.wallOpenedAt,
      }),
      dismissed: e.setupDismissedAt !== null,
    },
  };
}

/** The sizes of the export ZIPs, the event's and each album's. */
export function exportSizesDto(s: ReturnType<ExportsService['eventZipSizes']>): ExportSizes {
  return {
    size_bytes: s.size,
    files: s.files,
    favorites: { size_bytes: s.favorites.size, files: s.favorites.files },
    albums: s.albums.map((a) => ({ id: a.id, size_bytes: a.size, files: a.files })),
  };
}

/** An album with its number of uploads, as the admin's and the host's lists show it. */
export function countedAlbumDto(a: AlbumRow, counts: Map<number, number>): AlbumDto {
  return { ...albumDto(a), upload_count: counts.get(a.id) ?? 0 };
}

/** An album with what one viewer sees of it (`summary` from UploadsService.albumSummaries; none: empty). */
export function galleryAlbumDto(a: AlbumRow, summary: AlbumSummary | undefined): GalleryAlbumDto {
  return {
    ...albumDto(a),
    upload_count: summary?.count ?? 0,
    video_count: summary?.videos ?? 0,
    own_private_count: summary?.ownPrivate ?? 0,
    own_count: summary?.own ?? 0,
    cover: summary?.cover ? thumbnailImage(summary.cover) : null,
  };
}

/** The grid image of an upload: its thumbnail (2x) and, for photos made since the tile sizes, the 1x/2x/3x srcset. */
function thumbnailImage(u: UploadRow): ThumbnailImage | null {
  if (!u.hasThumbnail) return null;
  const url = (file: string) => mediaUrl.derived(u.storageKey, file);
  const thumbnail = url(DERIVED.thumbnail);
  const srcset = u.tileThumbnails ? `${url(DERIVED.thumbnail1x)} 1x, ${thumbnail} 2x, ${url(DERIVED.thumbnail3x)} 3x` : null;
  return { thumbnail_path: thumbnail, thumbnail_srcset: srcset };
}

export function albumDto(a: AlbumRow): AlbumDto {
  return {
    id: a.id,
    event_id: a.eventId,
    name: a.name,
    visible: a.visible,
    start_datetime: a.startAt,
    end_datetime: a.endAt,
    challenge: a.challenge,
    created_at: a.createdAt,
  };
}

export function uploadDto(u: UploadRow, nicknames: Map<string, string | null>): UploadDto {
  const original = mediaUrl.original(u.storageKey, u.originalExt);
  const nickname = u.userId ? (nicknames.get(u.userId) ?? null) : null;
  return {
    id: u.id,
    event_id: u.eventId,
    album_id: u.albumId,
    type: u.type,
    mime_type: u.mimeType,
    file_path: original,
    ...(thumbnailImage(u) ?? { thumbnail_path: null, thumbnail_srcset: null }),
    preview_path: u.previewFile === null ? null : u.previewFile === 'original' ? original : mediaUrl.derived(u.storageKey, u.previewFile),
    download_path: `${original}?download=1`,
    jpeg_download_path:
      u.mimeType === 'image/heic' && u.processingState === 'ready'
        ? `${mediaUrl.derived(u.storageKey, DERIVED.jpegCopy)}?download=1`
        : null,
    original_name: u.originalName,
    size_bytes: u.sizeBytes,
    width: u.width,
    height: u.height,
    duration_seconds: u.durationSeconds,
    taken_at: u.takenAt,
    approved: u.approved,
    user_id: u.userId,
    uploader_nickname: nickname,
    nickname,
    created_at: u.createdAt,
    processing_state: u.processingState,
    heart_count: u.heartCount,
  };
}

/**
 * An upload as one viewer may see it. A guest's user id is their session (the recovery link is made of it):
 * only the admin and the guest themself may see it. Others get null, which still lets the web app tell own
 * uploads from others'.
 */
export function uploadDtoFor(viewer: Viewer, u: UploadRow, nicknames: Map<string, string | null>): UploadDto {
  const mayKnowId = can(viewer, 'knowGuestId', { ownerUserId: u.userId });
  return { ...uploadDto(u, nicknames), ...(mayKnowId ? {} : { user_id: null }) };
}

/** An upload with its guest's handle (`guest_id`), as the host's moderation list and the export give it. */
export function handledUploadDto(
  viewer: Viewer,
  u: UploadRow,
  nicknames: Map<string, string | null>,
  guestIds: Map<string, number>,
): ModerationUploadDto {
  return { ...uploadDtoFor(viewer, u, nicknames), guest_id: u.userId ? (guestIds.get(u.userId) ?? null) : null };
}

/** A guest in the statistics and the export: by handle and nickname; their user id (session) only for the admin. */
const uploaderStat = (viewer: Viewer, u: UploaderSummary): UploaderStat => ({
  guest_id: u.guestId,
  user_id: can(viewer, 'knowGuestId', { ownerUserId: u.userId }) ? u.userId : null,
  nickname: u.nickname,
  upload_count: u.uploadCount,
});

export function statisticsDto(viewer: Viewer, r: EventReport): StatisticsDto {
  const users = r.uploaders.map((u) => uploaderStat(viewer, u));
  // Photo-booth (API key) and admin uploads have no guest; they rank under the key's name or 'Unbekannt'.
  const others = r.otherUploaders.map((o) => ({ guest_id: null, user_id: null, nickname: o.name, upload_count: o.uploadCount }));
  const ranked = [...users, ...others].sort((a, b) => b.upload_count - a.upload_count);
  const albumStats: AlbumStat[] = r.albums.map((a) => ({ ...albumDto(a), upload_count: a.uploadCount }));
  return {
    uploads: r.uploads.length,
    albums: r.albums.length,
    total_size_mb: r.totalSizeMb,
    originals_size_mb: bytesToMb(r.originalBytes),
    derived_size_mb: bytesToMb(r.derivedBytes),
    photos: r.photos,
    videos: r.videos,
    users,
    top_uploaders: ranked.slice(0, TOP_UPLOADERS),
    album_stats: albumStats,
    top_albums: albumStats
      .filter((a) => a.upload_count > 0)
      .sort((a, b) => b.upload_count - a.upload_count)
      .slice(0, TOP_ALBUMS),
    uploads_per_hour: r.uploadsPerHour,
    statistics: { total_size_mb: r.totalSizeMb, total_uploads: r.uploads.length, total_albums: r.albums.length },
  };
}

export function exportDto(viewer: Viewer, event: EventView, r: EventReport): ExportDto {
  const toDto = (u: UploadRow) => handledUploadDto(viewer, u, r.nicknames, r.guestIds);
  return {
    event: eventDto(event),
    albums: r.albums.map((a) => ({ ...albumDto(a), uploads: a.uploads.map(toDto) })),
    uploads: r.uploads.map(toDto),
    users: r.uploaders.map((u) => uploaderStat(viewer, u)),
    statistics: { total_size_mb: r.totalSizeMb, total_uploads: r.uploads.length },
  };
}

/** A guestbook entry as the viewer gets it: whose it is only as `own`, never the writer's user id. */
export function guestbookEntryDto(row: GuestbookRow, viewer: Viewer): GuestbookEntryDto {
  return {
    id: row.id,
    event_id: row.eventId,
    name: row.name,
    text: row.text,
    approved: row.approved,
    own: viewer.kind === 'guest' && row.userId === viewer.userId,
    created_at: row.createdAt,
    attachment: guestbookAttachmentDto(row),
  };
}

/** An entry's attachment: its files' URLs once there is something to show ('processing': the original only). */
function guestbookAttachmentDto(row: GuestbookRow): GuestbookAttachmentDto | null {
  const key = row.attachmentKey;
  if (!key || !row.attachmentKind || !row.attachmentState) return null;
  const ready = row.attachmentState === 'ready';
  const original = `original.${row.attachmentExt}`;
  const playable = row.attachmentPlayable === 'original' ? original : row.attachmentPlayable;
  return {
    kind: row.attachmentKind,
    state: row.attachmentState,
    seconds: row.attachmentSeconds,
    url: ready && playable ? mediaUrl.guestbook(key, playable) : null,
    poster_url: ready && row.attachmentKind !== 'audio' ? mediaUrl.guestbook(key, DERIVED.thumbnail) : null,
    original_url: mediaUrl.guestbook(key, original),
  };
}
