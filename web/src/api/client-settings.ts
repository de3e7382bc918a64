import type { Language } from '../../../src/domain/languages.ts';
import type {
  ExportSizes,
  ExportTicket,
  AlbumDto,
  ApiError,
  BulkAnswer,
  ClientSettingsDto,
  EventDto,
  GuestbookEntryDto,
  ModerationPage,
  StatisticsDto,
  UploadDto,
  WallSettings,
} from '../../../src/http/api-types';
import { eventFormData, type EventDesignFields, type PrintFields } from './event-form';
import { HttpError } from './http';
import type { ModerationStatus } from '../../../src/domain/limits.ts';

// Calls of the host settings page. The host is identified only by the client token in the path, so these
// calls send no admin Bearer token and a 401 here must not log an admin out or jump to /admin: they use
// their own small fetch instead of http.ts's request (which does both).

async function call<T>(method: string, path: string, body?: Record<string, unknown> | FormData): Promise<T> {
  const headers: Record<string, string> = {};
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const res = await fetch(path, { method, headers, body: payload, credentials: 'include' });
  if (!res.ok) {
    const errBody = (await res.json().catch(() => null)) as ApiError | null;
    throw new HttpError(res.status, errBody);
  }
  return (await res.json()) as T;
}

const t = (token: string) => encodeURIComponent(token);

/** The couple's General tab: the event's design and the guests' language (the code and the schedule are the admin's). */
export type SettingsFields = EventDesignFields & { language: Language };

export interface ClientAlbumFields {
  name: string;
  start_datetime: string | null;
  end_datetime: string | null;
  visible: boolean;
  /** a photo challenge (issue 28): set when made, the name is its prompt */
  challenge?: boolean;
}

/** The additions of this wave: sharing default and wall settings (absent fields stay as they are). */
export interface SharingAndWallFields {
  auto_share_uploads?: boolean;
  wall_seconds_per_slide?: number;
  wall_show_nicknames?: boolean;
  wall_include_videos?: boolean;
  wall_show_qr?: boolean;
  wall_layout?: WallSettings['layout'];
  wall_ken_burns?: boolean;
  wall_qr_content?: WallSettings['qr_content'];
  wall_favor_loved?: boolean;
  wall_guestbook_every?: number;
}

/** Einwegkamera (issue 28): null switches a part off. */
export interface CameraFields {
  reveal_at: string | null;
  shots_per_guest: number | null;
  deleted_shots_return: boolean;
}

export interface ModerationQuery {
  status: ModerationStatus;
  albumId?: number;
  guestId?: number;
  limit: number;
  offset: number;
}

/** Which uploads a bulk call means: these ids, or every upload of one guest. */
export type BulkTarget = { ids: number[] } | { guestId: number };

export const clientApi = {
  settings: (token: string) => call<ClientSettingsDto>('GET', `/api/client/event-settings/${t(token)}`),
  saveSettings: (token: string, f: SettingsFields) => call<EventDto>('PUT', `/api/client/event/${t(token)}`, eventFormData(f)),
  savePrint: (token: string, f: PrintFields) => call<EventDto>('PUT', `/api/client/event/${t(token)}`, { ...f }),
  printOpened: (token: string) => call<{ success: true }>('POST', `/api/client/print-opened/${t(token)}`),
  createAlbum: (token: string, f: ClientAlbumFields) => call<AlbumDto>('POST', `/api/client/event/${t(token)}/album`, { ...f }),
  updateAlbum: (token: string, albumId: number, f: Partial<ClientAlbumFields>) =>
    call<AlbumDto>('PUT', `/api/client/album/${albumId}/${t(token)}`, { ...f }),
  deleteAlbum: (token: string, albumId: number) => call<{ success: true }>('DELETE', `/api/client/album/${albumId}/${t(token)}`),
  statistics: (token: string) => call<StatisticsDto>('GET', `/api/client/event-statistics/${t(token)}`),
  /** every guestbook entry of the event, newest first (issue 27) */
  guestbook: (token: string) => call<GuestbookEntryDto[]>('GET', `/api/client/guestbook/${t(token)}`),
  moderateGuestbook: (token: string, entryId: number, approve: boolean) =>
    call<GuestbookEntryDto>('PUT', `/api/client/guestbook/${entryId}/${approve ? 'approve' : 'reject'}/${t(token)}`),
  deleteGuestbookEntry: (token: string, entryId: number) =>
    call<{ success: true }>('DELETE', `/api/client/guestbook/${entryId}/${t(token)}`),
  saveSharingAndWall: (token: string, f: SharingAndWallFields) => call<EventDto>('PUT', `/api/client/event/${t(token)}`, { ...f }),
  saveCamera: (token: string, f: CameraFields) => call<EventDto>('PUT', `/api/client/event/${t(token)}`, { ...f }),
  /** 'Gesichtssuche' (issue 30): off deletes the event's face data before the answer */
  saveFaceSearch: (token: string, on: boolean) => call<EventDto>('PUT', `/api/client/event/${t(token)}`, { face_search: on }),
  uploads: (token: string, q: ModerationQuery) => {
    const params = new URLSearchParams({ status: q.status, limit: String(q.limit), offset: String(q.offset) });
    if (q.albumId !== undefined) params.set('albumId', String(q.albumId));
    if (q.guestId !== undefined) params.set('guestId', String(q.guestId));
    return call<ModerationPage>('GET', `/api/client/event-uploads/${t(token)}?${params}`);
  },
  setApproved: (token: string, uploadId: number, approved: boolean) =>
    call<UploadDto>('PUT', `/api/client/upload/${uploadId}/${approved ? 'approve' : 'reject'}/${t(token)}`),
  deleteUpload: (token: string, uploadId: number) => call<{ success: true }>('DELETE', `/api/client/upload/${uploadId}/${t(token)}`),
  setApprovedMany: (token: string, target: BulkTarget, approved: boolean) =>
    call<BulkAnswer>('PUT', `/api/client/uploads/${approved ? 'approve' : 'reject'}/${t(token)}`, { ...target }),
  deleteMany: (token: string, target: BulkTarget) => call<BulkAnswer>('POST', `/api/client/uploads/delete/${t(token)}`, { ...target }),
  /** a one-minute link to the event's ZIP, or one album's, or its favourites' ('Nur Favoriten'), its size and progress link */
  exportTicket: (token: string, scope: { albumId?: number; favorites?: 'loved' } = {}) => {
    const params = new URLSearchParams();
    if (scope.albumId !== undefined) params.set('albumId', String(scope.albumId));
    if (scope.favorites) params.set('favorites', scope.favorites);
    return call<ExportTicket>('POST', `/api/client/event-export-ticket/${t(token)}${params.size ? `?${params}` : ''}`);
  },
  exportSizes: (token: string) => call<ExportSizes>('GET', `/api/client/event-export-sizes/${t(token)}`),
};
