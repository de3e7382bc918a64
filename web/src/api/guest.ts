import { dhashBucket, SIMILARITY_THRESHOLD } from '../../../src/domain/dhash.ts';
import { UPLOADS_PAGE_SIZE, type UploadSort } from '../../../src/domain/limits.ts';
import type {
  AlbumDto,
  AppConfig,
  CheckExactAnswer,
  CheckSimilarAnswer,
  AttachmentChunkStatus,
  ChunkStatus,
  ConsentAnswer,
  EventDto,
  GalleryAlbumDto,
  GuestbookEntryDto,
  GuestIdentity,
  HeartAnswer,
  MyHearts,
  NicknameAnswer,
  RecoverAnswer,
  UploadDto,
  UploadPage,
} from '../../../src/http/api-types';
import { api, HttpError } from './http';

// The guest side's calls (guest-side.md §7), typed with the server's answer types.

const enc = encodeURIComponent;

/**
 * A GET without the admin token or the guest cookie: the wall must show what every guest sees, and a stale
 * admin token in the projector's browser must not send it to /admin in the middle of the night.
 */
async function visitorGet<T>(path: string): Promise<T> {
  const res = await fetch(path, { credentials: 'omit' });
  if (!res.ok) throw new HttpError(res.status, null);
  return (await res.json()) as T;
}

export const guestApi = {
  config: () => api.get<AppConfig>('/api/config'),
  event: (code: string) => api.get<EventDto>(`/api/event/${enc(code)}`),
  /** with the count and cover of what this browser may see in each album */
  albums: (eventId: number) => api.get<GalleryAlbumDto[]>(`/api/event/${eventId}/albums`),
  createAlbum: (eventId: number, name: string) =>
    api.post<AlbumDto>(`/api/event/${eventId}/album`, { name, start_datetime: null, end_datetime: null }),
  /** one page of an album's grid, newest first; `cursor` is the page before's next_cursor (null: the first) */
  uploadsPage: (eventId: number, albumId: number, sort: UploadSort, cursor: string | null) =>
    api.get<UploadPage>(
      `/api/event/${eventId}/uploads?albumId=${albumId}&limit=${UPLOADS_PAGE_SIZE}&sort=${sort}${cursor ? `&cursor=${enc(cursor)}` : ''}`,
    ),
  /** a heart (on) or its taking back; the answer has the upload's count now */
  heart: (eventId: number, uploadId: number, on: boolean) =>
    on
      ? api.put<HeartAnswer>(`/api/event/${eventId}/upload/${uploadId}/heart`)
      : api.del<HeartAnswer>(`/api/event/${eventId}/upload/${uploadId}/heart`),
  myHearts: (eventId: number) => api.get<MyHearts>(`/api/event/${eventId}/hearts/mine`),
  /** the event and every upload a visitor may see, whoever is signed in on this browser (the wall) */
  visitorConfig: () => visitorGet<AppConfig>('/api/config'),
  visitorEvent: (code: string) => visitorGet<EventDto>(`/api/event/${enc(code)}`),
  visitorUploads: (eventId: number) => visitorGet<UploadDto[]>(`/api/event/${eventId}/uploads`),
  visitorAlbums: (eventId: number) => visitorGet<GalleryAlbumDto[]>(`/api/event/${eventId}/albums`),
  /** the wall tells the box it was opened (the operator's setup checklist) */
  wallOpened: (eventId: number) => fetch(`/api/event/${eventId}/wall-opened`, { method: 'POST', credentials: 'omit' }),
  visitorGuestbook: (eventId: number) => visitorGet<GuestbookEntryDto[]>(`/api/event/${eventId}/guestbook`),
  approve: (eventId: number, uploadId: number) => api.put<UploadDto>(`/api/event/${eventId}/upload/${uploadId}/approve`),
  reject: (eventId: number, uploadId: number) => api.put<UploadDto>(`/api/event/${eventId}/upload/${uploadId}/reject`),
  shareAllOwn: (eventId: number) => api.put<{ success: true; count: number }>(`/api/event/${eventId}/uploads/approve-own`),
  /** The admin's Bearer header is added by http.ts whenever a token is stored. */
  deleteUpload: (eventId: number, uploadId: number) => api.del<{ success: true }>(`/api/event/${eventId}/upload/${uploadId}`),
  /** the guestbook as this browser may see it, newest first (issue 27) */
  guestbook: (eventId: number) => api.get<GuestbookEntryDto[]>(`/api/event/${eventId}/guestbook`),
  writeGuestbook: (eventId: number, entry: { text: string; name: string | null }) =>
    api.post<GuestbookEntryDto>(`/api/event/${eventId}/guestbook`, entry),
  /** An entry with its photo, video or voice message (multipart: the file is streamed, never read into memory here). */
  deleteGuestbookEntry: (eventId: number, entryId: number) => api.del<{ success: true }>(`/api/event/${eventId}/guestbook/${entryId}`),
  saveConsent: (code: string, userId: string) =>
    api.post<ConsentAnswer & { userId?: string }>(`/api/event/${enc(code)}/consent`, { userId }),
  /** The guest cookie is HttpOnly: who this browser is comes from the server. */
  me: (code: string) => api.get<GuestIdentity>(`/api/event/${enc(code)}/me`),
  /** Recovery: the server sets the cookie when the id has given consent in this event. */
  recover: (code: string, userId: string) => api.post<RecoverAnswer>(`/api/event/${enc(code)}/recover`, { userId }),
  saveNickname: (code: string, userId: string, nickname: string) =>
    api.post<NicknameAnswer>(`/api/event/${enc(code)}/user-nickname`, { userId, nickname }),
  checkExact: (eventId: number, sha256: string) => api.get<CheckExactAnswer>(`/api/media/check-exact?sha256=${sha256}&eventId=${eventId}`),
  checkSimilar: (eventId: number, phash: string, threshold = SIMILARITY_THRESHOLD) =>
    api.post<CheckSimilarAnswer>('/api/media/check-similar', {
      phash,
      phash_bucket: dhashBucket(phash),
      eventId,
      threshold,
    }),
  chunkStatus: (eventId: number, q: ChunkQuery) => api.get<ChunkStatus>(`/api/event/${eventId}/upload-chunk/status?${chunkQuery(q)}`),
  /** The same for a guestbook attachment sent in chunks (issue 27). */
  attachmentChunkStatus: (eventId: number, q: ChunkQuery) =>
    api.get<AttachmentChunkStatus>(`/api/event/${eventId}/guestbook/attachment-chunk/status?${chunkQuery(q)}`),
};

type ChunkQuery = { fileName: string; fileSize: number; totalChunks: number; uploadId: string };
const chunkQuery = (q: ChunkQuery) =>
  `fileName=${enc(q.fileName)}&fileSize=${q.fileSize}&totalChunks=${q.totalChunks}&uploadId=${enc(q.uploadId)}`;
